package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.SequiturGrammar;

/** The data (DOR) WPP (StreamKinds.DATA): SEQUITUR over (load/store, address) and sync operations. */
final class DataEncoder extends StreamEncoder {
    private SequiturGrammar grammar = ThreadCompressor.newGrammar();

    DataEncoder() {
        super(StreamKinds.DATA);
    }

    @Override
    void access(int tag, long instruction, long address) {
        grammar.append(symbols.idOf(tag, address));
    }

    @Override
    void sync(long value) {
        grammar.append(symbols.idOf(SymbolTag.SYNC, value));
    }

    @Override
    long symbols() {
        return grammar.symbolCount();
    }

    @Override
    StreamChunk cut() {
        StreamChunk c = perThread(grammar.toGrammar());
        grammar = ThreadCompressor.newGrammar();
        return c;
    }
}
