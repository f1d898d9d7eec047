package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * A thread that finds its worker's queue full waits parked on the worker (not polling), is woken
 * once the worker has taken from the queue, and every item it queued arrives: back-pressure blocks,
 * never drops.
 */
class CompressorWorkerBackPressureTest {

    @Test
    void aFullQueueParksTheProducerUntilTheWorkerTakesAndLosesNothing() throws Exception {
        CompressorWorker w = new CompressorWorker(null, 2, null);
        w.put(CompressorWorker.registration(null));
        w.put(CompressorWorker.registration(null)); // full
        Thread producer = new Thread(() -> {
            for (int i = 0; i < 5; i++) w.put(CompressorWorker.registration(null));
        });
        producer.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (LockSupport.getBlocker(producer) != w && System.nanoTime() < deadline) Thread.sleep(1);
        assertThat(LockSupport.getBlocker(producer)).as("the producer parks on the worker").isSameAs(w);
        assertThat(producer.isAlive()).isTrue();

        Thread worker = new Thread(w);
        worker.start();
        producer.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(producer.isAlive()).as("woken once the worker took from its queue").isFalse();
        w.put(CompressorWorker.STOP);
        worker.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(worker.isAlive()).isFalse();
        assertThat(w.compressorsHeld()).as("every queued item arrived").isEqualTo(7);
    }

