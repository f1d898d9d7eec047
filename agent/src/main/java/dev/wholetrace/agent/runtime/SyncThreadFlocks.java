package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.TraceRecorder;
import java.util.ArrayList;
import java.util.List;

/**
 * StructuredTaskScope's threads, seen from the JDK hooks in its thread flock (docs/agent.md,
 * "Structured concurrency"): a fork of each thread the flock starts, and, where the flock finds them
 * all gone (awaitAll returning true, close), a join of each, as Thread.join records one: the
 * thread's end on its behalf, then the join. The flock's own bookkeeping cannot give the edge: a
 * virtual thread leaves it from its carrier, after it terminated, where the agent records nothing.
 * The threads a flock started and nobody joined yet are kept per flock (weakly by flock).
 */
final class SyncThreadFlocks {
    private SyncThreadFlocks() {}

    /** Before {@code flock} starts {@code child}: a fork of it, and the flock remembers it. */
    static void started(Object[] thread, Object flock, Thread child, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            ThreadState.of(thread, r, child).handle.fork(site, TraceRecorder.defaultThreadObject(child));
            List<Thread> started = threads().computeIfAbsent(flock, f -> new ArrayList<>());
            synchronized (started) {
                started.add(child);
            }
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /**
     * Where {@code flock} found no thread left in it (its count is zero): a join of each thread it
     * started. Only the owner or a thread in the flock starts one, so every remembered thread has left:
     * a virtual thread terminated first, a platform thread leaves the flock in its exit and runs no
     * program code after, but is alive a moment longer (waited for here, as Thread.join waits). A
     * thread still new is one whose start failed (the scope was cancelled meanwhile): no join.
     */
    static void joined(Object[] thread, Object flock, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            List<Thread> started = threads().get(flock);
            if (started == null) return;
            List<Thread> left;
            synchronized (started) {
                left = new ArrayList<>(started);
                started.clear();
            }
            ThreadState s = null;
            for (Thread t : left) {
                if (t.getState() == Thread.State.NEW) continue;
                awaitEnd(t);
                if (s == null) s = ThreadState.of(thread, r, flock);
                long object = TraceRecorder.defaultThreadObject(t);
                r.endThread(object);
                ThreadState.forget(t);
                s.handle.join(site, object);
            }
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** Waits until {@code t} (which has left its flock) has terminated; an interrupt meanwhile is kept for the caller. */
    private static void awaitEnd(Thread t) {
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    private static WeakIdentityMap<Object, List<Thread>> threads() {
        return RuntimeState.get().flockThreads;
    }
}
