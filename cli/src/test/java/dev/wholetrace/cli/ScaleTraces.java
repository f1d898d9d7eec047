package dev.wholetrace.cli;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Large traces for the scale tests, written straight through {@link TraceRecorder} (no agent, no
 * program): many sync operations or many threads in seconds. Each thread registers on a platform
 * thread of its own (the recorder's handles are per thread), then one driver thread records for all
 * of them in a round-robin whose ticket order is a real execution's: a lock is taken only after its
 * previous holder released it, and every participant passes a barrier episode after all arrived.
 *
 * <p>{@code main} writes them for measurements: {@code ScaleTraces locks FILE SYNC_OPS THREADS} or
 * {@code ScaleTraces threads FILE THREADS}; {@code ScaleTraces locks FILE SYNC_OPS THREADS CHUNK_OPS}
 * seals a chunk every CHUNK_OPS operations instead of {@link #CHUNK_OPS} (one huge chunk: a writer
 * that lagged). {@code ScaleTraces random FILE ACCESSES THREADS [CHUNK_ACCESSES]} writes a trace that
 * does not compress (pseudo-random addresses: about 11 bytes per access on disk), for files past 2 GB.
 */
final class ScaleTraces {
    private ScaleTraces() {}

    static final long LOCK = 0x10;
    static final long BARRIER = 0x20;
    /** Iterations between two barrier episodes in {@link #locksAndBarriers}. */
    static final int BARRIER_EVERY = 16;
    /**
     * Sync operations per chunk, about: a recorder seals a chunk on a time bound (about a second of
     * program time), the driver here on a count, so that no chunk's sync order is larger than a
     * program of that speed would write.
     */
    static final long CHUNK_OPS = 250_000;

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[1]);
        switch (args[0]) {
            case "locks" -> System.out.println(locksAndBarriers(file, Long.parseLong(args[2]), Integer.parseInt(args[3]),
                    args.length > 4 ? Long.parseLong(args[4]) : CHUNK_OPS) + " sync operations");
            case "threads" -> System.out.println(manyThreads(file, Integer.parseInt(args[2])) + " sync operations");
            case "random" -> System.out.println(randomAccesses(file, Long.parseLong(args[2]), Integer.parseInt(args[3]),
                    args.length > 4 ? Long.parseLong(args[4]) : RANDOM_CHUNK_ACCESSES) + " accesses");
            default -> throw new IllegalArgumentException("locks FILE SYNC_OPS THREADS | threads FILE THREADS | random FILE ACCESSES THREADS");
        }
    }

    private static TraceRecorder open(Path file, long chunkMillis) throws Exception {
        return open(file, chunkMillis, Codec.ZSTD);
    }

    private static TraceRecorder open(Path file, long chunkMillis, Codec codec) throws Exception {
        TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR).withCodec(codec).withChunkMillis(chunkMillis));
        rec.defineBlock(new CodeEntry(1, "scale.Main", "work", "()V", 10, 0, "loop body"));
        rec.defineInstruction(new CodeEntry(10, "scale.Main", "work", "()V", 11, 3, "GETFIELD count"));
        rec.defineInstruction(new CodeEntry(11, "scale.Main", "work", "()V", 12, 7, "PUTFIELD count"));
        rec.defineInstruction(new CodeEntry(12, "scale.Main", "work", "()V", 13, 9, "PUTFIELD unguarded"));
        return rec;
    }

    /** Registers {@code n} threads, each from a platform thread of its own, and returns their handles. */
    private static List<ThreadRecorder> register(TraceRecorder rec, int n) throws InterruptedException {
        List<ThreadRecorder> handles = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ThreadRecorder[] h = new ThreadRecorder[1];
            long object = TraceRecorder.THREAD_OBJECT_BIT | (1_000_000L + i);
            Thread t = new Thread(() -> h[0] = rec.beginThread("worker-" + object, object, false));
            t.start();
            t.join();
            handles.add(h[0]);
        }
        return handles;
    }

    /**
     * {@code threads} threads taking turns on one lock (block, lock, load, store, unlock), a barrier
     * episode every {@link #BARRIER_EVERY} turns, and one unguarded store per turn (a race), until
     * about {@code syncOps} sync operations are recorded. Returns how many were.
     */
    static long locksAndBarriers(Path file, long syncOps, int threads) throws Exception {
        return locksAndBarriers(file, syncOps, threads, CHUNK_OPS);
    }

    /**
     * {@link #locksAndBarriers(Path, long, int)} sealing a chunk every {@code chunkOps} operations
     * (and not on time when that is more than {@link #CHUNK_OPS}: the chunks are as large as asked).
     */
    static long locksAndBarriers(Path file, long syncOps, int threads, long chunkOps) throws Exception {
        long ops = 0;
        try (TraceRecorder rec = open(file, chunkOps > CHUNK_OPS ? 3_600_000 : 2_000)) {
            List<ThreadRecorder> ts = register(rec, threads);
            ops += threads;
            long episode = 0;
            long sealed = 0;
            for (int i = 0; ops < syncOps - 2L * threads; i++) {
                if (ops - sealed >= chunkOps) {
                    rec.checkpoint();
                    sealed = ops;
                }
                for (int k = 0; k < threads; k++) {
                    ThreadRecorder t = ts.get(k);
                    t.block(1);
                    t.lock(20, LOCK);
                    t.load(10, Addresses.of(5, 0));
                    t.store(11, Addresses.of(5, 0));
                    t.unlock(21, LOCK);
                    t.store(12, Addresses.of(6, 8L * (i & 63)));
                    ops += 2;
                }
                if (i % BARRIER_EVERY == BARRIER_EVERY - 1) {
                    episode++;
                    for (ThreadRecorder t : ts) t.barrier(30, BARRIER, episode);
                    ops += threads;
                }
            }
            for (ThreadRecorder t : ts) t.end();
            ops += threads;
        }
        return ops;
    }

    /**
     * {@code threads} threads, each: begin, a few lock-protected increments of a shared counter and
     * an unguarded store to its own slot and to one shared field (a race between all of them), end.
     * Returns the sync operations recorded.
     */
    static long manyThreads(Path file, int threads) throws Exception {
        long ops = 0;
        try (TraceRecorder rec = open(file, 2_000)) {
            List<ThreadRecorder> ts = register(rec, threads);
            ops += threads;
            for (int round = 0; round < 4; round++) {
                for (ThreadRecorder t : ts) {
                    t.block(1);
                    t.lock(20, LOCK);
                    t.load(10, Addresses.of(5, 0));
                    t.store(11, Addresses.of(5, 0));
                    t.unlock(21, LOCK);
                    t.store(12, Addresses.of(7, 8L * t.index()));
                    if (round == 3) t.store(12, Addresses.of(8, 0));
                    ops += 2;
                }
            }
            for (ThreadRecorder t : ts) t.end();
            ops += threads;
        }
        return ops;
    }

    /** Accesses per chunk of {@link #randomAccesses}: keeps each chunk's sections far below their cap. */
    static final long RANDOM_CHUNK_ACCESSES = 2_000_000;

    /**
     * {@code threads} threads taking turns, each turn a block, one lock-protected load and store of
     * a shared counter, and 14 loads/stores at seeded pseudo-random addresses (2^20 objects, 2^12
     * slots: the address streams do not compress), until about {@code accesses} accesses are
     * recorded. Returns how many were. A trace of gigabytes from a few minutes of recording.
     */
    static long randomAccesses(Path file, long accesses, int threads) throws Exception {
        return randomAccesses(file, accesses, threads, RANDOM_CHUNK_ACCESSES);
    }

    /** {@link #randomAccesses(Path, long, int)} sealing a chunk every {@code chunkAccesses} accesses. */
    static long randomAccesses(Path file, long accesses, int threads, long chunkAccesses) throws Exception {
        long done = 0;
        long x = 0x9E3779B97F4A7C15L;
        try (TraceRecorder rec = open(file, 3_600_000, Codec.NONE)) { // zstd would spend minutes failing to pack noise
            List<ThreadRecorder> ts = register(rec, threads);
            long sealed = 0;
            while (done < accesses) {
                if (done - sealed >= chunkAccesses) {
                    rec.checkpoint();
                    sealed = done;
                }
                for (int k = 0; k < threads; k++) {
                    ThreadRecorder t = ts.get(k);
                    t.block(1);
                    t.lock(20, LOCK);
                    t.load(10, Addresses.of(5, 0));
                    t.store(11, Addresses.of(5, 0));
                    t.unlock(21, LOCK);
                    for (int j = 0; j < 14; j++) {
                        x ^= x << 13;
                        x ^= x >>> 7;
                        x ^= x << 17;
                        long a = Addresses.of(1_000 + (x >>> 44), 8L * (x & 0xFFF));
                        if ((j & 1) == 0) t.load(10, a);
                        else t.store(12, a);
                    }
                    done += 16;
                }
            }
            for (ThreadRecorder t : ts) t.end();
        }
        return done;
    }
}
