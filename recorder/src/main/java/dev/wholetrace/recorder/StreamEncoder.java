package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.util.Alphabet;

/**
 * Compresses one stream kind of one thread online, on the thread's compressor worker: it reads
 * every buffer the thread hands over ({@link BufferLayout}) and keeps what its kind keeps. Each
 * encoder walks the buffer itself, in a loop compiled for its own kind: a call per event through
 * this class would not be inlined into one loop for all kinds, and costs the recorder throughput. {@link #cut} freezes what the
 * current chunk holds and starts the next. The kind's alphabet persists across chunks (each symbol
 * is written once) or, for a kind whose alphabet is {@linkplain StreamKind#alphabetPerChunk per
 * chunk}, restarts at every cut, so that symbols carrying data (addresses) do not accumulate for
 * the whole recording. One subclass per stream kind, made by {@link StreamEncoders}.
 */
abstract class StreamEncoder {
    final StreamKind kind;
    /** The kind's alphabet for this thread: the dense ids its grammars use as terminals. */
    final Alphabet symbols = new Alphabet();
    private final GrammarAlgorithm grammars;
    private int written;

    StreamEncoder(StreamKind kind, GrammarAlgorithm grammars) {
        this.kind = kind;
        this.grammars = grammars;
    }

    /** A new, empty grammar for this stream: the one place the recorder makes one (the configured algorithm). */
    final GrammarBuilder newGrammar() {
        return grammars.newBuilder();
    }

    /**
     * The grammar for the next chunk, once {@code used}'s grammar is frozen: {@code used} itself,
     * emptied, when its algorithm can reuse its arrays ({@link GrammarBuilder#reset}). A new
     * builder every cut regrew from 16 symbols to the chunk's size every second, a third of the
     * agent's allocation (docs/results/overhead-profile.md).
     */
    final GrammarBuilder nextGrammar(GrammarBuilder used) {
        return used.reset() ? used : newGrammar();
    }

    /** Takes the events of one buffer: {@code length} longs laid out as {@link BufferLayout} says. */
    abstract void consume(long[] buf, int length);

    /** What the open chunk costs in memory, in symbols (the recorder cuts chunks by this). */
    long symbols() {
        return 0;
    }

    /**
     * A cut is coming: work that can run elsewhere while the worker cuts its other threads may
     * start now (the strata stage's seal). {@link #cut} follows, before any other call.
     */
    void beginCut() {
    }

    /** Freezes the current chunk's stream and starts the next; null if the kind holds nothing of it. */
    abstract StreamChunk cut();

    /**
     * The symbols added to the alphabet since the previous cut, as (first, second) pairs; for an
     * alphabet per chunk, empties it (call it last at a cut, once the chunk's grammars are built).
     */
    final long[] newSymbols() {
        long[] out = new long[2 * (symbols.size() - written)];
        for (int id = written, j = 0; id < symbols.size(); id++, j += 2) {
            out[j] = symbols.first(id);
            out[j + 1] = symbols.second(id);
        }
        written = symbols.size();
        if (kind.alphabetPerChunk()) {
            symbols.clear();
            written = 0;
        }
        return out;
    }

    /** A per-thread stream's chunk, with its sync counts if the kind carries them. */
    final StreamChunk perThread(Grammar g) {
        EdgeCounts counts = kind.syncCounts() ? EdgeCounts.count(g, s -> symbols.first(s) == SymbolTag.SYNC) : null;
        return StreamChunk.of(kind, newSymbols(), g, counts);
    }
}
