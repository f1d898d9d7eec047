package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.GrammarAlgorithm;

/** The data (DOR) WPP (StreamKinds.DATA): SEQUITUR over (load/store, address) and sync operations. */
final class DataEncoder extends GrammarStreamEncoder {
    DataEncoder(GrammarAlgorithm grammars) {
        super(StreamKinds.DATA, grammars);
    }

    @Override
    void consume(long[] buf, int length) {
        for (int i = 0; i < length; i += BufferLayout.longs(buf[i])) {
            long head = buf[i];
            switch (BufferLayout.tag(head)) {
                case BufferLayout.LOAD, BufferLayout.STORE -> append(BufferLayout.accessTag(head), buf[i + 1]);
                case BufferLayout.SYNC -> append(SymbolTag.SYNC, BufferLayout.syncValue(head));
                default -> { } // blocks are not in the data string
            }
        }
    }
}
