package dev.wholetrace.importers;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.io.IOException;

/**
 * Compresses a trace of any length in bounded memory: records go into a {@link TraceCompressor}
 * until its builders hold {@code chunkBytes}, then that chunk is finished and handed to the
 * {@link Sink} and a fresh compressor (fresh alphabets and grammars) takes the next records. Each
 * chunk is a {@link CompressedTrace} of its own; a trace that fits the budget is one chunk, the
 * same as a whole-trace compression. Cutting costs what the chunks do not share: their top rules
 * and alphabet entries are stored once per chunk.
 */
public final class ChunkingCompressor implements LackeyRecord.Sink {
    /** Records between two looks at the builders' memory (a look walks the address streams). */
    static final int CHECK_EVERY = 1 << 16;

    /** Receives each finished chunk, in order. */
    public interface Sink {
        void chunk(CompressedTrace chunk) throws IOException;
    }

    private final InputFormat format;
    private final GrammarAlgorithm algorithm;
    private final long chunkBytes;
    private final Sink sink;
    private final int checkEvery;
    private TraceCompressor current;
    private int sinceCheck;
    private long chunks;
    private long records;

    public ChunkingCompressor(InputFormat format, GrammarAlgorithm algorithm, long chunkBytes, Sink sink) {
        this(format, algorithm, chunkBytes, CHECK_EVERY, sink);
    }

    /**
     * Looks at the memory every {@code checkEvery} records: with {@code chunkBytes} 1 that is a
     * chunk every {@code checkEvery} records (the tests' small multi-chunk files).
     */
    public ChunkingCompressor(InputFormat format, GrammarAlgorithm algorithm, long chunkBytes, int checkEvery, Sink sink) {
        if (chunkBytes <= 0) throw new IllegalArgumentException("chunk memory must be positive, not " + chunkBytes);
        if (checkEvery <= 0) throw new IllegalArgumentException("checkEvery must be positive, not " + checkEvery);
        this.checkEvery = checkEvery;
        this.format = format;
        this.algorithm = algorithm;
        this.chunkBytes = chunkBytes;
        this.sink = sink;
        this.current = new TraceCompressor(format, algorithm);
    }

    /** Appends one u32/u64 value. */
    public void value(long v) throws IOException {
        current.value(v);
        counted();
    }

    @Override
    public void record(int kind, long address, int size) throws IOException {
        current.record(kind, address, size);
        counted();
    }

    private void counted() throws IOException {
        records++;
        if (++sinceCheck < checkEvery) return;
        sinceCheck = 0;
        if (current.footprintBytes() >= chunkBytes) cut();
    }

    private void cut() throws IOException {
        CompressedTrace done = current.finish();
        current = null; // the finished builders are garbage before the next chunk grows
        sink.chunk(done);
        chunks++;
        current = new TraceCompressor(format, algorithm);
    }

    /** Hands the last chunk to the sink (an empty trace is one empty chunk); returns the number of chunks. */
    public long finish() throws IOException {
        if (current.records() > 0 || chunks == 0) cut();
        return chunks;
    }

    /** The input format of the records. */
    public InputFormat format() {
        return format;
    }

    /** Records appended so far. */
    public long records() {
        return records;
    }
}
