package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.VarIntWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Appends chunks to a {@code .wtrace} file (docs/trace-format.md). Every section is written with
 * its CRCs before the chunk's CHUNK_END, and a chunk counts only once its CHUNK_END is complete, so
 * a writer killed at any byte leaves a file whose complete chunks are all intact.
 */
public final class TraceWriter implements AutoCloseable {
    private final FileChannel out;
    private final Codec codec;
    private final int version;
    private final List<Long> chunkEnds = new ArrayList<>();
    private long position;
    private long events;
    private boolean finished;
    private boolean trailerStarted;

    private TraceWriter(FileChannel out, TraceMode mode, Codec codec, int version) throws IOException {
        this.out = out;
        this.codec = codec;
        this.version = version;
        ByteBuffer h = ByteBuffer.allocate(TraceFormat.FILE_HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        h.put(TraceFormat.MAGIC).putShort((short) version).put((byte) mode.ordinal()).put((byte) 0).putInt(0);
        h.putInt(TraceFormat.crc(h.array(), 0, 12));
        write(h.array());
    }

    public static TraceWriter create(Path file, TraceMode mode, Codec codec) throws IOException {
        return create(file, mode, codec, TraceFormat.VERSION);
    }

    /**
     * A writer of an older format version, for a rewriter that copies another file's sections as
     * they are ({@link TraceRepacker}): the sections must be of that version.
     */
    static TraceWriter create(Path file, TraceMode mode, Codec codec, int version) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        try {
            return new TraceWriter(ch, mode, codec, version);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Appends one chunk: its sections, then its CHUNK_END with the chunk's table of contents. */
    public void writeChunk(ChunkContent content) throws IOException {
        writeChunk(content, codec, Codec.NO_DEADLINE);
    }

    /**
     * Appends one chunk whose sections are packed with {@code codec} instead of the writer's, giving
     * up compressing at {@code deadline} ({@link System#nanoTime()}; see {@link Codec#pack(byte[], long)}):
     * what is not packed by then is stored raw.
     */
    public void writeChunk(ChunkContent content, Codec codec, long deadline) throws IOException {
        // content is encoded as this release encodes it: under an older version's header it would be misread
        if (version != TraceFormat.VERSION) throw new IllegalStateException("encoding a chunk into a version " + version + " file (this release encodes version " + TraceFormat.VERSION + ")");
        long chunkEvents = 0;
        for (ThreadChunk p : content.threadChunks()) chunkEvents += p.events();
        Stored stored = store(ChunkCodec.encode(content, false), codec, deadline);
        if (stored.pack() != null && version >= TraceFormat.PLAIN_GRAMMARS_SINCE) {
            // A pack compresses all threads' sections as one block: grammars written plain let it
            // fold the threads' repeated grammars, which range-coded blocks hide. Kept when smaller.
            Stored plain = store(ChunkCodec.encode(content, true), codec, deadline);
            if (plain.bytes() < stored.bytes()) stored = plain;
        }
        write(stored, chunkEvents);
    }

    /** Appends one chunk whose sections are already encoded (the repacker copies them across). */
    void writeChunk(List<ChunkCodec.RawSection> sections, long chunkEvents, Codec codec, long deadline) throws IOException {
        write(prepare(sections, codec, deadline), chunkEvents);
    }

    /**
     * The compressing half of {@link #writeChunk(List, long, Codec, long)}: it touches no state of
     * the writer, so several chunks may be prepared at once on other threads ({@link TraceRepacker}),
     * then appended in order by {@link #write(Stored, long)}.
     */
    Stored prepare(List<ChunkCodec.RawSection> sections, Codec codec, long deadline) {
        return store(sections, codec, deadline);
    }

    /**
     * A chunk's sections as they will be stored: each packed alone ({@code alone}), and those from
     * {@code packFrom} on in one pack if that is smaller (else {@code pack} is null).
     */
    record Stored(List<ChunkCodec.RawSection> sections, List<Codec.Packed> alone, int packFrom, Pack pack) {
        /** The stored bytes of the chunk's sections, framing included (CHUNK_END not counted). */
        long bytes() {
            int filed = pack == null ? sections.size() : packFrom;
            long n = pack == null ? 0 : TraceFormat.SECTION_HEADER_BYTES + pack.stored().length + 4L;
            for (int i = 0; i < filed; i++) n += TraceFormat.SECTION_HEADER_BYTES + alone.get(i).bytes().length + 4L;
            return n;
        }
    }

    private Stored store(List<ChunkCodec.RawSection> sections, Codec codec, long deadline) {
        boolean packs = codec == Codec.BEST && version >= TraceFormat.PACKS_SINCE;
        if (packs) sections = ChunkPack.clockFirst(sections);
        if (packs && rawLzma2()) sections = ChunkPack.byKind(sections);
        // References cost several zstd -19 runs per section: only for the writers that ask for the smallest file.
        ThreadReferences references = codec == Codec.BEST && version >= TraceFormat.REFERENCES_SINCE ? new ThreadReferences() : null;
        List<Codec.Packed> alone = new ArrayList<>(sections.size());
        for (ChunkCodec.RawSection s : sections) {
            Codec.Packed packed = codec.pack(s.bytes(), deadline, rawLzma2());
            if (references != null) packed = references.pack(s.type(), s.stream(), s.thread(), s.bytes(), packed);
            alone.add(packed);
        }
        int packFrom = packs ? ChunkPack.first(sections) : -1;
        Pack pack = packFrom < 0 ? null : pack(sections.subList(packFrom, sections.size()), alone.subList(packFrom, alone.size()));
        return new Stored(sections, alone, packFrom, pack);
    }

    /** Appends a chunk of {@code chunkEvents} events whose sections {@link #prepare} packed. */
    void write(Stored stored, long chunkEvents) throws IOException {
        if (trailerStarted) throw new IllegalStateException("a chunk after the trailer");
        List<ChunkCodec.RawSection> sections = stored.sections();
        List<Codec.Packed> alone = stored.alone();
        Pack pack = stored.pack();
        int packFrom = stored.packFrom();
        int chunk = chunkEnds.size();
        VarIntWriter toc = new VarIntWriter(); // its section count is known once the chunk is written
        long listedEnd = -1; // where the last section listed in toc ends (-1: none yet)
        int filed = pack == null ? sections.size() : packFrom;
        for (int i = 0; i < filed; i++) {
            ChunkCodec.RawSection s = sections.get(i);
            tocEntry(toc, s.type(), s.thread(), listedEnd);
            section(s.type(), s.stream(), chunk, s.thread(), s.bytes().length, alone.get(i));
            listedEnd = position;
        }
        if (pack != null) {
            tocEntry(toc, SectionType.PACK, TraceFormat.NO_THREAD, listedEnd);
            section(SectionType.PACK, null, chunk, TraceFormat.NO_THREAD, pack.blockLength(), new Codec.Packed(pack.codec(), pack.stored()));
        }
        toc = tocWithCount(toc, filed + (pack == null ? 0 : 1));
        events += chunkEvents;
        VarIntWriter end = new VarIntWriter();
        end.writeVarLong(chunk).writeVarLong(chunkEvents).writeBlock(toc);
        chunkEnds.add(position);
        section(SectionType.CHUNK_END, null, chunk, TraceFormat.NO_THREAD, end.toByteArray(), Codec.NONE);
    }

    /** A pack's stored payload, its block's raw length and the codec that stored the block. */
    private record Pack(byte[] stored, int blockLength, Codec codec) {}

    /**
     * The stored payload of a pack of {@code sections} ({@link ChunkPack}), or null when one block
     * is too large to decode for one section or not smaller than the sections stored as {@code alone}.
     */
    private Pack pack(List<ChunkCodec.RawSection> sections, List<Codec.Packed> alone) {
        long apart = 0;
        for (ChunkCodec.RawSection s : sections) if (!ChunkPack.packable(s.type())) return null;
        for (Codec.Packed p : alone) apart += TraceFormat.SECTION_HEADER_BYTES + p.bytes().length + 4L;
        byte[] block = ChunkPack.block(sections);
        if (block == null) return null;
        Codec.Packed packed = Codec.BEST.pack(block, Codec.NO_DEADLINE, rawLzma2());
        byte[] stored = ChunkPack.stored(sections, packed.bytes(), version);
        if (!ChunkPack.smaller(stored.length, apart)) return null;
        return new Pack(stored, block.length, packed.codec());
    }

    /**
     * Appends to {@code toc} the entry of a section of {@code type} and {@code thread} about to be
     * written at {@link #position}, the previous listed section of the chunk having ended at {@code
     * listedEnd} (-1: it is the chunk's first): see {@link ChunkIndex} for the layouts.
     */
    private void tocEntry(VarIntWriter toc, SectionType type, int thread, long listedEnd) {
        if (version < TraceFormat.COMPACT_FRAMING_SINCE) {
            toc.writeVarLong(type.id).writeVarLong(thread + 1L).writeVarLong(position);
        } else {
            toc.writeVarLong(ChunkIndex.typeAndThread(type.id, thread)).writeVarLong(listedEnd < 0 ? position : position - listedEnd);
        }
    }

    /** {@code entries} (a table of contents without its count) behind their count {@code n}. */
    private static VarIntWriter tocWithCount(VarIntWriter entries, int n) {
        return new VarIntWriter(entries.size() + 5).writeVarLong(n).writeBytes(entries.toByteArray(), 0, entries.size());
    }

    /**
     * Appends a trailer section ({@link SectionType#trailer()}: after the last chunk, before
     * {@link #finish}); no chunk may follow it. It counts only once END is written.
     */
    public void writeTrailer(SectionType type, byte[] raw) throws IOException {
        if (!type.trailer() || !type.inVersion(version)) throw new IllegalArgumentException(type + " is not a trailer section of format version " + version);
        if (finished) throw new IllegalStateException("a trailer section after END");
        trailerStarted = true;
        section(type, null, chunkEnds.size(), TraceFormat.NO_THREAD, raw, codec);
    }

    /**
     * Writes the trailer sections of {@code reader} (a complete file being rewritten), those of a
     * type in {@code replaced} by its payload instead, then the other sections of {@code replaced};
     * a type this writer's version lacks is left out.
     */
    public void copyTrailer(TraceReader reader, Map<SectionType, byte[]> replaced) throws IOException {
        for (Section s : reader.trailer()) {
            if (!replaced.containsKey(s.type()) && s.type().inVersion(version)) writeTrailer(s.type(), reader.payload(s));
        }
        for (Map.Entry<SectionType, byte[]> e : new TreeMap<>(replaced).entrySet()) {
            if (e.getKey().inVersion(version)) writeTrailer(e.getKey(), e.getValue());
        }
    }

    /** Writes END, which marks the file complete and lists where every chunk ends. */
    public void finish() throws IOException {
        if (finished) return;
        VarIntWriter end = new VarIntWriter();
        end.writeVarLong(chunkEnds.size()).writeVarLong(events);
        long previous = 0;
        for (long off : chunkEnds) {
            // From version 20 each offset is the difference from the previous one (the first from 0).
            end.writeVarLong(version < TraceFormat.COMPACT_FRAMING_SINCE ? off : off - previous);
            previous = off;
        }
        section(SectionType.END, null, chunkEnds.size(), TraceFormat.NO_THREAD, end.toByteArray(), Codec.NONE);
        finished = true;
    }

    public int chunks() {
        return chunkEnds.size();
    }

    private void section(SectionType type, StreamKind stream, int chunk, int thread, byte[] raw, Codec requested) throws IOException {
        section(type, stream, chunk, thread, raw.length, requested.pack(raw, Codec.NO_DEADLINE, rawLzma2()));
    }

    /** Whether this file's version stores xz's output as raw LZMA2 ({@link Codec#LZMA2}) and orders a pack's sections by kind. */
    private boolean rawLzma2() {
        return version >= TraceFormat.RAW_LZMA2_SINCE;
    }

    private void section(SectionType type, StreamKind stream, int chunk, int thread, int rawLength, Codec.Packed packed) throws IOException {
        byte[] stored = packed.bytes();
        ByteBuffer b = ByteBuffer.allocate(TraceFormat.SECTION_HEADER_BYTES + stored.length + 4).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) type.id).put((byte) packed.codec().id).put((byte) (stream == null ? 0 : stream.id())).put((byte) 0).putInt(chunk).putInt(thread)
                .putInt(rawLength).putInt(stored.length);
        b.putInt(TraceFormat.crc(b.array(), 0, 20));
        b.put(stored);
        b.putInt(TraceFormat.crc(stored, 0, stored.length));
        write(b.array());
    }

    private void write(byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) position += out.write(b);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
