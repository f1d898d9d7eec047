package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.ThreadChunk;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * A background thread that owns some recorded threads' compressors. Its queue carries, in order,
 * their buffers and the recorder's chunk cuts, so every buffer handed over before a cut lands in
 * the chunk being cut, and a thread's buffers are compressed in the order it filled them.
 */
final class CompressorWorker implements Runnable {
    /** Ends a chunk: every compressor of this worker contributes its thread chunk. */
    static final class Cut {
        final List<ThreadChunk> threadChunks = new ArrayList<>();
        final CountDownLatch done;

        Cut(int workers) {
            done = new CountDownLatch(workers);
        }
    }

    private record Register(ThreadCompressor compressor) {}

    private record Retire(ThreadCompressor compressor) {}

    static final Object STOP = new Object();

    /**
     * The longest a thread parks on a full queue before it looks again: the worker wakes it
     * sooner ({@link #wakeParked}); the bound only covers a worker that stopped taking (a failed
     * recording, a stopped worker), where the thread then polls as slowly as this.
     */
    private static final long MAX_PARK_NANOS = 10_000_000L;

    private final TraceRecorder recorder;
    private final BlockingQueue<Object> queue;
    private final int capacity;
    /**
     * Threads parked in {@link #put} on the full queue, the first {@link #parkedCount} (guarded by
     * {@link #parkedLock}). They used to poll the queue every 50 us (parkNanos, then offer again):
     * a program thread held up by a slow compressor burnt a wake-up, a lock and a failed offer ten
     * thousand times a second (Water's four threads: 50-90 K context switches in a 20 s recording),
     * CPU that a slower compressor made the program's threads pay (docs/results/strata.md, session
     * 41). An array under a monitor, not a java.util.concurrent queue: the agent hooks those JDK
     * classes, and a program thread's Thread handed through one would be recorded as the program's
     * hand-over, re-entering its recorder in the middle of a hand-over.
     */
    private Thread[] parked = new Thread[4];
    private final Object parkedLock = new Object();
    /** How many of {@link #parked} are in use; written under {@link #parkedLock}, read by the worker without it. */
    private volatile int parkedCount;
    /** Mode STRATA: the pipeline's second stage, started and stopped with this worker; else null. */
    private final StrataStage strataStage;
    private final List<ThreadCompressor> compressors = new ArrayList<>();
    /** compressors.size(), for other threads to read. */
    private volatile int held;

    /** @param strataStage mode STRATA: the stage that runs layer 0 for this worker's encoders, or null */
    CompressorWorker(TraceRecorder recorder, int capacity, StrataStage strataStage) {
        this.recorder = recorder;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.capacity = capacity;
        this.strataStage = strataStage;
    }

    /** The stage that runs layer 0 for the STRATA encoders of the threads this worker compresses, or null. */
    StrataStage strataStage() {
        return strataStage;
    }

    /** The queue item that hands a new thread's compressor to this worker. */
    static Object registration(ThreadCompressor c) {
        return new Register(c);
    }

    /**
     * The queue item that says a thread has ended: queued after its last buffer, so its compressor
     * still contributes that buffer's events to the next cut and is dropped right after it. Without
     * this a program that starts a thread per task kept every ended thread's compressor (its
     * alphabets, block-symbol cache and empty grammars) until the recording ended.
     */
    static Object retirement(ThreadCompressor c) {
        return new Retire(c);
    }

    /** How many threads' compressors this worker holds now (ended ones until the cut after their end). */
    int compressorsHeld() {
        return held;
    }

    /**
     * Queues a batch, a cut, a registration, a retirement or STOP, waiting while the queue is
     * full, without ever throwing InterruptedException at the program or clearing its interrupt
     * status (BlockingQueue.put would do both). A waiting thread parks until the worker has
     * emptied half the queue; an interrupted one cannot park (park returns at once while the flag
     * is set), so it yields between tries, as before.
     */
    void put(Object item) {
        while (!queue.offer(item)) awaitRoom();
    }

    private void awaitRoom() {
        Thread me = Thread.currentThread();
        if (me.isInterrupted()) {
            Thread.yield();
            return;
        }
        synchronized (parkedLock) {
            if (parkedCount == parked.length) parked = Arrays.copyOf(parked, 2 * parked.length);
            parked[parkedCount] = me;
            parkedCount = parkedCount + 1;
        }
        try {
            // Registered before looking (a volatile write, then the queue's lock): every take after
            // a look that saw the queue full sees the registration, and the worker takes until the
            // queue is empty, so one of those takes passes the half and wakes this thread.
            if (queue.remainingCapacity() == 0) LockSupport.parkNanos(this, MAX_PARK_NANOS);
        } finally {
            synchronized (parkedLock) {
                int n = parkedCount;
                for (int i = 0; i < n; i++) {
                    if (parked[i] == me) {
                        parked[i] = parked[n - 1];
                        parked[n - 1] = null;
                        parkedCount = n - 1;
                        break;
                    }
                }
            }
        }
    }

    /**
     * After a take: wakes the parked threads once half the queue is free, so that each wake-up
     * lets them hand over several buffers (waking them at every free slot would switch threads
     * once a buffer). One volatile read when nobody waits. A thread woken after it stopped waiting
     * keeps the permit, and its next park returns at once: a spurious wake-up, which every park
     * in the JDK and in a correct program allows for.
     */
    private void wakeParked() {
        if (parkedCount == 0 || queue.remainingCapacity() < (capacity + 1) / 2) return;
        synchronized (parkedLock) {
            for (int i = 0; i < parkedCount; i++) LockSupport.unpark(parked[i]);
        }
    }

    @Override
    public void run() {
        try {
            if (strataStage != null) strataStage.start();
        } catch (RuntimeException | OutOfMemoryError e) { // no thread for the stage: the recording fails, the worker still answers cuts
            recorder.fail(e);
        }
        try {
            work();
        } finally {
            if (strataStage != null) strataStage.stop();
        }
    }

    private void work() {
        while (true) {
            Object item;
            try {
                item = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            wakeParked();
            if (item == STOP) return;
            try {
                if (item instanceof Batch b && recorder.failed()) {
                    recorder.recycle(b);
                } else if (item instanceof Batch b) {
                    recorder.throttle();
                    ThreadCompressor target = b.target;
                    long before = target.symbols();
                    int events = target.consume(b.data, b.length);
                    recorder.consumed(events, target.symbols() - before);
                    recorder.recycle(b);
                } else if (item instanceof Cut c) {
                    List<ThreadChunk> mine = new ArrayList<>();
                    for (ThreadCompressor tc : compressors) tc.beginCut(); // the strata stage seals the next threads while this one is cut
                    for (ThreadCompressor tc : compressors) {
                        ThreadChunk tch = tc.cut();
                        if (tch != null) mine.add(tch);
                    }
                    compressors.removeIf(ThreadCompressor::retired);
                    held = compressors.size();
                    synchronized (c.threadChunks) {
                        c.threadChunks.addAll(mine);
                    }
                    c.done.countDown();
                } else if (item instanceof Register r) {
                    compressors.add(r.compressor());
                    held = compressors.size();
                } else if (item instanceof Retire r) {
                    r.compressor().retire();
                }
            } catch (RuntimeException | OutOfMemoryError e) {
                recorder.fail(e);
                if (item instanceof Cut c) c.done.countDown();
            }
        }
    }
}
