package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.IntKeySort;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import java.util.ArrayList;
import java.util.List;

/**
 * A chunk's pack (format version 12 on, docs/trace-format.md, "Packs"): the sections of a chunk
 * from its first per-thread section on (every thread's SYMBOLS, STREAM and SYNC_COUNTS, then
 * SYNC_ORDER and CLOCK) stored as one compressed block behind one header, instead of one section
 * each. Why: on the study's short kernels a chunk is a few KB spread over 16-244 sections; each
 * costs 28 bytes of header and CRC and its own codec frame, and a codec that sees one section at
 * a time cannot use the next thread's nearly equal tables (session 37's harness: 1.05-1.47×
 * smaller than version 10's references, plus the framing). The stored payload is a directory
 * (varint byte length, the entries, their CRC), readable without decoding the block, and the
 * block: the sections' raw payloads back to back, compressed by the header's codec. A reader
 * lists the packed sections as any others (at the pack's offset, {@link Section#slice()} their
 * start in the block); reading one decodes the block, so a writer packs a chunk only when its
 * block is at most {@link #MAX_RAW_BYTES}: what seeking to one section costs.
 */
final class ChunkPack {
    /** The largest block a writer packs: reading one section of a pack decodes at most this. */
    static final int MAX_RAW_BYTES = 1 << 20;

    /** One packed section: what its header would have said, and where its payload starts in the block. */
    record Entry(SectionType type, StreamKind stream, int thread, int rawLength, int start) {}

    private ChunkPack() {}

    /** The index of the first section a pack of {@code sections} (a chunk's, in writing order) would hold, or -1. */
    static int first(List<ChunkCodec.RawSection> sections) {
        for (int i = 0; i < sections.size(); i++) if (sections.get(i).type().perThread) return i;
        return -1;
    }

    /**
     * {@code sections} (a chunk's, in writing order) with its CLOCK moved before the first
     * per-thread section, so that a pack, which holds the sections from that one on, never holds
     * it (the same list if there is no CLOCK or it is there already). Why: the clock is metadata
     * (the timelines' axis; no stream decodes it) whose nanosecond increases are noise: on SOR at 8
     * threads merged into one chunk its 218 samples were 1,004 of the block's 11,203 raw bytes but
     * 860 of its 3,456 xz -9 bytes (the block with and without it), so a pack's bytes shared out by
     * raw length (as {@code stats} and the compression study count them) charged ~550 B of clock
     * to the streams. Stored alone its bytes are its own. Readers of version 12 on read either
     * place: a global section stored alone may precede the pack.
     */
    static List<ChunkCodec.RawSection> clockFirst(List<ChunkCodec.RawSection> sections) {
        int first = first(sections);
        if (first < 0) return sections;
        for (int i = first + 1; i < sections.size(); i++) {
            if (sections.get(i).type() != SectionType.CLOCK) continue;
            List<ChunkCodec.RawSection> out = new ArrayList<>(sections);
            out.add(first, out.remove(i));
            return out;
        }
        return sections;
    }

    /**
     * {@code sections} (a chunk's, in writing order, the per-thread ones thread by thread) with its
     * per-thread sections ordered by kind: every thread's SYMBOLS, then every thread's STREAM of each
     * stream kind in turn (by kind id), then every thread's SYNC_COUNTS, each kind in thread order;
     * the sections before the first per-thread one and the global ones after stay where they are.
     * What a writer of version 19 on packs ({@link TraceFormat#RAW_LZMA2_SINCE}); readers of version
     * 12 on read any order the directory's rules allow. Why: the block's codec finds the next
     * thread's nearly equal table or grammar at a short distance and in a context of its own kind,
     * not after the previous thread's other sections (Water merged at 2 and 8 threads: the block
     * 5,378 → 5,352 and 7,494 → 7,377 B by xz -9 lc=1, session 47's harness).
     */
    static List<ChunkCodec.RawSection> byKind(List<ChunkCodec.RawSection> sections) {
        int first = first(sections);
        if (first < 0) return sections;
        int end = first;
        while (end < sections.size() && sections.get(end).type().perThread) end++;
        List<ChunkCodec.RawSection> out = new ArrayList<>(sections.subList(0, first));
        List<ChunkCodec.RawSection> threads = new ArrayList<>(sections.subList(first, end));
        IntKeySort.sort(threads, ChunkPack::kindRank); // stable: each kind keeps its thread order (not List.sort: IntKeySort says why)
        out.addAll(threads);
        out.addAll(sections.subList(end, sections.size()));
        return out;
    }

    /** Where a per-thread section's kind goes in {@link #byKind}: SYMBOLS, each stream kind's STREAM, SYNC_COUNTS. */
    private static int kindRank(ChunkCodec.RawSection s) {
        if (s.type() == SectionType.SYMBOLS) return 0;
        if (s.type() == SectionType.STREAM) return 1 + s.stream().id();
        return 1 << 16;
    }

    /** The block of {@code sections}: their raw payloads back to back, or null if it is larger than {@link #MAX_RAW_BYTES}. */
    static byte[] block(List<ChunkCodec.RawSection> sections) {
        long total = 0;
        for (ChunkCodec.RawSection s : sections) total += s.bytes().length;
        if (total > MAX_RAW_BYTES) return null;
        byte[] block = new byte[(int) total];
        int at = 0;
        for (ChunkCodec.RawSection s : sections) {
            System.arraycopy(s.bytes(), 0, block, at, s.bytes().length);
            at += s.bytes().length;
        }
        return block;
    }

