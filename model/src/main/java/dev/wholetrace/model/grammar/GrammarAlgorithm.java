package dev.wholetrace.model.grammar;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The grammar-compression algorithms a trace can be built with, by the name configuration and the
 * command line use ({@code wholetrace compress --grammar sequitur}). Every algorithm produces an
 * ordinary {@link Grammar}, so readers, codecs and analyses do not know which one made a trace.
 *
 * <p>Adding an algorithm (frequency-ordered SEQUITUR, Re-Pair, ...) is one class implementing
 * {@link GrammarBuilder} plus one constant here naming its constructor; see docs/sequitur.md.
 */
public enum GrammarAlgorithm {
    /** Online SEQUITUR (Nevill-Manning and Witten): {@link SequiturGrammar}. */
    SEQUITUR(SequiturGrammar::new),
    /** Frequency-ordered SEQUITUR, offline (extended-wpp §4): {@link EnhancedSequiturGrammar}. */
    ENHANCED(EnhancedSequiturGrammar::new),
    /** Re-Pair, offline: binary rules, then pruned (so no longer all binary) (rules that save less than two symbols written out): {@link RePairGrammar}. */
    REPAIR(RePairGrammar::new),
    /**
     * The strata paper's cyclic paths and stratum layer 0 with SEQUITUR over the layer's runs,
     * unfolded into an ordinary grammar: {@link dev.wholetrace.model.strata.StrataGrammar}.
     */
    STRATA(dev.wholetrace.model.strata.StrataGrammar::new);

    /** What the recorder, the importers and the commands use unless told otherwise. */
    public static final GrammarAlgorithm DEFAULT = SEQUITUR;

    /** Capacity hint for builders made without one: small, since most grammars of a trace are small. */
    private static final int DEFAULT_CAPACITY = 16;

    /** Makes a builder from a capacity hint. */
    @FunctionalInterface
    private interface Factory {
        GrammarBuilder create(int initialCapacity);
    }

    private final Factory factory;

    GrammarAlgorithm(Factory factory) {
        this.factory = factory;
    }

    /** The name configuration and the command line use: the constant's, in lower case with dashes ({@code sequitur}). */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * A new, empty builder.
     *
     * @param initialCapacity how many symbols to make room for at first (a hint: builders grow)
     */
    public GrammarBuilder newBuilder(int initialCapacity) {
        return factory.create(initialCapacity);
    }

    /**
     * The grammar this algorithm builds for the string {@code g} expands to (a stored trace
     * rewritten with another algorithm: {@code wholetrace recompress --grammar}). Streams the
     * expansion into the builder; the result expands to exactly what {@code g} expands to.
     */
    public Grammar rebuild(Grammar g) {
        if (g.length() > Integer.MAX_VALUE - 16) throw new IllegalArgumentException("a grammar of " + g.length() + " symbols is too long to rebuild");
        GrammarBuilder b = newBuilder((int) Math.min(g.length(), 1 << 20));
        int[] buf = new int[(int) Math.max(1, Math.min(g.length(), 1 << 16))]; // traces hold many tiny grammars
        GrammarExpander ex = g.expander();
        int n;
        while ((n = ex.read(buf, 0, buf.length)) > 0) b.append(buf, 0, n);
        return b.toGrammar();
    }

    /** A new, empty builder sized for a small grammar. */
    public GrammarBuilder newBuilder() {
        return newBuilder(DEFAULT_CAPACITY);
    }

    /**
     * The algorithm named {@code name} (as {@link #cliName}, any case).
     *
     * @throws IllegalArgumentException naming the known algorithms, if there is none by that name
     */
    public static GrammarAlgorithm byName(String name) {
        for (GrammarAlgorithm a : values()) if (a.cliName().equals(name.toLowerCase(Locale.ROOT))) return a;
        throw new IllegalArgumentException("unknown grammar algorithm '" + name + "' (expected " + names() + ")");
    }

    /** The known names, comma-separated, for help texts and error messages. */
    public static String names() {
        return Arrays.stream(values()).map(GrammarAlgorithm::cliName).collect(Collectors.joining(", "));
    }
}
