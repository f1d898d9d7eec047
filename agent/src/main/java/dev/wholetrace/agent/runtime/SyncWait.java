package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import java.util.Date;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * Replaces the program's calls of Object.wait and Condition.await: records the unlock of the
 * monitor (or of the condition's lock) before waiting and its lock once the wait returns, also when
 * it throws InterruptedException (the monitor or lock is held again by then). Catching that inline
 * would need a stack map frame describing the caller's locals, which the agent does not compute; a
 * helper needs none. Likewise for the waits for a task (Future.get, CompletableFuture.join, …): the
 * join is recorded when the wait returned, and also when it threw because the task threw (the task
 * ended then too: ExecutionException, CompletionException, the task's own exception from
 * ForkJoinTask.join), never after a timeout or a cancellation.
 *
 * <p>The helper adds one frame to the stack while it waits. Exceptions thrown through it have that
 * frame removed from their stack trace ({@link SyncFrames}), so a program that prints them prints
 * what it would without the agent. (Only the helpful message of a NullPointerException for a null
 * receiver differs: it names the helper's parameter.)
 */
public final class SyncWait {
    private SyncWait() {}

    /** Object.wait(). */
    public static void waitOn(Object monitor, int site) throws InterruptedException {
        boolean releases = releases(monitor, 0, 0, site);
        try {
            monitor.wait(); // the overload the program called, so that its stack trace is the same
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        } finally {
            reacquired(releases, monitor, site);
        }
    }

    /** Object.wait(long). */
    public static void waitOn(Object monitor, long millis, int site) throws InterruptedException {
        boolean releases = releases(monitor, millis, 0, site);
        try {
            monitor.wait(millis);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        } finally {
            reacquired(releases, monitor, site);
        }
    }

    /** Object.wait(long, int). */
    public static void waitOn(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        boolean releases = releases(monitor, millis, nanos, site);
        try {
            monitor.wait(millis, nanos);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        } finally {
            reacquired(releases, monitor, site);
        }
    }

    /** Condition.await(). */
    public static void await(Object condition, int site) throws InterruptedException {
        Lock lock = releasing(condition, site);
        try {
            ((Condition) condition).await();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        } finally {
            retaken(lock, site);
        }
    }

    /** Condition.await(time, unit). */
    public static boolean await(Object condition, long time, TimeUnit unit, int site) throws InterruptedException {
        Lock lock = releasing(condition, site);
        try {
            return ((Condition) condition).await(time, unit);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        } finally {
            retaken(lock, site);
        }
    }

    /** Condition.awaitNanos(nanos). */
    public static long awaitNanos(Object condition, long nanos, int site) throws InterruptedException {
        Lock lock = releasing(condition, site);
        try {
            return ((Condition) condition).awaitNanos(nanos);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        } finally {
            retaken(lock, site);
        }
    }

    /** Condition.awaitUntil(deadline). */
    public static boolean awaitUntil(Object condition, Date deadline, int site) throws InterruptedException {
        Lock lock = releasing(condition, site);
        try {
            return ((Condition) condition).awaitUntil(deadline);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        } finally {
            retaken(lock, site);
        }
    }

    /** Condition.awaitUninterruptibly(). */
    public static void awaitUninterruptibly(Object condition, int site) {
        Lock lock = releasing(condition, site);
        try {
            ((Condition) condition).awaitUninterruptibly();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        } finally {
            retaken(lock, site);
        }
    }

    /** Future.get(). */
    public static Object futureGet(Object future, int site) throws InterruptedException, ExecutionException {
        Object result;
        try {
            result = ((Future<?>) future).get();
        } catch (ExecutionException e) {
            SyncTasks.joined(future, site);
            SyncFrames.scrub(e);
            throw e;
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncTasks.joined(future, site);
        return result;
    }

    /** Future.get(timeout, unit). */
    public static Object futureGet(Object future, long timeout, TimeUnit unit, int site)
            throws InterruptedException, ExecutionException, TimeoutException {
        Object result;
        try {
            result = ((Future<?>) future).get(timeout, unit);
        } catch (ExecutionException e) {
            SyncTasks.joined(future, site);
            SyncFrames.scrub(e);
            throw e;
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncTasks.joined(future, site);
        return result;
    }

    /** CompletableFuture.join(). */
    public static Object futureJoin(Object future, int site) {
        Object result;
        try {
            result = ((CompletableFuture<?>) future).join();
        } catch (CompletionException e) {
            SyncTasks.joined(future, site);
            SyncFrames.scrub(e);
            throw e;
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncTasks.joined(future, site);
        return result;
    }

    /**
     * CompletableFuture.getNow(valueIfAbsent): a join only if the future was complete before the
     * call (then getNow returned its result, or threw its exception).
     */
    @SuppressWarnings("unchecked")
    public static Object futureGetNow(Object future, Object valueIfAbsent, int site) {
        boolean done = future != null && ((CompletableFuture<?>) future).isDone();
        Object result;
        try {
            result = ((CompletableFuture<Object>) future).getNow(valueIfAbsent);
        } catch (CompletionException e) {
            if (done) SyncTasks.joined(future, site);
            SyncFrames.scrub(e);
            throw e;
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        if (done) SyncTasks.joined(future, site);
        return result;
    }

    /** ForkJoinTask.join() of a task handed to a ForkJoinPool as a Runnable or Callable (its submit returned it). */
    public static Object forkJoinTaskJoin(Object task, int site) {
        Object result;
        try {
            result = ((ForkJoinTask<?>) task).join();
        } catch (CancellationException e) {
            SyncFrames.scrub(e);
            throw e;
        } catch (RuntimeException | Error e) { // the task's exception: it ended
            SyncTasks.joined(task, site);
            SyncFrames.scrub(e);
            throw e;
        }
        SyncTasks.joined(task, site);
        return result;
    }

    /**
     * Before awaiting: records the unlock of the condition's lock, if the agent knows the lock and
     * (where the JDK can tell) the caller holds it; otherwise await throws without releasing.
     * Returns the lock whose re-taking to record afterwards, or null.
     */
    private static Lock releasing(Object condition, int site) {
        if (Probes.recorder() == null || condition == null) return null;
        Lock lock = RuntimeState.get().conditionLocks.get(condition);
        if (lock == null) return null;
        if (!SyncProbes.mayRelease(lock)) return null;
        SyncProbes.recordLock(SyncKind.UNLOCK, site, lock);
        return lock;
    }

    private static void retaken(Lock lock, int site) {
        if (lock != null) SyncProbes.lockAcquired(lock, site);
    }

    /**
     * Before waiting: records the unlock if wait will release the monitor, which it does only if it
     * can wait at all (otherwise it throws first, holding the monitor or not holding it).
     */
    private static boolean releases(Object monitor, long millis, int nanos, int site) {
        boolean releases = Probes.recorder() != null && monitor != null && millis >= 0 && nanos >= 0 && nanos <= 999_999 && Thread.holdsLock(monitor);
        if (releases) SyncProbes.monitorExit(monitor, site);
        return releases;
    }

    /** After wait returned or threw: the monitor is held again, in both cases. */
    private static void reacquired(boolean released, Object monitor, int site) {
        if (released) SyncProbes.monitorEnter(monitor, site);
    }
}
