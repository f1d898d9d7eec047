package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.ThreadChunk;
import java.util.ArrayList;
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

    private final TraceRecorder recorder;
    private final BlockingQueue<Object> queue;
    /**
     * The threads waiting in {@link #put} for room (back-pressure), parked until this worker takes
     * from its queue ({@link #wakeWaiters}). Before, they polled every 50 µs: a timed park,
     * a wake-up and a try of the queue's lock each time, up to tens of thousands a second per
     * blocked thread, which burned the program threads' CPU exactly while the compressors, short
     * of it, fell behind (docs/results/overhead-profile.md, session 41).
     */
    private final ParkedThreads waiting = new ParkedThreads();
    /**
     * This worker's thread while it is parked for an empty queue ({@link #take}), else null: a
     * {@link #put} that queued an item unparks it. The worker parks with LockSupport, not in the
     * queue's {@code take}: that waits in {@code Condition.await}, which goes through {@code
     * ForkJoinPool.managedBlock} and so initialized ForkJoinPool before the program's {@code main}
     * ran, making the common pool before the program could set its properties (docs/agent.md, "The
     * agent leaves the JDK's settings to the program").
     */
    private volatile Thread idle;
    /** Mode STRATA: the pipeline's second stage, started and stopped with this worker; else null. */
    private final StrataStage strataStage;
    private final List<ThreadCompressor> compressors = new ArrayList<>();
    /** compressors.size(), for other threads to read. */
    private volatile int held;
    /** Events and grammar symbols this worker counted into the recorder's pending totals since its last cut (this thread only). */
    private long eventsSinceCut;
    private long symbolsSinceCut;

    /** @param strataStage mode STRATA: the stage that runs layer 0 for this worker's encoders, or null */
    CompressorWorker(TraceRecorder recorder, int capacity, StrataStage strataStage) {
        this.recorder = recorder;
        this.queue = new ArrayBlockingQueue<>(capacity);
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
     * Queues a batch, a cut, a registration, a retirement or STOP, waiting while the queue is full
     * (back-pressure: nothing is dropped). Never throws InterruptedException at the program nor
     * clears its interrupt status, as BlockingQueue.put would: an interrupted thread cannot park
     * (park returns at once), so it yields until there is room, as it always did.
     */
    void put(Object item) {
        if (queue.offer(item)) {
            wakeWorker();
            return;
        }
        Thread me = Thread.currentThread();
        // Registered before the next try: a worker that takes after that try sees the entry
        // (wakeWaiters), so the park below cannot miss the room it made.
        waiting.add(me);
        boolean parked = false;
        try {
            while (!queue.offer(item)) {
                if (me.isInterrupted()) {
                    Thread.yield();
                } else {
                    LockSupport.parkNanos(this, MAX_PARK_NANOS);
                    parked = true;
                }
            }
        } finally {
            waiting.remove(me);
            // A park here may have used up a permit the program's thread held (another thread's
            // unpark before the program's own park): give it back. The program's next park may
            // then return at once, which park allows; without it, it waited for a wake-up that
            // had already come, for good if nothing else woke it.
            if (parked) LockSupport.unpark(me);
        }
        wakeWorker();
    }

    /**
     * After an item was queued: unparks the worker if it waits for one. The item's offer (the
     * queue's lock released) comes before this read of {@link #idle}, and the worker's write of it
     * before its next poll (the lock acquired): either that poll finds the item or this read finds
     * the worker, so no wake-up is missed.
     */
    private void wakeWorker() {
        Thread w = idle;
        if (w != null) LockSupport.unpark(w);
    }

    /**
     * The next item, parking while the queue is empty. A program that interrupts every thread it
     * finds (a leaked-thread clean-up) reaches this one too: its interrupt is cleared (while set,
     * every park returned at once) and the worker waits on, since only STOP ends a worker: stopping
     * left every thread that handed a buffer over, and close() with its STOP, waiting for good.
     */
    private Object take() {
        Object item = queue.poll();
        if (item != null) return item;
        idle = Thread.currentThread();
        try {
            while ((item = queue.poll()) == null) {
                LockSupport.park(this);
                Thread.interrupted();
            }
        } finally {
            idle = null;
        }
        return item;
    }

    /**
     * A parked {@link #put} wakes at the latest after this long, although the worker wakes it: a
     * bound, not the mechanism (a missed wake-up costs at most this much).
     */
    static final long MAX_PARK_NANOS = 10_000_000L;

    /**
     * Wakes the threads waiting in {@link #put}: called after every take, which made room for one
     * item. One wake-up per buffer compressed when the program is ahead of the worker (a buffer is
     * thousands of events), instead of one try per waiter every 50 µs. At once, not when the
     * queue is down to half: a first version that waited for half took 1.14x the wall time on
     * the Jackson driver (3 pairs at load ~30) for 0.89x the CPU (docs/results/overhead-profile.md,
     * session 41).
     */
    private void wakeWaiters() {
        if (!waiting.isEmpty()) waiting.unparkAll();
    }

    @Override
    public void run() {
        try {
            if (strataStage != null) strataStage.start();
        } catch (RuntimeException | Error e) { // no thread for the stage: the recording fails, the worker still answers cuts
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
            Object item = take();
            wakeWaiters();
            if (item == STOP) return;
            try {
                if (item instanceof Batch b && recorder.failed()) {
                    recorder.recycle(b);
                } else if (item instanceof Batch b) {
                    recorder.throttle();
                    ThreadCompressor target = b.target;
                    long before = target.symbols();
                    int events = target.consume(b.data, b.length);
                    long symbols = target.symbols() - before;
                    recorder.consumed(events, symbols);
                    eventsSinceCut += events;
                    symbolsSinceCut += symbols;
                    recorder.recycle(b);
                } else if (item instanceof Cut c) {
                    // what this worker compressed since its last cut is in this chunk: no longer pending. Taken off per worker, not
                    // reset by the writer after the cut: buffers other workers compressed meanwhile belong to the next chunk, and the
                    // reset forgot them: the next chunk's count started short and it was sealed late (agent option events=N)
                    if (eventsSinceCut != 0 || symbolsSinceCut != 0) recorder.cutConsumed(eventsSinceCut, symbolsSinceCut);
                    eventsSinceCut = 0;
                    symbolsSinceCut = 0;
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
            } catch (RuntimeException | Error e) {
                // Any Error too (a LinkageError: a class of the recorder that cannot be loaded; a StackOverflowError):
                // a worker that ended at one left the writer's next cut, and close(), waiting for it for good. The
                // recording fails (close() says why) and the worker goes on answering, dropping what it receives.
                recorder.fail(e);
                if (item instanceof Cut c) c.done.countDown();
            }
        }
    }
}
