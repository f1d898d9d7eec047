package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One location that thousands of threads touch, each under one lock (a list appended to in {@code
 * synchronized} by every task of a virtual-thread executor), and one that they all read after one
 * write before they started (a static field set by the class initializer): neither races, and the
 * sweep must do work linear in their accesses (up to a logarithm), not meet every thread open there
 * for every access. The work is counted ({@link RaceDetector.Stats#visited}: visits to
 * other threads plus happens-before questions), not timed; meeting the threads one by one made
 * n·(n-1)/2 visits. The lock is taken in a shuffled order of the threads, so that the accesses of
 * one address (read thread by thread) come in no happens-before order.
 */
class OrderedLocationWorkTest {
    static final int LOCKED_R = 4, LOCKED_W = 3, UNGUARDED_W = 5, OWN_W = 6;
    static final int CONFIG_R = 7, CONFIG_W = 8;
    static final long GUARDED = Addresses.of(5, 24), CONFIG = Addresses.of(5, 32), LOCK = 0x77, READY = 0x78;

    @TempDir
    Path dir;

    @Test
    void anAddressEveryThreadTouchesUnderOneLockCostsLinearWork() throws Exception {
        int n = 2_000;
        RaceDetector.Result result = RaceDetector.detect(lockedTrace(dir.resolve("locked.wtrace"), n, -1), false);
        assertThat(result.races()).isEmpty();
        // meeting the threads one by one: 6.05 M visits measured (n·(n-1)/2 = 2 M at each of the two
        // locations, and more); with the chains 63.6 k: a few questions per access
        assertThat(result.stats().visited()).as("visits and questions").isLessThan(64L * n);
    }

    /**
     * One thread writes the location outside the lock, half-way through the threads: the chain
     * breaks there, and the counts must be the naive replay's exactly (its write races with every
     * locked access it is not ordered with).
     */
    @Test
    void anUnguardedWriteAmongThemIsCountedAsTheNaiveReplayCountsIt() throws Exception {
        int n = 1_000;
        ParallelTrace trace = lockedTrace(dir.resolve("broken.wtrace"), n, n / 2);
        RaceDetector.Result result = RaceDetector.detect(trace, false);
        Map<ReferenceRaceDetector.InstructionPair, Long> counts = new HashMap<>();
        for (Race r : result.races()) counts.put(ReferenceRaceDetector.InstructionPair.of(r.a(), r.b()), r.count());
        assertThat(counts).isEqualTo(ReferenceRaceDetector.detect(trace).counts()).isNotEmpty();
        assertThat(result.races()).allSatisfy(r -> assertThat(r.a() == UNGUARDED_W || r.b() == UNGUARDED_W).isTrue());
    }

    /**
     * {@code n} threads, the first writing CONFIG and then a volatile READY, each: a store to its
     * own element, a read of READY and a load of CONFIG (ordered after the write, not with each
     * other), then load and store of one location under one lock, the threads taking the lock in a
     * shuffled order; thread {@code unguarded} (if ≥ 0) stores to the location without the lock,
     * after its locked section.
     */
    private static ParallelTrace lockedTrace(Path file, int n, int unguarded) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            List<ThreadRecorder> threads = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                ThreadRecorder[] h = new ThreadRecorder[1];
                long object = TraceRecorder.THREAD_OBJECT_BIT | (1_000_000L + i);
                Thread t = new Thread(() -> h[0] = rec.beginThread("task-" + object, object, true));
                t.start();
                t.join();
                threads.add(h[0]);
            }
            ThreadRecorder main = threads.get(0);
            main.store(CONFIG_W, CONFIG);
            main.sync(SyncKind.VOLATILE_WRITE, 30, READY, 0);
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < n; i++) order.add(i);
            Collections.shuffle(order, new Random(14));
            for (int i : order) {
                ThreadRecorder t = threads.get(i);
                t.store(OWN_W, Addresses.of(7, 8L * i));
                t.sync(SyncKind.VOLATILE_READ, 31, READY, 0);
                t.load(CONFIG_R, CONFIG);
                t.lock(20, LOCK);
                t.load(LOCKED_R, GUARDED);
                t.store(LOCKED_W, GUARDED);
                t.unlock(21, LOCK);
                if (i == unguarded) t.store(UNGUARDED_W, GUARDED);
            }
            for (ThreadRecorder t : threads) t.end();
        }
        return ParallelTrace.open(file);
    }
}
