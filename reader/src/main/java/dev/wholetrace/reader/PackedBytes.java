package dev.wholetrace.reader;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A growable byte array written with unsigned and zigzag varints (LEB128, as the file uses), read
 * back by position. The resident form of the sync order: a varint is a byte for the small
 * differences most entries are.
 *
 * <p>Kept in pages of {@link #PAGE} bytes (256 KB), not one array grown by copying: growing a single array
 * of a few hundred megabytes (a thread of 20 M sync operations) needs the old and the new array at
 * once, 2.5 times the data, which made a trace whose order fits the heap fail while it was read.
 * The first page starts small and doubles up to a page, so a thread with few operations costs few
 * bytes; {@link #trim} cuts the last page to its data. A full page goes to the {@link PageSpill},
 * which keeps it on the heap or moves it to a mapped temporary file.
 */
final class PackedBytes {
    static final int PAGE_BITS = 18; // 256 KB: below half a G1 region, so not a humongous object
    /** Bytes a page holds (the first may be smaller while the data fits in it). */
    static final int PAGE = 1 << PAGE_BITS;
    private static final int MASK = PAGE - 1;

    private final PageSpill spill;
    /** The pages on the heap (null where a page was spilled). */
    private byte[][] pages = {new byte[64]};
    /** The spilled pages' mappings (null where a page is on the heap). */
    private ByteBuffer[] mapped = new ByteBuffer[1];
    private int pageCount = 1;
    private int size;

    /** A store whose pages all stay on the heap. */
    PackedBytes() {
        this(PageSpill.NONE);
    }

    PackedBytes(PageSpill spill) {
        this.spill = spill;
    }

    int size() {
        return size;
    }

    /** Bytes held on the heap (spilled pages not counted). */
    long capacity() {
        long n = 32L * pages.length;
        for (int p = 0; p < pageCount; p++) if (pages[p] != null) n += pages[p].length;
        return n;
    }

    /** A reader positioned at {@code offset}. */
    Reader reader(int offset) {
        return new Reader(offset);
    }

    private void put(byte b) {
        int p = size >>> PAGE_BITS;
        int at = size & MASK;
        if (p == pageCount) {
            if (size > Integer.MAX_VALUE - 16) throw new IllegalStateException("more than 2 GB of packed sync operations");
            if (pageCount == pages.length) {
                pages = Arrays.copyOf(pages, pageCount * 2);
                mapped = Arrays.copyOf(mapped, pageCount * 2);
            }
            ByteBuffer full = spill.take(pages[p - 1]);
            if (full != null) {
                mapped[p - 1] = full;
                pages[p - 1] = null;
            }
            pages[pageCount++] = new byte[PAGE];
        } else if (at == pages[p].length) {
            pages[p] = Arrays.copyOf(pages[p], Math.min(PAGE, pages[p].length * 2));
        }
        pages[p][at] = b;
        size++;
    }

    void writeVarLong(long v) {
        while ((v & ~0x7FL) != 0) {
            put((byte) (v & 0x7F | 0x80));
            v >>>= 7;
        }
        put((byte) v);
    }

    void writeSignedVarLong(long v) {
        writeVarLong(v << 1 ^ v >> 63);
    }

    /** Releases the slack: the last page keeps only its data. */
    void trim() {
        int last = pageCount - 1;
        int used = size - (last << PAGE_BITS);
        if (pages[last] != null && used < pages[last].length) pages[last] = Arrays.copyOf(pages[last], used);
        if (pages.length > pageCount) {
            pages = Arrays.copyOf(pages, pageCount);
            mapped = Arrays.copyOf(mapped, pageCount);
        }
    }

    /** The unsigned varint at {@code offset}. */
    long peekVarLong(int offset) {
        return new Reader(offset).varLong();
    }

    /** Decodes varints forward from a position: the one decoder of the sync order's readers. */
    final class Reader {
        private int offset;

        private Reader(int offset) {
            this.offset = offset;
        }

        void seek(int offset) {
            this.offset = offset;
        }

        /** The unsigned varint at the position; moves past it. */
        long varLong() {
            byte[][] d = pages;
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                int o = offset++;
                byte[] page = d[o >>> PAGE_BITS];
                byte b = page != null ? page[o & MASK] : mapped[o >>> PAGE_BITS].get(o & MASK);
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) return v;
            }
        }

        /** The zigzag varint at the position; moves past it. */
        long signedVarLong() {
            return unzigzag(varLong());
        }
    }

    /** Undoes the zigzag of {@link #writeSignedVarLong}. */
    static long unzigzag(long v) {
        return v >>> 1 ^ -(v & 1);
    }
}
