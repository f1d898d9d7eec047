package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
    void chunksPast2GbAreFoundCheckedAgainstEndAndRead() throws IOException {
        VirtualFile f = new VirtualFile(CHUNKS, Long.MAX_VALUE);
        try (TraceReader r = TraceReader.open(Path.of("virtual.wtrace"), f)) {
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
    void aFileCutPast2GbReadsToItsLastCompleteChunk() throws IOException {
        VirtualFile whole = new VirtualFile(CHUNKS, Long.MAX_VALUE);
        VirtualFile cut = new VirtualFile(CHUNKS, whole.chunkEnds[CHUNKS - 2] + 1000); // inside the last chunk's big section
        try (TraceReader r = TraceReader.open(Path.of("cut.wtrace"), cut)) {
            assertThat(r.complete()).isFalse();
            assertThat(r.chunks()).hasSize(CHUNKS - 1);
            Section lastEnd = r.chunks().get(CHUNKS - 2).get(1);
            assertThat(lastEnd.offset()).isGreaterThan(Integer.MAX_VALUE);
            assertThat(r.payload(lastEnd)).isEqualTo(VirtualFile.chunkEndPayload(CHUNKS - 2));
        }
    }

    /** The bytes of a trace whose big payloads are holes (zeros); only headers and small payloads are stored. */
    private static final class VirtualFile extends FileChannel {
        final TreeMap<Long, byte[]> extents = new TreeMap<>();
        final long[] chunkEnds;
        private final long size;
        private long position;

        VirtualFile(int chunks, long cutAt) {
            ByteBuffer h = le(TraceFormat.FILE_HEADER_BYTES);
            h.put(TraceFormat.MAGIC).putShort((short) TraceFormat.VERSION).put((byte) TraceMode.CDR.ordinal());
            h.putInt(12, TraceFormat.crc(h.array(), 0, 12));
            extents.put(0L, h.array());
            long pos = TraceFormat.FILE_HEADER_BYTES;
            chunkEnds = new long[chunks];
            for (int c = 0; c < chunks; c++) {
                pos = section(pos, SectionType.SYNC_COUNTS, c, 0, BIG, null); // a hole: never read
                chunkEnds[c] = pos;
                pos = section(pos, SectionType.CHUNK_END, c, TraceFormat.NO_THREAD, 0, chunkEndPayload(c));
            }
            ByteArrayOutputStream end = new ByteArrayOutputStream();
            varint(end, chunks);
            varint(end, 0); // events
            for (long e : chunkEnds) varint(end, e);
            pos = section(pos, SectionType.END, -1, TraceFormat.NO_THREAD, 0, end.toByteArray());
            size = Math.min(pos, cutAt);
        }

        static byte[] chunkEndPayload(int chunk) {
            return new byte[] {(byte) chunk, 42, 7};
        }

        /** A raw section at pos: its header, then the payload (stored, or a hole of holeBytes zeros) and its CRC. */
        private long section(long pos, SectionType type, int chunk, int thread, int holeBytes, byte[] payload) {
            int length = payload != null ? payload.length : holeBytes;
            ByteBuffer h = le(TraceFormat.SECTION_HEADER_BYTES);
            h.put((byte) type.id).put((byte) Codec.NONE.id).put((byte) 0).put((byte) 0);
            h.putInt(chunk).putInt(thread).putInt(length).putInt(length);
            h.putInt(20, TraceFormat.crc(h.array(), 0, 20));
            extents.put(pos, h.array());
            long body = pos + TraceFormat.SECTION_HEADER_BYTES;
            if (payload != null) extents.put(body, payload);
            // the CRC of a hole is never checked (the section is never read): any value
            ByteBuffer crc = le(4).putInt(0, payload != null ? TraceFormat.crc(payload, 0, payload.length) : 0);
            extents.put(body + length, crc.array());
            return body + length + 4;
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

        @Override
        public int read(ByteBuffer dst, long at) {
            if (at >= size) return -1;
            int n = (int) Math.min(dst.remaining(), size - at);
            for (int k = 0; k < n; k++) dst.put(byteAt(at + k));
            return n;
        }

        private byte byteAt(long at) {
            Map.Entry<Long, byte[]> e = extents.floorEntry(at);
            if (e == null) return 0;
            long off = at - e.getKey();
            return off < e.getValue().length ? e.getValue()[(int) off] : 0;
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public int read(ByteBuffer dst) {
            int n = read(dst, position);
            if (n > 0) position += n;
            return n;
        }

        @Override
        public long position() {
            return position;
        }

        @Override
        public FileChannel position(long p) {
            position = p;
            return this;
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int write(ByteBuffer src) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileChannel truncate(long s) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void force(boolean metaData) {}

        @Override
        public long transferTo(long p, long count, WritableByteChannel target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long p, long count) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int write(ByteBuffer src, long p) {
            throw new UnsupportedOperationException();
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long p, long s) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileLock lock(long p, long s, boolean shared) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileLock tryLock(long p, long s, boolean shared) {
            throw new UnsupportedOperationException();
        }

        @Override
        protected void implCloseChannel() {}
    }
}
