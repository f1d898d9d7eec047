package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A version-2 {@code .wgr} past 2 GB, without writing one: {@link GrammarFileWriter} writes into a
 * virtual file ({@link SparseChannel}: zeros become holes) nine chunks of 250 MiB of zeros, then a
 * small chunk and the end record, both past 2^31. The reader must walk every chunk with long
 * offsets, check each one's CRC, return the last payload byte for byte and agree with the end
 * record; a copy cut inside the ninth chunk reads to its last complete chunk; a flipped byte in
 * the last chunk is found. (About 2.2 GB of zeros pass through the reader per test: a few seconds.)
 */
class GrammarFilePast2GbTest {
    private static final int BIG = 250 << 20;
    private static final int HOLES = 9;
    private static final byte[] LAST = "the last chunk, past 2 GB".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static SparseChannel file;
    private static long lastChunkAt;

    @BeforeAll
    static void write() throws IOException {
        file = new SparseChannel();
        byte[] zeros = new byte[BIG];
        try (GrammarFileWriter w = new GrammarFileWriter(file, 0)) {
            for (int i = 0; i < HOLES; i++) w.chunk(zeros, 1000, Codec.NONE);
            lastChunkAt = w.bytes();
            w.chunk(LAST, 7, Codec.NONE);
        }
        assertThat(file.size()).isGreaterThan(Integer.MAX_VALUE);
        assertThat(lastChunkAt).isGreaterThan(Integer.MAX_VALUE);
        assertThat(file.storedBytes()).isLessThan(1 << 12); // nothing big was kept: the test costs no disk and little memory
    }

    @Test
    void everyChunkIsReadWithLongOffsetsUpToTheEndRecord() throws IOException {
        try (GrammarFileReader r = GrammarFileReader.open("virtual.wgr", file.cutAt(Long.MAX_VALUE), false)) {
            assertThat(r.version()).isEqualTo(2);
            assertThat(r.size()).isEqualTo(file.size());
            for (int i = 0; i < HOLES; i++) {
                byte[] p = r.next();
                assertThat(p).hasSize(BIG);
                assertThat(p[0] | p[BIG / 2] | p[BIG - 1]).isZero();
            }
            assertThat(r.next()).isEqualTo(LAST);
            assertThat(r.next()).isNull();
            assertThat(r.chunks()).isEqualTo(HOLES + 1);
            assertThat(r.endRecords()).isEqualTo(HOLES * 1000L + 7);
            assertThat(r.truncation()).isNull();
        }
    }

    @Test
    void aFileCutPast2GbReadsToItsLastCompleteChunk() throws IOException {
        long cut = lastChunkAt - 1000; // inside the ninth big chunk, past 2^31
        assertThat(cut).isGreaterThan(Integer.MAX_VALUE);
        try (GrammarFileReader r = GrammarFileReader.open("cut.wgr", file.cutAt(cut), true)) {
            int n = 0;
            while (r.next() != null) n++;
            assertThat(n).isEqualTo(HOLES - 1);
            assertThat(r.truncation()).contains("truncated inside chunk 8").contains("after 8 complete chunks");
        }
    }

    @Test
    void aFlippedBytePast2GbIsFound() throws IOException {
        SparseChannel copy = file.copy();
        byte[] last = new byte[LAST.length];
        long at = lastChunkAt + GrammarFile.CHUNK_HEADER_BYTES;
        copy.read(java.nio.ByteBuffer.wrap(last), at);
        assertThat(last).isEqualTo(LAST);
        byte[] flipped = Arrays.copyOf(LAST, LAST.length);
        flipped[3] ^= 1;
        copy.position(at).write(java.nio.ByteBuffer.wrap(flipped));
        try (GrammarFileReader r = GrammarFileReader.open("flipped.wgr", copy, false)) {
            assertThatThrownBy(() -> {
                while (r.next() != null) { }
            }).isInstanceOf(FormatException.class).hasMessageContaining("chunk 9").hasMessageContaining("checksum mismatch");
        }
    }
}