    /**
     * The stored payload of a pack of {@code sections}, in a file of {@code version}, whose block the
     * codec stored as {@code block}. From version 20 ({@link TraceFormat#COMPACT_FRAMING_SINCE}) an
     * entry is varint (raw length &lt;&lt; 1 | explicit), and only an explicit one is followed by its
     * type, stream kind and thread + 1: an implicit entry has the previous entry's type and kind and
     * the next thread, which is how a pack ordered by kind lists most of its sections (Water at 8
     * threads: 37 entries, 5 explicit). Before, every entry is explicit, without the flag.
     */
    static byte[] stored(List<ChunkCodec.RawSection> sections, byte[] block, int version) {
        boolean compact = version >= TraceFormat.COMPACT_FRAMING_SINCE;
        VarIntWriter dir = new VarIntWriter();
        dir.writeVarLong(sections.size());
        ChunkCodec.RawSection previous = null;
        for (ChunkCodec.RawSection s : sections) {
            boolean explicit = !compact || !follows(previous, s.type(), s.stream(), s.thread());
            if (compact) dir.writeVarLong((long) s.bytes().length << 1 | (explicit ? 1 : 0));
            if (explicit) dir.writeVarLong(s.type().id).writeVarLong(s.stream() == null ? 0 : s.stream().id()).writeVarLong(s.thread() + 1L);
            if (!compact) dir.writeVarLong(s.bytes().length);
            previous = s;
        }
        byte[] d = dir.toByteArray();
        int crc = TraceFormat.crc(d, 0, d.length);
        VarIntWriter w = new VarIntWriter(d.length + block.length + 9).writeBlock(dir);
        for (int i = 0; i < 4; i++) w.writeByte(crc >>> (8 * i) & 0xFF);
        return w.writeBytes(block, 0, block.length).toByteArray();
    }

    /** Whether a section of {@code type}, {@code stream} and {@code thread} is what an implicit entry after {@code previous} names. */
    private static boolean follows(ChunkCodec.RawSection previous, SectionType type, StreamKind stream, int thread) {
        return previous != null && previous.type() == type && previous.stream() == stream && type.perThread
                && previous.thread() >= 0 && thread == previous.thread() + 1;
    }

    /**
     * The entries of a directory ({@code dir}: its bytes, CRC checked) of a pack in a file of
     * {@code version} whose block is {@code blockLength} bytes raw: known per-thread or sync-order
     * and clock section types, in the order a writer puts them, lengths that add up to the block.
     */
    static List<Entry> directory(VarIntReader dir, int version, int blockLength) throws FormatException {
        boolean compact = version >= TraceFormat.COMPACT_FRAMING_SINCE;
        int n = dir.readCount("packed section count", dir.remaining() / (compact ? 1 : 4));
        List<Entry> entries = new ArrayList<>(n);
        long start = 0;
        boolean globals = false;
        Entry previous = null;
        for (int i = 0; i < n; i++) {
            long head = compact ? dir.readVarLong("section length") : 1; // before version 20: explicit, its length last
            boolean explicit = (head & 1) != 0;
            long raw = head >>> 1;
            SectionType type;
            StreamKind stream;
            long thread;
            if (explicit) {
                int typeId = (int) Math.min(dir.readVarLong("section type"), Integer.MAX_VALUE);
                long kindId = dir.readVarLong("stream kind");
                thread = dir.readVarLong("section thread") - 1;
                type = SectionType.byId(typeId);
                if (type == null || !type.inVersion(version) || !packable(type)) throw dir.corrupt("a packed section of type " + typeId);
                stream = type == SectionType.STREAM ? StreamKinds.byId((int) Math.min(kindId, 255)) : null;
                if (type == SectionType.STREAM ? stream == null : kindId != 0) throw dir.corrupt("a packed " + type + " section names stream kind " + kindId);
            } else {
                if (previous == null || !previous.type().perThread) throw dir.corrupt("an implicit entry that follows no per-thread entry");
                type = previous.type();
                stream = previous.stream();
                thread = previous.thread() + 1L;
            }
            if (!compact) raw = dir.readVarLong("section length");
            if (type.perThread != (thread >= 0) || thread >= Integer.MAX_VALUE || type.perThread && globals) {
                throw dir.corrupt("a packed " + type + " section with thread field " + thread);
            }
            globals |= !type.perThread;
            if (raw > blockLength - start) throw dir.corrupt("packed sections longer than the block (" + blockLength + " bytes)");
            previous = new Entry(type, stream, (int) thread, (int) raw, (int) start);
            entries.add(previous);
            start += raw;
        }
        dir.expectEnd();
        if (start != blockLength) throw dir.corrupt("packed sections of " + start + " bytes in a block of " + blockLength);
        return entries;
    }

    /** The sections a pack may hold: per-thread ones, then the chunk's sync order and clock (never its code, which is read without decoding). */
    static boolean packable(SectionType type) {
        return type == SectionType.SYMBOLS || type == SectionType.STREAM || type == SectionType.SYNC_COUNTS
                || type == SectionType.SYNC_ORDER || type == SectionType.CLOCK;
    }

    /** Whether a pack of {@code stored} bytes in a file beats the {@code alone} bytes its sections take stored one by one. */
    static boolean smaller(int stored, long alone) {
        return TraceFormat.SECTION_HEADER_BYTES + stored + 4L < alone;
    }
}
