package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.TraceRecorder;

/**
 * What instrumented code calls. Each probe forwards to the calling thread's recorder handle and
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

    /** Starts recording into {@code r}; null stops it. */
    public static void install(TraceRecorder r) {
        RuntimeState.get().install(r);
    }

    public static void block(int id) {
        TraceRecorder r = recorder();
        if (r == null) return;
        try {
            r.thread().block(id);
        } catch (Throwable e) {
            fail(e);
        }
    }

    static void fail(Throwable e) {
        RuntimeState.get().fail(e);
    }
}
