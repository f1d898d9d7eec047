package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.util.Alphabet;
import java.util.Arrays;

/**
 * A block id's symbol in an encoder's trace-wide alphabet, through a cache in front of it: block
 * ids are dense, so two array reads (id → symbol + 1, 0: not seen yet) replace the alphabet's hash
 * probe (three reads of large arrays) on the compressor's most frequent event. The cache is paged
 * ({@value #PAGE} ids a page, a page made when one of its ids first appears): every thread has
 * one, and a thread that runs a few blocks with large ids (a short task in a program of thousands
 * of classes, a virtual thread) must not pay 4 bytes for every id below them, as a flat array
 * did (up to 256 KB per thread for ids near 65,000). Ids from {@link #CACHED_BLOCK_IDS} on use
 * the alphabet alone. Not thread-safe: one per encoder.
 */
final class BlockSymbols {
    /** Block ids below this have their symbol cached (4 bytes each, in the pages their ids use). */
    static final int CACHED_BLOCK_IDS = 1 << 22;
    private static final int PAGE_BITS = 7;
    static final int PAGE = 1 << PAGE_BITS;

    private final Alphabet symbols;
    /** Page p caches ids [p × PAGE, (p + 1) × PAGE); null until one of them appears. Grown to the highest page used. */
    private int[][] pages = new int[8][];

    /** A cache in front of {@code symbols}, which must not restart at cuts (a control alphabet). */
    BlockSymbols(Alphabet symbols) {
        this.symbols = symbols;
    }

    int of(long block) {
        if (block >= CACHED_BLOCK_IDS) return symbols.idOf(SymbolTag.BLOCK, block);
        int id = (int) block;
        int[][] p = pages;
        int page = id >>> PAGE_BITS;
        if (page < p.length) {
            int[] c = p[page];
            if (c != null) {
                int s = c[id & (PAGE - 1)];
                if (s != 0) return s - 1;
            }
        }
        return miss(id);
    }

    /** The first use of {@code id} in this cache: its page made if needed, its symbol taken from the alphabet. */
    private int miss(int id) {
        int page = id >>> PAGE_BITS;
        if (page >= pages.length) pages = Arrays.copyOf(pages, page + 1 + (page >>> 3)); // an eighth to spare: 4 bytes a page
        int[] c = pages[page];
        if (c == null) pages[page] = c = new int[PAGE];
        int s = symbols.idOf(SymbolTag.BLOCK, id);
        c[id & (PAGE - 1)] = s + 1;
        return s;
    }

    /** The bytes of cache arrays this holds (the page table and its pages), for tests of its size. */
    long cacheBytes() {
        long n = 16 + 4L * pages.length;
        for (int[] c : pages) if (c != null) n += 16 + 4L * c.length;
        return n;
    }
}
