package dev.wholetrace.model.strata;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarBuilder;

/**
 * Stratum layer 0 of one string and the grammar over its runs: everything of the stored form after
 * the path builder. It takes [path, trip] runs ({@link RunSink}), cuts them into strata
 * ({@link StratumLayer}, interned in its own table) and appends each [stratum, trip] run, as a
 * dense id of the pair, to a grammar builder. {@link StrataGrammar} runs it on the caller's
 * thread; the recorder's STRATA mode can run it on a thread of its own, fed through a ring, so
 * that path building and layer 0 + the grammar are the paper's two pipeline stages.
 *
 * <p>Per run: a compare when the stratum follows a known one, else a scan or a probe of its
 * membership set; a table probe only for a stratum built; per stratum run an array lookup of the
 * [stratum, trip] id ({@link RunIds}) and one grammar append. Not thread-safe.
 */
public final class LayerZero implements RunSink {
    /** Layer 0's part of a {@link StrataStream}: the strata, the top alphabet ([stratum, trip] per run id) and the grammar over it. */
    public record Sealed(int[] stratumStart, long[] elements, long[] top, Grammar grammar) {
        /** The stored form with the paths {@code pathStart}/{@code pathSymbols}. */
        public StrataStream with(int[] pathStart, int[] pathSymbols) {
            return new StrataStream(pathStart, pathSymbols, stratumStart, elements, top, grammar);
        }
    }

    private final int maxLength;
    private final SequenceTable strata = new SequenceTable();
    /** The [stratum, trip] runs as terminals of {@link #grammar} (pair → dense id). */
    private final RunIds runs = new RunIds();
    private final GrammarBuilder grammar;
    private final RunSink top;
    private StratumLayer layer;

    /**
     * @param grammar   the (empty) builder that takes layer 0's runs
     * @param maxLength the longest stratum (the paper's 2048)
     */
    public LayerZero(GrammarBuilder grammar, int maxLength) {
        if (grammar.length() != 0) throw new IllegalArgumentException("a run grammar is not empty");
        this.grammar = grammar;
        this.maxLength = maxLength;
        this.top = (stratum, trip) -> grammar.append(runs.idOf(stratum, trip));
        this.layer = new StratumLayer(strata, top, maxLength);
    }

    /** A [path, trip] run: the next element of layer 0. */
    @Override
    public void run(int path, long trip) {
        layer.run(path, trip);
    }

    /**
     * The paths ended (a chunk's cut): the open stratum ends and its runs reach the grammar. Later
     * runs start a new stratum over the same table, so ids stay valid.
     */
    @Override
    public void finish() {
        layer.finish();
        layer = new StratumLayer(strata, top, maxLength);
    }

    /** Layer 0's part of the stored form: everything run so far (call {@link #finish} first to include the open stratum). */
    public Sealed seal() {
        long[] topRuns = new long[runs.size()];
        for (int t = 0; t < topRuns.length; t++) topRuns[t] = runs.pair(t);
        return new Sealed(strata.starts(), strata.pool(), topRuns, grammar.toGrammar());
    }

    /**
     * Empties layer 0 for the next chunk once {@link #seal} has copied out what it holds: the
     * grammar ({@link GrammarBuilder#reset}), the strata table and the top alphabet keep their
     * arrays, as the control encoder's grammar does across cuts (a new layer 0 every chunk regrew
     * its SEQUITUR digram table from a few entries each second: DigramTable.grow and growNodes were
     * 18 of 1104 JFR samples of Mp3d's replayed STRATA compressor). Returns false, changing
     * nothing, if the grammar cannot be reset: the caller then makes a new layer 0.
     */
    public boolean restart() {
        if (!grammar.reset()) return false;
        strata.clear();
        runs.clear();
        layer = new StratumLayer(strata, top, maxLength);
        return true;
    }

    /** What storing layer 0 holds, in symbols: the grammar's and the strata's elements. */
    public long symbolCount() {
        return grammar.symbolCount() + strata.elements();
    }

    /** What storing layer 0 takes for choosing a level: its grammar's symbols, and the strata's elements and the top alphabet as two numbers each. */
    long weight() {
        return grammar.symbolCount() + 2 * (strata.elements() + runs.size());
    }

    /** The stored form's rules from layer 0: the grammar's and one per stratum. */
    public int ruleCount() {
        return grammar.ruleCount() + strata.size();
    }

    /** Bytes of the grammar, the top alphabet, the strata table and the layer's state. */
    public long footprintBytes() {
        return grammar.footprintBytes() + runs.footprintBytes() + strata.bytes() + layer.bytes();
    }
}
