package dev.wholetrace.model.grammar;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The grammar-compression algorithms a trace can be built with, by the name configuration and the
 * command line use ({@code wholetrace compress --grammar sequitur}), and for {@code enhanced} an
 * optional window ({@code --window N}, {@link #withWindow}). Every algorithm produces an ordinary
 * {@link Grammar}, so readers, codecs and analyses do not know which one made a trace.
 *
 * <p>The four named algorithms are constants compared by identity as an enum's would be; a
 * windowed variant is a value (equal when algorithm and window are). Adding an algorithm
 * (frequency-ordered SEQUITUR, Re-Pair, ...) is one class implementing {@link GrammarBuilder}
 * plus one constant here naming its constructor, listed in {@link #values()}; see docs/sequitur.md.
 */
public final class GrammarAlgorithm {
    /** Online SEQUITUR (Nevill-Manning and Witten): {@link SequiturGrammar}. */
    public static final GrammarAlgorithm SEQUITUR = new GrammarAlgorithm("sequitur", 0, SequiturGrammar::new);
    /** Frequency-ordered SEQUITUR, offline (extended-wpp §4): {@link EnhancedSequiturGrammar}. */
    public static final GrammarAlgorithm ENHANCED = new GrammarAlgorithm("enhanced", 0, EnhancedSequiturGrammar::new);
    /** Re-Pair, offline: binary rules, then pruned (so no longer all binary) (rules that save less than two symbols written out): {@link RePairGrammar}. */
    public static final GrammarAlgorithm REPAIR = new GrammarAlgorithm("repair", 0, RePairGrammar::new);
    /**
     * The strata paper's cyclic paths and stratum layer 0 with SEQUITUR over the layer's runs,
     * unfolded into an ordinary grammar: {@link dev.wholetrace.model.strata.StrataGrammar}.
     */
    public static final GrammarAlgorithm STRATA = new GrammarAlgorithm("strata", 0, dev.wholetrace.model.strata.StrataGrammar::new);

    /**
     * {@link #STRATA} storing what {@code levels} chooses from each grammar's paths and layer 0 (the
     * layer count that packs smallest, from the format module) instead of the level that holds fewer
     * symbols; equal to {@link #STRATA} (same name, no window).
     */
    public static GrammarAlgorithm strata(dev.wholetrace.model.strata.StrataLevels levels) {
        java.util.Objects.requireNonNull(levels, "levels");
        return new GrammarAlgorithm("strata", 0, capacity -> new dev.wholetrace.model.strata.StrataGrammar(
                SEQUITUR.newBuilder(Math.max(16, capacity / 8)), dev.wholetrace.model.strata.StrataPipeline.DEFAULT_MAX_LENGTH, levels));
    }

    /** What the recorder, the importers and the commands use unless told otherwise. */
    public static final GrammarAlgorithm DEFAULT = SEQUITUR;

    /** Smallest window {@link #withWindow} accepts: below it a window's grammar is mostly its start rule. */
    public static final int MIN_WINDOW = 64;
    /** Largest window: a window is one offline build, whose arrays are indexed by int. */
    public static final int MAX_WINDOW = 1 << 30;

    private static final GrammarAlgorithm[] VALUES = {SEQUITUR, ENHANCED, REPAIR, STRATA};

    /** Capacity hint for builders made without one: small, since most grammars of a trace are small. */
    private static final int DEFAULT_CAPACITY = 16;

    /** Makes a builder from a capacity hint. */
    @FunctionalInterface
    private interface Factory {
        GrammarBuilder create(int initialCapacity);
    }

    private final String name;
    private final int window;
    private final Factory factory;

    private GrammarAlgorithm(String name, int window, Factory factory) {
        this.name = name;
        this.window = window;
        this.factory = factory;
    }

    /** The named algorithms (no windowed variants), in a fixed order. */
    public static GrammarAlgorithm[] values() {
        return VALUES.clone();
    }

    /** The name configuration and the command line use ({@code sequitur}); a windowed variant has its algorithm's name. */
    public String cliName() {
        return name;
    }

    /** The window in input symbols, or 0 for the whole input at once (or an online algorithm). */
    public int window() {
        return window;
    }

    /** A short label for tables and summaries: the name, and the window as a power of two when there is one ({@code enhanced/w2^16}). */
    public String label() {
        if (window == 0) return name;
        return name + "/w" + (Integer.bitCount(window) == 1 ? "2^" + Integer.numberOfTrailingZeros(window) : String.valueOf(window));
    }

    /**
     * Frequency-ordered SEQUITUR over consecutive windows of {@code symbols} input symbols
     * ({@link WindowedEnhancedGrammar}): memory bounded by the window, not the input, so it can run
     * while recording. Only {@link #ENHANCED} has a windowed variant.
     *
     * @throws IllegalArgumentException for another algorithm or a window outside [{@value #MIN_WINDOW}, 2^30]
     */
    public GrammarAlgorithm withWindow(int symbols) {
        if (this != ENHANCED) throw new IllegalArgumentException("a window applies to the enhanced grammar only, not " + name);
        if (symbols < MIN_WINDOW || symbols > MAX_WINDOW) {
            throw new IllegalArgumentException("the window must be " + MIN_WINDOW + " to " + MAX_WINDOW + " symbols, not " + symbols);
        }
        return new GrammarAlgorithm(name, symbols, cap -> new WindowedEnhancedGrammar(symbols, cap));
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
        for (GrammarAlgorithm a : VALUES) if (a.cliName().equals(name.toLowerCase(Locale.ROOT))) return a;
        throw new IllegalArgumentException("unknown grammar algorithm '" + name + "' (expected " + names() + ")");
    }

    /** The known names, comma-separated, for help texts and error messages. */
    public static String names() {
        return Arrays.stream(VALUES).map(GrammarAlgorithm::cliName).collect(Collectors.joining(", "));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GrammarAlgorithm a && a.name.equals(name) && a.window == window;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, window);
    }

    @Override
    public String toString() {
        return label();
    }
}
