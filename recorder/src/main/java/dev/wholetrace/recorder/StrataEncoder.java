package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.strata.PathBuilder;
import dev.wholetrace.model.strata.RunSink;
import dev.wholetrace.model.strata.Runs;
import dev.wholetrace.model.strata.SequenceTable;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.model.strata.StrataStream;
import dev.wholetrace.model.strata.StratumLayer;
import dev.wholetrace.model.util.Alphabet;

/**
 * The control string stored as strata (StreamKinds.STRATA, mode STRATA): the strata paper's
 * ExtendPath over the thread's blocks and sync operations (each its control symbol; a sync
 * operation joins a path like a block, as in the control encoder), [path, tripcount] runs into
 * ExtendStratumLayer (layer 0), and the layer's [stratum, tripcount] runs into the configured
 * grammar algorithm. At a cut the open path and stratum end (nothing spans chunks, so each chunk
 * decodes alone) and the chunk's tables go into the stored form ({@link StrataStream}); the
 * StreamChunk carries its unfolding as the WPP readers and the sync counts use.
 *
 * <p>Per event: an array read (block → symbol), the path builder's compare and, once per path
 * that is not a repetition, a table probe; no allocation once the buffers have grown.
 */
final class StrataEncoder extends StreamEncoder implements RunSink {

    private final int maxLength;
    private final BlockSymbols blockSymbols = new BlockSymbols(symbols);
    private SequenceTable paths;
    private SequenceTable strata;
    private PathBuilder pathBuilder;
    private StratumLayer layer0;
    /** The chunk's [stratum, trip] runs as terminals of the grammar (pair → dense id). */
    private final Alphabet runs = new Alphabet();
    private GrammarBuilder grammar;

    StrataEncoder(GrammarAlgorithm grammars) {
        this(grammars, StrataPipeline.DEFAULT_MAX_LENGTH);
    }

    StrataEncoder(GrammarAlgorithm grammars, int maxLength) {
        super(StreamKinds.STRATA, grammars);
        this.maxLength = maxLength;
        startChunk();
    }

    private void startChunk() {
        paths = new SequenceTable();
        strata = new SequenceTable();
        layer0 = new StratumLayer(strata, this, maxLength);
        pathBuilder = new PathBuilder(paths, layer0, maxLength);
        runs.clear();
        grammar = newGrammar();
    }

    @Override
    void consume(long[] buf, int length) {
        PathBuilder b = pathBuilder;
        for (int i = 0; i < length; i += BufferLayout.longs(buf[i])) {
            long head = buf[i];
            switch (BufferLayout.tag(head)) {
                case BufferLayout.BLOCK -> b.add(blockSymbols.of(BufferLayout.id(head)));
                case BufferLayout.SYNC -> b.add(symbols.idOf(SymbolTag.SYNC, BufferLayout.syncValue(head)));
                default -> { } // loads and stores are not part of the control string in this mode
            }
        }
    }


    /** A run of layer 0 (RunSink): one terminal of the grammar. */
    @Override
    public void run(int stratum, long trip) {
        grammar.append(runs.idOf(Runs.pair(stratum, trip)));
    }

    @Override
    long symbols() {
        return grammar.symbolCount() + paths.elements() + strata.elements();
    }

    @Override
    StreamChunk cut() {
        pathBuilder.finish(); // ends the open path and stratum: they are passed up, finishing layer 0
        StrataStream stored = storedForm();
        Grammar g = stored.unfold();
        EdgeCounts counts = EdgeCounts.count(g, s -> symbols.first(s) == SymbolTag.SYNC);
        StreamChunk c = StreamChunk.strata(kind, newSymbols(), stored, g, counts);
        startChunk();
        return c;
    }

    private StrataStream storedForm() {
        int[] pathStart = new int[paths.size() + 1];
        int[] pathSymbols = new int[(int) paths.elements()];
        for (int p = 0, at = 0; p < paths.size(); p++) {
            for (int i = 0, n = paths.length(p); i < n; i++) pathSymbols[at++] = (int) paths.element(p, i);
            pathStart[p + 1] = at;
        }
        int[] stratumStart = new int[strata.size() + 1];
        long[] elements = new long[(int) strata.elements()];
        for (int s = 0, at = 0; s < strata.size(); s++) {
            for (int i = 0, n = strata.length(s); i < n; i++) elements[at++] = strata.element(s, i);
            stratumStart[s + 1] = at;
        }
        long[] top = new long[runs.size()];
        for (int t = 0; t < top.length; t++) top[t] = runs.first(t);
        return new StrataStream(pathStart, pathSymbols, stratumStart, elements, top, grammar.toGrammar());
    }
}
