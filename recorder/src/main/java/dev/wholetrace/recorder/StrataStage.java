package dev.wholetrace.recorder;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.LayerZero;
import dev.wholetrace.model.strata.RunSink;
import dev.wholetrace.model.strata.Runs;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * The second stage of the strata paper's pipeline for one compressor worker (mode STRATA): a
 * thread of its own that runs layer 0 and the final grammar of every STRATA encoder the worker
 * holds, while the worker builds their paths. The worker hands over each [path, trip] run as one
 * long through a bounded {@link LongRing}; when the ring is full the worker waits for room
 * (back-pressure: nothing is dropped). A run is a non-negative long ({@link Runs#pair}); a negative
 * one is a control value naming an encoder's {@link Port} by its slot: SELECT (the runs that
 * follow are that encoder's) or CUT (its chunk ends: the stage ends the open stratum, seals layer 0
 * and hands the result back, so that the chunk still holds everything and decodes alone; at a cut
 * the worker asks every encoder's seal first and then waits for each, so the stage seals the next
 * thread's layer 0 while the worker unfolds one). The stage hands room back every
 * {@value #RELEASE_EVERY} values it takes, so a worker held by a full ring does not wait for a
 * whole batch. A slot is held from an encoder's first run of a chunk to its cut, so the
 * registry is as large as the threads that ran in a chunk.
 *
 * <p>Only with {@link RecorderConfig#STRATA_PIPELINE_PROPERTY} {@code on}; by default the encoder
 * runs layer 0 on the worker itself, because the stage did not pay where it was measured (same
 * CPU, same wall time on 2 cores: docs/strata.md). The switch measures it A/B.
 */
final class StrataStage implements Runnable {
    /** Longs in the ring: 64 KiB, a few of the worker's buffers' worth of path runs. */
    static final int RING_LONGS = 1 << 13;

    private static final long CONTROL = Long.MIN_VALUE;
    private static final long CUT = 1L << 32;
    private static final int SPINS = 128;
    /**
     * A worker waiting for room in the ring or for a seal parks until the stage wakes it
     * ({@link #wakeProducer}, {@link #cut}); it wakes by itself at the latest after this long, a
     * bound on a missed wake-up, not the mechanism. Until session 42 it woke every 50 µs and
     * looked again, as the program threads did at a full compressor queue until session 41.
     */
    static final long MAX_PARK_NANOS = 10_000_000L;

    /**
     * The consumer hands room back every this many values, not only at a batch's end: a worker
     * waiting on a full ring goes on as soon as part of it is taken (the two overlap).
     */
    private static final int RELEASE_EVERY = 1 << 10;

    private final LongRing ring;
    private final GrammarAlgorithm grammars;
    private final Thread thread;
    /** Producer-owned; the consumer reads it only for slots named in values it has taken (published after the write). */
    private Port[] ports = new Port[8];
    /** The slot the last values offered belong to (producer's own). */
    private int selected = -1;
    private volatile boolean sleeping;
    /** The worker waits in {@link #put} for room: the stage wakes it when it hands room back. */
    private volatile Thread producerWaiting;
    private volatile boolean stopped;
    private volatile Throwable failure;

    StrataStage(GrammarAlgorithm grammars, String name) {
        this(grammars, RING_LONGS, name);
    }

    /** @param ringLongs the ring's capacity, a power of two (tests fill a small one) */
    StrataStage(GrammarAlgorithm grammars, int ringLongs, String name) {
        this.ring = new LongRing(ringLongs);
        this.grammars = grammars;
        this.thread = new OwnThread(this, name);
    }

    /** Starts the stage's thread (its worker does, as it starts). */
    void start() {
        thread.start();
    }

    /** A new encoder's end of the stage: its runs go to layer 0 on the stage's thread. */
    Port port() {
        return new Port();
    }

    /**
     * One STRATA encoder's layer 0, run on the stage: a {@link RunSink} for the encoder's path
     * builder (on the worker), and {@link #requestSeal} then {@link #awaitSeal} at a cut. Used by
     * the worker's thread only.
     */
    final class Port implements RunSink {
        private int slot = -1;
        /** Read and replaced by the stage's thread between SELECT and CUT; replaced by the worker after a CUT's reply. */
        private LayerZero layer = StrataEncoder.layerZero(grammars.newBuilder());
        /** Symbols layer 0 holds, as the stage last saw them. */
        private volatile long symbols;
        private volatile LayerZero.Sealed sealed;
        private volatile Thread waiter;

        @Override
        public void run(int path, long trip) {
            select();
            put(Runs.pair(path, trip));
        }

        /** Makes this port the stage's current one, if it is not: the runs after it are this port's. */
        private void select() {
            if (selected == slot && slot >= 0) return;
            if (slot < 0) slot = freeSlot(this);
            selected = slot;
            put(CONTROL | slot);
        }

        /** Makes what was handed over visible to the stage (the end of a buffer). */
        void flush() {
            publish();
        }

        /** What layer 0 and its grammar hold, in symbols, as of the stage's last batch. */
        long symbols() {
            return symbols;
        }

        /**
         * Ends the chunk: the stage will end the open stratum and seal layer 0. The worker asks
         * every port first and then waits for each ({@link #awaitSeal}), so the stage seals one
         * thread's layer 0 while the worker unfolds another's.
         */
        void requestSeal() {
            select();
            waiter = Thread.currentThread();
            put(CONTROL | CUT | slot);
            publish();
        }

        /** Waits for the seal {@link #requestSeal} asked for, then starts the next chunk's layer 0. */
        LayerZero.Sealed awaitSeal() {
            LayerZero.Sealed s;
            while ((s = sealed) == null) {
                checkFailure();
                LockSupport.parkNanos(this, MAX_PARK_NANOS); // the stage unparks this thread (waiter) once it has sealed
                ignoreInterrupt();
            }
            sealed = null;
            waiter = null;
            symbols = 0;
            if (!layer.restart()) layer = StrataEncoder.layerZero(grammars.newBuilder()); // the stage is done with it: the seal was its last use
            ports[slot] = null;
            slot = -1;
            selected = -1;
            return s;
        }
    }

    // ---- producer (the compressor worker) ---------------------------------------------------

    private int freeSlot(Port p) {
        int i = 0;
        while (i < ports.length && ports[i] != null) i++;
        if (i == ports.length) ports = Arrays.copyOf(ports, 2 * ports.length);
        ports[i] = p;
        return i;
    }

    private void put(long v) {
        if (ring.offer(v)) return;
        publish(); // the stage must see what fills the ring to empty it
        for (int spins = 0; !ring.hasRoom(); spins++) {
            checkFailure();
            if (spins < SPINS) {
                Thread.onSpinWait();
            } else {
                // Announced before the last look at the ring: a stage that hands room back after
                // that look sees the announcement (both sides write, then read, volatiles) and wakes us.
                producerWaiting = Thread.currentThread();
                if (!ring.hasRoom()) LockSupport.parkNanos(this, MAX_PARK_NANOS);
                producerWaiting = null;
                ignoreInterrupt();
            }
        }
        ring.offer(v);
    }

    /**
     * Clears the worker's interrupt status after a park. A program that interrupts every thread it
     * finds reaches the worker too; a worker ends through STOP only (CompressorWorker ignores the
     * interrupt where it takes from its queue), and while the status is set every park returns at
     * once: the waits above spun on a core the stage needs, for as long as the stage was behind.
     */
    private static void ignoreInterrupt() {
        Thread.interrupted();
    }

    private void publish() {
        ring.publish();
        if (sleeping) LockSupport.unpark(thread);
    }

    /** Throws what ended the stage's thread, so that a worker never waits for a stage that is gone. */
    private void checkFailure() {
        Throwable t = failure;
        if (t != null) throw new IllegalStateException("the strata stage failed: " + t, t);
        if (!thread.isAlive()) throw new IllegalStateException("the strata stage's thread is not running (it could not start, or it ended)");
    }

    /** After the worker's last cut: the stage ends once it has taken everything (waits for it unless interrupted). */
    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- consumer (the stage's thread) -------------------------------------------------------

    @Override
    public void run() {
        Port current = null;
        try {
            while (true) {
                long n = ring.available();
                if (n == 0) {
                    if (stopped && ring.available() == 0) return;
                    idle();
                    continue;
                }
                LayerZero layer = current == null ? null : current.layer;
                for (long k = 0; k < n; k++) {
                    long v = ring.take();
                    if (v >= 0) {
                        layer.run(Runs.id(v), Runs.trip(v));
                    } else if ((v & CUT) == 0) {
                        if (current != null) current.symbols = current.layer.symbolCount();
                        current = ports[(int) v];
                        layer = current.layer;
                    } else {
                        cut(ports[(int) v]);
                        current = null;
                        layer = null;
                    }
                    if ((k & (RELEASE_EVERY - 1)) == RELEASE_EVERY - 1) release();
                }
                release();
                if (current != null) current.symbols = layer.symbolCount();
            }
        } catch (Throwable e) { // any: a worker waiting for this thread must learn it is gone (checkFailure)
            failure = e;
            if (e instanceof Error && !(e instanceof OutOfMemoryError) && !(e instanceof StackOverflowError)) throw (Error) e;
        }
    }

    /** Hands the room of the values taken back and wakes the worker if it waits for it. */
    private void release() {
        ring.release();
        wakeProducer();
    }

    private void wakeProducer() {
        Thread t = producerWaiting;
        if (t != null) LockSupport.unpark(t);
    }

    private void cut(Port p) {
        LayerZero layer = p.layer;
        layer.finish();
        p.sealed = layer.seal();
        LockSupport.unpark(p.waiter);
    }

    /** Nothing to take: spin a little (the worker's next buffer is often close), then sleep until {@link #publish} wakes us. */
    private void idle() {
        for (int i = 0; i < SPINS; i++) {
            if (ring.available() != 0) return;
            Thread.onSpinWait();
        }
        sleeping = true;
        if (ring.available() == 0 && !stopped) LockSupport.park(this);
        sleeping = false;
        Thread.interrupted(); // the stage stops through 'stopped'; a program's interrupt would make every park return at once
    }
}
