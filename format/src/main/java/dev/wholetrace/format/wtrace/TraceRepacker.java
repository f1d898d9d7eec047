package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.VarIntReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/**
 * Rewrites a {@code .wtrace} file with every section re-packed by another codec: the recorder
 * seals chunks fast ({@link Codec#FAST}) so that a crash loses little, and this applies the
 * heavier {@link Codec#BEST} afterwards ({@code wholetrace recompress}). Chunks, their sections
 * and their payloads are unchanged; only each section's stored bytes, and so the offsets in the
 * CHUNK_END tables of contents and in END, differ. An unfinished input (its recorder was killed)
 * is rewritten up to its last complete chunk and stays unfinished (no END): readers keep saying
 * that the recording did not finish, and the partial tail is dropped.
 * The output keeps the input's format version.
 *
 * <p>Chunks are packed independently, so up to {@link #workers} of them are packed at once on as
 * many threads while this thread reads the next one and writes them out in order: the output is
 * the same bytes whatever the number of threads, and at most workers + 1 chunks' payloads are in
 * memory at a time.
 */
public final class TraceRepacker {
    /** Threads packing at most: one per core, but a re-pack is a background step that need not take a large machine. */
    static final int MAX_WORKERS = 4;

    private final Codec codec;
    private final int workers;
    private LongConsumer progress = done -> {};

    /** A repacker writing every section with {@code codec} (BEST: see {@link Codec#BEST}), one thread per core up to {@link #MAX_WORKERS}. */
    public TraceRepacker(Codec codec) {
        this(codec, Math.min(MAX_WORKERS, Runtime.getRuntime().availableProcessors()));
    }

    /** A repacker packing up to {@code workers} chunks at once (1: on the calling thread only). */
    public TraceRepacker(Codec codec, int workers) {
        if (workers < 1) throw new IllegalArgumentException("workers must be at least 1: " + workers);
        this.codec = codec;
        this.workers = workers;
    }

    /**
     * Tells {@code listener} after each chunk written how many bytes of the input the written chunks
     * span (from the file's start; the input's size is the total), for a progress display.
     */
    public TraceRepacker progress(LongConsumer listener) {
        this.progress = listener;
        return this;
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
        ExecutorService pool = workers > 1 ? Executors.newFixedThreadPool(workers, TraceRepacker::packer) : null;
        try (TraceWriter writer = TraceWriter.create(out, reader.mode(), codec, reader.version())) {
            Deque<Future<TraceWriter.Stored>> packing = new ArrayDeque<>();
            List<Long> chunkEvents = new ArrayList<>();
            for (int c = 0; c < reader.chunks().size(); c++) {
                List<ChunkCodec.RawSection> sections = new ArrayList<>();
                chunkEvents.add(readChunk(reader, c, sections));
                packing.add(pool == null ? CompletableFuture.completedFuture(writer.prepare(sections, codec, Codec.NO_DEADLINE))
                        : pool.submit(() -> writer.prepare(sections, codec, Codec.NO_DEADLINE)));
                if (packing.size() >= workers) writeNext(reader, writer, packing, chunkEvents);
            }
            while (!packing.isEmpty()) writeNext(reader, writer, packing, chunkEvents);
            for (long e : chunkEvents) events += e;
            if (reader.complete()) {
                writer.copyTrailer(reader, trailer);
                writer.finish();
            }
        } finally {
            if (pool != null) pool.shutdownNow();
        }
        return new Result(reader.chunks().size(), events, reader.complete(), reader.ignoredBytes(), reader.size(), Files.size(out));
    }

    /** Appends the oldest chunk being packed, once packed. */
    private void writeNext(TraceReader reader, TraceWriter writer, Deque<Future<TraceWriter.Stored>> packing, List<Long> chunkEvents) throws IOException {
        int c = writer.chunks();
        writer.write(await(packing.removeFirst()), chunkEvents.get(c));
        progress.accept(chunkEnd(reader, c));
    }

    private static TraceWriter.Stored await(Future<TraceWriter.Stored> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while re-packing");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** A daemon packing thread: a failing command must not wait for the chunks still being packed. */
    private static Thread packer(Runnable r) {
        Thread t = new Thread(r, "wholetrace-repack");
        t.setDaemon(true);
        return t;
    }

    /** The input offset just past chunk {@code index} (its CHUNK_END is its last section). */
    private static long chunkEnd(TraceReader reader, int index) {
        long end = 0;
        for (Section s : reader.chunks().get(index)) end = Math.max(end, s.offset() + s.fileBytes());
        return end;
    }

    /** Reads one chunk's sections but CHUNK_END and PACK into {@code sections}; returns its event count (from its CHUNK_END). */
    private static long readChunk(TraceReader reader, int index, List<ChunkCodec.RawSection> sections) throws IOException {
        List<Section> chunk = reader.chunks().get(index);
        long events = -1;
        for (Section s : chunk) {
            if (s.type() == SectionType.PACK) continue; // the writer packs again what it holds, listed after it
            byte[] raw = reader.payload(s);
            if (s.type() == SectionType.CHUNK_END) {
                events = ChunkIndex.checkChunkEnd(new VarIntReader(raw, s.describe()), reader.version(), index, chunk);
            } else {
                // Header byte 2 names the stream kind of a STREAM section only (version 1 has it reserved).
                sections.add(new ChunkCodec.RawSection(s.type(), s.type() == SectionType.STREAM ? s.stream() : null, s.thread(), raw));
            }
        }
        return events;
    }
}
