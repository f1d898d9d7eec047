package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Codec.BEST, the re-pack's choice: the smallest of zstd -19, xz (from BEST_XZ_FROM bytes) and raw. */
class CodecBestTest {
    @Test
    void xzIsTriedFromTheBoundOnly() {
        assertThat(Codec.bestCandidates(new byte[Codec.BEST_XZ_FROM - 1])).containsExactly(Codec.ZSTD);
        assertThat(Codec.bestCandidates(new byte[Codec.BEST_XZ_FROM])).containsExactly(Codec.ZSTD, Codec.XZ);
        assertThat(Codec.bestCandidates(new byte[Codec.ESTIMATE_FROM - 1])).containsExactly(Codec.ZSTD, Codec.XZ);
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

    /**
     * A large payload of small varints repeating with {@code period}, one in {@code rate} of them
     * replaced by another, as a sync order is (threads taking the same locks in a drifting
     * interleaving): the shape on which xz -9's binary-tree search was slow.
     */
    private static byte[] syncOrderLike(int size, int period, int rate, long seed) {
        Random random = new Random(seed);
        int[] pattern = new int[period];
        for (int i = 0; i < period; i++) pattern[i] = random.nextInt(64);
        byte[] raw = new byte[size];
        for (int i = 0; i < size; i++) raw[i] = (byte) (random.nextInt(rate) == 0 ? random.nextInt(64) : pattern[i % period]);
        return raw;
    }

    @Test
    void aLargePayloadRunsOnlyTheCodecsItsSampleDoesNotRuleOut() throws Exception {
        // Rare substitutions: zstd's sample came out ~15 % smaller than xz's (measured), beyond the margin.
        byte[] raw = syncOrderLike(Codec.LARGE_XZ_FROM + 12345, 37, 64, 3);
        Codec[] candidates = Codec.bestCandidates(raw);
        assertThat(candidates).hasSize(1);
        Codec skipped = candidates[0] == Codec.XZ ? Codec.ZSTD : Codec.XZ;
        Codec.Packed p = Codec.BEST.pack(raw);
        assertThat(p.codec()).isEqualTo(candidates[0]);
        assertThat(p.bytes().length).isLessThan(skipped.compress(raw).length); // the skipped codec would not have won
        assertThat(p.codec().decompress(p.bytes(), raw.length, "test")).isEqualTo(raw);
    }

    /**
     * Below {@link Codec#LARGE_XZ_FROM} BEST's xz is preset 9 itself: on a 300 KiB table of skewed ints
     * (xz -9 ~15 % smaller than zstd -19 on it) the bounded search, which began at 256 KiB until
     * session 44, came out larger than xz -9, and BEST's file with it. Judged from a sample from
     * {@link Codec#ESTIMATE_FROM}: the sample must keep the codec that wins.
     */
    @Test
    void belowTheLargeBoundBestIsAsSmallAsXz9() throws Exception {
        Random random = new Random(300);
        int[] table = new int[64];
        for (int i = 0; i < table.length; i++) table[i] = random.nextInt();
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(300 << 10).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        while (b.remaining() >= 4) b.putInt(table[(int) Math.abs(random.nextGaussian() * 10) % 64] ^ (random.nextInt(50) == 0 ? random.nextInt(256) : 0));
        byte[] raw = b.array();
        Codec.Packed p = Codec.BEST.pack(raw);
        assertThat(p.bytes().length).isEqualTo(Math.min(Codec.XZ.compress(raw).length, Codec.ZSTD.compress(raw).length));
        assertThat(p.codec().decompress(p.bytes(), raw.length, "test")).isEqualTo(raw);
        assertThat(raw.length).as("sampled, with xz -9").isBetween(Codec.ESTIMATE_FROM, Codec.LARGE_XZ_FROM - 1);
    }

    @Test
    void theBoundedXzSearchStaysWithinTenPercentOfPreset9() throws Exception {
        byte[] raw = syncOrderLike(Codec.LARGE_XZ_FROM * 2, 10, 8, 5);
        byte[] bounded = Codec.bestXz(raw, false);
        ByteArrayOutputStream preset9 = new ByteArrayOutputStream();
        try (OutputStream xz = XzSupport.output(preset9, 9, raw.length, false)) {
            xz.write(raw);
        }
        assertThat((long) bounded.length * 100).isLessThanOrEqualTo((long) preset9.size() * 110);
        assertThat(Codec.XZ.decompress(bounded, raw.length, "test")).isEqualTo(raw);
    }

    /** The one description of BEST that reports and help print names its thresholds as the code has them. */
    @Test
    void theDescriptionSaysWhatBestDoes() {
        assertThat(Codec.BEST_DESCRIPTION)
                .startsWith("the smallest of zstd -19, xz and the raw bytes (xz from 1 KiB: preset 9, below 256 KiB also with lc=1 pb=0, "
                        + "from 1 MiB with preset 9's coder over a bounded match search")
                .contains("nice length " + Codec.LARGE_XZ_NICE_LENGTH).contains("depth " + Codec.LARGE_XZ_DEPTH)
                .contains("from 256 KiB only the codecs that a sample of 4 × 32 KiB does not rule out by more than 10 percent")
                .doesNotContain("%"); // picocli formats help texts (recompress, bench grammars): a % there is a format error
        assertThat(Codec.BEST_XZ_FROM).isEqualTo(1 << 10);
        assertThat(Codec.LARGE_XZ_FROM).isEqualTo(1 << 20);
        assertThat(Codec.ESTIMATE_FROM).isEqualTo(256 << 10);
        assertThat(Codec.BYTE_CODED_XZ_BELOW).isEqualTo(256 << 10);
    }

    /**
     * Below {@link Codec#BYTE_CODED_XZ_BELOW} BEST's xz is the smaller of preset 9 and preset 9 with
     * the byte-coded literal model (lc=1, pb=0), and either is read back by the ordinary decoder:
     * on varints of a trace-like payload (small deltas, unaligned) the byte-coded one wins; on
     * aligned 4-byte words, whichever is smaller is kept.
     */
    @Test
    void belowTheBoundBestXzKeepsTheSmallerOfPreset9AndTheByteCodedModel() throws Exception {
        Random random = new Random(45);
        ByteArrayOutputStream varints = new ByteArrayOutputStream();
        for (int i = 0; i < 3000; i++) {
            long v = random.nextInt(20) == 0 ? random.nextInt(1 << 20) : random.nextInt(300);
            while (v >= 0x80) {
                varints.write((int) (v & 0x7F) | 0x80);
                v >>>= 7;
            }
            varints.write((int) v);
        }
        java.nio.ByteBuffer words = java.nio.ByteBuffer.allocate(16 << 10).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        while (words.remaining() >= 4) words.putInt(random.nextInt(64) << 8 | 0x7F);
        for (byte[] raw : List.of(varints.toByteArray(), words.array())) {
            byte[] preset9 = Codec.XZ.compress(raw);
            ByteArrayOutputStream byteCoded = new ByteArrayOutputStream();
            try (OutputStream xz = XzSupport.outputByteCoded(byteCoded, raw.length, false)) {
                xz.write(raw);
            }
            byte[] best = Codec.bestXz(raw, false);
            assertThat(best.length).isEqualTo(Math.min(preset9.length, byteCoded.size()));
            assertThat(Codec.XZ.decompress(best, raw.length, "test")).isEqualTo(raw);
            assertThat(Codec.XZ.decompress(byteCoded.toByteArray(), raw.length, "test")).isEqualTo(raw);
        }
        assertThat(Codec.bestXz(varints.toByteArray(), false)).isNotEqualTo(Codec.XZ.compress(varints.toByteArray())); // the byte-coded model won there
    }
}
