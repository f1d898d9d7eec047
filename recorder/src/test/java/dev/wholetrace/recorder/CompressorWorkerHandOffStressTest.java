package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The idle worker's hand-off (it parks with LockSupport; a put unparks it) under many producers and tiny queues. A lost
 * wake-up leaves an item in the queue and the worker parked with no bound: each round below queues its items and then
 * queues nothing more until the worker has taken all of them, so a lost wake-up shows as a round that never completes
 * (bounded here), not as a slow one that a later put rescues.
 */
class CompressorWorkerHandOffStressTest {
    private static final long ROUND_BOUND_NANOS = TimeUnit.SECONDS.toNanos(20);

    @Test
    void everyItemArrivesAndNoWakeUpIsLostWithManyProducersAndTinyQueues() throws Exception {
        for (int capacity : new int[] {1, 2, 64}) {
            CompressorWorker w = new CompressorWorker(null, capacity, null);
            Thread worker = new Thread(w, "hand-off-stress-worker");
            worker.start();
            int producers = 6;
            int rounds = 1500;
            int perRound = 3; // more than a queue of 1 or 2 holds: the producers also wait for room (back-pressure)
            CyclicBarrier start = new CyclicBarrier(producers + 1);
            CyclicBarrier end = new CyclicBarrier(producers + 1);
            Thread[] threads = new Thread[producers];
            for (int p = 0; p < producers; p++) {
                threads[p] = new Thread(() -> {
                    try {
                        for (int r = 0; r < rounds; r++) {
                            start.await();
                            for (int i = 0; i < perRound; i++) w.put(CompressorWorker.registration(null));
                            end.await();
                        }
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, "hand-off-stress-producer-" + p);
                threads[p].setDaemon(true);
                threads[p].start();
            }
            for (int r = 0; r < rounds; r++) {
                start.await(30, TimeUnit.SECONDS);
                end.await(30, TimeUnit.SECONDS); // every item of this round queued
                int expected = (r + 1) * producers * perRound;
                long deadline = System.nanoTime() + ROUND_BOUND_NANOS;
                // nothing is queued until the worker has taken every item: only the puts' own wake-ups can move it
                while (w.compressorsHeld() != expected && System.nanoTime() - deadline < 0) Thread.yield();
                assertThat(w.compressorsHeld()).as("capacity %d, round %d: every item taken (worker %s)", capacity, r, worker.getState())
                        .isEqualTo(expected);
            }
            for (Thread t : threads) t.join(TimeUnit.SECONDS.toMillis(30));
            w.put(CompressorWorker.STOP);
            worker.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(worker.isAlive()).as("the worker ends at STOP").isFalse();
            assertThat(w.compressorsHeld()).isEqualTo(rounds * producers * perRound);
        }
    }

    /**
     * Ping-pong: each put comes the moment the worker has handled the item before, when it is about to find its queue
     * empty and park. A put that does not wake an idle worker fails here at the second item; the narrower race of a
     * worker that publishes that it parks only after its emptiness check was not hit in 100,000 items (nanoseconds
     * wide): take() rules it out by order (it publishes before it checks), this test only makes it likely to show.
     */
    @Test
    void aPutRightAsTheWorkerGoesIdleWakesIt() throws Exception {
        CompressorWorker w = new CompressorWorker(null, 4, null);
        Thread worker = new Thread(w, "hand-off-ping-pong-worker");
        worker.start();
        int items = 100_000;
        for (int i = 1; i <= items; i++) {
            w.put(CompressorWorker.registration(null));
            long deadline = System.nanoTime() + ROUND_BOUND_NANOS;
            while (w.compressorsHeld() != i && System.nanoTime() - deadline < 0) Thread.onSpinWait();
            assertThat(w.compressorsHeld()).as("item %d taken (worker %s)", i, worker.getState()).isEqualTo(i);
        }
        w.put(CompressorWorker.STOP);
        worker.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(worker.isAlive()).isFalse();
    }

    /** Spurious wake-ups and interrupts of the idle worker: it takes nothing that is not there and keeps waiting. */
    @Test
    void anIdleWorkerWokenForNothingWaitsOnAndStillTakesTheNextItem() throws Exception {
        CompressorWorker w = new CompressorWorker(null, 1, null);
        Thread worker = new Thread(w, "hand-off-spurious-worker");
        worker.start();
        for (int i = 0; i < 200; i++) {
            java.util.concurrent.locks.LockSupport.unpark(worker);
            if (i % 3 == 0) worker.interrupt();
            Thread.yield();
        }
        assertThat(w.compressorsHeld()).isZero();
        w.put(CompressorWorker.registration(null));
        long deadline = System.nanoTime() + ROUND_BOUND_NANOS;
        while (w.compressorsHeld() != 1 && System.nanoTime() - deadline < 0) Thread.yield();
        assertThat(w.compressorsHeld()).isEqualTo(1);
        w.put(CompressorWorker.STOP);
        worker.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(worker.isAlive()).isFalse();
    }
}
