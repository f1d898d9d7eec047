package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.TraceRecorder;
import java.util.ArrayList;
import java.util.List;

/**
 * StructuredTaskScope's threads, seen from the JDK hooks in its thread flock (docs/agent.md,
 * "Structured concurrency"): a fork of each thread the flock starts, and, where the flock finds them
 * all terminated (awaitAll returning true, close), a join of each, as Thread.join records one: the
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
     * Where {@code flock} found every thread it started terminated: a join of each one that has
     * (a thread started after the wait returned stays for a later join).
     */
    static void joined(Object[] thread, Object flock, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            List<Thread> started = threads().get(flock);
            if (started == null) return;
            List<Thread> ended = new ArrayList<>();
            synchronized (started) {
                started.removeIf(t -> !t.isAlive() && ended.add(t));
            }
            if (ended.isEmpty()) return;
            ThreadState s = ThreadState.of(thread, r, flock);
            for (Thread t : ended) {
                long object = TraceRecorder.defaultThreadObject(t);
                r.endThread(object);
                ThreadState.forget(t);
                s.handle.join(site, object);
            }
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    private static WeakIdentityMap<Object, List<Thread>> threads() {
        return RuntimeState.get().flockThreads;
    }
}
