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
