package dev.wholetrace.agent.runtime;

import dev.wholetrace.core.event.SyncKind;
import dev.wholetrace.core.record.TraceRecorder;

/**
 * One submission of a task to an executor: the object its submit, begin, end and joins name (an id
 * of its own, docs/agent.md), and the submission's site, which its begin and end name too. The
 * wrapper that runs the task ({@link SyncTaskWrappers}) holds it, and so does the weak map from
 * futures to tasks ({@link SyncTasks}); it holds neither the task nor a future, so a future that
 * the task refers to still lets its map entry go.
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

    SyncTask(long id, int site) {
        this.id = id;
        this.site = site;
    }

    /** On the worker, before the task runs. */
    void begin() {
        ended = false;
        record(SyncKind.TASK_BEGIN);
    }

    /** On the worker, after the task returned or threw. */
    void end() {
        record(SyncKind.TASK_END);
        ended = true;
    }

    boolean ended() {
        return ended;
    }

    /** A join by the calling thread, if a run has ended. */
    void join(int joinSite) {
        TraceRecorder r = Probes.recorder();
        if (r == null || !ended) return;
        try {
            r.thread().sync(SyncKind.TASK_JOIN, joinSite, id, 0);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    private void record(SyncKind kind) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            r.thread().sync(kind, site, id, 0);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }
}
