package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.SparseChannel;
import dev.wholetrace.model.event.TraceMode;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A {@code .wtrace} past 2 GB, without writing one: a virtual file (a channel that serves written
 * extents and zeros between them, as a sparse file would) of 11 chunks, each a 250 MiB raw section
 * that is never read and a CHUNK_END, then END. The reader must find every chunk, agree with END's
 * offsets (longs past 2^31) and read the sections beyond 2 GB byte for byte.
 */
class TraceReaderPast2GbTest {
    private static final int CHUNKS = 11;
    private static final int BIG = 250 << 20; // under the 256 MiB a section may declare

    @Test
    void chunksPast2GbAreFoundCheckedAgainstEndAndRead() throws Exception {
        VirtualFile f = new VirtualFile(CHUNKS);
        try (TraceReader r = TraceReader.open(Path.of("virtual.wtrace"), f.bytes.cutAt(Long.MAX_VALUE))) {
            assertThat(r.size()).isGreaterThan(Integer.MAX_VALUE);
            assertThat(r.complete()).isTrue();
            assertThat(r.chunks()).hasSize(CHUNKS);
            Section lastEnd = r.chunks().get(CHUNKS - 1).get(1);
            assertThat(lastEnd.type()).isEqualTo(SectionType.CHUNK_END);
            assertThat(lastEnd.offset()).isEqualTo(f.chunkEnds[CHUNKS - 1]).isGreaterThan(Integer.MAX_VALUE);
            assertThat(r.payload(lastEnd)).isEqualTo(VirtualFile.chunkEndPayload(CHUNKS - 1));
        }
    }

    @Test
    void aFileCutPast2GbReadsToItsLastCompleteChunk() throws Exception {
        VirtualFile whole = new VirtualFile(CHUNKS);
        FileChannel cut = whole.bytes.cutAt(whole.chunkEnds[CHUNKS - 2] + 1000); // inside the last chunk's big section
        try (TraceReader r = TraceReader.open(Path.of("cut.wtrace"), cut)) {
            assertThat(r.complete()).isFalse();
            assertThat(r.chunks()).hasSize(CHUNKS - 1);
            Section lastEnd = r.chunks().get(CHUNKS - 2).get(1);
            assertThat(lastEnd.offset()).isGreaterThan(Integer.MAX_VALUE);
            assertThat(r.payload(lastEnd)).isEqualTo(VirtualFile.chunkEndPayload(CHUNKS - 2));
        }
    }

    /** The bytes of a trace whose big payloads are holes (zeros); only headers and small payloads are stored. */
    private static final class VirtualFile {
        final long[] chunkEnds;
        final SparseChannel bytes = new SparseChannel();

        VirtualFile(int chunks) {
            ByteBuffer h = le(TraceFormat.FILE_HEADER_BYTES);
            h.put(TraceFormat.MAGIC).putShort((short) TraceFormat.VERSION).put((byte) TraceMode.CDR.ordinal());
            h.putInt(12, TraceFormat.crc(h.array(), 0, 12));
            write(h.array());
            chunkEnds = new long[chunks];
            for (int c = 0; c < chunks; c++) {
                section(SectionType.SYNC_COUNTS, c, 0, BIG, null); // a hole: never read
                chunkEnds[c] = bytes.position();
                section(SectionType.CHUNK_END, c, TraceFormat.NO_THREAD, 0, chunkEndPayload(c));
            }
            ByteArrayOutputStream end = new ByteArrayOutputStream();
            varint(end, chunks);
            varint(end, 0); // events
            long previous = 0; // version 20 on: each offset the difference from the previous one
            for (long e : chunkEnds) {
                varint(end, e - previous);
                previous = e;
            }
            section(SectionType.END, -1, TraceFormat.NO_THREAD, 0, end.toByteArray());
        }

        static byte[] chunkEndPayload(int chunk) {
            return new byte[] {(byte) chunk, 42, 7};
        }

        /** A raw section at the end: its header, then the payload (stored, or a hole of holeBytes zeros) and its CRC. */
        private void section(SectionType type, int chunk, int thread, int holeBytes, byte[] payload) {
            int length = payload != null ? payload.length : holeBytes;
            ByteBuffer h = le(TraceFormat.SECTION_HEADER_BYTES);
            h.put((byte) type.id).put((byte) Codec.NONE.id).put((byte) 0).put((byte) 0);
            h.putInt(chunk).putInt(thread).putInt(length).putInt(length);
            h.putInt(20, TraceFormat.crc(h.array(), 0, 20));
            write(h.array());
            if (payload != null) write(payload);
            else bytes.hole(length);
            // the CRC of a hole is never checked (the section is never read): any value
            write(le(4).putInt(0, payload != null ? TraceFormat.crc(payload, 0, payload.length) : 0).array());
        }

        private void write(byte[] b) {
            bytes.write(ByteBuffer.wrap(b));
        }

        private static ByteBuffer le(int n) {
            return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        }

        private static void varint(ByteArrayOutputStream out, long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) (v & 0x7F) | 0x80);
                v >>>= 7;
            }
            out.write((int) v);
        }
    }
}
