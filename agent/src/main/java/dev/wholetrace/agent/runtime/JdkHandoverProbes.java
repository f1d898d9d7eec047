package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;

/**
 * The runtime's entry for hand-overs seen inside JDK classes (agent/…/jdk): a release or acquire on a
 * synthetic volatile address, or a monitor lock/unlock, through the same per-thread id cache and
 * failure handling as every probe. Called only from the JDK hooks' sink, never from instrumented code, with the
 * bridge's array of the calling thread ({@code thread}, see JdkSink), where the thread's state is kept.
 */
public final class JdkHandoverProbes {
    private JdkHandoverProbes() {}

    /** A volatile write (release) or read (acquire) of ({@code object}'s id, {@code offset}). */
    public static void volatileAccess(Object[] thread, Object object, long offset, boolean release, int site) {
        HeapProbes.volatileAccess(thread, object, offset, site, release ? SyncKind.VOLATILE_WRITE : SyncKind.VOLATILE_READ);
    }

    /** JDK code starts {@code child} ({@link SyncThreadStarts#startingInJdk}). */
    public static void threadStart(Object[] thread, Thread child, int site) {
        SyncThreadStarts.startingInJdk(thread, child, site);
    }

    /** That start of {@code child} by JDK code threw ({@link SyncThreadStarts#startingInJdkFailed}). */
    public static void threadStartFailed(Object[] thread, Thread child, Throwable thrown, int site) {
        SyncThreadStarts.startingInJdkFailed(thread, child, thrown, site);
    }

    /** Thread.start is about to start {@code child} natively ({@link SyncThreadStarts#startingInStart}). */
    public static void startingInStart(Object[] thread, Thread child, int site) {
        SyncThreadStarts.startingInStart(thread, child, site);
    }

    /** That Thread.start returned ({@code thrown} null) or threw ({@link SyncThreadStarts#startEnded}). */
    public static void startEnded(Object[] thread, Thread child, Throwable thrown, int site) {
        SyncThreadStarts.startEnded(thread, child, thrown, site);
    }

    /** A thread flock starts {@code child} ({@link SyncThreadFlocks#started}). */
    public static void flockStart(Object[] thread, Object flock, Thread child, int site) {
        SyncThreadFlocks.started(thread, flock, child, site);
    }

    /** A thread flock's start of {@code child} threw ({@link SyncThreadFlocks#startFailed}). */
    public static void flockStartFailed(Object[] thread, Object flock, Thread child, Throwable thrown, int site) {
        SyncThreadFlocks.startFailed(thread, flock, child, thrown, site);
    }

    /** A thread flock's threads have all terminated ({@link SyncThreadFlocks#joined}). */
    public static void flockJoined(Object[] thread, Object flock, int site) {
        SyncThreadFlocks.joined(thread, flock, site);
    }

    /** CyclicBarrier.dowait read {@code generation} under {@code barrier}'s lock ({@link SyncBarrierEpisodes#generationRead}). */
    public static void barrierGeneration(Object[] thread, Object barrier, Object generation) {
        try {
            SyncBarrierEpisodes.generationRead(thread, Probes.recorder(), barrier, generation);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** The calling virtual thread is about to park: its handle, if it has one, gives back a large buffer (ThreadRecorder.parking). */
    public static void parking(Object[] thread) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            ThreadRecorder h = ThreadState.existingHandle(thread, r);
            if (h != null) h.parking();
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** A lock (after it is taken) or unlock (before it is let go) of {@code monitor}. */
    public static void monitor(Object[] thread, Object monitor, boolean enter, int site) {
        SyncProbes.record(thread, enter ? SyncKind.LOCK : SyncKind.UNLOCK, site, monitor, 0);
    }
}
