package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.InputFile;
import dev.wholetrace.format.io.ReadLimits;
import dev.wholetrace.format.io.VarIntReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Finds the sections of a {@code .wtrace} file and reads them on demand, checking both CRCs.
 *
 * <p>A file whose writer did not finish (no END section) is read up to its last complete chunk:
 * a partial chunk at the end is ignored and {@link #complete()} is false. Damage that a cut
 * cannot explain (bad magic or version, a section header or payload failing its CRC, a chunk
 * numbered out of order) is a {@link FormatException} naming the section.
 */
public final class TraceReader implements AutoCloseable {
    private final Path file;
    private final FileChannel in;
    private final TraceMode mode;
    private final int version;
    private final List<List<Section>> chunks = new ArrayList<>();
    /** The trailer sections of a complete file (after its last chunk, before END); empty otherwise. */
    private List<Section> trailer = List.of();
    private final long size;
    private boolean complete;
    private long ignoredBytes;
    /** Events END declares (complete files). */
    private long declaredEvents;
    /** Events of each chunk whose thread chunks were decoded (-1: not yet), for the check against END. */
    private long[] chunkEvents;
    private int decodedChunks;
    /** Bit c: chunk c holds a {@link Codec#ZSTD_DICT} section. */
    private final BitSet referencing = new BitSet();
    private final ReferenceCache references;
    private final AtomicLong decodes = new AtomicLong();
    /** The PACK sections (version 12 on) by offset: as filed, and how many of their stored bytes precede the block. */
    private final Map<Long, Pack> packs = new HashMap<>();
    /** The last pack's decoded block and its offset (-1: none), so a chunk's packed sections decode it once. */
    private long blockOffset = -1;
    private byte[] block;

    /** A PACK section as its header describes it, and the bytes of its stored payload before the block. */
    private record Pack(Section filed, int head) {}

    private TraceReader(Path file, FileChannel in, long cacheBytes) throws IOException {
        this.file = file;
        this.in = in;
        this.references = new ReferenceCache(cacheBytes);
        this.size = in.size();
        String name = file.getFileName().toString();
        if (size < TraceFormat.FILE_HEADER_BYTES) {
            throw new FormatException(name + " is not a Wholetrace trace (" + size + " bytes, too short for a header)");
        }
        ByteBuffer h = read(0, TraceFormat.FILE_HEADER_BYTES);
        byte[] hb = h.array();
        for (int i = 0; i < 4; i++) {
            if (hb[i] != TraceFormat.MAGIC[i]) throw new FormatException(name + " is not a Wholetrace trace (bad magic)");
        }
        if (h.getInt(12) != TraceFormat.crc(hb, 0, 12)) throw new FormatException(name + ": the file header is corrupt (CRC mismatch)");
        version = h.getShort(4) & 0xFFFF;
        if (version < TraceFormat.OLDEST_READABLE || version > TraceFormat.VERSION) {
            throw new FormatException(name + " has trace format version " + version + "; this build reads versions "
                    + TraceFormat.OLDEST_READABLE + " to " + TraceFormat.VERSION);
        }
        mode = TraceMode.byId(h.get(6));
        if (mode == null || (mode == TraceMode.STRATA || mode == TraceMode.EWPP) && version < TraceFormat.STRATA_SINCE) {
            throw new FormatException(name + ": unknown trace mode " + h.get(6) + " in a version " + version + " file");
        }
        scan(name);
    }

    /** A reader of the same file, scanned already, through a channel of its own (see {@link #reopened}). */
    private TraceReader(TraceReader scanned, FileChannel in) throws IOException {
        this.file = scanned.file;
        this.in = in;
        this.references = new ReferenceCache(ReferenceCache.DEFAULT_MAX_BYTES);
        this.referencing.or(scanned.referencing);
        this.mode = scanned.mode;
        this.version = scanned.version;
        this.chunks.addAll(scanned.chunks);
        this.trailer = scanned.trailer;
        this.packs.putAll(scanned.packs);
        this.size = scanned.size;
        this.complete = scanned.complete;
        this.ignoredBytes = scanned.ignoredBytes;
        if (in.size() < chunkEndOffset()) {
            throw new FormatException(file.getFileName() + " changed while it was read (it is now " + in.size() + " bytes, was " + size + ")");
        }
    }

    /**
     * This file opened again, without a second scan: its sections are where this reader found
     * them. For reading sections after this reader was closed (a piece decoded again on demand);
     * the caller closes it. Each call has a channel of its own, so threads may read at once.
     */
    public TraceReader reopened() throws IOException {
        FileChannel ch = InputFile.open(file, "a trace");
        try {
            return new TraceReader(this, ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    public static TraceReader open(Path file) throws IOException {
        return open(file, ReferenceCache.DEFAULT_MAX_BYTES);
    }

    /** {@link #open(Path)} keeping at most {@code cacheBytes} of a chunk's decoded payloads for its references ({@link ReferenceCache}). */
    static TraceReader open(Path file, long cacheBytes) throws IOException {
        FileChannel ch = InputFile.open(file, "a trace");
        try {
            return new TraceReader(file, ch, cacheBytes);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * A trace read through any channel (positions are longs throughout: a file past 2 GB reads as
     * any other); {@code name} names it in messages. The reader closes the channel. Tests use it
     * to read a sparse, virtual file of several GB without writing it.
     */
    static TraceReader open(Path name, FileChannel channel) throws IOException {
        try {
            return new TraceReader(name, channel, ReferenceCache.DEFAULT_MAX_BYTES);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private void scan(String name) throws IOException {
        long pos = TraceFormat.FILE_HEADER_BYTES;
        List<Section> open = new ArrayList<>();
        // Trailer sections count only once END follows them: a file cut after them is read as any cut file.
        List<Section> pendingTrailer = new ArrayList<>();
        long packAt = -1; // the open chunk's PACK (-1: none yet)
        boolean perThreadAlone = false; // whether the open chunk has a per-thread section stored alone
        while (pos < size) {
            if (size - pos < TraceFormat.SECTION_HEADER_BYTES) break; // cut inside a header
            ByteBuffer h = read(pos, TraceFormat.SECTION_HEADER_BYTES);
            if (h.getInt(20) != TraceFormat.crc(h.array(), 0, 20)) {
                throw new FormatException(name + ": section header at offset " + pos + " (chunk " + chunks.size() + ") is corrupt (CRC mismatch)");
            }
            SectionType type = SectionType.byId(h.get(0) & 0xFF);
            int kindId = h.get(2) & 0xFF;
            Codec codec = codecOf(h.get(1) & 0xFF, version, name, pos);
            int chunk = h.getInt(4);
            int thread = h.getInt(8);
            int raw = h.getInt(12);
            int stored = h.getInt(16);
            if (type == null || !type.inVersion(version)) {
                throw new FormatException(name + ": unknown section type " + (h.get(0) & 0xFF) + " at offset " + pos);
            }
            StreamKind stream = streamOf(type, kindId);
            if (stream == null && (type == SectionType.STREAM || kindId != 0)) {
                throw new FormatException(name + ": " + type + " section at offset " + pos + " names unknown stream kind " + kindId);
            }
            if (raw < 0 || stored < 0 || raw > TraceFormat.MAX_SECTION_BYTES || stored > TraceFormat.MAX_SECTION_BYTES) {
                throw new FormatException(name + ": " + type + " section at offset " + pos + " declares an impossible length");
            }
            if (codec == Codec.NONE && raw != stored && type != SectionType.PACK) {
                throw new FormatException(name + ": " + type + " section at offset " + pos + " is stored raw but declares " + raw + " bytes raw, " + stored + " stored");
            }
            if (raw > ReadLimits.maxSectionBytes()) {
                throw new FormatException(name + ": " + type + " section at offset " + pos + " declares " + ReadLimits.size(raw)
                        + " of content, more than the " + ReadLimits.size(ReadLimits.maxSectionBytes()) + " a section may hold"
                        + " (damaged, or raise the limit: JAVA_OPTS=-D" + ReadLimits.SECTION_PROPERTY + "=BYTES)");
            }
            Section s = new Section(type, stream, codec, chunk, thread, raw, stored, pos);
            if (pos + s.fileBytes() > size) break; // cut inside a payload
            if (type == SectionType.END) {
                if (!open.isEmpty()) throw new FormatException(name + ": END follows an unfinished chunk");
                if (pos + s.fileBytes() != size) throw new FormatException(name + ": " + (size - pos - s.fileBytes()) + " bytes after the END section");
                checkEnd(s);
                complete = true;
                trailer = List.copyOf(pendingTrailer);
                return;
            }
            if (type.trailer()) {
                if (!open.isEmpty()) throw new FormatException(name + ": " + s.describe() + " inside an unfinished chunk");
                if (chunk != chunks.size() || thread != TraceFormat.NO_THREAD) throw new FormatException(name + ": " + s.describe() + " at offset " + pos + " has a wrong chunk or thread field");
                for (Section other : pendingTrailer) {
                    if (other.type() == type) throw new FormatException(name + ": a second " + s.describe());
                }
                pendingTrailer.add(s);
                pos += s.fileBytes();
                continue;
            }
            if (!pendingTrailer.isEmpty()) throw new FormatException(name + ": " + s.describe() + " follows the trailer (" + pendingTrailer.get(0).describe() + ")");
            if (chunk != chunks.size()) {
                throw new FormatException(name + ": " + s.describe() + " found where chunk " + chunks.size() + " should be");
            }
            if (type.perThread != (thread >= 0)) throw new FormatException(name + ": " + s.describe() + " has a wrong thread field");
            // A pack holds every section of its chunk from the first per-thread one on: no per-thread
            // section stored alone precedes it and only CHUNK_END follows it. Anything else could
            // duplicate what it holds, or name a packed section (no stored payload) as a reference.
            if (packAt >= 0 && type != SectionType.CHUNK_END) {
                throw new FormatException(name + ": " + s.describe() + " at offset " + pos + " follows its chunk's PACK (at offset " + packAt + ")");
            }
            if (type == SectionType.PACK && perThreadAlone) {
                throw new FormatException(name + ": " + s.describe() + " at offset " + pos + " follows a per-thread section stored alone");
            }
            perThreadAlone |= type.perThread;
            if (type == SectionType.PACK) {
                packAt = pos;
                open.addAll(unpacked(s, name));
            } else {
                open.add(s);
            }
            if (codec == Codec.ZSTD_DICT) referencing.set(chunks.size());
            if (type == SectionType.CHUNK_END) {
                chunks.add(List.copyOf(open));
                open.clear();
                packAt = -1;
                perThreadAlone = false;
            }
            pos += s.fileBytes();
        }
        ignoredBytes = size - chunkEndOffset();
    }

    /**
     * A PACK section as this reader lists it: itself, standing for its header, directory and
     * CRCs, then the sections its directory names, each at the pack's offset with its start in
     * the block and its share of the block's stored bytes (so a chunk's sections still add up to
     * the chunk's bytes). Only the directory is read here, checked by its own CRC; the block is
     * decoded when a section in it is read.
     */
    private List<Section> unpacked(Section pack, String name) throws IOException {
        String where = name + ": " + pack.describe() + " at offset " + pack.offset();
        if (pack.codec() == Codec.ZSTD_DICT) throw new FormatException(where + " is stored against a reference");
        long at = pack.offset() + TraceFormat.SECTION_HEADER_BYTES;
        byte[] first = read(at, Math.min(pack.storedLength(), 5)).array();
        VarIntReader lengthIn = new VarIntReader(first, where);
        long dirLength = lengthIn.readVarLong("directory length");
        int lengthBytes = first.length - lengthIn.remaining();
        if (dirLength < 0 || lengthBytes + dirLength + 4 > pack.storedLength()) throw lengthIn.corrupt("a directory longer than the pack");
        ByteBuffer dir = read(at + lengthBytes, (int) dirLength + 4);
        byte[] d = Arrays.copyOf(dir.array(), (int) dirLength);
        if (dir.getInt((int) dirLength) != TraceFormat.crc(d, 0, d.length)) throw new FormatException(where + ": its directory is corrupt (CRC mismatch)");
        List<ChunkPack.Entry> entries = ChunkPack.directory(new VarIntReader(d, where + ", directory"), version, pack.rawLength());
        int head = lengthBytes + (int) dirLength + 4;
        long blockBytes = pack.storedLength() - head;
        packs.put(pack.offset(), new Pack(pack, head));
        List<Section> out = new ArrayList<>(entries.size() + 1);
        out.add(new Section(SectionType.PACK, null, pack.codec(), pack.chunk(), TraceFormat.NO_THREAD, 0, head, pack.offset()));
        long raw = 0;
        long before = 0;
        for (int i = 0; i < entries.size(); i++) {
            ChunkPack.Entry e = entries.get(i);
            raw += e.rawLength();
            long upTo = i == entries.size() - 1 ? blockBytes : pack.rawLength() == 0 ? 0 : blockBytes * raw / pack.rawLength();
            out.add(new Section(e.type(), e.stream(), pack.codec(), pack.chunk(), e.thread(), e.rawLength(), (int) (upTo - before), pack.offset(), e.start()));
            before = upTo;
        }
        return out;
    }

    /** The codec a section header names; zlib (DEFLATE) exists from version 4 on, references from 10, raw LZMA2 from 19. */
    private static Codec codecOf(int id, int version, String name, long pos) throws FormatException {
        String where = name + ": section at offset " + pos;
        Codec codec = Codec.byId(id, where);
        if (codec == Codec.DEFLATE && version < TraceFormat.DEFLATE_SINCE
                || codec == Codec.ZSTD_DICT && version < TraceFormat.REFERENCES_SINCE
                || codec == Codec.LZMA2 && version < TraceFormat.RAW_LZMA2_SINCE) throw new FormatException(where + ": unknown codec id " + id + " in a version " + version + " file");
        return codec;
    }

    /**
     * The stream kind a section holds: a STREAM section's header names it; version 1 had one
     * section type per kind.
     */
    private static StreamKind streamOf(SectionType type, int kindId) {
        return switch (type) {
            case STREAM -> StreamKinds.byId(kindId);
            case CONTROL -> StreamKinds.CONTROL;
            case DATA -> StreamKinds.DATA;
            case STREAMS -> StreamKinds.ADDRESSES;
            default -> null;
        };
    }

    private long chunkEndOffset() {
        if (chunks.isEmpty()) return TraceFormat.FILE_HEADER_BYTES;
        Section last = chunks.get(chunks.size() - 1).get(chunks.get(chunks.size() - 1).size() - 1);
        return last.offset() + last.fileBytes();
    }

    private void checkEnd(Section end) throws IOException {
        var r = new dev.wholetrace.format.io.VarIntReader(payload(end), end.describe());
        int n = r.readCount("chunk count", Integer.MAX_VALUE);
        if (n != chunks.size()) throw r.corrupt("END lists " + n + " chunks, the file has " + chunks.size());
        declaredEvents = r.readVarLong("event count");
        long previous = 0;
        for (int i = 0; i < n; i++) {
            long off = r.readVarLong("chunk offset");
            // From version 20 an offset is the difference from the previous chunk's (the first from 0).
            if (version >= TraceFormat.COMPACT_FRAMING_SINCE) off += previous;
            previous = off;
            List<Section> c = chunks.get(i);
            if (off != c.get(c.size() - 1).offset()) throw r.corrupt("END's table of contents disagrees with chunk " + i);
        }
        r.expectEnd();
    }

    /**
     * Called when chunk {@code chunk}'s thread chunks have been decoded, with their events: once
     * every chunk of a complete file has been, their sum must be what END declares.
     */
    void chunkDecoded(int chunk, long events) throws FormatException {
        if (chunkEvents == null) {
            chunkEvents = new long[chunks.size()];
            java.util.Arrays.fill(chunkEvents, -1);
        }
        if (chunkEvents[chunk] < 0) decodedChunks++;
        chunkEvents[chunk] = events;
        if (complete && decodedChunks == chunks.size()) {
            long total = 0;
            for (long e : chunkEvents) total += e;
            if (total != declaredEvents) {
                throw new FormatException("corrupted " + file.getFileName() + ": END declares " + declaredEvents + " events, the chunks hold " + total);
            }
        }
    }

    /** The section's payload, CRC-checked and decompressed (after its reference section's, if it is stored against one). */
    public byte[] payload(Section s) throws IOException {
        if (s.type() == SectionType.PACK) throw new IllegalArgumentException("a PACK section is read through the sections it holds");
        if (s.packed()) return Arrays.copyOfRange(block(s), s.slice(), s.slice() + s.rawLength());
        references.enter(s.chunk()); // the previous chunk's payloads are not kept past it
        if (!referencing(s.chunk())) return decode(s, 0).payload();
        byte[] p = content(s, 0).payload();
        return references.keeps(p) ? p.clone() : p; // a payload too large to keep is the caller's alone: no copy
    }

    /**
     * Section {@code s}'s payload at {@code chain} references from the one asked for, from the
     * chunk's {@link ReferenceCache} if it holds it (the cache's array: read only). A cached
     * payload whose own chain would exceed the bound here is decoded again, so the refusal is
     * the same whichever sections were read before.
     */
    private ReferenceCache.Entry content(Section s, int chain) throws IOException {
        ReferenceCache.Entry e = references.get(s);
        if (e != null && chain + e.depth() <= TraceFormat.MAX_REFERENCE_CHAIN) return e;
        e = decode(s, chain);
        references.put(s, e);
        return e;
    }

    /** Decodes {@code s} ({@code chain} references away from the one asked for), with the depth of its own chain. */
    private ReferenceCache.Entry decode(Section s, int chain) throws IOException {
        decodes.incrementAndGet();
        if (s.codec() != Codec.ZSTD_DICT) return new ReferenceCache.Entry(unpack(s, stored(s), file.getFileName().toString()), 0);
        byte[] stored = stored(s);
        VarIntReader in = new VarIntReader(stored, file.getFileName() + ": " + s.describe() + " at offset " + s.offset());
        if (chain == TraceFormat.MAX_REFERENCE_CHAIN) throw in.corrupt("a chain of more than " + chain + " references");
        Section ref = reference(s, in.readVarLong("reference thread"), in);
        ReferenceCache.Entry dictionary = content(ref, chain + 1);
        return new ReferenceCache.Entry(Codec.decompressWithDictionary(stored, stored.length - in.remaining(), s.rawLength(),
                dictionary.payload(), file.getFileName() + ": " + s.describe()), dictionary.depth() + 1);
    }

    /** The decoded block of the pack that holds section {@code s} (the reader's array: read only). */
    private synchronized byte[] block(Section s) throws IOException {
        if (s.offset() == blockOffset) return block;
        Pack pack = packs.get(s.offset());
        if (pack == null) throw new IllegalArgumentException(s.describe() + " is in no pack of " + file.getFileName());
        byte[] stored = stored(pack.filed());
        decodes.incrementAndGet();
        block = unpack(pack.filed(), Arrays.copyOfRange(stored, pack.head(), stored.length), file.getFileName().toString());
        blockOffset = s.offset();
        return block;
    }

    /** Whether chunk {@code c} holds a section stored against another ({@link Codec#ZSTD_DICT}): only then are its payloads cached. */
    private boolean referencing(int c) {
        return c >= 0 && referencing.get(c);
    }

    /** Sections decompressed so far (each reference decoded for another section counts): for tests of the cache. */
    long decodes() {
        return decodes.get();
    }

    /** Bytes of decoded payloads the reader keeps for references now (for tests of the cache). */
    long cachedBytes() {
        return references.bytes();
    }

    /**
     * The section a {@link Codec#ZSTD_DICT} section {@code s} is stored against: the section of
     * the same type and stream kind of thread {@code thread}, lower than {@code s}'s, in the same chunk.
     */
    private Section reference(Section s, long thread, VarIntReader in) throws FormatException {
        if (s.thread() < 0 || thread >= s.thread() || s.chunk() < 0 || s.chunk() >= chunks.size()) {
            throw in.corrupt("a reference to thread " + thread + " where none can be");
        }
        for (Section r : chunks.get(s.chunk())) {
            if (r.thread() == thread && r.type() == s.type() && r.stream() == s.stream()) return r;
        }
        throw in.corrupt("its reference, the section of thread " + thread + ", is not in the chunk");
    }

    /** {@code stored}, section {@code s}'s bytes as in the file named {@code file}, decompressed; errors name the file and the section. */
    static byte[] unpack(Section s, byte[] stored, String file) throws FormatException {
        return s.codec().decompress(stored, s.rawLength(), file + ": " + s.describe());
    }

    /** Checks the section's payload CRC without decoding it (for sections a reader skips). */
    public void verify(Section s) throws IOException {
        Pack pack = packs.get(s.offset());
        stored(pack != null && (s.packed() || s.type() == SectionType.PACK) ? pack.filed() : s);
    }

    /** The section's stored payload, CRC-checked, not decompressed. */
    byte[] stored(Section s) throws IOException {
        if (s.packed()) throw new IllegalArgumentException(s.describe() + " is stored in its chunk's pack");
        ByteBuffer b = read(s.offset() + TraceFormat.SECTION_HEADER_BYTES, s.storedLength() + 4);
        byte[] stored = new byte[s.storedLength()];
        b.get(0, stored);
        if (b.getInt(s.storedLength()) != TraceFormat.crc(stored, 0, stored.length)) {
            throw new FormatException(file.getFileName() + ": " + s.describe() + " is corrupt (CRC mismatch)");
        }
        return stored;
    }

    private ByteBuffer read(long pos, int len) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (in.read(b, pos + b.position()) < 0) throw new FormatException(file.getFileName() + " ended unexpectedly at " + (pos + b.position()));
        }
        return b;
    }

    public Path file() {
        return file;
    }

    public TraceMode mode() {
        return mode;
    }

    /** The file's format version ({@link TraceFormat#OLDEST_READABLE} to {@link TraceFormat#VERSION}). */
    public int version() {
        return version;
    }

    /** Complete chunks, each as its sections in file order (CHUNK_END last). */
    public List<List<Section>> chunks() {
        return chunks;
    }

    /**
     * The trailer sections of a complete file, in file order (empty for an unfinished one, or a
     * file older than {@link TraceFormat#TRAILER_SINCE}); read them with {@link #payload}.
     */
    public List<Section> trailer() {
        return trailer;
    }

    /** The trailer section of type {@code type}, or null. */
    public Section trailer(SectionType type) {
        for (Section s : trailer) if (s.type() == type) return s;
        return null;
    }

    /** Whether the writer finished (END present). */
    public boolean complete() {
        return complete;
    }

    /** The events END declares: all the file's events; -1 for an unfinished file (no END). */
    public long declaredEvents() {
        return complete ? declaredEvents : -1;
    }

    /** Bytes after the last complete chunk of an unfinished file (a partial chunk). */
    public long ignoredBytes() {
        return ignoredBytes;
    }

    public long size() {
        return size;
    }

    @Override
    public void close() throws IOException {
        references.clear(); // a closed reader may be kept (to reopen it) and must not keep payloads
        synchronized (this) {
            block = null;
            blockOffset = -1;
        }
        in.close();
    }
}
