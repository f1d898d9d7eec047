package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.ThreadChunk;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * A background thread that owns some recorded threads' compressors. Each of those threads hands
 * its full buffers over through its own {@link HandoffRing}; the worker takes one buffer from each
 * ring in turn, so a thread's buffers are compressed in the order it filled them. A chunk cut
 * ({@link #cut}) first drains every ring up to what was published when the cut was requested, so
 * every buffer handed over before a cut lands in the chunk being cut.
 *
 * <p>No lock and no JDK queue between the program threads and the worker (the agent hooks the
 * JDK's queues): the rings' counters, a volatile idle flag and park/unpark. The worker's monitor
 * guards only the copy-on-write list of rings (a thread's registration, a ring's removal).
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

    private static final VarHandle QUEUED;
    /** An idle worker looks again at least this often (a missed wake-up costs at most this). */
    private static final long IDLE_PARK_NANOS = 10_000_000;

    static {
        try {
            QUEUED = MethodHandles.lookup().findVarHandle(CompressorWorker.class, "queued", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final TraceRecorder recorder;
    /** Buffers of all this worker's threads that may wait for it before their producers wait. */
    private final int capacity;
    private final List<ThreadCompressor> compressors = new ArrayList<>();
    /** Copy-on-write under this worker's monitor. */
    private volatile HandoffRing[] rings = new HandoffRing[0];
    /** Buffers published to this worker's rings and not consumed yet. */
    private volatile int queued;
    private volatile Cut cutRequest;
    private volatile boolean stopRequested;
    private volatile boolean idle;
    private volatile Thread thread;

    CompressorWorker(TraceRecorder recorder, int capacity) {
        this.recorder = recorder;
        this.capacity = capacity;
    }

    // ---- called by other threads ---------------------------------------------------------------

    /** A new thread's ring: its buffers go to this worker from now on. */
    HandoffRing register(ThreadCompressor compressor) {
        HandoffRing r = new HandoffRing(compressor, this);
        synchronized (this) {
            HandoffRing[] old = rings;
            HandoffRing[] next = Arrays.copyOf(old, old.length + 1);
            next[old.length] = r;
            rings = next;
        }
        wake();
        return r;
    }

    /** Asks for a cut (the writer thread, one at a time: it waits for {@code c.done} before the next). */
    void cut(Cut c) {
        cutRequest = c;
        unpark();
    }

    /** Stops the worker once it has seen this (the writer has written the last chunk). */
    void stop() {
        stopRequested = true;
        unpark();
    }

    /** Whether producers must wait: this worker's threads have {@code capacity} buffers waiting. */
    boolean full() {
        return queued >= capacity;
    }

    void added() {
        QUEUED.getAndAdd(this, 1);
    }

    /** After a ring's head moved: unparks the worker if it sleeps (volatile write before volatile read on both sides). */
    void wake() {
        if (idle) unpark();
    }

    private void unpark() {
        Thread t = thread;
        if (t != null) LockSupport.unpark(t);
    }

    // ---- the worker thread -------------------------------------------------------------------------

    @Override
    public void run() {
        thread = Thread.currentThread();
        while (!stopRequested) {
            boolean worked = false;
            for (HandoffRing r : rings) {
                adopt(r);
                if (!r.isEmpty()) {
                    consumeOldest(r);
                    worked = true;
                } else if (r.isClosed() && r.isEmpty()) {
                    forget(r);
                }
            }
            Cut c = cutRequest;
            if (c != null) {
                cutRequest = null;
                cut0(c);
                worked = true;
            }
            if (!worked) sleep();
        }
    }

    private void sleep() {
        idle = true;
        if (!pending()) LockSupport.parkNanos(this, IDLE_PARK_NANOS);
        idle = false;
    }

    /** Whether anything arrived since the worker last looked (read after setting {@link #idle}). */
    private boolean pending() {
        if (cutRequest != null || stopRequested) return true;
        for (HandoffRing r : rings) if (!r.isEmpty() || !r.adopted) return true;
        return false;
    }

    private void adopt(HandoffRing r) {
        if (!r.adopted) {
            compressors.add(r.compressor);
            r.adopted = true;
        }
    }

    private synchronized void forget(HandoffRing r) {
        HandoffRing[] old = rings;
        int at = Arrays.asList(old).indexOf(r);
        if (at < 0) return;
        HandoffRing[] next = new HandoffRing[old.length - 1];
        System.arraycopy(old, 0, next, 0, at);
        System.arraycopy(old, at + 1, next, at, old.length - at - 1);
        rings = next;
    }

    private void consumeOldest(HandoffRing r) {
        try {
            if (!recorder.failed()) {
                recorder.throttle();
                ThreadCompressor target = r.compressor;
                long before = target.symbols();
                int events = target.consume(r.oldest(), r.oldestLength());
                recorder.consumed(events, target.symbols() - before);
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            recorder.fail(e); // later buffers are dropped (recorder.failed()), so memory stays bounded
        } finally {
            r.release();
            QUEUED.getAndAdd(this, -1);
        }
    }

    /** Drains every ring up to what was published when the cut was seen, then cuts every compressor. */
    private void cut0(Cut c) {
        try {
            HandoffRing[] rs = rings;
            long[] upTo = new long[rs.length];
            for (int i = 0; i < rs.length; i++) {
                adopt(rs[i]);
                upTo[i] = rs[i].published();
            }
            for (int i = 0; i < rs.length; i++) {
                while (rs[i].consumed() < upTo[i]) consumeOldest(rs[i]);
            }
            List<ThreadChunk> mine = new ArrayList<>();
            for (ThreadCompressor tc : compressors) {
                ThreadChunk tch = tc.cut();
                if (tch != null) mine.add(tch);
            }
            synchronized (c.threadChunks) {
                c.threadChunks.addAll(mine);
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            recorder.fail(e);
        } finally {
            c.done.countDown();
        }
    }
}
