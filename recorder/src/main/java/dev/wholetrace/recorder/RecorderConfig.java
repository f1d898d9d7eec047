package dev.wholetrace.recorder;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.format.io.Codec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a {@link TraceRecorder} records: what it keeps, how often it closes a chunk, and how much
 * memory its buffers may hold. A chunk closes when any limit is reached, so a killed program loses
 * about {@code chunkMillis} and a half of trace, plus what the compressors' queues hold
 * (docs/durability.md), and the writer's memory stays bounded by the grammars of one chunk.
 *
 * @param mode            what the per-thread strings keep
 * @param codec           the general-purpose last stage of every section (the recorder gives it half
 *                        the interval per chunk when it is {@link Codec#FAST})
 * @param workers         background compressor threads (each recorded thread sticks to one)
 * @param chunkEvents     close a chunk after this many events (all threads)
 * @param chunkSymbols    ... or when the open grammars hold this many symbols (sync operations
 *                        count as one each: the chunk keeps them until it is written)
 * @param chunkMillis     ... or after this much time
 * @param batchLongs      size of a full per-thread buffer, in longs
 * @param queuedBatches   buffers each worker may have waiting before program threads wait
 * @param foldPaths       feed the control WPP's SEQUITUR whole paths rather than single events
 *                        (faster; the grammar is shaped differently from plain SEQUITUR's, see
 *                        ThreadCompressor)
 * @param properties      program metadata stored in the trace (command line, JVM, ...)
 * @param grammar         the algorithm that builds every grammar of the trace (SEQUITUR by default)
 */
public record RecorderConfig(TraceMode mode, Codec codec, int workers, long chunkEvents, long chunkSymbols,
                             long chunkMillis, int batchLongs, int queuedBatches, boolean foldPaths,
                             Map<String, String> properties, GrammarAlgorithm grammar) {

    /**
     * Property: {@code on} runs mode STRATA's layer 0 and final grammar on a pipeline stage of its
     * own, a thread per compressor worker, instead of on the worker that builds the paths (the
     * default, {@code off}: the stage did not pay on a 2-core machine; agent option
     * {@code pipeline}; docs/strata.md). Kept in the trace's properties when set.
     */
    public static final String STRATA_PIPELINE_PROPERTY = "strata.pipeline";

    public RecorderConfig {
        if (mode == null) throw new IllegalArgumentException("mode is required");
        if (codec == null) throw new IllegalArgumentException("codec is required");
        if (workers < 1) throw new IllegalArgumentException("workers must be at least 1");
        if (chunkEvents < 1 || chunkSymbols < 1 || chunkMillis < 1) throw new IllegalArgumentException("chunk limits must be positive");
        if (chunkMillis > NO_TIME_BOUND_MILLIS) throw new IllegalArgumentException("chunkMillis must be at most a year (the writer's nanoseconds overflow)");
        if (batchLongs < 64) throw new IllegalArgumentException("batchLongs must be at least 64");
        if (queuedBatches < 1) throw new IllegalArgumentException("queuedBatches must be at least 1");
        if (grammar == null) throw new IllegalArgumentException("grammar is required");
        properties = Map.copyOf(properties);
    }

    /** A configuration whose grammars are built by the {@linkplain GrammarAlgorithm#DEFAULT default algorithm}. */
    public RecorderConfig(TraceMode mode, Codec codec, int workers, long chunkEvents, long chunkSymbols, long chunkMillis,
                          int batchLongs, int queuedBatches, boolean foldPaths, Map<String, String> properties) {
        this(mode, codec, workers, chunkEvents, chunkSymbols, chunkMillis, batchLongs, queuedBatches, foldPaths, properties,
                GrammarAlgorithm.DEFAULT);
    }

    /**
     * A chunk is sealed at least this often: with the FAST codec the writer keeps up, so a
     * SIGKILL loses at most about this much of the program's last moments (docs/durability.md).
     */
    public static final long DEFAULT_CHUNK_MILLIS = 1_000;

    /**
     * A chunk interval that never comes: a year. Chunks are then sealed by size or event count
     * only (agent option {@code events}); small enough that the writer's nanosecond arithmetic
     * (start + interval) cannot overflow.
     */
    public static final long NO_TIME_BOUND_MILLIS = 365L * 24 * 3600 * 1000;

    /**
     * Codec.FAST, a chunk at least every second, up to four compressor workers: what the agent
     * records with. Codec.BEST makes files ~10 % smaller but seals a busy second's chunk in
     * seconds; {@code wholetrace recompress} applies it afterwards.
     */
    public static RecorderConfig defaults(TraceMode mode) {
        int cores = Runtime.getRuntime().availableProcessors();
        return new RecorderConfig(mode, Codec.FAST, Math.max(1, Math.min(4, cores)), 1L << 26, 4L << 20,
                DEFAULT_CHUNK_MILLIS, 1 << 14, 32, true, Map.of());
    }

    public RecorderConfig withCodec(Codec c) {
        return new RecorderConfig(mode, c, workers, chunkEvents, chunkSymbols, chunkMillis, batchLongs, queuedBatches, foldPaths, properties, grammar);
    }

    public RecorderConfig withWorkers(int n) {
        return new RecorderConfig(mode, codec, n, chunkEvents, chunkSymbols, chunkMillis, batchLongs, queuedBatches, foldPaths, properties, grammar);
    }

    public RecorderConfig withChunkEvents(long n) {
        return new RecorderConfig(mode, codec, workers, n, chunkSymbols, chunkMillis, batchLongs, queuedBatches, foldPaths, properties, grammar);
    }

    public RecorderConfig withChunkSymbols(long n) {
        return new RecorderConfig(mode, codec, workers, chunkEvents, n, chunkMillis, batchLongs, queuedBatches, foldPaths, properties, grammar);
    }

    public RecorderConfig withChunkMillis(long ms) {
        return new RecorderConfig(mode, codec, workers, chunkEvents, chunkSymbols, ms, batchLongs, queuedBatches, foldPaths, properties, grammar);
    }

    public RecorderConfig withBatchLongs(int n) {
        return new RecorderConfig(mode, codec, workers, chunkEvents, chunkSymbols, chunkMillis, n, queuedBatches, foldPaths, properties, grammar);
    }

    /** Without path folding the control WPP is exactly SEQUITUR's grammar of the events (as in the papers' figures). */
    public RecorderConfig withFoldPaths(boolean fold) {
        return new RecorderConfig(mode, codec, workers, chunkEvents, chunkSymbols, chunkMillis, batchLongs, queuedBatches, fold, properties, grammar);
    }

    /** The grammars of the trace built by {@code algorithm} instead. */
    public RecorderConfig withGrammar(GrammarAlgorithm algorithm) {
        return new RecorderConfig(mode, codec, workers, chunkEvents, chunkSymbols, chunkMillis, batchLongs, queuedBatches, foldPaths, properties,
                algorithm);
    }

    public RecorderConfig withProperty(String key, String value) {
        Map<String, String> p = new LinkedHashMap<>(properties);
        p.put(key, value);
        return new RecorderConfig(mode, codec, workers, chunkEvents, chunkSymbols, chunkMillis, batchLongs, queuedBatches, foldPaths, p, grammar);
    }
}
