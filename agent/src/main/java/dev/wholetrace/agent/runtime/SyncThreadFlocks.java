package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.TraceRecorder;
import java.util.ArrayList;
import java.util.Arrays;

/**
 * StructuredTaskScope's threads, seen from the JDK hooks in its thread flock (docs/agent.md,
 * "Structured concurrency"): a fork of each thread the flock starts, and, where the flock finds them
 * all gone (awaitAll returning true, close), a join of each, as Thread.join records one: the
 * thread's end on its behalf, then the join. The flock's own bookkeeping cannot give the edge: a
 * virtual thread leaves it from its carrier, after it terminated, where the agent records nothing.
 * The threads a flock started and nobody joined yet are kept per flock (weakly by flock, {@link Started}).
 */
final class SyncThreadFlocks {
    private SyncThreadFlocks() {}

    /**
     * A flock's threads that no join has recorded yet. A scope may fork for a long time before it
     * joins (a server's scope that forks a subtask per connection), and a terminated Thread keeps its
     * flock reachable (its container), so the threads that have terminated are let go as more are
     * started: their end is recorded then, on their behalf, and only their object ids wait for the join.
     */
    static final class Started {
        /** Threads that may still run (or that terminated since the last {@link #prune}). */
        final ArrayList<Thread> threads = new ArrayList<>();
        /** Object ids of threads whose end is recorded, waiting for the join: the first {@link #endedCount}. */
        long[] ended = new long[8];
        int endedCount;
        /** {@link #threads}' size at which the next {@link #prune} runs: twice what stayed, so the scans cost O(1) a start. */
        int pruneAt = PRUNE_FROM;
    }

    /** The fewest threads a flock keeps before it prunes the terminated ones. */
    static final int PRUNE_FROM = 64;

    /**
     * Before {@code flock} starts {@code child}: a fork of it, and the flock remembers it. A platform thread's fork is
     * Thread.start's once Thread is hooked ({@link SyncThreadStarts#forkedInStart}): the flock only remembers it.
     */
    static void started(Object[] thread, Object flock, Thread child, int site) {
        boolean forkedInStart = SyncThreadStarts.forkedInStart(child);
        if (forkedInStart ? !SyncThreadStarts.startable(child) : !SyncThreadStarts.startingInJdk(thread, child, site)) return;
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            Started started = threads().computeIfAbsent(flock, f -> new Started());
            synchronized (started) {
                started.threads.add(child);
                if (started.threads.size() >= started.pruneAt) prune(r, started);
            }
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /**
     * {@code flock}'s start of {@code child} threw {@code thrown}: the flock forgets it (it never left the flock, so
     * no join would come for it), and if it never ran, its fork is closed ({@link SyncThreadStarts#failed}).
     */
    static void startFailed(Object[] thread, Object flock, Thread child, Throwable thrown, int site) {
        Started started = threads().get(flock);
        if (started == null) return;
        boolean forked;
        synchronized (started) {
            forked = started.threads.remove(child);
        }
        // a fork Thread.start recorded is closed there, where its start threw (SyncThreadStarts#startEnded)
        if (forked && !SyncThreadStarts.forkedInStart(child)) SyncThreadStarts.failed(thread, child, thrown, site);
    }

    /** Records the end of each of {@code started}'s threads that has terminated and keeps only its id. */
    private static void prune(TraceRecorder r, Started started) {
        ArrayList<Thread> threads = started.threads;
        int kept = 0;
        for (int i = 0; i < threads.size(); i++) {
            Thread t = threads.get(i);
            if (t.getState() == Thread.State.TERMINATED) {
                long object = SyncProbes.endedOnItsBehalf(r, t);
                if (started.endedCount == started.ended.length) started.ended = Arrays.copyOf(started.ended, 2 * started.endedCount);
                started.ended[started.endedCount++] = object;
            } else {
                threads.set(kept++, t);
            }
        }
        threads.subList(kept, threads.size()).clear();
        started.pruneAt = Math.max(PRUNE_FROM, 2 * kept);
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
            Started started = threads().get(flock);
            if (started == null) return;
            Thread[] left;
            long[] ended;
            synchronized (started) {
                left = started.threads.toArray(new Thread[0]);
                ended = Arrays.copyOf(started.ended, started.endedCount);
                started.threads.clear();
                started.endedCount = 0;
                started.pruneAt = PRUNE_FROM;
            }
            if (left.length == 0 && ended.length == 0) return;
            ThreadState s = ThreadState.of(thread, r, flock);
            for (long object : ended) s.handle.join(site, object);
            for (Thread t : left) {
                if (t.getState() == Thread.State.NEW) continue;
                awaitEnd(t);
                s.handle.join(site, SyncProbes.endedOnItsBehalf(r, t));
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

    private static WeakIdentityMap<Object, Started> threads() {
        return RuntimeState.get().flockThreads;
    }
}
