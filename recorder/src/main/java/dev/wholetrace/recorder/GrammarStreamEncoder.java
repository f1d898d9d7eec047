package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;

/**
 * A stream that is one grammar per chunk over its alphabet's symbols: subclasses only say which
 * events become which symbols ({@link #append}); the chunk's size and its cut are here.
 */
abstract class GrammarStreamEncoder extends StreamEncoder {
    private GrammarBuilder grammar;

    GrammarStreamEncoder(StreamKind kind, GrammarAlgorithm grammars) {
        super(kind, grammars);
        this.grammar = newGrammar();
    }

    /** Appends the symbol (first, value), adding it to the alphabet when new; {@code first} is a tag, or a check head's CheckSymbols.named value. */
    final void append(long first, long value) {
        grammar.append(symbols.idOf(first, value));
    }

    @Override
    final long symbols() {
        return grammar.symbolCount();
    }

    @Override
    final StreamChunk cut() {
        StreamChunk c = perThread(grammar.toGrammar());
        grammar = nextGrammar(grammar);
        return c;
    }
}
