package dev.wholetrace.model.strata;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarBuilder;

/**
 * Stratum layer 0 of one string, the layers above it that are stored, and the grammar over the
 * top layer's runs: everything of the stored form after the path builder. It takes [path, trip]
 * runs ({@link RunSink}), cuts them into strata ({@link StratumLayer}, interned in its own table),
 * layer k the runs of layer k-1's strata likewise, and appends each [stratum, trip] run of the top
 * layer, as a dense id of the pair, to a grammar builder. {@link StrataGrammar} runs it on the caller's
 * thread; the recorder's STRATA mode can run it on a thread of its own, fed through a ring, so
 * that path building and layer 0 + the grammar are the paper's two pipeline stages.
 *
 * <p>Per run: a compare when the stratum follows a known one, else a scan or a probe of its
 * membership set; a table probe only for a stratum built; per stratum run an array lookup of the
 * [stratum, trip] id ({@link RunIds}) and one grammar append. Not thread-safe.
 */
public final class LayerZero implements RunSink {
    /** The layers' part of a {@link StrataStream}: each layer's strata, the top alphabet ([stratum of the top layer, trip] per run id) and the grammar over it. */
    public record Sealed(int[][] stratumStart, long[][] elements, long[] top, Grammar grammar) {
        /** The stored form with the paths {@code pathStart}/{@code pathSymbols}. */
        public StrataStream with(int[] pathStart, int[] pathSymbols) {
            return new StrataStream(pathStart, pathSymbols, stratumStart, elements, top, grammar);
        }
    }

    private final int maxLength;
    /** Per layer, its strata: layer 0's first. */
    private final SequenceTable[] strata;
    /** The [stratum, trip] runs as terminals of {@link #grammar} (pair → dense id). */
    private final RunIds runs = new RunIds();
    private final GrammarBuilder grammar;
    private final RunSink top;
    /** Layer 0, whose sink is layer 1 and so on up to the top layer's, {@link #top}. */
    private StratumLayer layer;

    /**
     * Layer 0 alone under the grammar.
     *
     * @param grammar   the (empty) builder that takes layer 0's runs
     * @param maxLength the longest stratum (the paper's 2048)
     */
    public LayerZero(GrammarBuilder grammar, int maxLength) {
        this(grammar, maxLength, 1);
    }

    /**
     * Layers 0..layers-1, each cutting the runs of the one below, and the grammar over the top
     * layer's runs.
     *
     * @param grammar   the (empty) builder that takes the top layer's runs
     * @param maxLength the longest stratum (the paper's 2048)
     * @param layers    how many layers (at least 1)
     */
    public LayerZero(GrammarBuilder grammar, int maxLength, int layers) {
        if (grammar.length() != 0) throw new IllegalArgumentException("a run grammar is not empty");
        if (layers < 1) throw new IllegalArgumentException("no stratum layer");
        this.grammar = grammar;
        this.maxLength = maxLength;
        this.strata = new SequenceTable[layers];
        for (int k = 0; k < layers; k++) strata[k] = new SequenceTable();
        this.top = (stratum, trip) -> grammar.append(runs.idOf(stratum, trip));
        this.layer = chain();
    }

    /** Fresh layers over the tables, layer 0 returned. */
    private StratumLayer chain() {
        RunSink sink = top;
        for (int k = strata.length - 1; k >= 0; k--) sink = new StratumLayer(strata[k], sink, maxLength);
        return (StratumLayer) sink;
    }

    /** A [path, trip] run: the next element of layer 0. */
    @Override
    public void run(int path, long trip) {
        layer.run(path, trip);
    }

    /**
     * The paths ended (a chunk's cut): the open strata end, layer by layer upwards, and their runs
     * reach the grammar. Later runs start new strata over the same tables, so ids stay valid.
     */
    @Override
    public void finish() {
        layer.finish(); // each layer's finish ends the layer above it
        layer = chain();
    }

    /** The layers' part of the stored form: everything run so far (call {@link #finish} first to include the open strata). */
    public Sealed seal() {
        long[] topRuns = new long[runs.size()];
        for (int t = 0; t < topRuns.length; t++) topRuns[t] = runs.pair(t);
        int[][] starts = new int[strata.length][];
        long[][] elements = new long[strata.length][];
        for (int k = 0; k < strata.length; k++) {
            starts[k] = strata[k].starts();
            elements[k] = strata[k].pool();
        }
        return new Sealed(starts, elements, topRuns, grammar.toGrammar());
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
        for (SequenceTable t : strata) t.clear();
        runs.clear();
        layer = chain();
        return true;
    }

    /** What storing the layers holds, in symbols: the grammar's and the strata's elements. */
    public long symbolCount() {
        return grammar.symbolCount() + elements();
    }

    private long elements() {
        long n = 0;
        for (SequenceTable t : strata) n += t.elements();
        return n;
    }

    /** What storing the layers takes for choosing a level: its grammar's symbols, and the strata's elements and the top alphabet as two numbers each. */
    long weight() {
        return grammar.symbolCount() + 2 * (elements() + runs.size());
    }

    /** The stored form's rules from the layers: the grammar's and one per stratum. */
    public int ruleCount() {
        int n = grammar.ruleCount();
        for (SequenceTable t : strata) n += t.size();
        return n;
    }

    /** Bytes of the grammar, the top alphabet, the strata tables and the layers' state (layer 0's counted for each: the upper ones are no larger). */
    public long footprintBytes() {
        long n = grammar.footprintBytes() + runs.footprintBytes() + strata.length * layer.bytes();
        for (SequenceTable t : strata) n += t.bytes();
        return n;
    }
}
