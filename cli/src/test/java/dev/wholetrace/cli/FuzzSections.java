package dev.wholetrace.cli;

import dev.wholetrace.format.wtrace.TraceFormat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.io.FormatException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * A {@code .wtrace} file taken apart for the fuzz test: the file header and each section (its
 * 24-byte header and its payload, decompressed), so that a mutation can change a field or a
 * payload and the file can be put back together with every CRC recomputed — damage that a CRC
 * cannot catch, only the reader's structural checks.
 */
final class FuzzSections {
    static final int FILE_HEADER = 16;
    static final int SECTION_HEADER = 24;

    /**
     * One section: header fields as stored, the payload decompressed (codec NONE once touched),
     * except a section stored against another thread's (codec 4), kept as stored.
     */
    static final class Part {
        final byte[] header;
        byte[] payload;
        /** Whether a mutation changed this section (its index, if it is one, is then left as damaged). */
        boolean touched;

        Part(byte[] header, byte[] payload) {
            this.header = header;
            this.payload = payload;
        }

        Part copy() {
            Part p = new Part(header.clone(), payload.clone());
            p.touched = touched;
            return p;
        }

        int type() {
            return header[0] & 0xFF;
        }

        int thread() {
            return le(header).getInt(8);
        }
    }

    final byte[] fileHeader;
    final List<Part> parts;
    /** Bytes after the last whole section (a cut), kept as they are. */
    final byte[] tail;

    private FuzzSections(byte[] fileHeader, List<Part> parts, byte[] tail) {
        this.fileHeader = fileHeader;
        this.parts = parts;
        this.tail = tail;
    }

    /** Takes a well-formed file apart (the test's own recordings, so anything odd is a test bug). */
    static FuzzSections parse(byte[] file) throws FormatException {
        List<Part> parts = new ArrayList<>();
        int pos = FILE_HEADER;
        while (file.length - pos >= SECTION_HEADER) {
            ByteBuffer h = le(file).position(pos);
            int codec = file[pos + 1] & 0xFF;
            int raw = h.getInt(pos + 12);
            int stored = h.getInt(pos + 16);
            if (pos + SECTION_HEADER + stored + 4 > file.length) break;
            byte[] storedBytes = Arrays.copyOfRange(file, pos + SECTION_HEADER, pos + SECTION_HEADER + stored);
            byte[] header = Arrays.copyOfRange(file, pos, pos + SECTION_HEADER);
            byte[] payload;
            if (keptAsStored(header)) {
                // a reference frame: decoding it needs its reference, which a mutation may damage in turn;
                // a pack: its directory and block, which mutations damage as they are
                payload = storedBytes;
            } else {
                payload = Codec.byId(codec).decompress(storedBytes, raw, "fuzz base");
                header[1] = 0; // stored raw from now on
            }
            parts.add(new Part(header, payload));
            pos += SECTION_HEADER + stored + 4;
        }
        return new FuzzSections(Arrays.copyOf(file, FILE_HEADER), parts, Arrays.copyOfRange(file, pos, file.length));
    }

    /** Whether a section is kept as stored, not decoded to raw: a reference frame (codec 4) or a pack (type 15, format 11). */
    private static boolean keptAsStored(byte[] header) {
        return (header[1] & 0xFF) == Codec.ZSTD_DICT.id || (header[0] & 0xFF) == SectionType.PACK.id;
    }

    FuzzSections copy() {
        List<Part> ps = new ArrayList<>();
        for (Part p : parts) ps.add(p.copy());
        return new FuzzSections(fileHeader.clone(), ps, tail.clone());
    }

    /**
     * The file with every payload stored raw and every CRC (file header, section headers,
     * payloads) recomputed; the raw and stored lengths follow the payloads unless a mutation set
     * {@code keepLengths}. The offsets inside CHUNK_END and END are not rewritten: a mutation that
     * moves sections leaves them stale, which the reader must notice.
     */
    byte[] write(boolean keepLengths) {
        for (int pass = 0; pass < 4; pass++) reindex(); // index sizes depend on the offsets they hold
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        le(fileHeader).putInt(12, crc(fileHeader, 12));
        out.writeBytes(fileHeader);
        for (Part p : parts) {
            ByteBuffer h = le(p.header);
            if (!keepLengths) {
                if (!keptAsStored(p.header)) h.putInt(12, p.payload.length); // a kept reference frame or pack block decodes to its own length
                h.putInt(16, p.payload.length);
            }
            h.putInt(20, crc(p.header, 20));
            out.writeBytes(p.header);
            out.writeBytes(p.payload);
            byte[] c = new byte[4];
            le(c).putInt(0, crc(p.payload, p.payload.length));
            out.writeBytes(c);
        }
        out.writeBytes(tail);
        return out.toByteArray();
    }

    /**
     * Rewrites the tables of contents of the CHUNK_ENDs and of END that a mutation did not touch,
     * to the sections as they now lie (a buggy writer's consistent index): the damage then has to
     * be found by the structural checks, not by an offset that no longer matches.
     */
    private void reindex() {
        long pos = FILE_HEADER;
        List<long[]> open = new ArrayList<>(); // type, thread + 1, offset, end
        List<Long> chunkEnds = new ArrayList<>();
        boolean compact = le(fileHeader).getShort(4) >= TraceFormat.COMPACT_FRAMING_SINCE;
        for (Part p : parts) {
            if (p.type() == 10 && !p.touched) p.payload = chunkEnd(p.payload, open, compact);
            if (p.type() == 11 && !p.touched) p.payload = end(p.payload, chunkEnds, compact);
            long next = pos + SECTION_HEADER + p.payload.length + 4;
            if (p.type() == 10) {
                chunkEnds.add(pos);
                open.clear();
            } else {
                open.add(new long[] {p.type(), p.thread() + 1L, pos, next});
            }
            pos = next;
        }
    }

    /** A CHUNK_END's payload with its table of contents rewritten: as ChunkIndex reads it in the file's version. */
    private static byte[] chunkEnd(byte[] old, List<long[]> sections, boolean compact) {
        long[] at = {0};
        long chunk = varint(old, at);
        long events = varint(old, at);
        ByteArrayOutputStream toc = new ByteArrayOutputStream();
        writeVarint(toc, sections.size());
        for (int i = 0; i < sections.size(); i++) {
            long[] s = sections.get(i);
            if (!compact) {
                for (int k = 0; k < 3; k++) writeVarint(toc, s[k]);
            } else {
                writeVarint(toc, s[1] << 5 | s[0]);
                writeVarint(toc, i == 0 ? s[2] : s[2] - sections.get(i - 1)[3]);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeVarint(out, chunk);
        writeVarint(out, events);
        writeVarint(out, toc.size());
        out.writeBytes(toc.toByteArray());
        return out.toByteArray();
    }

    private static byte[] end(byte[] old, List<Long> chunkEnds, boolean compact) {
        long[] at = {0};
        varint(old, at);
        long events = varint(old, at);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeVarint(out, chunkEnds.size());
        writeVarint(out, events);
        long previous = 0;
        for (long off : chunkEnds) {
            writeVarint(out, compact ? off - previous : off);
            previous = off;
        }
        return out.toByteArray();
    }

    private static long varint(byte[] b, long[] at) {
        long v = 0;
        for (int shift = 0; at[0] < b.length && shift < 64; shift += 7) {
            byte x = b[(int) at[0]++];
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) break;
        }
        return v;
    }

    private static void writeVarint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    static ByteBuffer le(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    }

    static int crc(byte[] b, int len) {
        CRC32 c = new CRC32();
        c.update(b, 0, len);
        return (int) c.getValue();
    }
}
