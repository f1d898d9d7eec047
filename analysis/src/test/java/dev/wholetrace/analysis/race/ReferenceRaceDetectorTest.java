package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.analysis.race.ReferenceRaceDetector.Example;
import dev.wholetrace.analysis.race.ReferenceRaceDetector.InstructionPair;
import dev.wholetrace.analysis.race.ReferenceRaceDetector.Result;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reference detector on small programs recorded through core's recorder on real threads.
 * Most of them run as a {@link Script}: steps executed one at a time, each by its own thread, in
 * the order the test lists them (the hand-over between steps is not recorded, so it orders
 * nothing in the trace). Others use real thread starts/joins, barriers, latches and locks whose
 * outcome does not depend on the interleaving.
 */
class ReferenceRaceDetectorTest {
    // Load/store instructions.
    static final int W1 = 1, W2 = 2, W3 = 3, R1 = 11, R2 = 12, R3 = 13;
    // Sync sites.
    static final int S_LOCK = 20, S_UNLOCK = 21, S_BARRIER = 22, S_FORK = 23, S_JOIN = 24, S_VWRITE = 25,
            S_VREAD = 26, S_COUNT_DOWN = 27, S_AWAIT = 28;
    static final int B_STEP = 0, B_BODY = 1;
    // Sync objects (volatiles are field addresses, as the agent records them).
    static final long L = 7, M = 8, BAR = 11;
    static final long V = Addresses.of(50, 8), V2 = Addresses.of(50, 16);
    // Plain shared data.
    static final long X = Addresses.of(100, 0), Y = Addresses.of(100, 8), Z = Addresses.of(100, 16);

    @TempDir
    Path dir;

    static long a(int i) {
        return Addresses.of(101, 8L * i);
    }

    static long b(int i) {
        return Addresses.of(102, 8L * i);
    }

    /** Expected counts: (instruction, instruction, dynamic pairs) triples. */
    static Map<InstructionPair, Long> races(long... triples) {
        Map<InstructionPair, Long> m = new HashMap<>();
        for (int i = 0; i < triples.length; i += 3) m.put(InstructionPair.of((int) triples[i], (int) triples[i + 1]), triples[i + 2]);
        return m;
    }

    static void volatileWrite(ThreadRecorder r, long field) {
        r.sync(SyncKind.VOLATILE_WRITE, S_VWRITE, field, 0);
    }

    static void volatileRead(ThreadRecorder r, long field) {
        r.sync(SyncKind.VOLATILE_READ, S_VREAD, field, 0);
    }

    // ---- plain accesses ---------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"CDR", "ALL"})
    void unsynchronisedWriteWriteAndWriteReadRace(TraceMode mode) throws Exception {
        Result r = detect(new Script(2)
                .on(0, t -> t.store(W1, X))
                .on(1, t -> {
                    t.store(W2, X); // races with W1
                    t.load(R1, X);  // races with W1; not with W2 (same thread)
                    t.load(R2, Y);  // nobody else touches Y
                }), mode);
        assertThat(r.counts()).isEqualTo(races(W1, W2, 1, W1, R1, 1));
        assertThat(r.races().get(InstructionPair.of(W1, W2)).example()).isEqualTo(new Example(0, 1, X));
        assertThat(r.races().get(InstructionPair.of(R1, W1)).example()).isEqualTo(new Example(0, 1, X));
    }

    @Test
    void readsDoNotRaceWithReads() throws Exception {
        Result r = detect(new Script(3)
                .on(0, t -> t.load(R1, X))
                .on(1, t -> t.load(R2, X))
                .on(2, t -> t.load(R1, X)));
        assertThat(r.raceFree()).as(r.toString()).isTrue();
    }

    @Test
    void oneThreadNeverRacesWithItself() throws Exception {
        Result r = detect(new Script(1).on(0, t -> {
            t.store(W1, X);
            t.load(R1, X);
            t.store(W2, X);
        }));
        assertThat(r.raceFree()).as(r.toString()).isTrue();
    }

    // ---- locks ------------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"CDR", "ALL"})
    void theSameAccessesUnderOneLockDoNotRace(TraceMode mode) throws Exception {
        Result r = detect(new Script(2)
                .on(0, t -> {
                    t.lock(S_LOCK, L);
                    t.store(W1, X);
                    t.unlock(S_UNLOCK, L);
                })
                .on(1, t -> {
                    t.lock(S_LOCK, L);
                    t.store(W2, X);
                    t.load(R1, X);
                    t.unlock(S_UNLOCK, L);
                }), mode);
        assertThat(r.raceFree()).as(r.toString()).isTrue();
    }

