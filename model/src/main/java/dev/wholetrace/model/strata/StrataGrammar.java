package dev.wholetrace.model.strata;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.SingleUseRules;
import dev.wholetrace.model.util.Alphabet;

/**
 * The strata paper's compression of one string as a {@link GrammarBuilder}: ExtendPath over the
 * terminals ({@link PathBuilder}), [path, tripcount] runs into stratum layer 0
 * ({@link StratumLayer}), and the layer's [stratum, tripcount] runs into a grammar of another
 * algorithm (SEQUITUR unless told otherwise). {@link #storedForm} gives the paper's form (paths,
 * strata, runs, grammar), {@link #toGrammar} its {@linkplain StrataStream#unfold unfolding}: an
 * ordinary grammar over the terminals, so anything that holds a grammar builder (the importers'
 * {@code compress --grammar strata}, {@code recompress}, {@code bench grammars}) gets strata
 * without knowing about them. The recorder's STRATA mode holds one per thread and chunk, storing
 * layer 0 always.
 *
 * <p><b>The stored level.</b> Layer 0 pays where paths repeat in a row (loops: the JVM kernels)
 * and costs where they rarely do (the paper's "combinatorial explosion", e.g. lackey superblock
 * traces of system programs: tens of thousands of strata, mostly run once, stored flat in the
 * table and named again in the grammar). Given a second grammar builder (as
 * {@code GrammarAlgorithm.STRATA} gives it), this one also feeds the [path, trip] runs to that
 * builder and stores whichever level holds fewer symbols (see
 * {@link #pathLevelCheaper}): layer 0, or the paths, written as strata of one element (each
 * distinct [path, trip] pair a stratum, run once per use), which every reader reads as it reads
 * layer 0. Once one level holds over twice the other's symbols after {@link #DECIDE_AFTER} path
 * runs, the other is dropped and no longer fed.
 *
 * <p>Terminals may be any int ≥ 0 (a recording's start at 2^30): the paths are built over dense
 * ids ({@link DenseTerminals}) and the stored form maps them back.
 *
 * <p>Per terminal: the dense id (an array lookup for terminals below 2^16, else a hash probe), the
 * path builder's compare and, once per path that is not a repetition, a table probe; no
 * allocation once the buffers have grown. Not thread-safe.
 */
public final class StrataGrammar implements GrammarBuilder {
    private final int maxLength;
    private final SequenceTable paths = new SequenceTable();
    /** The appended terminals as the dense ids the paths hold (the path builder indexes arrays by them). */
    private final DenseTerminals terminals = new DenseTerminals();
    /** Layer 0 and the grammar over its runs; null once the paths are chosen. */
    private LayerZero layer;
    /** The [path, trip] runs as terminals of {@link #pathGrammar} (pair → dense id); null once a level is chosen. */
    private Alphabet pathRuns;
    private GrammarBuilder pathGrammar;
    private long pathRunCount;
    private PathBuilder pathBuilder;
    private long length;
    private long peakFootprint;
    /** Chooses the stored layers from layer 0 by measuring them ({@link StrataLevels}); null: the symbol-count choice below. */
    private final StrataLevels levels;

    /** Path runs after which a level holding over twice the other's symbols is chosen for good. */
    static final long DECIDE_AFTER = 1 << 14;

    /**
     * Strata over SEQUITUR choosing layer 0 or the paths, paths and strata cut at the paper's 2048
     * elements ({@code GrammarAlgorithm.STRATA}).
     */
    public StrataGrammar(int initialCapacity) {
        this(GrammarAlgorithm.SEQUITUR.newBuilder(Math.max(16, initialCapacity / 8)),
                GrammarAlgorithm.SEQUITUR.newBuilder(Math.max(16, initialCapacity / 8)), StrataPipeline.DEFAULT_MAX_LENGTH);
    }

    /**
     * Always stores layer 0.
     *
     * @param runGrammar the (empty) builder that takes layer 0's runs
     * @param maxLength  the longest path or stratum (the paper's 2048)
     */
    public StrataGrammar(GrammarBuilder runGrammar, int maxLength) {
        this(runGrammar, null, maxLength);
    }

    /**
     * Stores layer 0 or the paths, whichever holds fewer symbols.
     *
     * @param runGrammar  the (empty) builder that takes layer 0's runs
     * @param pathGrammar the (empty) builder that takes the paths' runs, or null to store layer 0 always
     * @param maxLength   the longest path or stratum (the paper's 2048)
     */
    public StrataGrammar(GrammarBuilder runGrammar, GrammarBuilder pathGrammar, int maxLength) {
        this(runGrammar, pathGrammar, maxLength, null);
    }

    /**
     * Builds layer 0 and stores what {@code levels} chooses from it (the layer count that packs
     * smallest: {@code compress --grammar strata}, session 47), rather than the level holding fewer
     * symbols, which picked the wrong count against packed bytes (docs/results/strata.md, session 43).
     *
     * @param runGrammar the (empty) builder that takes layer 0's runs
     * @param maxLength  the longest path or stratum (the paper's 2048)
     * @param levels     the stream stored in place of the paths and layer 0
     */
    public StrataGrammar(GrammarBuilder runGrammar, int maxLength, StrataLevels levels) {
        this(runGrammar, null, maxLength, java.util.Objects.requireNonNull(levels, "levels"));
    }

