package dev.wholetrace.recorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The full buffers one recorded thread has handed over and its compressor worker has not consumed
 * yet: a ring of {@link #SLOTS} slots with one producer (the thread's {@link ThreadRecorder}, whose
 * hand-overs are serialized by the handle's own monitor) and one consumer (the thread's
 * {@link CompressorWorker}). Primitive arrays and two counters published through VarHandles: no
 * lock, no JDK collection (the agent hooks the JDK's queues, so the recorder's hand-off must not
 * use them), nothing allocated per hand-over in steady state.
 *
 * <p>A slot keeps its array after the worker consumed it: the next hand-over puts the full buffer
 * into the slot and takes the array that was there as the thread's next buffer (a swap), so each
 * busy thread cycles through at most {@code SLOTS + 1} arrays and no pool is shared between
 * threads. When the ring is full, or the worker has {@link CompressorWorker#full() too many
 * buffers} of all its threads waiting, the producer spins briefly, then parks until the worker
 * frees a slot (back-pressure: nothing is dropped).
 */
final class HandoffRing {
    /** Buffers one thread may have waiting for its compressor (a power of two). */
    static final int SLOTS = 8;
    private static final int MASK = SLOTS - 1;
    private static final int SPINS = 64;
    /** A producer blocked by the worker's total, not by its own ring, is not woken by a slot of its own: it polls. */
    private static final long PARK_NANOS = 200_000;

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle CLOSED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            HEAD = l.findVarHandle(HandoffRing.class, "head", long.class);
            TAIL = l.findVarHandle(HandoffRing.class, "tail", long.class);
            CLOSED = l.findVarHandle(HandoffRing.class, "closed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final ThreadCompressor compressor;
    private final CompressorWorker worker;
    private final long[][] data = new long[SLOTS][];
    private final int[] lengths = new int[SLOTS];
    /** Buffers published by the producer (written by it only, read by the worker). */
    private long head;
    /** Buffers consumed by the worker (written by it only, read by the producer). */
    private long tail;
    /** Set by the producer after its last hand-over: the worker may forget the ring once it is empty. */
    private boolean closed;
    /** The producer, while it is parked waiting for a slot. */
    private volatile Thread waiter;
    /** The worker's own: whether it has taken the compressor into its list of compressors to cut. */
    boolean adopted;

    HandoffRing(ThreadCompressor compressor, CompressorWorker worker) {
        this.compressor = compressor;
        this.worker = worker;
    }

    // ---- producer side (the owner's hand-overs, or collect/drain/end under the handle's lock) -----

    /**
     * Publishes {@code length} longs of {@code full} (the ring now owns the array) and returns the
     * array the producer continues in: the one the slot held if it has at least {@code nextCapacity}
     * longs, else a new one; null when {@code nextCapacity} is 0 (no more hand-overs follow).
     */
    long[] put(long[] full, int length, int nextCapacity) {
        long h = head;
        awaitRoom(h);
        int i = (int) h & MASK;
        long[] spare = data[i];
        data[i] = full;
        lengths[i] = length;
        publish(h);
        if (nextCapacity == 0) return null;
        return spare != null && spare.length >= nextCapacity ? spare : new long[nextCapacity];
    }

    /** Publishes a copy of {@code length} longs of {@code src} from {@code from} (the producer keeps {@code src}). */
    void putCopy(long[] src, int from, int length) {
        long h = head;
        awaitRoom(h);
        int i = (int) h & MASK;
        long[] copy = data[i];
        if (copy == null || copy.length < length) copy = new long[length];
        System.arraycopy(src, from, copy, 0, length);
        data[i] = copy;
        lengths[i] = length;
        publish(h);
    }

    /** No more hand-overs: the worker drops the ring once it has consumed what it holds. */
    void close() {
        CLOSED.setVolatile(this, true);
        worker.wake();
    }

    private void publish(long h) {
        HEAD.setVolatile(this, h + 1); // volatile, not release: ordered before the read of the worker's idle flag
        worker.added();
        worker.wake();
    }

    private void awaitRoom(long h) {
        int spins = 0;
        while (h - (long) TAIL.getVolatile(this) >= SLOTS || worker.full()) {
            if (spins++ < SPINS) {
                Thread.onSpinWait();
                continue;
            }
            Thread me = Thread.currentThread();
            waiter = me;
            if (h - (long) TAIL.getVolatile(this) < SLOTS && !worker.full()) break;
            // Never clear the program's interrupt status; park returns at once while it is set.
            if (me.isInterrupted()) Thread.yield();
            else LockSupport.parkNanos(this, PARK_NANOS);
        }
        waiter = null;
    }

    // ---- consumer side (the worker only) ---------------------------------------------------------

    /** Buffers published so far (the worker drains a cut up to this). */
    long published() {
        return (long) HEAD.getVolatile(this);
    }

    /** Buffers consumed so far. */
    long consumed() {
        return tail;
    }

    boolean isEmpty() {
        return (long) HEAD.getVolatile(this) == tail;
    }

    boolean isClosed() {
        return (boolean) CLOSED.getVolatile(this);
    }

    /** The oldest unconsumed buffer (call only when not empty). */
    long[] oldest() {
        return data[(int) tail & MASK];
    }

    int oldestLength() {
        return lengths[(int) tail & MASK];
    }

    /** Frees the oldest slot and wakes the producer if it waits for one. */
    void release() {
        TAIL.setVolatile(this, tail + 1);
        Thread w = waiter;
        if (w != null) LockSupport.unpark(w);
    }
}
