package dev.wholetrace.model.strata;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.util.Alphabet;

/**
 * The strata paper's compression of one string as a {@link GrammarBuilder}: ExtendPath over the
 * terminals ({@link PathBuilder}), [path, tripcount] runs into stratum layer 0
 * ({@link StratumLayer}), and the layer's [stratum, tripcount] runs into a grammar of another
 * algorithm (SEQUITUR unless told otherwise). {@link #storedForm} gives the paper's form (paths,
 * strata, runs, grammar), {@link #toGrammar} its {@linkplain StrataStream#unfold unfolding}: an
 * ordinary grammar over the terminals, so anything that holds a grammar builder (the importers'
 * {@code compress --grammar strata}, {@code recompress}, {@code bench grammars}) gets strata
 * without knowing about them. The recorder's STRATA mode holds one per thread and chunk.
 *
 * <p>Per terminal: the path builder's compare and, once per path that is not a repetition, a
 * table probe; no allocation once the buffers have grown. Not thread-safe.
 */
public final class StrataGrammar implements GrammarBuilder, RunSink {
    private final int maxLength;
    private final SequenceTable paths = new SequenceTable();
    private final SequenceTable strata = new SequenceTable();
    /** The [stratum, trip] runs as terminals of {@link #runGrammar} (pair → dense id). */
    private final Alphabet runs = new Alphabet();
    private final GrammarBuilder runGrammar;
    private PathBuilder pathBuilder;
    private StratumLayer layer0;
    private long length;
    private long peakFootprint;

    /** Strata over SEQUITUR, paths and strata cut at the paper's 2048 elements ({@code GrammarAlgorithm.STRATA}). */
    public StrataGrammar(int initialCapacity) {
        this(GrammarAlgorithm.SEQUITUR.newBuilder(Math.max(16, initialCapacity / 8)), StrataPipeline.DEFAULT_MAX_LENGTH);
    }

    /**
     * @param runGrammar the (empty) builder that takes layer 0's runs
     * @param maxLength  the longest path or stratum (the paper's 2048)
     */
    public StrataGrammar(GrammarBuilder runGrammar, int maxLength) {
        if (runGrammar.length() != 0) throw new IllegalArgumentException("the run grammar is not empty");
        this.runGrammar = runGrammar;
        this.maxLength = maxLength;
        startPaths();
    }

    /** Fresh per-string state over the same tables: ids stay valid, nothing spans the restart. */
    private void startPaths() {
        layer0 = new StratumLayer(strata, this, maxLength);
        pathBuilder = new PathBuilder(paths, layer0, maxLength);
    }

    @Override
    public void append(int terminal) {
        pathBuilder.add(terminal);
        length++;
    }

    /** A run of layer 0 (RunSink): one terminal of the run grammar. */
    @Override
    public void run(int stratum, long trip) {
        runGrammar.append(runs.idOf(Runs.pair(stratum, trip)));
    }

    @Override
    public long length() {
        return length;
    }

    /** The stored form's rules: the run grammar's, one per path and one per stratum (unfolding adds the doubling rules of long trips). */
    @Override
    public int ruleCount() {
        return runGrammar.ruleCount() + paths.size() + strata.size();
    }

    /** What the stored form holds: the run grammar's symbols plus the paths' and strata's elements. */
    @Override
    public long symbolCount() {
        return runGrammar.symbolCount() + paths.elements() + strata.elements();
    }

    @Override
    public long footprintBytes() {
        long bytes = runGrammar.footprintBytes() + runs.footprintBytes() + paths.bytes() + strata.bytes()
                + pathBuilder.bytes() + layer0.bytes();
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
        int[] pathStart = new int[paths.size() + 1];
        int[] pathSymbols = new int[Math.toIntExact(paths.elements())];
        for (int p = 0, at = 0; p < paths.size(); p++) {
            for (int i = 0, n = paths.length(p); i < n; i++) pathSymbols[at++] = (int) paths.element(p, i);
            pathStart[p + 1] = at;
        }
        int[] stratumStart = new int[strata.size() + 1];
        long[] elements = new long[Math.toIntExact(strata.elements())];
        for (int s = 0, at = 0; s < strata.size(); s++) {
            for (int i = 0, n = strata.length(s); i < n; i++) elements[at++] = strata.element(s, i);
            stratumStart[s + 1] = at;
        }
        long[] top = new long[runs.size()];
        for (int t = 0; t < top.length; t++) top[t] = runs.first(t);
        return new StrataStream(pathStart, pathSymbols, stratumStart, elements, top, runGrammar.toGrammar());
    }

    /** The unfolded {@link #storedForm}: a grammar over the terminals appended (see there for what happens to the open path). */
    @Override
    public Grammar toGrammar() {
        return storedForm().unfold();
    }
}
