package dev.wholetrace.cli.commands;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.StrataLayerChoice;
import dev.wholetrace.format.wtrace.StrataLayerLimits;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.cli.io.CommandSummary;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --strata-layers N} and {@code --strata-memory SIZE} of {@code record}, {@code recompress} and
 * {@code compress} (a picocli mixin): the most stratum layers the layer search after a STRATA recording
 * (or of {@code compress --grammar strata}) may store, and the budget for the layer tables it builds
 * while choosing ({@link StrataLayerLimits}, which checks both; docs/strata.md, "Stored layers").
 */
public class StrataLayerOptions {
    @Option(names = "--strata-layers", paramLabel = "N", converter = LayersConverter.class,
            description = "with --mode strata / --grammar strata: store at most N stratum layers, 0 to 16 (0: the paths only, no layer; "
                    + "default: the count that packs smallest, up to 4)")
    Integer layers;

    @Option(names = "--strata-memory", paramLabel = "SIZE", converter = MemoryConverter.class,
            description = "with --mode strata / --grammar strata: budget for the layer tables built while choosing the layers, MiB or with "
                    + "a unit (64k, 256m, 1g), 1k to 64g (default: 256m); a layer whose tables outgrow it is given up, and the output "
                    + "and 'stats' say so")
    String memory;

    /**
     * Checks {@code --strata-layers} as picocli parses it: a bad value is one line, exit 2, before the
     * command reads anything ({@code recompress} checked it only when it came to write, after the pass
     * that computes a recording's stored outputs).
     */
    static final class LayersConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int n;
            try {
                n = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("--strata-layers must be 0 to " + StrataLayerLimits.MAX_LAYERS + ", not '" + value + "'");
            }
            check(() -> StrataLayerLimits.of(n, null));
            return n;
        }
    }

    /** Checks {@code --strata-memory} as picocli parses it, as {@link LayersConverter} does. */
    static final class MemoryConverter implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            check(() -> StrataLayerLimits.of(null, value));
            return value;
        }
    }

    /** {@link StrataLayerLimits}' own message, as picocli's (printed as the parse's one line). */
    private static void check(Runnable limits) {
        try {
            limits.run();
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /** Whether either option was given. */
    boolean given() {
        return layers != null || memory != null;
    }

    /** The limits the options give (the defaults for those not given); a bad value is one line, exit 2. */
    StrataLayerLimits limits() {
        return StrataLayerLimits.of(layers, memory);
    }

    /** Refuses the options where they do nothing: {@code why} says where they apply. */
    void onlyWhere(boolean applies, String why) {
        if (given() && !applies) throw new IllegalArgumentException("--strata-layers and --strata-memory " + why);
    }

    /**
     * {@code algorithm}, or for STRATA the variant that stores the layer count packing smallest with
     * {@code codec} within the limits ({@link StrataLayerChoice#levels}), each layer given up added to
     * {@code givenUp}; other algorithms refuse the options. The caller prints {@code givenUp} in its
     * summary, as {@code recompress} of a recording does: printed while the grammars are built, a
     * line would be glued to the progress line drawn on the same stream.
     */
    GrammarAlgorithm grammar(GrammarAlgorithm algorithm, Codec codec, List<String> givenUp) {
        boolean strata = GrammarAlgorithm.STRATA.equals(algorithm);
        onlyWhere(strata, "go with --grammar strata");
        if (!strata) return algorithm;
        return GrammarAlgorithm.strata(StrataLayerChoice.levels(limits(), codec, givenUp::add));
    }

    /** The layers given up ({@link #grammar}) as the summary's lines and its {@code strataGivenUp} field, as {@code recompress} gives them. */
    static void report(CommandSummary summary, List<String> givenUp) {
        for (String line : givenUp) summary.line("strata  %s", line);
        if (!givenUp.isEmpty()) summary.put("strataGivenUp", String.join("; ", givenUp));
    }
}
