package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import java.util.Collection;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinTask;

/**
 * Fork/join hand-overs the JDK makes on the program's behalf, seen at the program's calls: the
 * fallback for a JVM where the JDK's own fork/join classes cannot be hooked (the bridge is not on the
 * bootstrap class path); otherwise the instrumenter does not insert these probes at all
 * (InstrumentationContext.handOversAtCallSites), since the hooks inside the JDK record the same edges.
 *
 * <p>{@code ForkJoinTask.invokeAll(...)} forks its tasks inside the JDK and returns when they are
 * done: each task is a submission before the call (its {@code compute()} then records its run, as
 * for a {@code fork()}) and joined after the call returned (not when it threw).
 *
 * <p>A {@code CountedCompleter} completes when the last of its pending children calls {@code
 * tryComplete()}: the pending counts are CASed up the completer chain, so every {@code
 * tryComplete}, {@code propagateCompletion}, {@code complete} and {@code quietlyCompleteRoot}
 * happens-before the completion of each ancestor it reaches, and that completion before a join of
 * it. Each such call is recorded as a volatile write, before the call, of {@link #COMPLETION} of
 * the completer and every ancestor; so is the exit of an application's {@code onCompletion} (it
 * runs just before its completer is marked complete); a join of a completer (its {@code join()},
 * {@code ForkJoinPool.invoke}) reads its own. Conservative where a call reaches no completion of
 * an ancestor (docs/agent.md).
 */
public final class SyncCompleters {
    /** The completion's offset in a completer's address range: below the interrupt status. */
    static final long COMPLETION = SyntheticOffsets.COMPLETION;

    private SyncCompleters() {}

    /** Before {@code ForkJoinTask.invokeAll(a, b)}, {@code (tasks...)} or {@code (collection)}: a submission of each task. */
    public static void invokingAll(Object tasks, int site) {
        if (Probes.recorder() == null) return;
        if (tasks instanceof ForkJoinTask) SyncTasks.forking(tasks, site);
        else if (tasks instanceof ForkJoinTask<?>[] array) {
            for (ForkJoinTask<?> t : array) SyncTasks.forking(t, site);
        } else if (tasks instanceof Collection<?> c && c.getClass().getClassLoader() == null) { // a JDK collection: no program code runs
            for (Object t : c) SyncTasks.forking(t, site);
        }
    }

    /** After {@code invokeAll} returned: every task is done, a join of each. */
    public static void invokedAll(Object tasks, int site) {
        if (Probes.recorder() == null) return;
        if (tasks instanceof ForkJoinTask) SyncTasks.forkJoined(tasks, null, site);
        else if (tasks instanceof ForkJoinTask<?>[] array) {
            for (ForkJoinTask<?> t : array) SyncTasks.forkJoined(t, null, site);
        } else if (tasks instanceof Collection<?> c && c.getClass().getClassLoader() == null) {
            for (Object t : c) SyncTasks.forkJoined(t, null, site);
        }
    }

    /** Before {@code tryComplete()}, {@code propagateCompletion()}, {@code complete(v)}, {@code quietlyCompleteRoot()}, and at the exit of {@code onCompletion}. */
    public static void completing(Object task, int site) {
        if (!(task instanceof CountedCompleter<?> c) || Probes.recorder() == null) return;
        for (CountedCompleter<?> a = c; a != null; a = a.getCompleter()) HeapProbes.volatileAccess(a, COMPLETION, site, SyncKind.VOLATILE_WRITE);
    }

    /** After a join of {@code task}: if it is a completer, what completed it. */
    static void joined(Object task, int site) {
        if (task instanceof CountedCompleter) HeapProbes.volatileAccess(task, COMPLETION, site, SyncKind.VOLATILE_READ);
    }
}
