package dev.wholetrace.cli.commands;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.StrataLayerChoice;
import dev.wholetrace.format.wtrace.StrataLayerLimits;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * {@code --strata-layers N} and {@code --strata-memory SIZE} of {@code record}, {@code recompress} and
 * {@code compress} (a picocli mixin): the most stratum layers the layer search after a STRATA recording
 * (or of {@code compress --grammar strata}) may store, and the budget for the layer tables it builds
 * while choosing ({@link StrataLayerLimits}, which checks both; docs/strata.md, "Stored layers").
 */
public class StrataLayerOptions {
    @Option(names = "--strata-layers", paramLabel = "N",
            description = "with --mode strata / --grammar strata: store at most N stratum layers, 0 to 16 (0: the paths only, no layer; "
                    + "default: the count that packs smallest, up to 4)")
    Integer layers;

    @Option(names = "--strata-memory", paramLabel = "SIZE",
            description = "with --mode strata / --grammar strata: budget for the layer tables built while choosing the layers, MiB or with "
                    + "a unit (64k, 256m, 1g), 1k to 64g (default: 256m); a layer whose tables outgrow it is given up, and the output "
                    + "and 'stats' say so")
    String memory;

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
     * {@code codec} within the limits ({@link StrataLayerChoice#levels}), each layer given up said on
     * {@code err}; other algorithms refuse the options.
     */
    GrammarAlgorithm grammar(GrammarAlgorithm algorithm, Codec codec, PrintWriter err) {
        boolean strata = GrammarAlgorithm.STRATA.equals(algorithm);
        onlyWhere(strata, "go with --grammar strata");
        if (!strata) return algorithm;
        StrataLayerLimits limits = limits();
        return GrammarAlgorithm.strata(StrataLayerChoice.levels(limits, codec, line -> {
            err.println("wholetrace: " + line);
            err.flush();
        }));
    }
}
