package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * An xz payload ({@link Codec#XZ}: .wtrace sections, .wgr files) names its LZMA2 dictionary in its
 * block header, and xz's decoder allocates that dictionary before it decodes a byte. Damage there
 * (with the CRCs made to agree, as a fuzzer does) must be a FormatException, not gigabytes allocated
 * or an OutOfMemoryError: no writer of ours uses a dictionary above preset 9's 64 MiB, as
 * {@link Codec#LZMA2}'s own header check says ({@link XzSupport#MAX_DICTIONARY_BYTE}).
 */
class CodecXzDictionaryTest {
    /** The LZMA2 filter's dictionary byte of 1.5 GiB (3 << 29), the largest XZ for Java allocates. */
    private static final int HUGE = 37;

    @Test
    void aHugeDictionaryInTheBlockHeaderIsRefusedBeforeItIsAllocated() throws Exception {
        byte[] raw = new byte[20_000];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) (i % 251 % 17);
        byte[] stored = Codec.XZ.compress(raw);
        assertThat(Codec.XZ.decompress(stored, raw.length, "s")).isEqualTo(raw);
        byte[] damaged = withDictionaryByte(stored, HUGE);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(() -> Codec.XZ.decompress(damaged, raw.length, "s")).isInstanceOf(FormatException.class).hasMessageContaining("corrupted s");
        assertThat(threads.getCurrentThreadAllocatedBytes() - before).as("bytes allocated decoding it").isLessThan(100L << 20);
        assertThat(Codec.XZ.decompress(withDictionaryByte(stored, XzSupport.MAX_DICTIONARY_BYTE), raw.length, "s"))
                .as("preset 9's 64 MiB, the largest our writers use, still reads").isEqualTo(raw);
    }

    /** {@code xz} (one stream of one block, one LZMA2 filter, as XZOutputStream writes it) with its dictionary byte {@code b}, the block header's CRC32 fixed. */
    private static byte[] withDictionaryByte(byte[] xz, int b) {
        byte[] out = xz.clone();
        int header = 12; // the stream header
        int size = ((out[header] & 0xFF) + 1) * 4;
        assertThat(out[header + 1]).as("block flags: one filter, no sizes").isEqualTo((byte) 0);
        assertThat(out[header + 2]).as("filter id: LZMA2").isEqualTo((byte) 0x21);
        assertThat(out[header + 3]).as("its properties' size").isEqualTo((byte) 1);
        out[header + 4] = (byte) b;
        CRC32 crc = new CRC32();
        crc.update(out, header, size - 4);
        ByteBuffer.wrap(out, header + size - 4, 4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) crc.getValue());
        return out;
    }
}
