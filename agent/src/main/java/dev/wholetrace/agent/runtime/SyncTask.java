package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.TraceRecorder;

/**
 * One submission of a task to an executor: the object its submit, begin, end and joins name (an id
 * of its own, docs/agent.md), and the submission's site, which its begin and end name too. The
 * wrapper that runs the task ({@link SyncTaskWrappers}) holds it, and so does the id entry of its
 * future ({@link SyncTasks}, {@link ObjectIds.Entry#submission}); it holds neither the task nor a
 * future, so a future that the task refers to still lets its entry go.
 */
final class SyncTask {
    final long id;
    private final int site;
    /**
     * Whether a run of the task has ended and no later one is under way (a periodic task runs again):
     * only then may a join acquire what the end released. Set after the end took its ticket, so a
     * joiner that sees it set records its join after the end.
     */
    private volatile boolean ended;
    /** Between begin and end: a run is under way on some thread. */
    private volatile boolean running;
    /**
     * How long a joiner waits for a run's end that is on its way. A task that is itself a Future
     * (a FutureTask handed to execute) completes inside the wrapper's run, so its get() can return
     * a moment before the wrapper records the end; without the wait that join would be lost.
     */
    private static final long END_WAIT_NANOS = 200_000_000L;

    SyncTask(long id, int site) {
        this.id = id;
        this.site = site;
    }

    /** On the worker, before the task runs. */
    void begin() {
        ended = false;
        running = true;
        record(SyncKind.TASK_BEGIN);
    }

    /** On the worker, after the task returned or threw. */
    void end() {
        record(SyncKind.TASK_END);
        ended = true;
        running = false;
    }

    /** A join by the calling thread, if a run has ended. */
    void join(int joinSite) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        if (!ended && running) awaitEnd();
        if (!ended) return;
        try {
            ThreadState.handle(r).sync(SyncKind.TASK_JOIN, joinSite, id, 0);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /**
     * Waits, at most {@link #END_WAIT_NANOS}, for the end of the run under way: the joiner's wait
     * returned, so the task is complete and only the wrapper's last steps remain. Bounded, because
     * an application FutureTask's done() runs in between and may block; after that no join is
     * recorded (a race detector may then report the task's writes, never hide a race).
     */
    private void awaitEnd() {
        long deadline = System.nanoTime() + END_WAIT_NANOS;
        for (int spins = 0; !ended && running && System.nanoTime() < deadline; spins++) {
            if (spins < 100) Thread.onSpinWait();
            else Thread.yield();
        }
    }

    private void record(SyncKind kind) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            ThreadState.handle(r).sync(kind, site, id, 0);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }
}
