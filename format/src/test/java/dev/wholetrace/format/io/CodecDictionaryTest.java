package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link Codec#ZSTD_DICT}'s frames (format version 10's references): a round trip, and damaged frames refused in one line. */
class CodecDictionaryTest {
    private static final byte[] DICTIONARY = "thread 0: run, lock, unlock, run, barrier, run, end".repeat(20).getBytes(StandardCharsets.UTF_8);

    @Test
    void aSectionDecodesWithTheDictionaryItWasCodedWith() throws Exception {
        byte[] raw = "thread 1: run, lock, unlock, run, barrier, run, end".repeat(20).getBytes(StandardCharsets.UTF_8);
        byte[] frame = Codec.compressWithDictionary(raw, DICTIONARY);
        byte[] stored = new byte[3 + frame.length]; // what precedes the frame in a section: the reference's varint
        System.arraycopy(frame, 0, stored, 3, frame.length);
        assertThat(Codec.decompressWithDictionary(stored, 3, raw.length, DICTIONARY, "s")).isEqualTo(raw);
        byte[] badMagic = stored.clone();
        badMagic[3]++; // the frame's first byte: zstd-jni throws reading its content size
        assertThatThrownBy(() -> Codec.decompressWithDictionary(badMagic, 3, raw.length, DICTIONARY, "s"))
                .isInstanceOf(FormatException.class).hasMessageContaining("corrupted s");
        for (int wrong : new int[] {raw.length + 1, raw.length - 1}) {
            assertThatThrownBy(() -> Codec.decompressWithDictionary(stored, 3, wrong, DICTIONARY, "s"))
                    .isInstanceOf(FormatException.class).hasMessageContaining("corrupted s: its zstd frame does not declare");
        }
    }

    /**
     * A section header and a frame that both declare 2 GiB - 1 bytes the frame does not hold (one raw
     * byte): refused like any damaged frame, without first allocating the declared length (which
     * threw OutOfMemoryError, a stack trace instead of exit 2).
     */
    @Test
    void aDeclaredLengthTheFrameDoesNotFillAllocatesNothing() {
        byte[] frame = {
            0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, // zstd magic
            (byte) 0xA0, // single segment, 4-byte content size
            (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F, // content size Integer.MAX_VALUE
            0x09, 0x00, 0x00, 'x', // last block, raw, 1 byte
        };
        assertThatThrownBy(() -> Codec.decompressWithDictionary(frame, 0, Integer.MAX_VALUE, DICTIONARY, "s"))
                .isInstanceOf(FormatException.class).hasMessageContaining("corrupted s");
    }
}