    @Test
    void theSameAccessesUnderTwoDifferentLocksRace() throws Exception {
        Result r = detect(new Script(2)
                .on(0, t -> {
                    t.lock(S_LOCK, L);
                    t.store(W1, X);
                    t.unlock(S_UNLOCK, L);
                })
                .on(1, t -> {
                    t.lock(S_LOCK, M);
                    t.store(W2, X);
                    t.load(R1, X);
                    t.unlock(S_UNLOCK, M);
                }));
        assertThat(r.counts()).isEqualTo(races(W1, W2, 1, W1, R1, 1));
    }

    @Test
    void happensBeforeIsTransitiveThroughAChainOfLocks() throws Exception {
        Result r = detect(new Script(3)
                .on(0, t -> {
                    t.lock(S_LOCK, L);
                    t.store(W1, X);
                    t.unlock(S_UNLOCK, L);
                })
                .on(1, t -> { // touches no data: only passes thread 0's past on from L to M
                    t.lock(S_LOCK, L);
                    t.unlock(S_UNLOCK, L);
                    t.lock(S_LOCK, M);
                    t.unlock(S_UNLOCK, M);
                })
                .on(2, t -> {
                    t.lock(S_LOCK, M);
                    t.load(R1, X);
                    t.unlock(S_UNLOCK, M);
                }));
        assertThat(r.raceFree()).as(r.toString()).isTrue();
    }

    /**
     * Two real threads increment a counter under a real ReentrantLock, in whatever interleaving the
     * JVM picks. Recorded, the lock orders everything; not recorded, every cross-thread pair with a
     * store races, whatever the interleaving: k² store/store and 2k² load/store pairs.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aCounterIncrementedUnderARealLock(boolean recordTheLock) throws Exception {
        int k = 40;
        Path file = dir.resolve("counter.wtrace");
        ReentrantLock lock = new ReentrantLock();
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            defineCode(rec);
            runAll(2, id -> {
                ThreadRecorder t = rec.thread();
                for (int i = 0; i < k; i++) {
                    t.block(B_BODY);
                    lock.lock();
                    try {
                        if (recordTheLock) t.lock(S_LOCK, L);
                        t.load(R1, X);
                        t.store(W1, X);
                        if (recordTheLock) t.unlock(S_UNLOCK, L);
                    } finally {
                        lock.unlock();
                    }
                }
                t.end();
            });
        }
        Result r = ReferenceRaceDetector.detect(ParallelTrace.open(file));
        if (recordTheLock) {
            assertThat(r.raceFree()).as(r.toString()).isTrue();
        } else {
            assertThat(r.counts()).isEqualTo(races(W1, W1, (long) k * k, W1, R1, 2L * k * k));
            assertThat(r.races().get(InstructionPair.of(W1, W1)).example()).isEqualTo(new Example(0, 1, X));
        }
    }

    // ---- fork / join ------------------------------------------------------------------------------

    /**
     * The main thread writes X, starts a child that reads and writes X, joins it and reads X again.
     * Fork → begin orders the first write before the child, end → join the child before the last
     * read; leaving either out of the recording leaves the corresponding pairs unordered.
     */
    @ParameterizedTest
    @CsvSource({"true, true", "false, true", "true, false", "false, false"})
    void forkAndJoinOrderParentAndChild(boolean recordFork, boolean recordJoin) throws Exception {
        Path file = dir.resolve("forkjoin.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            defineCode(rec);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            long[] child = new long[1];
            Thread c = new Thread(() -> {
                try {
                    ThreadRecorder t = rec.beginThread("child", child[0], false);
                    t.block(B_BODY);
                    t.load(R1, X);
                    t.store(W2, X);
                } catch (Throwable e) {
                    failure.set(e);
                }
            }, "child");
            child[0] = TraceRecorder.defaultThreadObject(c);
            ThreadRecorder main = rec.thread();
            main.block(B_BODY);
            main.store(W1, X);
            if (recordFork) main.fork(S_FORK, child[0]);
            c.start();
            c.join();
            rec.endThread(child[0]); // the child's end, recorded on its behalf (in the child's trace)
            if (recordJoin) main.join(S_JOIN, child[0]);
            main.load(R2, X);
            main.end();
            assertThat(failure.get()).isNull();
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.threads()).hasSize(2);
        assertThat(trace.threads().get(0).name()).isNotEqualTo("child");
        Map<InstructionPair, Long> expected = new HashMap<>();
        if (!recordFork) expected.putAll(races(W1, R1, 1, W1, W2, 1));
        if (!recordJoin) expected.putAll(races(W2, R2, 1)); // R1/R2 are two reads: never a race
        assertThat(ReferenceRaceDetector.detect(trace).counts()).isEqualTo(expected);
    }

