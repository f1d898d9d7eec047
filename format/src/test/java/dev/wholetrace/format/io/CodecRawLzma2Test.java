package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Codec.LZMA2 (.wtrace version 19 on): xz's LZMA2 stream without the xz container, behind a
 * two-byte header of ours. It must decode to exactly what was packed, be smaller than the xz
 * stream by the container, and turn every damage its decoder can see into a FormatException.
 */
class CodecRawLzma2Test {
    /** Varint-like bytes with repeats, as a trace's payloads are. */
    private static byte[] payload(int size, long seed) {
        Random random = new Random(seed);
        byte[] raw = new byte[size];
        for (int i = 0; i < size; i++) raw[i] = (byte) (i % 97 < 60 ? i % 13 : random.nextInt(40));
        return raw;
    }

    @Test
    void itIsTheXzStreamWithoutItsContainerAndDecodes() throws Exception {
        for (int size : new int[] {0, 1, 700, 5_000, 300_000}) {
            byte[] raw = payload(size, size);
            for (Codec codec : new Codec[] {Codec.XZ, Codec.BEST, Codec.FAST}) {
                Codec.Packed xz = codec.pack(raw, Codec.NO_DEADLINE, false);
                Codec.Packed lzma2 = codec.pack(raw, Codec.NO_DEADLINE, true);
                assertThat(lzma2.codec()).as(codec + " of " + size).isNotEqualTo(Codec.XZ);
                if (xz.codec() == Codec.XZ) {
                    assertThat(lzma2.codec()).isEqualTo(Codec.LZMA2);
                    assertThat(lzma2.bytes().length).as(codec + " of " + size + ": the container's bytes saved")
                            .isLessThanOrEqualTo(xz.bytes().length - 40);
                }
                assertThat(lzma2.bytes().length).isLessThanOrEqualTo(xz.bytes().length);
                assertThat(lzma2.codec().decompress(lzma2.bytes(), raw.length, "test")).isEqualTo(raw);
            }
            byte[] stored = Codec.LZMA2.compress(raw);
            assertThat(stored[0]).as("our header's version").isEqualTo((byte) XzSupport.RAW_HEADER_VERSION);
            assertThat(Codec.LZMA2.decompress(stored, raw.length, "test")).isEqualTo(raw);
        }
    }

    @Test
    void theDictionaryByteCodesASizeAtLeastTheEncoders() {
        for (int size : new int[] {4096, 4097, 6144, 6145, 1 << 20, (1 << 20) + 1, 3 << 20, 64 << 20}) {
            int b = XzSupport.dictionaryByte(size);
            assertThat(XzSupport.dictionarySize(b)).isGreaterThanOrEqualTo(size);
            assertThat(b == 0 || XzSupport.dictionarySize(b - 1) < size).as("the smallest such byte").isTrue();
        }
        assertThat(XzSupport.dictionaryByte(64 << 20)).isEqualTo(XzSupport.MAX_DICTIONARY_BYTE);
    }

    @Test
    void aDamagedHeaderLengthOrStreamIsAFormatException() {
        byte[] raw = payload(20_000, 3);
        byte[] stored = Codec.LZMA2.compress(raw);
        byte[] version = stored.clone();
        version[0] = 2;
        assertThatThrownBy(() -> Codec.LZMA2.decompress(version, raw.length, "s")).isInstanceOf(FormatException.class)
                .hasMessageContaining("corrupted s").hasMessageContaining("header has version 2");
        byte[] dictionary = stored.clone();
        dictionary[1] = (byte) (XzSupport.MAX_DICTIONARY_BYTE + 1);
        assertThatThrownBy(() -> Codec.LZMA2.decompress(dictionary, raw.length, "s")).isInstanceOf(FormatException.class)
                .hasMessageContaining("dictionary");
        assertThatThrownBy(() -> Codec.LZMA2.decompress(Arrays.copyOf(stored, 1), raw.length, "s")).isInstanceOf(FormatException.class);
        assertThatThrownBy(() -> Codec.LZMA2.decompress(Arrays.copyOf(stored, stored.length - 1), raw.length, "s")).isInstanceOf(FormatException.class);
        assertThatThrownBy(() -> Codec.LZMA2.decompress(Arrays.copyOf(stored, stored.length + 1), raw.length, "s")).isInstanceOf(FormatException.class)
                .hasMessageContaining("longer than declared");
        assertThatThrownBy(() -> Codec.LZMA2.decompress(stored, raw.length + 1, "s")).isInstanceOf(FormatException.class);
        assertThatThrownBy(() -> Codec.LZMA2.decompress(stored, raw.length - 1, "s")).isInstanceOf(FormatException.class);
    }

    /**
     * Every single-byte damage of the stored bytes (the section's CRC, checked before decoding,
     * refuses these in a file; here the codec sees them): the decoder either refuses them as a
     * FormatException or decodes exactly the declared length, which the payload's own parser then
     * checks. No other exception escapes and nothing larger than the declared length is allocated.
     */
    @Test
    void everyByteDamagedIsRefusedOrDecodesToTheDeclaredLength() {
        byte[] raw = payload(6_000, 9);
        byte[] stored = Codec.LZMA2.compress(raw);
        Random random = new Random(1);
        int refused = 0;
        for (int i = 0; i < stored.length; i++) {
            byte[] damaged = stored.clone();
            damaged[i] ^= (byte) (1 + random.nextInt(255));
            try {
                assertThat(Codec.LZMA2.decompress(damaged, raw.length, "s")).hasSize(raw.length);
            } catch (FormatException e) {
                refused++;
            }
        }
        assertThat(refused).as("most damage is seen by the decoder itself").isGreaterThan(stored.length / 4);
    }

    @Test
    void grammarFilesHoldNone() {
        assertThatThrownBy(() -> GrammarFile.codecOf(Codec.LZMA2.id, "f")).isInstanceOf(FormatException.class).hasMessageContaining("unknown codec id 5");
        assertThatThrownBy(() -> GrammarFile.packed(new byte[10], Codec.LZMA2)).isInstanceOf(IllegalArgumentException.class);
    }
}