    private StrataGrammar(GrammarBuilder runGrammar, GrammarBuilder pathGrammar, int maxLength, StrataLevels levels) {
        this.levels = levels;
        if (runGrammar.length() != 0 || pathGrammar != null && pathGrammar.length() != 0) throw new IllegalArgumentException("a run grammar is not empty");
        this.layer = new LayerZero(runGrammar, maxLength);
        this.pathGrammar = pathGrammar;
        this.pathRuns = pathGrammar == null ? null : new Alphabet();
        this.maxLength = maxLength;
        startPaths();
    }

    /** Fresh per-string state over the same tables: ids stay valid, nothing spans the restart. */
    private void startPaths() {
        pathBuilder = new PathBuilder(paths, pathGrammar == null ? layer : new PathRunTee(), maxLength);
    }

    /** The paths' runs to both levels while both are built, then to the chosen one. */
    private final class PathRunTee implements RunSink {
        @Override
        public void run(int path, long trip) {
            if (pathGrammar != null) {
                pathGrammar.append(pathRuns.idOf(Runs.pair(path, trip)));
                if ((++pathRunCount & (DECIDE_AFTER - 1)) == 0) decide();
            }
            if (layer != null) layer.run(path, trip);
        }

        @Override
        public void finish() {
            if (layer != null) layer.finish();
        }
    }

    /** Drops the level that holds over twice the other's symbols, if one does (only while both are built). */
    private void decide() {
        if (pathGrammar == null || layer == null) return;
        long layerWeight = layer.weight();
        long path = pathSymbols();
        if (layerWeight > 2 * path) { // release layer 0: its tables and grammar are not stored
            layer = null;
        } else if (path > 2 * layerWeight) {
            pathGrammar = null;
            pathRuns = null;
        }
    }

    /** What storing the paths takes: their grammar's symbols and, per [path, trip] pair, a stratum of one element and a run (four numbers). */
    private long pathSymbols() {
        return pathGrammar.symbolCount() + 4L * pathRuns.size();
    }

    /** Whether the paths are stored, not layer 0: the only level left, or the one holding fewer symbols. */
    private boolean pathLevelCheaper() {
        if (pathGrammar == null) return false;
        if (layer == null) return true;
        return pathSymbols() < layer.weight();
    }

    @Override
    public void append(int terminal) {
        pathBuilder.add(terminals.idOf(terminal));
        length++;
    }

    @Override
    public long length() {
        return length;
    }

    /** The stored form's rules: the run grammar's, one per path and one per stratum (unfolding adds the doubling rules of long trips). */
    @Override
    public int ruleCount() {
        if (pathLevelCheaper()) return pathGrammar.ruleCount() + paths.size() + pathRuns.size();
        return layer.ruleCount() + paths.size();
    }

    /** What the stored form holds: the run grammar's symbols plus the paths' and strata's elements. */
    @Override
    public long symbolCount() {
        if (pathLevelCheaper()) return pathGrammar.symbolCount() + paths.elements() + pathRuns.size();
        return layer.symbolCount() + paths.elements();
    }

    @Override
    public long footprintBytes() {
        long bytes = paths.bytes() + pathBuilder.bytes() + terminals.bytes();
        if (layer != null) bytes += layer.footprintBytes();
        if (pathGrammar != null) bytes += pathGrammar.footprintBytes() + pathRuns.footprintBytes();
        peakFootprint = Math.max(peakFootprint, bytes);
        return bytes;
    }

    @Override
    public long peakFootprintBytes() {
        return Math.max(peakFootprint, footprintBytes());
    }

    /**
     * Ends the open path and stratum and returns the paper's form of everything appended so far.
     * The builder stays usable: later terminals start a new path (the tables are kept, so ids
     * stay valid), which changes where paths are cut, not what the string expands to.
     */
    public StrataStream storedForm() {
        footprintBytes(); // the peak is just before the cut
        pathBuilder.finish();
        startPaths();
        int[] pathStart = paths.starts();
        int[] pathSymbols = terminals.terminals(paths.poolAsInts()); // a copy: the table keeps the dense ids
        if (pathLevelCheaper()) return pathLevel(pathStart, pathSymbols);
        StrataStream layerZero = layer.seal().with(pathStart, pathSymbols);
        return levels == null ? layerZero : levels.choose(layerZero);
    }

    /** The paths' level in the stored form: each distinct [path, trip] pair a stratum of one element, run once per use. */
    private StrataStream pathLevel(int[] pathStart, int[] pathSymbols) {
        int n = pathRuns.size();
        int[] stratumStart = new int[n + 1];
        long[] elements = new long[n];
        long[] top = new long[n];
        for (int t = 0; t < n; t++) {
            stratumStart[t + 1] = t + 1;
            elements[t] = pathRuns.first(t);
            top[t] = Runs.pair(t, 1);
        }
        return new StrataStream(pathStart, pathSymbols, stratumStart, elements, top, pathGrammar.toGrammar());
    }

    /**
     * The unfolded {@link #storedForm} with its rules used once written in place
     * ({@link SingleUseRules}): a grammar over the terminals appended (see there for what happens
     * to the open path). Unfolding makes a rule of every path and stratum, also of those the runs
     * name once, each of which would cost a rule definition in a grammar file for nothing.
     */
    @Override
    public Grammar toGrammar() {
        return SingleUseRules.inline(storedForm().unfold());
    }
}
