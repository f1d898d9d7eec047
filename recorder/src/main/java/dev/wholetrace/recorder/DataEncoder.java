package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;

/** The data (DOR) WPP (StreamKinds.DATA): SEQUITUR over (load/store, address) and sync operations. */
final class DataEncoder extends StreamEncoder {
    private GrammarBuilder grammar;

    DataEncoder(GrammarAlgorithm grammars) {
        super(StreamKinds.DATA, grammars);
        this.grammar = newGrammar();
    }

    @Override
    void consume(long[] buf, int length) {
        for (int i = 0; i < length; i += BufferLayout.longs(buf[i])) {
            long head = buf[i];
            switch (BufferLayout.tag(head)) {
                case BufferLayout.LOAD, BufferLayout.STORE -> grammar.append(symbols.idOf(BufferLayout.accessTag(head), buf[i + 1]));
                case BufferLayout.SYNC -> grammar.append(symbols.idOf(SymbolTag.SYNC, BufferLayout.syncValue(head)));
                default -> { } // blocks are not in the data string
            }
        }
    }

    @Override
    long symbols() {
        return grammar.symbolCount();
    }

    @Override
    StreamChunk cut() {
        StreamChunk c = perThread(grammar.toGrammar());
        grammar = newGrammar();
        return c;
    }
}
