package dev.wholetrace.reader;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.ThreadSymbols;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceSections;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.grammar.Grammar;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a trace's pieces come from after it was opened: its {@link PieceCache}, or the file, read
 * again (the open pass decoded and checked every piece, and kept of each only its counts and the
 * location of its sections). One per trace, shared by its threads' views.
 */
final class PieceLoader {
    private final TraceReader reader;
    private final PieceCache cache;
    private final AtomicLong decodes = new AtomicLong();

    /** @param reader the trace's reader (it may be closed: each decode reopens the file) */
    PieceLoader(TraceReader reader, PieceCache cache) {
        this.reader = reader;
        this.cache = cache;
    }

    static long key(int thread, int piece) {
        return (long) thread << 32 | piece & 0xFFFF_FFFFL;
    }

    /** A piece the open pass decoded: kept while the budget allows (small traces are never read twice). */
    Piece opened(int thread, int piece, TraceSections.Decoded decoded) {
        Piece p = cache.get(key(thread, piece));
        if (p != null && p.chunk() == decoded.chunk()) return p; // the second view of an ALL thread
        p = new Piece(decoded.chunk(), decoded.symbols(), reader.version());
        cache.put(key(thread, piece), p);
        return p;
    }

    /**
     * Piece {@code piece} of thread {@code thread}: chunk {@code chunk}'s {@code sections} of it,
     * holding {@code syncOps} of its sync operations; {@code symbols} are the thread's tables.
     */
    Piece load(int thread, int piece, int chunk, List<Section> sections, ThreadSymbols symbols, long syncOps) {
        long key = key(thread, piece);
        Piece p = cache.get(key);
        if (p != null) return p;
        try (TraceReader r = reader.reopened()) {
            TraceSections.Decoded d = TraceSections.decodeAgain(r, chunk, thread, sections, symbols, syncOps);
            p = new Piece(d.chunk(), d.symbols(), reader.version());
        } catch (IOException e) {
            throw readingAgainFailed(e, chunk, thread);
        }
        decodes.incrementAndGet();
        cache.put(key, p);
        return p;
    }

    /**
     * Piece {@code piece} of thread {@code thread} decoded and checked for the first time (a lazily opened
     * trace: the open pass only CRC-checked it), its new symbols added to the thread's tables {@code symbols};
     * {@code opsHash}: its operations in S_synch ({@link TraceSections#decodeFirst}). Kept like an opened one.
     */
    void first(int thread, int piece, int chunk, List<Section> sections, ThreadSymbols symbols, long syncOps, long opsHash) {
        try (TraceReader r = reader.reopened()) {
            opened(thread, piece, TraceSections.decodeFirst(r, chunk, thread, sections, symbols, syncOps, opsHash));
        } catch (IOException e) {
            throw readingFailed(e, "decoding chunk " + chunk + " of thread " + thread);
        }
        decodes.incrementAndGet();
    }

    /** The check alphabet and stored check counts of a piece not decoded yet, or null ({@link TraceSections#decodeChecks}). */
    TraceSections.Checks checks(int thread, int chunk, List<Section> sections, byte[] symbolsPayload) {
        try (TraceReader r = reader.reopened()) {
            return TraceSections.decodeChecks(r, chunk, thread, sections, symbolsPayload);
        } catch (IOException e) {
            throw readingFailed(e, "reading the checks of chunk " + chunk + " of thread " + thread);
        }
    }

    /**
     * Piece {@code piece}'s grammar of the per-thread stream {@code kind}, whose alphabet is
     * trace-wide: from the cached piece, else by decoding that one section (not cached: the
     * folds that ask for it read each piece once).
     */
    Grammar stream(int thread, int piece, int chunk, List<Section> sections, StreamKind kind) {
        Piece p = cache.get(key(thread, piece));
        if (p != null) return p.chunk().grammar(kind);
        try (TraceReader r = reader.reopened()) {
            Grammar g = TraceSections.decodeStreamAgain(r, sections, kind);
            if (g == null) throw new FormatException("no " + kind + " stream");
            decodes.incrementAndGet();
            return g;
        } catch (IOException e) {
            throw readingAgainFailed(e, chunk, thread);
        }
    }

    /**
     * Why reading a piece again failed, as the CLI reports it: a {@link FormatException} means the
     * file changed or was damaged since it was opened and checked (bad input, one line); any other
     * I/O error stays an I/O error.
     */
    private static RuntimeException readingAgainFailed(IOException e, int chunk, int thread) {
        return readingFailed(e, "reading chunk " + chunk + " of thread " + thread + " again");
    }

    private static RuntimeException readingFailed(IOException e, String where) {
        return e instanceof FormatException ? new IllegalArgumentException(e.getMessage() + " (" + where + ")", e)
                : new UncheckedIOException(where + ": " + e.getMessage(), e);
    }

    /** The format version of the trace (which alphabets are per chunk). */
    int version() {
        return reader.version();
    }

    /** Pieces decoded again since the trace was opened (for tests and measurements). */
    long decodes() {
        return decodes.get();
    }

    PieceCache cache() {
        return cache;
    }
}
