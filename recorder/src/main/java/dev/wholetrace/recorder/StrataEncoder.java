package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.StrataGrammar;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.model.strata.StrataStream;

/**
 * The control string stored as strata (StreamKinds.STRATA, mode STRATA): the strata paper's
 * ExtendPath over the thread's blocks and sync operations (each its control symbol; a sync
 * operation joins a path like a block, as in the control encoder), [path, tripcount] runs into
 * ExtendStratumLayer (layer 0), and the layer's [stratum, tripcount] runs into the configured
 * grammar algorithm. Layer 0 always: choosing between layer 0 and the paths as
 * {@code compress --grammar strata} does ({@link StrataGrammar}) was measured here and lost (Water:
 * 6% more CPU and a 14% larger file than layer 0 alone, docs/strata.md). At a cut the open
 * path and stratum end (nothing spans chunks, so each chunk decodes alone) and the chunk's
 * tables go into the stored form ({@link StrataStream}); the StreamChunk carries its unfolding
 * as the WPP readers and the sync counts use.
 *
 * <p>Per event: an array read (block → symbol), the path builder's compare and, once per path
 * that is not a repetition, a table probe; no allocation once the buffers have grown.
 */
final class StrataEncoder extends StreamEncoder {

    private final int maxLength;
    private final BlockSymbols blockSymbols = new BlockSymbols(symbols);
    /** The chunk's paths, layer 0 and grammar over its runs; a new one per chunk. */
    private StrataGrammar strata;

    StrataEncoder(GrammarAlgorithm grammars) {
        this(grammars, StrataPipeline.DEFAULT_MAX_LENGTH);
    }

    StrataEncoder(GrammarAlgorithm grammars, int maxLength) {
        super(StreamKinds.STRATA, grammars);
        this.maxLength = maxLength;
        startChunk();
    }

    private void startChunk() {
        strata = new StrataGrammar(newGrammar(), maxLength);
    }

    @Override
    void consume(long[] buf, int length) {
        StrataGrammar g = strata;
        for (int i = 0; i < length; i += BufferLayout.longs(buf[i])) {
            long head = buf[i];
            switch (BufferLayout.tag(head)) {
                case BufferLayout.BLOCK -> g.append(blockSymbols.of(BufferLayout.id(head)));
                case BufferLayout.SYNC -> g.append(symbols.idOf(SymbolTag.SYNC, BufferLayout.syncValue(head)));
                default -> { } // loads and stores are not part of the control string in this mode
            }
        }
    }

    @Override
    long symbols() {
        return strata.symbolCount();
    }

    @Override
    StreamChunk cut() {
        StrataStream stored = strata.storedForm(); // ends the open path and stratum: nothing spans chunks
        Grammar g = stored.unfold();
        EdgeCounts counts = EdgeCounts.count(g, s -> symbols.first(s) == SymbolTag.SYNC);
        StreamChunk c = StreamChunk.strata(kind, newSymbols(), stored, g, counts);
        startChunk();
        return c;
    }
}
