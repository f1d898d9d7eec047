package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** xz with work arrays kept from earlier sections writes the same bytes as with fresh ones. */
class ReusedXzArraysTest {
    @Test
    void reusedArraysGiveTheSameBytesAsFreshOnes() throws Exception {
        byte[] a = data(1, 1 << 20), b = data(2, 1 << 20), small = data(3, 40_000);
        byte[] first = Codec.FAST.pack(a).bytes();
        Codec.FAST.pack(b); // leaves its arrays, dirty, in the cache
        Codec.FAST.pack(small);
        byte[] again = Codec.FAST.pack(a).bytes(); // on b's arrays
        assertThat(again).isEqualTo(first);
        assertThat(Codec.XZ.decompress(again, a.length, "test")).isEqualTo(a);
    }

    /**
     * Sections of different but similar lengths share the work arrays: the encoder sizes them from
     * its dictionary, which is the payload's length rounded up to a power of two, not the exact
     * length (that gave every section arrays of its own size, which the cache could never hand back).
     */
    @Test
    void sectionsOfSimilarLengthsReuseTheArrays() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        byte[] first = data(4, 150_000), second = data(5, 170_000);
        Codec.FAST.pack(first);
        long before = threads.getCurrentThreadAllocatedBytes();
        byte[] packed = Codec.FAST.pack(second).bytes();
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        // what remains is the output buffer's growth and copy (~450 KB here); fresh arrays for a
        // 170,000-byte dictionary are ~1.7 MB more (hash chain 680 KB, hash table 512 KB, window ~520 KB)
        assertThat(allocated).as("bytes allocated for the second section").isLessThan(1L << 20);
        assertThat(Codec.XZ.decompress(packed, second.length, "test")).isEqualTo(second);
    }

    @Test
    void theDictionaryIsTheLengthRoundedUpToAPowerOfTwoWithinThePresets() {
        assertThat(XzSupport.dictionaryFor(256 << 10, 150_000)).isEqualTo(256 << 10);
        assertThat(XzSupport.dictionaryFor(256 << 10, 5_000)).isEqualTo(8 << 10);
        assertThat(XzSupport.dictionaryFor(256 << 10, 8 << 10)).isEqualTo(8 << 10);
        assertThat(XzSupport.dictionaryFor(256 << 10, 10)).isEqualTo(org.tukaani.xz.LZMA2Options.DICT_SIZE_MIN);
        assertThat(XzSupport.dictionaryFor(256 << 10, 3 << 20)).isEqualTo(256 << 10);
        assertThat(XzSupport.dictionaryFor(64 << 20, 3_000_000)).as("large payloads: the exact length, as before").isEqualTo(3_000_000);
    }

    @Test
    void handsBackOnlyExactSizesAndZeroedWhenAsked() {
        ReusedXzArrays cache = new ReusedXzArrays();
        int[] dirty = new int[1 << 16];
        dirty[7] = 42;
        cache.putArray(dirty);
        assertThat(cache.getIntArray((1 << 16) + 1, true)).isNotSameAs(dirty);
        int[] back = cache.getIntArray(1 << 16, true);
        assertThat(back).isSameAs(dirty);
        assertThat(back[7]).isZero();
        assertThat(cache.getIntArray(1 << 16, false)).isNotSameAs(dirty); // handed out once only
    }

    /**
     * FAST's seven dictionary sizes (4 KiB to 256 KiB) in turn, as sections of varied lengths give
     * them: each encoder's arrays are found again when its size comes back. A count of eight arrays
     * per element type let the sizes evict each other (each encoder returns several int arrays):
     * the second round then allocated its hash tables and chains afresh (5.7 MB here, under 0.5 MB with the budget).
     */
    @Test
    void alternatingDictionarySizesReuseTheirArrays() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        ReusedXzArrays cache = new ReusedXzArrays();
        byte[] payload = data(6, 4_000);
        int[] dictionaries = {4 << 10, 8 << 10, 16 << 10, 32 << 10, 64 << 10, 128 << 10, 256 << 10};
        for (int d : dictionaries) compress(cache, d, payload);
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int d : dictionaries) compress(cache, d, payload);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        // what remains is the encoders' small objects and arrays under the cache's minimum
        assertThat(allocated).as("bytes allocated by the second round").isLessThan(512L << 10);
    }

    @Test
    void keepsArraysUnderItsByteBudgetDroppingTheOldestFirst() {
        ReusedXzArrays cache = new ReusedXzArrays();
        int n = ReusedXzArrays.MAX_BYTES / 4;
        int[] oldest = new int[n];
        cache.putArray(oldest);
        for (long kept = ReusedXzArrays.MAX_BYTES; kept < ReusedXzArrays.BUDGET_BYTES; kept += ReusedXzArrays.MAX_BYTES) cache.putArray(new byte[ReusedXzArrays.MAX_BYTES]);
        assertThat(cache.keptBytes()).isEqualTo(ReusedXzArrays.BUDGET_BYTES);
        cache.putArray(new int[n]); // over the budget: the oldest goes
        assertThat(cache.keptBytes()).isEqualTo(ReusedXzArrays.BUDGET_BYTES);
        assertThat(cache.getIntArray(n, false)).isNotSameAs(oldest);
        assertThat(cache.reused()).isEqualTo(1);
        assertThat(cache.getIntArray(n, false)).as("no second array of that size left").isNotSameAs(oldest);
        assertThat(cache.allocated()).isEqualTo(1);
        cache.putArray(new byte[ReusedXzArrays.MAX_BYTES + 1]); // too large to keep
        assertThat(cache.keptBytes()).isEqualTo(ReusedXzArrays.BUDGET_BYTES - ReusedXzArrays.MAX_BYTES);
    }

    private static void compress(ReusedXzArrays cache, int dictionary, byte[] payload) throws Exception {
        org.tukaani.xz.LZMA2Options options = new org.tukaani.xz.LZMA2Options(0);
        options.setDictSize(dictionary);
        try (org.tukaani.xz.XZOutputStream out = new org.tukaani.xz.XZOutputStream(java.io.OutputStream.nullOutputStream(), options, cache)) {
            out.write(payload);
        }
    }

    /** Compressible but not trivial: small words from a skewed distribution. */
    private static byte[] data(long seed, int n) {
        Random r = new Random(seed);
        byte[] d = new byte[n];
        for (int i = 0; i < n; i++) d[i] = (byte) (r.nextInt(1 + r.nextInt(40)) + 'a');
        return d;
    }
}
