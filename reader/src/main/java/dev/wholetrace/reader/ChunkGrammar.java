package dev.wholetrace.reader;

import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;

/** One chunk's part of a thread as a {@link ThreadGrammar}, read through the thread's main WPP. */
record ChunkGrammar(ThreadChunk piece, Grammar wpp, Alphabet symbols, Alphabet runs, long syncCount) implements ThreadGrammar {
    @Override
    public int terminals() {
        return symbols.size();
    }

    @Override
    public Event.Type type(int terminal) {
        return switch ((int) symbols.first(terminal)) {
            case SymbolTag.BLOCK -> Event.Type.BLOCK;
            case SymbolTag.SYNC -> Event.Type.SYNC;
            case SymbolTag.LOAD -> Event.Type.LOAD;
            case SymbolTag.STORE -> Event.Type.STORE;
            default -> throw new IllegalStateException("symbol " + terminal + " has an unknown tag");
        };
    }

    @Override
    public long value(int terminal) {
        return symbols.second(terminal);
    }

    @Override
    public long eventCount() {
        return wpp.length();
    }


    @Override
    public int addressStreams() {
        return wpp == piece.control() ? piece.streamSymbols().length : 0; // streamSymbols() is empty, never null, without streams
    }

    @Override
    public int addressStreamTerminal(int k) {
        return piece.streamSymbols()[k];
    }

    @Override
    public DiffRleDecoder addressStream(int k) {
        return new DiffRleDecoder(piece.streams()[k], runs);
    }
}
