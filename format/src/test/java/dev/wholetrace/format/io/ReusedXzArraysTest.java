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

    /** Compressible but not trivial: small words from a skewed distribution. */
    private static byte[] data(long seed, int n) {
        Random r = new Random(seed);
        byte[] d = new byte[n];
        for (int i = 0; i < n; i++) d[i] = (byte) (r.nextInt(1 + r.nextInt(40)) + 'a');
        return d;
    }
}
