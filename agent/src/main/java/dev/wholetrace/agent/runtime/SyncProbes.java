package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.TraceRecorder;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The sync probes instrumented code calls (see docs/agent.md for where each one is placed). An
 * acquiring operation is recorded after it succeeded and a releasing one before it happens, so the
 * ticket is taken while the program still holds what it synchronizes on (docs/trace-model.md).
 *
 * <p>Call sites are matched by method name and descriptor on any owner, because javac names the
 * receiver's static type (a subclass of Thread, an application Lock, the Lock interface). The
 * probes therefore check the receiver's runtime class and record nothing for other objects. Like
 * every probe they never let an agent failure reach the program.
 */
public final class SyncProbes {
    private static final StackWalker CALLERS = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private SyncProbes() {}

    // ---- monitors ---------------------------------------------------------------------------------

    /** After MONITORENTER, or at the entry of a synchronized instance method: the monitor is held. */
    public static void monitorEnter(Object monitor, int site) {
        record(SyncKind.LOCK, site, monitor, 0);
    }

    /** Before MONITOREXIT, or before a synchronized instance method returns or throws. */
    public static void monitorExit(Object monitor, int site) {
        record(SyncKind.UNLOCK, site, monitor, 0);
    }

    /**
     * At the entry of a static synchronized method, whose monitor is its class object, in a class
     * file older than Java 5 (newer ones LDC the class and call {@link #monitorEnter}): the class is
     * found once per method from the caller's frame ({@code slot} numbers such methods) and its id
     * cached.
     */
    public static void classMonitorEnter(int slot, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            Long id = RuntimeState.get().classMonitors.get(slot);
            if (id == null) id = classMonitor(slot, CALLERS.getCallerClass()); // must be called here: one frame up is the method
            ThreadState.handle(r).lock(site, id);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** Before a static synchronized method returns or throws. */
    public static void classMonitorExit(int slot, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            Long id = RuntimeState.get().classMonitors.get(slot);
            if (id == null) id = classMonitor(slot, CALLERS.getCallerClass());
            ThreadState.handle(r).unlock(site, id);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /**
     * Caches and returns the id of {@code owner}, the class whose static synchronized method has
     * {@code slot}: only the id, not the class, so a cached class can still be unloaded.
     */
    private static Long classMonitor(int slot, Class<?> owner) {
        RuntimeState state = RuntimeState.get();
        Long id = state.objects.of(owner);
        if (slot >= 0) state.classMonitors.set(slot, id);
        return id;
    }

    // ---- java.util.concurrent.locks ---------------------------------------------------------------

    /** After Lock.lock() or lockInterruptibly() returned: the lock is held. */
    public static void lockAcquired(Object lock, int site) {
        if (lock instanceof Lock) recordLock(SyncKind.LOCK, site, lock);
    }

    /** After Lock.tryLock(...): a lock only if it was acquired. Returns {@code acquired}. */
    public static boolean lockTried(Object lock, boolean acquired, int site) {
        if (acquired && lock instanceof Lock) recordLock(SyncKind.LOCK, site, lock);
        return acquired;
    }

    /** After ReadWriteLock.readLock(): lock operations on the view are the ReadWriteLock's, shared. Returns it. */
    public static Lock readLockCreated(Object readWriteLock, Lock view, int site) {
        if (readWriteLock instanceof ReadWriteLock) SyncReadWriteLocks.viewCreated(readWriteLock, view, SyncKind.LOCK_SHARED);
        return view;
    }

    public static ReentrantReadWriteLock.ReadLock readLockCreated(Object readWriteLock, ReentrantReadWriteLock.ReadLock view, int site) {
        if (readWriteLock instanceof ReadWriteLock) SyncReadWriteLocks.viewCreated(readWriteLock, view, SyncKind.LOCK_SHARED);
        return view;
    }

    /** After ReadWriteLock.writeLock(): lock operations on the view are the ReadWriteLock's, exclusive. Returns it. */
    public static Lock writeLockCreated(Object readWriteLock, Lock view, int site) {
        if (readWriteLock instanceof ReadWriteLock) SyncReadWriteLocks.viewCreated(readWriteLock, view, SyncKind.LOCK_EXCLUSIVE);
        return view;
    }

    public static ReentrantReadWriteLock.WriteLock writeLockCreated(Object readWriteLock, ReentrantReadWriteLock.WriteLock view,
                                                                    int site) {
        if (readWriteLock instanceof ReadWriteLock) SyncReadWriteLocks.viewCreated(readWriteLock, view, SyncKind.LOCK_EXCLUSIVE);
        return view;
    }

    /**
     * Before Lock.unlock(). Nothing when the JDK can tell that the caller does not hold the lock:
     * unlock() then throws IllegalMonitorStateException and releases nothing.
     */
    public static void lockReleasing(Object lock, int site) {
        if (lock instanceof Lock l && mayRelease(l)) recordLock(SyncKind.UNLOCK, site, lock);
    }

    /** False when the JDK can tell that the caller does not hold {@code lock} (its unlock throws, releasing nothing). */
    static boolean mayRelease(Lock lock) {
        if (lock instanceof ReentrantLock l) return l.isHeldByCurrentThread();
        if (lock instanceof ReentrantReadWriteLock.WriteLock l) return l.isHeldByCurrentThread();
        return true;
    }

    /**
     * After Lock.newCondition(): remembers the condition's lock, which its awaits release and
     * re-take (see SyncWait). Returns {@code condition}.
     */
    public static Condition conditionCreated(Object lock, Condition condition, int site) {
        if (Probes.recorder() == null || !(lock instanceof Lock l) || condition == null) return condition;
        try {
            RuntimeState.get().conditionLocks.computeIfAbsent(condition, c -> l);
        } catch (Throwable e) {
            Probes.fail(e);
        }
        return condition;
    }

    // ---- CountDownLatch, Semaphore, CyclicBarrier -------------------------------------------------

    /**
     * Before CountDownLatch.countDown(), if the count is not 0 yet. A count-down of an open latch does
     * nothing ("if the current count equals zero then nothing happens"): recorded, it would order what
     * its thread did before it ahead of every later await and hide a race. A count only falls, so a 0
     * read here stays 0 through the call.
     */
    public static void latchCountingDown(Object latch, int site) {
        if (latch instanceof CountDownLatch l && l.getCount() > 0) record(SyncKind.LATCH_COUNT_DOWN, site, latch, 0);
    }

    /** After CountDownLatch.await() returned: the count reached zero. */
    public static void latchAwaited(Object latch, int site) {
        if (latch instanceof CountDownLatch) record(SyncKind.LATCH_AWAIT, site, latch, 0);
    }

    /** After CountDownLatch.await(timeout, unit): an await only if the count reached zero. */
    public static boolean latchAwaitedTimed(Object latch, boolean reachedZero, int site) {
        if (reachedZero && latch instanceof CountDownLatch) record(SyncKind.LATCH_AWAIT, site, latch, 0);
        return reachedZero;
    }

    /** After CountDownLatch.getCount(): an await when it read 0 (every countDown wrote the volatile count before). */
    public static long latchCountRead(Object latch, long count, int site) {
        if (count == 0 && latch instanceof CountDownLatch) record(SyncKind.LATCH_AWAIT, site, latch, 0);
        return count;
    }

    /** Before Semaphore.release(...). */
    public static void semaphoreReleasing(Object semaphore, int site) {
        if (semaphore instanceof Semaphore) record(SyncKind.SEMAPHORE_RELEASE, site, semaphore, 0);
    }

    /** After Semaphore.acquire(...) or acquireUninterruptibly(...) returned. */
    public static void semaphoreAcquired(Object semaphore, int site) {
        if (semaphore instanceof Semaphore) record(SyncKind.SEMAPHORE_ACQUIRE, site, semaphore, 0);
    }

    /** After Semaphore.tryAcquire(...): an acquire only if the permits were taken. */
    public static boolean semaphoreTried(Object semaphore, boolean acquired, int site) {
        if (acquired && semaphore instanceof Semaphore) record(SyncKind.SEMAPHORE_ACQUIRE, site, semaphore, 0);
        return acquired;
    }

    /**
     * After CyclicBarrier.await(...) returned (it throws when the barrier breaks: nothing is
     * recorded then). The episode is the barrier's generation the await read in dowait (the JDK
     * hook, {@link SyncBarrierEpisodes#passed}); without that hook, the number of awaits this thread
     * completed on this barrier before. Returns {@code arrival}, await's result.
     */
    public static int barrierPassed(Object barrier, int arrival, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null || !(barrier instanceof CyclicBarrier)) return arrival;
        try {
            long id = HeapProbes.objectId(r, barrier);
            ThreadState.handle(r).barrier(site, id, SyncBarrierEpisodes.passed(r, id));
        } catch (Throwable e) {
            Probes.fail(e);
        }
        return arrival;
    }

    // ---- threads ----------------------------------------------------------------------------------

    /**
     * Before {@code start()} on a receiver of another static type than Thread (a subclass of the program that
     * overrides it): a fork if it is a Thread not started yet ({@link SyncThreadStarts}), unless Thread.start records
     * it (once Thread is hooked: the override's {@code super.start()} reaches it, and an override that never calls it
     * starts nothing).
     */
    public static void threadStart(Object thread, int site) {
        if (thread instanceof Thread child && !SyncThreadStarts.forkedInStart(child) && SyncThreadStarts.startable(child)) forked(child, site);
    }

    /** Before Thread.start(): the child's begin will acquire what this publishes. Returns whether it was recorded. */
    static boolean forked(Thread child, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return false;
        try {
            ThreadState.handle(r).fork(site, TraceRecorder.defaultThreadObject(child));
            return true;
        } catch (Throwable e) {
            Probes.fail(e);
            return false;
        }
    }

    /**
     * After Thread.join(...) returned. A join only if the child has terminated (a timed join may
     * return early); then the child's end is recorded first, on its behalf, since a thread cannot
     * record its own last moment: the end's ticket falls after everything the child did and before
     * this join. Nothing for a thread whose start failed ({@link SyncThreadStarts}), nor for one not started yet:
     * join() returns at once and isAlive() is false for it too, though it has not ended (its end and join would
     * come before its fork).
     */
    public static void threadJoined(Object thread, int site) {
        joined(thread, site, true);
    }

    /** {@link #threadJoined}; with {@code again} false, nothing when the calling thread's last join was of this thread. */
    private static void joined(Object thread, int site, boolean again) {
        TraceRecorder r = Probes.recorder();
        if (r == null || !(thread instanceof Thread child) || child.isAlive() || SyncThreadStarts.startable(child)
                || SyncThreadStarts.neverStarted(child)) return;
        try {
            ThreadState s = ThreadState.of(r);
            if (!again && s.joined == child) return;
            s.handle.join(site, endedOnItsBehalf(r, child));
            s.joined = child;
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /**
     * Records terminated {@code t}'s end on its behalf, once (a joiner's, a thread flock's), and lets the
     * agent's thread table forget it; returns its begin/end object, which the join that follows names.
     */
    static long endedOnItsBehalf(TraceRecorder r, Thread t) {
        long object = TraceRecorder.defaultThreadObject(t);
        r.endThread(object);
        ThreadState.forget(t);
        return object;
    }

    /** After Thread.join(Duration) (JDK 19+). Returns {@code terminated}, join's result. */
    public static boolean threadJoinedTimed(Object thread, boolean terminated, int site) {
        threadJoined(thread, site);
        return terminated;
    }

    /**
     * After Thread.isAlive(): false for a started thread detects its end, which synchronizes-with the call (JLS
     * 17.4.4), so it is recorded as a join, the end first on its behalf; true records nothing. Nothing either when
     * the calling thread's last join (or isAlive() false) was of the same thread: a join acquires the thread's end,
     * which never changes once recorded, so a second one orders nothing the first did not, and a loop polling a dead
     * thread recorded one join per call until session 45 (one sync operation each in the trace, for nothing). A
     * join() call still records each time: a program makes few, and each is a call of its own to show.
     */
    public static boolean threadFoundAlive(Object thread, boolean alive, int site) {
        if (!alive) joined(thread, site, false);
        return alive;
    }

    // ---- executors (the hand-offs themselves are in SyncTasks) ----------------------------------

    /** After ExecutorService.shutdownNow(): the tasks that never ran, unwrapped. Returns {@code tasks}. */
    @SuppressWarnings("unchecked")
    public static List<?> tasksNeverRun(Object executor, List<?> tasks, int site) {
        if (tasks == null || !(executor instanceof ExecutorService)) return tasks;
        try {
            SyncTasks.unwrap((List<Object>) tasks);
        } catch (Throwable e) {
            Probes.fail(e);
        }
        return tasks;
    }

    // ---- helpers ----------------------------------------------------------------------------------

    /** A lock operation on {@code lock}, or on its ReadWriteLock when it is a known view of one. */
    static void recordLock(SyncKind kind, int site, Object lock) {
        TraceRecorder r = Probes.recorder();
        if (r == null || lock == null) return;
        try {
            long[] view = lock instanceof ReentrantLock ? null : SyncReadWriteLocks.view(lock); // a ReentrantLock is no view
            if (view != null) ThreadState.handle(r).sync(kind, site, view[0], view[1]);
            else HeapProbes.sync(r, kind, site, lock, 0);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** {@link #record} from a JDK hook, with the bridge's thread array (ThreadState.of). */
    static void record(Object[] thread, SyncKind kind, int site, Object object, long aux) {
        TraceRecorder r = Probes.recorder();
        if (r == null || object == null) return;
        try {
            ThreadState s = ThreadState.of(thread, r, object);
            s.handle.sync(kind, site, s.lastId, aux);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** A sync operation on {@code object}; nothing when not recording or for a null object. */
    static void record(SyncKind kind, int site, Object object, long aux) {
        TraceRecorder r = Probes.recorder();
        if (r == null || object == null) return; // a null receiver throws right after, in the program
        try {
            HeapProbes.sync(r, kind, site, object, aux);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }
}
