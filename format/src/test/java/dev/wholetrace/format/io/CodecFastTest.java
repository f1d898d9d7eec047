package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** Codec.FAST, the recorder's seal: stored as xz, deflate or raw, and read back by every reader. */
class CodecFastTest {
    @Test
    void aRepetitivePayloadIsStoredAsXzAndDecodes() throws Exception {
        byte[] raw = new byte[100_000];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i % 7 == 0 ? 1 : i % 3);
        Codec.Packed p = Codec.FAST.pack(raw);
        assertThat(p.codec()).isEqualTo(Codec.XZ);
        assertThat(p.bytes().length).isLessThan(raw.length / 20);
        assertThat(Codec.XZ.decompress(p.bytes(), raw.length, "test")).isEqualTo(raw);
    }

    @Test
    void aSmallPayloadIsStoredAsDeflateAndDecodes() throws Exception {
        byte[] raw = new byte[Codec.FAST_DEFLATE_BELOW - 1];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i % 7 == 0 ? 1 : i % 3);
        Codec.Packed p = Codec.FAST.pack(raw);
        assertThat(p.codec()).isEqualTo(Codec.DEFLATE);
        assertThat(p.bytes().length).isLessThan(raw.length / 10);
        assertThat(Codec.DEFLATE.decompress(p.bytes(), raw.length, "test")).isEqualTo(raw);
        byte[] atTheBound = java.util.Arrays.copyOf(raw, Codec.FAST_DEFLATE_BELOW);
        assertThat(Codec.FAST.pack(atTheBound).codec()).isEqualTo(Codec.XZ);
    }

    /**
     * The deflater is kept per thread and reset for each payload: every payload deflates as with a
     * new deflater (java.util.zip's own, independent of ours), whatever the thread deflated before.
     */
    @Test
    void aReusedDeflaterWritesANewOnesStream() {
        Random random = new Random(11);
        for (int k = 0; k < 30; k++) {
            byte[] raw = new byte[Codec.FAST_MIN_BYTES + random.nextInt(Codec.FAST_DEFLATE_BELOW - Codec.FAST_MIN_BYTES)];
            for (int i = 0; i < raw.length; i++) raw[i] = (byte) (random.nextInt(9) == 0 ? random.nextInt(256) : i % (3 + k));
            Codec.Packed p = Codec.FAST.pack(raw);
            if (p.codec() != Codec.DEFLATE) continue;
            java.util.zip.Deflater fresh = new java.util.zip.Deflater(java.util.zip.Deflater.BEST_SPEED);
            fresh.setInput(raw);
            fresh.finish();
            byte[] out = new byte[2 * raw.length + 64];
            int n = fresh.deflate(out);
            fresh.end();
            assertThat(p.bytes()).as("payload %s", k).isEqualTo(java.util.Arrays.copyOf(out, n));
        }
    }

    @Test
    void smallOrIncompressiblePayloadsStayRaw() {
        byte[] small = new byte[Codec.FAST_MIN_BYTES - 1];
        assertThat(Codec.FAST.pack(small).codec()).isEqualTo(Codec.NONE);
        byte[] noise = new byte[10_000];
        new Random(7).nextBytes(noise);
        Codec.Packed p = Codec.FAST.pack(noise);
        assertThat(p.codec()).isEqualTo(Codec.NONE);
        assertThat(p.bytes()).isEqualTo(noise);
    }

    @Test
    void fastIsAWriteOnlyChoice() {
        assertThatThrownBy(() -> Codec.byId(Codec.FAST.id & 0xFF)).isInstanceOf(FormatException.class);
        assertThatThrownBy(() -> Codec.FAST.compress(new byte[1])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Codec.FAST.decompress(new byte[1], 1, "test")).isInstanceOf(FormatException.class);
    }

    @Test
    void pastItsDeadlineFastDeflatesInsteadOfStoringRaw() throws Exception {
        // Until session 50 this was stored raw: on a loaded machine nearly every sync order was
        // (GuavaDriver 300: 16.6 MB, 0.22 MB packed), where zlib level 1 packs it 90x for ~2 ms of CPU a MB.
        byte[] raw = new byte[1 << 20];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i % 11);
        Codec.Packed late = Codec.FAST.pack(raw, System.nanoTime() - 1);
        assertThat(late.codec()).isEqualTo(Codec.DEFLATE);
        assertThat(late.bytes().length).isLessThan(raw.length / 50);
        assertThat(Codec.DEFLATE.decompress(late.bytes(), raw.length, "test")).isEqualTo(raw);
        byte[] noise = new byte[10_000];
        new Random(11).nextBytes(noise);
        assertThat(Codec.FAST.pack(noise, System.nanoTime() - 1).codec()).as("incompressible: raw, late or not").isEqualTo(Codec.NONE);
        Codec.Packed inTime = Codec.FAST.pack(raw, System.nanoTime() + 60_000_000_000L);
        assertThat(inTime.codec()).isEqualTo(Codec.XZ);
        assertThat(Codec.XZ.decompress(inTime.bytes(), raw.length, "test")).isEqualTo(raw);
        assertThat(Codec.XZ.pack(raw, System.nanoTime() - 1).codec()).as("only FAST has a deadline").isEqualTo(Codec.XZ);
    }

    @Test
    void whenXzWouldEndLateFastSwitchesToDeflate() throws Exception {
        byte[] raw = new byte[1 << 20];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i % 13 + i / 4096);
        // FAST looks at the clock at 0, xz starts at 0 and looks at 0 before its first slice; after
        // its first slice it sees 50 (not judged yet: one slice), after its second 100: at that pace
        // its 16 slices end at 800, after the deadline (200). Every later look moves the clock by 1.
        long[] calls = {0};
        LongSupplier clock = () -> {
            long call = calls[0]++;
            return call < 3 ? 0 : call == 3 ? 50 : call == 4 ? 100 : 96 + call;
        };
        Codec.Packed p = Codec.fast(raw, 200, clock);
        assertThat(p.codec()).isEqualTo(Codec.DEFLATE);
        assertThat(p.bytes().length).isLessThan(raw.length / 10);
        assertThat(Codec.byId(Codec.DEFLATE.id).decompress(p.bytes(), raw.length, "test")).isEqualTo(raw);

        calls[0] = 0;
        Codec.Packed tooLate = Codec.fast(raw, 105, clock);
        assertThat(tooLate.codec()).as("deflate passes the deadline too, and still runs to the end").isEqualTo(Codec.DEFLATE);
        assertThat(tooLate.bytes()).isEqualTo(p.bytes());
    }

    @Test
    void damagedDeflateDataIsAFormatError() {
        byte[] raw = new byte[10_000];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i % 5);
        byte[] packed = Codec.DEFLATE.compress(raw);
        packed[packed.length / 2] ^= 0x5A;
        assertThatThrownBy(() -> Codec.DEFLATE.decompress(packed, raw.length, "section x"))
                .isInstanceOf(FormatException.class).hasMessageContaining("section x");
        assertThatThrownBy(() -> Codec.DEFLATE.decompress(Codec.DEFLATE.compress(raw), raw.length + 1, "section y"))
                .isInstanceOf(FormatException.class).hasMessageContaining("section y");
        byte[] trailing = java.util.Arrays.copyOf(Codec.DEFLATE.compress(raw), Codec.DEFLATE.compress(raw).length + 7);
        assertThatThrownBy(() -> Codec.DEFLATE.decompress(trailing, raw.length, "section z"))
                .isInstanceOf(FormatException.class).hasMessageContaining("longer than declared");
    }
}
