package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;

/**
 * What instrumented code calls. Each probe forwards to the calling thread's recorder handle (found
 * through its {@link ThreadState}, the one per-thread lookup of every probe) and
 * never lets an agent failure reach the program: a failure is reported once and recording stops.
 * The sync probes are in {@link SyncProbes} and {@link SyncWait}; the state they all share is
 * {@link RuntimeState}'s.
 */
public final class Probes {
    private Probes() {}

    /** The recorder, or null when not recording (for the other probe classes). */
    static TraceRecorder recorder() {
        return RuntimeState.get().recorder();
    }

    /** Starts recording into {@code r}; null stops it. Fields met only as values are not resolved (SyncUnsafe). */
    public static void install(TraceRecorder r) {
        install(r, null);
    }

    /** Starts recording into {@code r}, whose instrumentation places fields at {@code offsets}; null stops it. */
    public static void install(TraceRecorder r, FieldOffsets offsets) {
        RuntimeState.get().install(r, offsets);
    }

    /**
     * The calling thread's recording handle, or {@link ThreadRecorder#notRecording} when not
     * recording: fetched once per method invocation into a local (see the instrumenter's
     * ThreadHandleLocal), on which each block probe calls {@link ThreadRecorder#block} directly.
     * A recording that stops (close, or an internal error) drains or abandons its handles; an
     * invocation that is still running goes on writing into its handle, which drops what it gets
     * once drained.
     */
    public static ThreadRecorder handle() {
        return ThreadState.currentHandle();
    }

    /** {@link #handle()}, having recorded the method's first block {@code id} on it. */
    public static ThreadRecorder enter(int id) {
        ThreadRecorder h = ThreadState.currentHandle();
        h.block(id); // never throws (ThreadRecorder#block)
        return h;
    }

    /** A basic block began: the method-entry probe of a coarsely probed method (no handle local). */
    public static void block(int id) {
        ThreadState.currentHandle().block(id);
    }

    static void fail(Throwable e) {
        RuntimeState.get().fail(e);
    }
}
