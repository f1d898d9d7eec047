package dev.wholetrace.reader;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The decoded pieces a trace keeps, least recently used dropped first, within a budget in bytes
 * (part of the reading budget, docs/reading-memory.md): a trace's grammars are never all resident,
 * whatever its length. The budget is {@value #PROPERTY} (bytes) if set, else an eighth of the
 * heap (64 MB of the default 512 MB). A piece larger than the whole budget is not kept: its reader
 * holds it while it reads it.
 */
final class PieceCache {
    /** System property: the cache's budget in bytes. */
    static final String PROPERTY = "wholetrace.pieceCacheBytes";

    private final long budget;
    private final LinkedHashMap<Long, Piece> pieces = new LinkedHashMap<>(16, 0.75f, true);
    private long bytes;

    PieceCache(long budget) {
        this.budget = budget;
    }

    /** A cache of the configured budget ({@value #PROPERTY}, else a eighth of the maximum heap). */
    static PieceCache configured() {
        return new PieceCache(Math.max(0, Long.getLong(PROPERTY, Runtime.getRuntime().maxMemory() / 8)));
    }

    /** The piece under {@code key}, or null. */
    synchronized Piece get(long key) {
        return pieces.get(key);
    }

    /** Keeps {@code piece} under {@code key}, dropping the least recently used ones beyond the budget. */
    synchronized void put(long key, Piece piece) {
        if (piece.bytes() > budget) return;
        Piece old = pieces.put(key, piece);
        if (old != null) bytes -= old.bytes();
        bytes += piece.bytes();
        for (Iterator<Map.Entry<Long, Piece>> it = pieces.entrySet().iterator(); bytes > budget && it.hasNext(); ) {
            Map.Entry<Long, Piece> eldest = it.next();
            if (eldest.getKey() == key) continue;
            bytes -= eldest.getValue().bytes();
            it.remove();
        }
    }

    /** Bytes the kept pieces hold (estimated). */
    synchronized long bytes() {
        return bytes;
    }

    long budget() {
        return budget;
    }
}
