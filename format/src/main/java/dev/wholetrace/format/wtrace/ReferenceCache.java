package dev.wholetrace.format.wtrace;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The decoded payloads of one chunk's sections, kept while that chunk is read, so that a section
 * other threads' sections are stored against ({@link dev.wholetrace.format.io.Codec#ZSTD_DICT})
 * is decompressed once per chunk rather than once for each section whose reference chain passes
 * through it (reading every section of a 4-chunk, 8-thread SOR recording decompressed twice as
 * many payloads as it has sections before). Bounded: at most
 * {@code maxBytes} of payloads, the least recently used dropped first; only payloads no larger
 * than a section that can be a reference ({@link ThreadReferences#MAX_BYTES}) are kept. Reading a
 * section of another chunk (one without references included) empties it, and so does closing the
 * reader: a reader is kept after it is closed (a trace reopens it to read pieces again), and must
 * not keep a chunk's payloads with it. The reader hands its callers copies, so none of them can
 * change a later section's dictionary.
 */
final class ReferenceCache {
    /** The default bound: 64 sections of the largest size a reference may have. */
    static final long DEFAULT_MAX_BYTES = 64L * ThreadReferences.MAX_BYTES;

    private final long maxBytes;
    /**
     * A cached payload and its depth: how many {@code ZSTD_DICT} sections its decoding went
     * through (itself included), so a reader can still refuse a chain longer than the bound.
     */
    record Entry(byte[] payload, int depth) {}

    private final LinkedHashMap<Long, Entry> payloads = new LinkedHashMap<>(16, 0.75f, true);
    private int chunk = -1;
    private long bytes;

    ReferenceCache(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** Section {@code s}'s cached payload (the cache's own array: read it, do not change it), or null. */
    synchronized Entry get(Section s) {
        if (s.chunk() != chunk) return null;
        return payloads.get(s.offset());
    }

    /** Whether a payload of this length may be kept (and so handed to several readers of it). */
    boolean keeps(byte[] payload) {
        return payload.length <= ThreadReferences.MAX_BYTES && payload.length <= maxBytes;
    }

    /** A section of chunk {@code c} is read: the payloads of any other chunk are dropped. */
    synchronized void enter(int c) {
        if (c == chunk) return;
        clear();
        chunk = c;
    }

    /** Drops every payload. */
    synchronized void clear() {
        payloads.clear();
        bytes = 0;
        chunk = -1;
    }

    /** Bytes of payloads kept (for tests). */
    synchronized long bytes() {
        return bytes;
    }

    /** Keeps {@code e} as section {@code s}'s, if it is small enough; enters {@code s}'s chunk first. */
    synchronized void put(Section s, Entry e) {
        enter(s.chunk());
        if (!keeps(e.payload()) || payloads.containsKey(s.offset())) return;
        payloads.put(s.offset(), e);
        bytes += e.payload().length;
        var it = payloads.entrySet().iterator();
        while (bytes > maxBytes) {
            Map.Entry<Long, Entry> eldest = it.next();
            bytes -= eldest.getValue().payload().length;
            it.remove();
        }
    }
}