    @Test
    void anInterruptedProducerStillQueuesAndKeepsItsInterrupt() throws Exception {
        CompressorWorker w = new CompressorWorker(null, 1, null);
        w.put(CompressorWorker.registration(null)); // full
        boolean[] interrupted = new boolean[1];
        Thread producer = new Thread(() -> {
            Thread.currentThread().interrupt();
            w.put(CompressorWorker.registration(null));
            interrupted[0] = Thread.currentThread().isInterrupted();
        });
        producer.start();
        Thread worker = new Thread(w);
        worker.start();
        producer.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(producer.isAlive()).isFalse();
        assertThat(interrupted[0]).isTrue();
        w.put(CompressorWorker.STOP);
        worker.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(w.compressorsHeld()).isEqualTo(2);
    }
    /**
     * A program thread may hold a permit (another thread's LockSupport.unpark before its own park)
     * when it hands a buffer over: the wait for room parks too and may use that permit up. The
     * program's own park must still find it, or the program waits for a wake-up that already came
     * (for good, if nothing else wakes it). The queue holds one item, so the worker wakes the
     * producer once, while it waits, and cannot hand it a permit of its own afterwards.
     */
    @Test
    void aPermitTheProgramThreadHeldSurvivesTheWait() throws Exception {
        for (int round = 0; round < 5; round++) {
            CompressorWorker w = new CompressorWorker(null, 1, null);
            w.put(CompressorWorker.registration(null)); // full
            long[] programParkNanos = {-1};
            Thread producer = new Thread(() -> {
                LockSupport.unpark(Thread.currentThread()); // the program was woken before it parks
                w.put(CompressorWorker.registration(null));
                long start = System.nanoTime();
                LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(3)); // the program's own park
                programParkNanos[0] = System.nanoTime() - start;
            });
            producer.start();
            awaitParkedOn(producer, w);
            Thread worker = new Thread(w);
            worker.start();
            producer.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(producer.isAlive()).isFalse();
            assertThat(programParkNanos[0]).as("round %d: the program's park found its permit", round)
                    .isBetween(0L, TimeUnit.SECONDS.toNanos(1));
            w.put(CompressorWorker.STOP);
            worker.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(w.compressorsHeld()).isEqualTo(2);
        }
    }

    /**
     * The worker wakes a waiting thread when it takes from its queue: the bound on a park
     * (10 ms) is a safety net, not the mechanism. Each round holds the worker in a cut (on its
     * chunk list's monitor) with the queue full, lets the producer park, and releases the worker.
     * A producer whose wake-up is lost returns no sooner than the bound after it parked, however
     * idle the machine; a woken one returns a few context switches after the release (31 us median
     * at load ~10), so most rounds end within the bound unless the machine is starved for
     * seconds. RecorderBackPressureTest's timeout cannot show a lost wake-up (without any wake-up
     * its recording took 17 s instead of 2 s, well inside 120 s).
     */
    @Test
    void theWorkerWakesAWaitingThreadWhenItTakesNotAtTheParkBound() throws Exception {
        CompressorWorker w = new CompressorWorker(null, 1, null);
        Thread worker = new Thread(w);
        worker.start();
        int rounds = 31;
        long[] waited = new long[rounds];
        for (int round = 0; round < rounds; round++) {
            // cuts only: the worker holds no compressor, so a cut is a list and a count-down
            CompressorWorker.Cut cut = new CompressorWorker.Cut(1);
            CompressorWorker.Cut filler = new CompressorWorker.Cut(1);
            CompressorWorker.Cut queued = new CompressorWorker.Cut(1);
            long[] putNanos = new long[1];
            Thread producer;
            synchronized (cut.threadChunks) {
                w.put(cut); // the worker takes it and blocks on the monitor held here
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (worker.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) Thread.onSpinWait();
                assertThat(worker.getState()).isEqualTo(Thread.State.BLOCKED);
                w.put(filler); // full
                producer = new Thread(() -> {
                    long before = System.nanoTime();
                    w.put(queued);
                    putNanos[0] = System.nanoTime() - before;
                });
                producer.start();
                // spin, not sleep: every moment spent here shortens what a lost wake-up costs
                while (LockSupport.getBlocker(producer) != w && System.nanoTime() < deadline) Thread.onSpinWait();
                assertThat(LockSupport.getBlocker(producer)).as("parked on the worker").isSameAs(w);
            }
            producer.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(producer.isAlive()).isFalse();
            waited[round] = putNanos[0];
            assertThat(queued.done.await(30, TimeUnit.SECONDS)).as("every cut arrived").isTrue();
            assertThat(filler.done.getCount() + cut.done.getCount()).isZero();
        }
        w.put(CompressorWorker.STOP);
        worker.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(worker.isAlive()).isFalse();
        long[] sorted = waited.clone();
        java.util.Arrays.sort(sorted);
        assertThat(sorted[rounds / 2]).as("median ns a producer spent in put, of %s", java.util.Arrays.toString(waited))
                .isLessThan(CompressorWorker.MAX_PARK_NANOS);
    }

    /**
     * A program may interrupt every thread it finds (a container's or a test runner's clean-up of
     * leaked threads), the recorder's workers among them. A worker that stopped at an interrupt
     * left every thread that then handed a buffer over waiting for good, and the recorder's close,
     * which queues STOP, with them: the program could not exit. A worker ends at STOP only.
     */
    @Test
    void anInterruptedWorkerGoesOnTakingItsQueue() throws Exception {
        CompressorWorker w = new CompressorWorker(null, 1, null);
        Thread worker = new Thread(w);
        worker.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (worker.getState() != Thread.State.WAITING && System.nanoTime() < deadline) Thread.sleep(1);
        worker.interrupt(); // while it waits for an item
        Thread producer = new Thread(() -> {
            for (int i = 0; i < 5; i++) w.put(CompressorWorker.registration(null));
        });
        producer.start();
        producer.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(producer.isAlive()).as("the producer is not left waiting").isFalse();
        w.put(CompressorWorker.STOP);
        worker.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(worker.isAlive()).as("the worker ends at STOP").isFalse();
        assertThat(w.compressorsHeld()).isEqualTo(5);
    }

    private static void awaitParkedOn(Thread t, Object blocker) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (LockSupport.getBlocker(t) != blocker && System.nanoTime() < deadline) Thread.sleep(1);
        assertThat(LockSupport.getBlocker(t)).as("parked on the worker").isSameAs(blocker);
    }
}