    // ---- barriers ---------------------------------------------------------------------------------

    /**
     * Three real threads, three phases separated by a real CyclicBarrier: phase 0 writes a[t];
     * phase 1 reads a[t+1] and writes b[t]; phase 2 writes a[t] again and reads b[t+1]. With both
     * episodes recorded nothing races; without the second, each thread's phase-2 accesses race with
     * its neighbours' phase-1 ones (the barrier still runs: only the recording lacks it).
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void barrierEpisodesSeparatePhases(boolean recordSecondEpisode) throws Exception {
        int n = 3;
        Path file = dir.resolve("phases.wtrace");
        CyclicBarrier barrier = new CyclicBarrier(n);
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            defineCode(rec);
            runAll(n, id -> {
                ThreadRecorder t = rec.thread();
                t.block(B_BODY);
                t.store(W1, a(id));
                barrier.await();
                t.barrier(S_BARRIER, BAR, 0);
                t.load(R1, a((id + 1) % n));
                t.store(W2, b(id));
                barrier.await();
                if (recordSecondEpisode) t.barrier(S_BARRIER, BAR, 1);
                t.store(W3, a(id));
                t.load(R2, b((id + 1) % n));
                t.end();
            });
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.syncOrder().barrierEpisodes()).isEqualTo(recordSecondEpisode ? 2 : 1);
        Result r = ReferenceRaceDetector.detect(trace);
        if (recordSecondEpisode) assertThat(r.raceFree()).as(r.toString()).isTrue();
        else assertThat(r.counts()).isEqualTo(races(R1, W3, n, W2, R2, n));
    }

    /**
     * The episode joins the clocks the participants had when they arrived, taken at its first
     * entry in S_synch. Thread 0 leaves first and, before thread 1's entry is recorded, writes Y
     * and performs a release: that must not order its post-barrier write before thread 1's
     * post-barrier read. And thread 0 does receive thread 1's pre-barrier write of Z, although
     * thread 1's entry (and that write, in the replay) comes later in S_synch.
     */
    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"CDR", "ALL"})
    void aBarrierEpisodeJoinsTheClocksOfArrival(TraceMode mode) throws Exception {
        Result r = detect(new Script(2)
                .on(0, t -> t.store(W1, X))
                .on(1, t -> t.store(W3, Z))  // thread 1 arrives
                .on(0, t -> {
                    t.barrier(S_BARRIER, BAR, 0); // the episode's first entry: both have arrived
                    t.load(R3, Z);                // thread 1's pre-barrier write: ordered
                    t.store(W2, Y);               // after the barrier: not ordered before thread 1's read
                    volatileWrite(t, V);          // a release: thread 0's clock moves on
                })
                .on(1, t -> {
                    t.barrier(S_BARRIER, BAR, 0);
                    t.load(R1, X);                // thread 0's pre-barrier write: ordered
                    t.load(R2, Y);                // races with W2
                }), mode);
        assertThat(r.counts()).isEqualTo(races(W2, R2, 1));
        assertThat(r.races().get(InstructionPair.of(W2, R2)).example()).isEqualTo(new Example(0, 1, Y));
    }

    @Test
    void barrierEpisodesAreTheirObjectAndEpisodeNumber() throws Exception {
        // Each thread passes "its own" episode: different episode numbers (or objects) order nothing.
        Result r = detect(new Script(3)
                .on(0, t -> t.store(W1, X))
                .on(1, t -> t.store(W2, Y))
                .on(2, t -> t.store(W3, Z))
                .on(0, t -> t.barrier(S_BARRIER, BAR, 0))
                .on(1, t -> t.barrier(S_BARRIER, BAR, 1))
                .on(2, t -> t.barrier(S_BARRIER, BAR + 1, 0))
                .on(0, t -> t.load(R2, Y))
                .on(1, t -> t.load(R3, Z))
                .on(2, t -> t.load(R1, X)));
        assertThat(r.counts()).isEqualTo(races(W1, R1, 1, W2, R2, 1, W3, R3, 1));
    }

    // ---- volatiles --------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aVolatileWritePublishesToAReadOfTheSameField(boolean sameField) throws Exception {
        Result r = detect(new Script(2)
                .on(0, t -> {
                    t.store(W1, X);
                    volatileWrite(t, V);
                })
                .on(1, t -> {
                    volatileRead(t, sameField ? V : V2);
                    t.load(R1, X);
                }));
        assertThat(r.counts()).isEqualTo(sameField ? races() : races(W1, R1, 1));
    }

    @Test
    void aVolatileReadBeforeTheWriteOrdersNothing() throws Exception {
        Result r = detect(new Script(2)
                .on(0, t -> {
                    volatileRead(t, V); // saw the initial value: nothing released yet
                    t.load(R1, X);
                })
                .on(1, t -> {
                    t.store(W1, X);
                    volatileWrite(t, V);
                }));
        assertThat(r.counts()).isEqualTo(races(W1, R1, 1));
    }

    @Test
    void accessesAfterAReleaseAreNotPublishedByIt() throws Exception {
        Result r = detect(new Script(2)
                .on(0, t -> {
                    t.store(W1, X);
                    volatileWrite(t, V);
                    t.store(W2, X); // after the release
                })
                .on(1, t -> {
                    volatileRead(t, V);
                    t.load(R1, X);
                }));
        assertThat(r.counts()).isEqualTo(races(W2, R1, 1));
    }

    // ---- latches ----------------------------------------------------------------------------------

    /**
     * A real CountDownLatch: thread 0 writes X, counts down, writes Y; thread 1 awaits, reads X
     * and Y. The recorded count-down and await pair up only on the same (object, aux); Y always
     * races (written after the count-down).
     */
    @ParameterizedTest
    @CsvSource({
        // down object, down aux, await object, await aux, X races (9 and 10: two latch objects)
        "9, 0, 9, 0, false",  // a CountDownLatch: ordered
        "9, 3, 9, 3, false",  // phase 3 of a Phaser: ordered
        "9, 1, 9, 0, true",   // different phases of one phaser: not ordered
        "9, 0, 10, 0, true",  // different latches: not ordered
    })
    void aLatchCountDownPublishesToAnAwaitOfTheSameObjectAndAux(long downObject, long downAux, long awaitObject,
                                                                long awaitAux, boolean xRaces) throws Exception {
        Path file = dir.resolve("latch.wtrace");
        CountDownLatch latch = new CountDownLatch(1);
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            defineCode(rec);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Semaphore registered = new Semaphore(0);
            Thread counter = new Thread(() -> {
                try {
                    ThreadRecorder t = rec.thread();
                    registered.release(); // thread 0 of the trace: registered before the waiter starts
                    t.block(B_BODY);
                    t.store(W1, X);
                    t.sync(SyncKind.LATCH_COUNT_DOWN, S_COUNT_DOWN, downObject, downAux);
                    latch.countDown();
                    t.store(W2, Y);
                    t.end();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            Thread waiter = new Thread(() -> {
                try {
                    ThreadRecorder t = rec.thread();
                    latch.await();
                    t.sync(SyncKind.LATCH_AWAIT, S_AWAIT, awaitObject, awaitAux);
                    t.load(R1, X);
                    t.load(R2, Y);
                    t.end();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            counter.start();
            registered.acquire();
            waiter.start();
            counter.join();
            waiter.join();
            assertThat(failure.get()).isNull();
        }
        Result r = ReferenceRaceDetector.detect(ParallelTrace.open(file));
        assertThat(r.counts()).isEqualTo(xRaces ? races(W1, R1, 1, W2, R2, 1) : races(W2, R2, 1));
        assertThat(r.races().get(InstructionPair.of(W2, R2)).example()).isEqualTo(new Example(0, 1, Y));
    }

    @Test
    void readAndWriteModesOfALockShareTheLock() throws Exception {
        // The aux of a lock is its read/write mode (1 shared, 2 exclusive); only latches are keyed on
        // (object, aux): a write-unlock publishes to a later read-lock of the same lock.
        Result r = detect(new Script(2)
                .on(0, t -> {
                    t.sync(SyncKind.LOCK, S_LOCK, L, 2);
                    t.store(W1, X);
                    t.sync(SyncKind.UNLOCK, S_UNLOCK, L, 2);
                })
                .on(1, t -> {
                    t.sync(SyncKind.LOCK, S_LOCK, L, 1);
                    t.load(R1, X);
                    t.sync(SyncKind.UNLOCK, S_UNLOCK, L, 1);
                }));
        assertThat(r.raceFree()).as(r.toString()).isTrue();
    }

    /** Two holders of the read lock are not ordered by it: writes made under it race (a bug the suite's ReadLockWriteYes has). */
    @Test
    void readLocksDoNotOrderTheirHolders() throws Exception {
        Result r = detect(new Script(2)
                .on(0, t -> {
                    t.sync(SyncKind.LOCK, S_LOCK, L, 1);
                    t.store(W1, X);
                    t.sync(SyncKind.UNLOCK, S_UNLOCK, L, 1);
                })
                .on(1, t -> {
                    t.sync(SyncKind.LOCK, S_LOCK, L, 1);
                    t.store(W2, X);
                    t.sync(SyncKind.UNLOCK, S_UNLOCK, L, 1);
                })
                .on(0, t -> {
                    t.sync(SyncKind.LOCK, S_LOCK, L, 2); // an exclusive lock receives both readers
                    t.load(R1, X);
                    t.sync(SyncKind.UNLOCK, S_UNLOCK, L, 2);
                }));
        assertThat(r.counts()).isEqualTo(races(W1, W2, 1));
    }

    // ---- counting -----------------------------------------------------------------------------------

    /**
     * Thread 0 writes a[0..9]; thread 1, unsynchronised, reads them twice and writes a[0..4]; then
     * thread 2, after volatile reads that order it after both, reads and writes all of them with the
     * same instructions. Exactly two instruction pairs race: (W1, R1) 20 times and (W1, W2) 5 times;
     * thread 2's many instances of the same pairs are ordered and not counted.
     */
    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"CDR", "ALL"})
    void dynamicRacesAreCountedPerInstructionPair(TraceMode mode) throws Exception {
        Result r = detect(new Script(3)
                .on(0, t -> {
                    for (int i = 0; i < 10; i++) {
                        t.block(B_BODY);
                        t.store(W1, a(i));
                    }
                    volatileWrite(t, V);
                })
                .on(1, t -> {
                    for (int rep = 0; rep < 2; rep++) {
                        for (int i = 0; i < 10; i++) {
                            t.block(B_BODY);
                            t.load(R1, a(i));
                        }
                    }
                    for (int i = 0; i < 5; i++) t.store(W2, a(i));
                    volatileWrite(t, V);
                })
                .on(2, t -> {
                    volatileRead(t, V);
                    for (int i = 0; i < 10; i++) {
                        t.block(B_BODY);
                        t.load(R1, a(i));
                        t.store(W2, a(i));
                        t.store(W1, a(i));
                    }
                }), mode);
        assertThat(r.counts()).isEqualTo(races(W1, R1, 20, W1, W2, 5));
        assertThat(r.races().get(InstructionPair.of(W1, R1)).example()).isEqualTo(new Example(0, 1, a(0)));
        assertThat(r.races().get(InstructionPair.of(W2, W1)).example()).isEqualTo(new Example(0, 1, a(0)));
    }

    // ---- API ----------------------------------------------------------------------------------------

    @Test
    void resultsCompareAsValues() throws Exception {
        Script s = new Script(2).on(0, t -> t.store(W1, X)).on(1, t -> t.load(R1, X));
        Result first = detect(s);
        Result again = ReferenceRaceDetector.detect(ParallelTrace.open(dir.resolve("script.wtrace")));
        assertThat(again).isEqualTo(first).hasSameHashCodeAs(first);
        assertThat(first).isEqualTo(new Result(Map.of(InstructionPair.of(R1, W1),
                new ReferenceRaceDetector.Race(1, new Example(0, 1, X)))));
        assertThatThrownBy(() -> new InstructionPair(R1, W1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> first.races().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"COR", "DOR"})
    void needsInstructionsAndAddresses(TraceMode mode) throws Exception {
        Script s = new Script(1).on(0, t -> t.store(W1, X));
        ParallelTrace trace = s.record(dir.resolve("script.wtrace"), mode);
        assertThatThrownBy(() -> ReferenceRaceDetector.detect(trace)).isInstanceOf(IllegalArgumentException.class);
    }

    // ---- harness ------------------------------------------------------------------------------------

    private Result detect(Script s) throws Exception {
        return detect(s, TraceMode.CDR);
    }

    private Result detect(Script s, TraceMode mode) throws Exception {
        return ReferenceRaceDetector.detect(s.record(dir.resolve("script.wtrace"), mode));
    }

    static void defineCode(TraceRecorder rec) {
        String c = ReferenceRaceDetectorTest.class.getName();
        rec.defineBlock(new CodeEntry(B_STEP, c, "step", "()V", 1, 0, "a script step"));
        rec.defineBlock(new CodeEntry(B_BODY, c, "body", "()V", 2, 0, "loop body"));
        int[] ids = {W1, W2, W3, R1, R2, R3, S_LOCK, S_UNLOCK, S_BARRIER, S_FORK, S_JOIN, S_VWRITE, S_VREAD, S_COUNT_DOWN, S_AWAIT};
        for (int id : ids) rec.defineInstruction(new CodeEntry(id, c, "body", "()V", 2, id, "instruction " + id));
    }

    interface Body {
        void run(int id) throws Exception;
    }

    /** Runs {@code body} on n real threads at once and waits for all; rethrows the first failure. */
    static void runAll(int n, Body body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[n];
        for (int k = 0; k < n; k++) {
            int id = k;
            ts[k] = new Thread(() -> {
                try {
                    body.run(id);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "worker-" + k);
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        if (failure.get() != null) throw new AssertionError("a worker failed", failure.get());
    }

    interface Action {
        void run(ThreadRecorder t) throws Exception;
    }

    /**
     * Steps run on n real threads strictly one at a time, in the order they were added: the test
     * thread hands each step to its thread and waits until it is done (an unrecorded hand-over, so
     * it creates no happens-before in the trace). A thread registers with the recorder at its
     * first step (recording its begin); threads must first appear in index order, so that script
     * thread k is thread k of the trace. Each step starts with a block event.
     */
    static final class Script {
        private static final Action STOP = t -> { };
        private final Thread[] threads;
        private final List<BlockingQueue<Action>> inboxes = new ArrayList<>();
        private final List<Integer> stepThreads = new ArrayList<>();
        private final List<Action> steps = new ArrayList<>();
        private final Semaphore done = new Semaphore(0);
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private volatile TraceRecorder recorder;

        Script(int n) {
            threads = new Thread[n];
            for (int k = 0; k < n; k++) {
                int id = k;
                inboxes.add(new LinkedBlockingQueue<>());
                threads[k] = new Thread(() -> work(id), "script-" + k);
            }
        }

        Script on(int thread, Action step) {
            if (thread >= threads.length) throw new IllegalArgumentException("no thread " + thread);
            if (thread > 0 && !stepThreads.contains(thread) && !stepThreads.contains(thread - 1)) {
                throw new IllegalArgumentException("thread " + thread + " appears before thread " + (thread - 1));
            }
            stepThreads.add(thread);
            steps.add(step);
            return this;
        }

        private void work(int id) {
            ThreadRecorder me = null;
            while (true) {
                Action a;
                try {
                    a = inboxes.get(id).take();
                } catch (InterruptedException e) {
                    return;
                }
                if (a == STOP) return;
                try {
                    if (me == null) me = recorder.beginThread("script-" + id, TraceRecorder.defaultThreadObject(threads[id]), false);
                    me.block(B_STEP);
                    a.run(me);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    done.release();
                }
            }
        }

        ParallelTrace record(Path file, TraceMode mode) throws Exception {
            for (int k = 0; k < threads.length; k++) {
                if (!stepThreads.contains(k)) throw new IllegalStateException("thread " + k + " has no step");
            }
            try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode))) {
                recorder = rec;
                defineCode(rec);
                for (Thread t : threads) t.start();
                try {
                    for (int i = 0; i < steps.size(); i++) {
                        inboxes.get(stepThreads.get(i)).put(steps.get(i));
                        done.acquire();
                        if (failure.get() != null) throw new AssertionError("step " + i + " failed", failure.get());
                    }
                } finally {
                    for (BlockingQueue<Action> q : inboxes) q.put(STOP);
                    for (Thread t : threads) t.join();
                }
            }
            ParallelTrace trace = ParallelTrace.open(file);
            assertThat(trace.threads()).hasSize(threads.length);
            for (int k = 0; k < threads.length; k++) assertThat(trace.threads().get(k).name()).isEqualTo("script-" + k);
            return trace;
        }
    }
}
