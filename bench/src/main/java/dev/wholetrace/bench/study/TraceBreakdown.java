package dev.wholetrace.bench.study;

import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.model.event.StreamKinds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a CDR trace's bytes go (issue 17: which part to attack next): the stored bytes of each
 * kind of trace section, the 28 bytes of header and CRC every section carries counted apart as
 * framing (with the file header, CHUNK_END and END), and, inside the address-stream sections,
 * how their decompressed payload divides into the stream list (count and instruction ids), the
 * exception lists and the grammar blocks. Metadata (code map, threads, properties, clock) is
 * counted apart, so {@link #trace()} is the study's <i>trace</i>.
 *
 * @param control    stored bytes of the control WPP sections
 * @param addresses  stored bytes of the address-stream sections
 * @param symbols    stored bytes of the per-thread symbol tables
 * @param syncOrder  stored bytes of S_synch
 * @param syncCounts stored bytes of the sync counts
 * @param framing    section headers and CRCs of the trace's sections, CHUNK_END, END and the file header
 * @param metadata   code map, threads, properties and clock sections, framing included
 * @param chunks     the file's chunks
 * @param sections   the trace's per-thread sections (SYMBOLS, STREAM, SYNC_COUNTS)
 * @param addressList  decompressed bytes of the address sections' stream lists
 * @param addressExceptions decompressed bytes of their exception lists
 * @param addressGrammars   decompressed bytes of their grammar blocks
 */
record TraceBreakdown(long control, long addresses, long symbols, long syncOrder, long syncCounts, long framing, long metadata,
                      int chunks, int sections, long addressList, long addressExceptions, long addressGrammars) {

    /** The file without its metadata. */
    long trace() {
        return control + addresses + symbols + syncOrder + syncCounts + framing;
    }

    static TraceBreakdown of(Path file) throws IOException {
        long[] b = new long[7];
        long[] raw = new long[3];
        int perThread = 0;
        int chunks;
        try (TraceReader r = TraceReader.open(file)) {
            chunks = r.chunks().size();
            for (List<Section> chunk : r.chunks()) {
                for (Section s : chunk) {
                    int part = part(s);
                    if (part < 0) continue; // CHUNK_END: framing
                    if (part == 6) b[6] += s.fileBytes();
                    else b[part] += s.storedLength();
                    if (s.thread() >= 0) perThread++;
                    if (part == 1) addressParts(r, s, raw);
                }
            }
            for (Section s : r.trailer()) b[6] += s.fileBytes();
            // framing: everything not counted above (headers and CRCs, CHUNK_END, END, the file header)
            b[5] = r.size() - (b[0] + b[1] + b[2] + b[3] + b[4] + b[6]);
        }
        return new TraceBreakdown(b[0], b[1], b[2], b[3], b[4], b[5], b[6], chunks, perThread, raw[0], raw[1], raw[2]);
    }

    /** 0 control, 1 addresses, 2 symbols, 3 sync order, 4 sync counts, 6 metadata, -1 framing only. */
    private static int part(Section s) {
        SectionType t = s.type();
        if (t == SectionType.STREAM) return s.stream() == StreamKinds.ADDRESSES ? 1 : 0;
        if (t == SectionType.SYMBOLS) return 2;
        if (t == SectionType.SYNC_ORDER) return 3;
        if (t == SectionType.SYNC_COUNTS) return 4;
        if (t == SectionType.CHUNK_END || t == SectionType.END || t == SectionType.PACK) return -1; // a PACK: its header and directory
        return 6;
    }

    /**
     * An address section's payload (format 6 on): varint n, n instruction deltas, (format 18 on)
     * the copy list, an exception list (varint count, signed varints) per stream stored in full,
     * then the grammar block to the end; the copy list is counted with the stream list.
     */
    private static void addressParts(TraceReader r, Section s, long[] raw) throws IOException {
        byte[] p = r.payload(s);
        VarIntReader in = new VarIntReader(p, s.describe());
        int n = in.readCount("stream count", in.remaining());
        for (int i = 0; i < n; i++) in.readVarLong("stream symbol");
        int stored = n;
        if (r.version() >= TraceFormat.ADDRESS_COPIES_SINCE) { // the copy list: 0, or a distance and a first terminal
            for (int i = 0; i < n; i++) {
                if (in.readVarLong("copy distance") == 0) continue;
                in.readVarLong("first terminal");
                stored--;
            }
        }
        int list = p.length - in.remaining();
        if (r.version() >= TraceFormat.EXCEPTIONS_SINCE) {
            for (int k = 0; k < stored; k++) {
                int e = in.readCount("exception count", in.remaining());
                for (int i = 0; i < e; i++) in.readSignedVarLong("exception");
            }
        }
        int exceptions = p.length - in.remaining() - list;
        raw[0] += list;
        raw[1] += exceptions;
        raw[2] += in.remaining();
    }
}
