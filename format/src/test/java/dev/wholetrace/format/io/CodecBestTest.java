package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Codec.BEST, the re-pack's choice: the smallest of zstd -19, xz -9 (from BEST_XZ_FROM bytes) and raw. */
class CodecBestTest {
    @Test
    void xzIsTriedFromTheBoundOnly() {
        assertThat(Codec.bestCandidates(Codec.BEST_XZ_FROM - 1)).containsExactly(Codec.ZSTD);
        assertThat(Codec.bestCandidates(Codec.BEST_XZ_FROM)).containsExactly(Codec.ZSTD, Codec.XZ);
    }

    @Test
    void belowTheXzBoundItIsZstdOrRawAndDecodes() throws Exception {
        Random random = new Random(7);
        for (int size : new int[] {1, 100, Codec.BEST_XZ_FROM - 1}) {
            byte[] repetitive = new byte[size], noise = new byte[size];
            for (int i = 0; i < size; i++) repetitive[i] = (byte) (i % 5);
            random.nextBytes(noise);
            for (byte[] raw : new byte[][] {repetitive, noise}) {
                Codec.Packed p = Codec.BEST.pack(raw);
                assertThat(p.codec()).isIn(Codec.ZSTD, Codec.NONE);
                assertThat(p.bytes().length).isLessThanOrEqualTo(raw.length);
                assertThat(p.codec() == Codec.NONE ? p.bytes() : p.codec().decompress(p.bytes(), raw.length, "test")).isEqualTo(raw);
            }
        }
    }

    @Test
    void fromTheBoundItKeepsTheSmallerOfZstdAndXz() throws Exception {
        Random random = new Random(11);
        byte[] raw = new byte[64 << 10]; // text-like: xz -9 and zstd -19 both pack it; BEST is no larger than either
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) ('a' + Math.min(25, (int) Math.abs(random.nextGaussian() * 4)));
        Codec.Packed p = Codec.BEST.pack(raw);
        assertThat(p.bytes().length).isLessThanOrEqualTo(Math.min(Codec.XZ.pack(raw).bytes().length, Codec.ZSTD.pack(raw).bytes().length));
        assertThat(p.codec().decompress(p.bytes(), raw.length, "test")).isEqualTo(raw);
    }
}
