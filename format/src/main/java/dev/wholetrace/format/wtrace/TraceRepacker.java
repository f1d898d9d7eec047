package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.VarIntReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Rewrites a {@code .wtrace} file with every section re-packed by another codec: the recorder
 * seals chunks fast ({@link Codec#FAST}) so that a crash loses little, and this applies the
 * heavier {@link Codec#BEST} afterwards ({@code wholetrace recompress}). Chunks, their sections
 * and their payloads are unchanged; only each section's stored bytes, and so the offsets in the
 * CHUNK_END tables of contents and in END, differ. An unfinished input (its recorder was killed)
 * is rewritten up to its last complete chunk and stays unfinished (no END): readers keep saying
 * that the recording did not finish, and the partial tail is dropped.
 * The output keeps the input's format version. One chunk's payloads are in memory at a time.
 */
public final class TraceRepacker {
    private final Codec codec;

    /** A repacker writing every section with {@code codec} (BEST: the smallest of zstd -19, xz -9 and raw). */
    public TraceRepacker(Codec codec) {
        this.codec = codec;
    }

    /**
     * What a rewrite did.
     *
     * @param chunks        chunks copied
     * @param events        events they hold
     * @param inputComplete whether the input was a finished recording
     * @param ignoredBytes  an unfinished input's partial tail, not copied
     * @param inBytes       size of the input file
     * @param outBytes      size of the output file
     */
    public record Result(int chunks, long events, boolean inputComplete, long ignoredBytes, long inBytes, long outBytes) {}

    /** Reads {@code in} (every CRC checked) and writes its chunks re-packed into {@code out} (created or replaced). */
    public Result repack(Path in, Path out) throws IOException {
        try (TraceReader reader = TraceReader.open(in)) {
            return repack(reader, out);
        }
    }

    /** Writes the chunks of an open trace re-packed into {@code out} (created or replaced), and its trailer. */
    public Result repack(TraceReader reader, Path out) throws IOException {
        return repack(reader, out, Map.of());
    }

    /**
     * As {@link #repack(TraceReader, Path)}, with the trailer sections {@code trailer} (payloads by
     * type) added to a complete input, in place of the input's own of those types; ignored for an
     * unfinished input, which has no trailer, and for a version without the type.
     */
    public Result repack(TraceReader reader, Path out, Map<SectionType, byte[]> trailer) throws IOException {
        long events = 0;
        try (TraceWriter writer = TraceWriter.create(out, reader.mode(), codec, reader.version())) {
            for (int c = 0; c < reader.chunks().size(); c++) events += copyChunk(reader, c, writer);
            if (reader.complete()) {
                writer.copyTrailer(reader, trailer);
                writer.finish();
            }
        }
        return new Result(reader.chunks().size(), events, reader.complete(), reader.ignoredBytes(), reader.size(), Files.size(out));
    }

    /** Copies one chunk; returns its event count (from its CHUNK_END). */
    private long copyChunk(TraceReader reader, int index, TraceWriter writer) throws IOException {
        List<Section> chunk = reader.chunks().get(index);
        List<ChunkCodec.RawSection> sections = new ArrayList<>(chunk.size());
        long events = -1;
        for (Section s : chunk) {
            if (s.type() == SectionType.PACK) continue; // the writer packs again what it holds, listed after it
            byte[] raw = reader.payload(s);
            if (s.type() == SectionType.CHUNK_END) {
                events = ChunkIndex.checkChunkEnd(new VarIntReader(raw, s.describe()), index, chunk);
            } else {
                // Header byte 2 names the stream kind of a STREAM section only (version 1 has it reserved).
                sections.add(new ChunkCodec.RawSection(s.type(), s.type() == SectionType.STREAM ? s.stream() : null, s.thread(), raw));
            }
        }
        writer.writeChunk(sections, events, codec, Codec.NO_DEADLINE);
        return events;
    }
}
