package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Codec.FAST, the recorder's seal: stored as xz or raw, so every reader reads it back. */
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
    void pastItsDeadlineFastStoresRaw() throws Exception {
        byte[] raw = new byte[1 << 20];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i % 11);
        Codec.Packed late = Codec.FAST.pack(raw, System.nanoTime() - 1);
        assertThat(late.codec()).isEqualTo(Codec.NONE);
        assertThat(late.bytes()).isSameAs(raw);
        Codec.Packed inTime = Codec.FAST.pack(raw, System.nanoTime() + 60_000_000_000L);
        assertThat(inTime.codec()).isEqualTo(Codec.XZ);
        assertThat(Codec.XZ.decompress(inTime.bytes(), raw.length, "test")).isEqualTo(raw);
        assertThat(Codec.XZ.pack(raw, System.nanoTime() - 1).codec()).as("only FAST has a deadline").isEqualTo(Codec.XZ);
    }
}
