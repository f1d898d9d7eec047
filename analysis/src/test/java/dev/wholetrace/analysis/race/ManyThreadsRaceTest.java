package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of threads (tasks of a virtual-thread executor, say) each incrementing one shared
 * counter once: N·(N-1) racing read-write pairs and N·(N-1)/2 write-write pairs. Enumerating them
 * one by one was quadratic (20,000 tasks: no result in 150 s); the detector counts a finding one by
 * one only up to {@link RaceDetector#ENUMERATED_PER_FINDING} row pairs, then passes over rows that
 * could only add to it, and says the count is a lower bound. The work is counted (compared pairs),
 * not timed.
 */
class ManyThreadsRaceTest {
    static final int R = 2, W = 1; // load and store of the counter
    static final int LOCKED_R = 4, LOCKED_W = 3;
    static final long COUNTER = Addresses.of(5, 16), GUARDED = Addresses.of(5, 24), LOCK = 0x77;

    @TempDir
    Path dir;

    @Test
    void threeThousandThreadsIncrementingOneCounterAreLinearWorkAndBothRacesAreReported() throws Exception {
        int n = 3_000;
        ParallelTrace trace = counterTrace(dir.resolve("counter.wtrace"), n);
        RaceDetector.Result result = RaceDetector.detect(trace, false);
        assertThat(result.races()).extracting(Race::a, Race::b)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(W, R), org.assertj.core.groups.Tuple.tuple(W, W));
        // enumerated, the pairs were 1.5·n·(n-1) = 13.5 M; bounded, a finding's limit each and a few more
        assertThat(result.stats().compared()).as("pairs compared").isLessThanOrEqualTo(3 * RaceDetector.ENUMERATED_PER_FINDING);
        assertThat(result.stats().passedOver()).isGreaterThan(n);
        for (Race r : result.races()) {
            assertThat(r.countIsLowerBound()).isTrue();
            assertThat(r.count()).isGreaterThanOrEqualTo(RaceDetector.ENUMERATED_PER_FINDING).isLessThan(r.a() == r.b() ? (long) n * (n - 1) / 2 : (long) n * (n - 1));
        }
        // the guarded location under the lock: no race, however many threads
        assertThat(result.races()).noneMatch(r -> r.a() == LOCKED_R || r.a() == LOCKED_W || r.b() == LOCKED_R || r.b() == LOCKED_W);
    }

    /** Below the limit nothing is passed over: the counts are exact, as before. */
    @Test
    void fewThreadsAreCountedExactly() throws Exception {
        int n = 100;
        RaceDetector.Result result = RaceDetector.detect(counterTrace(dir.resolve("few.wtrace"), n), false);
        assertThat(result.stats().passedOver()).isZero();
        assertThat(result.races()).allSatisfy(r -> assertThat(r.countIsLowerBound()).isFalse());
        assertThat(result.races()).filteredOn(r -> r.a() != r.b()).singleElement().satisfies(r -> assertThat(r.count()).isEqualTo((long) n * (n - 1)));
        assertThat(result.races()).filteredOn(r -> r.a() == r.b()).singleElement().satisfies(r -> assertThat(r.count()).isEqualTo((long) n * (n - 1) / 2));
    }

    /**
     * Too many threads for the dense happens-before table, few races: the sweep asks what a row's
     * thread knows of every thread at once ({@link dev.wholetrace.analysis.hb.HappensBefore#knownAll})
     * and passes threads whose open accesses it knows, or that know it, by one question each. The
     * counts must be the naive replay's exactly: writers inside the lock, readers after it, ordered
     * when the writer's section came first and concurrent otherwise.
     */
    @Test
    void manyThreadsWithFewRacesAreCountedAsTheNaiveReplayCountsThem() throws Exception {
        int n = 2_000;
        Path file = dir.resolve("mixed.wtrace");
        long shared = Addresses.of(6, 0);
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            List<ThreadRecorder> threads = register(rec, n);
            for (int i = 0; i < n; i++) {
                ThreadRecorder t = threads.get(i);
                t.store(W, Addresses.of(7, 8L * i)); // its own element: no race
                t.lock(20, LOCK);
                t.load(LOCKED_R, GUARDED);
                t.store(LOCKED_W, GUARDED);
                if (i % 100 == 0) t.store(W, shared);
                t.unlock(21, LOCK);
                if (i % 100 == 50) t.load(R, shared);
            }
            for (ThreadRecorder t : threads) t.end();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        RaceDetector.Result result = RaceDetector.detect(trace, false);
        java.util.Map<ReferenceRaceDetector.InstructionPair, Long> counts = new java.util.HashMap<>();
        for (Race r : result.races()) counts.put(ReferenceRaceDetector.InstructionPair.of(r.a(), r.b()), r.count());
        assertThat(counts).isEqualTo(ReferenceRaceDetector.detect(trace).counts()).isNotEmpty();
        assertThat(result.stats().passedOver()).isZero();
    }

    private static List<ThreadRecorder> register(TraceRecorder rec, int n) throws InterruptedException {
        List<ThreadRecorder> threads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ThreadRecorder[] h = new ThreadRecorder[1];
            long object = TraceRecorder.THREAD_OBJECT_BIT | (1_000_000L + i);
            Thread t = new Thread(() -> h[0] = rec.beginThread("task-" + object, object, true));
            t.start();
            t.join();
            threads.add(h[0]);
        }
        return threads;
    }

    /** {@code n} threads, each: counter++ without synchronization, then guarded++ under one lock. */
    private static ParallelTrace counterTrace(Path file, int n) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            List<ThreadRecorder> threads = register(rec, n);
            for (ThreadRecorder t : threads) {
                t.load(R, COUNTER);
                t.store(W, COUNTER);
                t.lock(20, LOCK);
                t.load(LOCKED_R, GUARDED);
                t.store(LOCKED_W, GUARDED);
                t.unlock(21, LOCK);
            }
            for (ThreadRecorder t : threads) t.end();
        }
        return ParallelTrace.open(file);
    }
}
