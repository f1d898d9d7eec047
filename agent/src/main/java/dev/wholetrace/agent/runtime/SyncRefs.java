package dev.wholetrace.agent.runtime;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Lock;

/**
 * Method references to sync methods ({@code threads.forEach(Thread::start)}, {@code latch::countDown})
 * are called from a class the JVM spins at run time, which the agent never sees. The instrumenter
 * points such a reference at the bridge here of the same name instead: the bridge makes the call
 * with the probe around it. The site comes first, captured by the reference, then the receiver and
 * the method's own arguments. Exceptions thrown through a bridge lose its frame ({@link SyncFrames}).
 */
public final class SyncRefs {
    private SyncRefs() {}

    // ---- Lock -------------------------------------------------------------------------------------

    public static void lock(int site, Lock lock) {
        try {
            lock.lock();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncProbes.lockAcquired(lock, site);
    }

    public static void lockInterruptibly(int site, Lock lock) throws InterruptedException {
        try {
            lock.lockInterruptibly();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncProbes.lockAcquired(lock, site);
    }

    public static boolean tryLock(int site, Lock lock) {
        boolean acquired;
        try {
            acquired = lock.tryLock();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        return SyncProbes.lockTried(lock, acquired, site);
    }

    public static boolean tryLock(int site, Lock lock, long timeout, TimeUnit unit) throws InterruptedException {
        boolean acquired;
        try {
            acquired = lock.tryLock(timeout, unit);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        return SyncProbes.lockTried(lock, acquired, site);
    }

    public static void unlock(int site, Lock lock) {
        SyncProbes.lockReleasing(lock, site);
        try {
            lock.unlock();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
    }

    // ---- CountDownLatch ---------------------------------------------------------------------------

    public static void countDown(int site, CountDownLatch latch) {
        SyncProbes.latchCountingDown(latch, site);
        latch.countDown();
    }

    public static void await(int site, CountDownLatch latch) throws InterruptedException {
        try {
            latch.await();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncProbes.latchAwaited(latch, site);
    }

    public static boolean await(int site, CountDownLatch latch, long timeout, TimeUnit unit) throws InterruptedException {
        boolean reachedZero;
        try {
            reachedZero = latch.await(timeout, unit);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        return SyncProbes.latchAwaitedTimed(latch, reachedZero, site);
    }

    // ---- Semaphore --------------------------------------------------------------------------------

    public static void release(int site, Semaphore semaphore) {
        SyncProbes.semaphoreReleasing(semaphore, site);
        semaphore.release();
    }

    public static void release(int site, Semaphore semaphore, int permits) {
        SyncProbes.semaphoreReleasing(semaphore, site);
        try {
            semaphore.release(permits);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
    }

    public static void acquire(int site, Semaphore semaphore) throws InterruptedException {
        try {
            semaphore.acquire();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncProbes.semaphoreAcquired(semaphore, site);
    }

    public static void acquire(int site, Semaphore semaphore, int permits) throws InterruptedException {
        try {
            semaphore.acquire(permits);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncProbes.semaphoreAcquired(semaphore, site);
    }

    public static void acquireUninterruptibly(int site, Semaphore semaphore) {
        semaphore.acquireUninterruptibly();
        SyncProbes.semaphoreAcquired(semaphore, site);
    }

    public static void acquireUninterruptibly(int site, Semaphore semaphore, int permits) {
        try {
            semaphore.acquireUninterruptibly(permits);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncProbes.semaphoreAcquired(semaphore, site);
    }

    public static boolean tryAcquire(int site, Semaphore semaphore) {
        return SyncProbes.semaphoreTried(semaphore, semaphore.tryAcquire(), site);
    }

    public static boolean tryAcquire(int site, Semaphore semaphore, int permits) {
        boolean acquired;
        try {
            acquired = semaphore.tryAcquire(permits);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        return SyncProbes.semaphoreTried(semaphore, acquired, site);
    }

    public static boolean tryAcquire(int site, Semaphore semaphore, long timeout, TimeUnit unit) throws InterruptedException {
        boolean acquired;
        try {
            acquired = semaphore.tryAcquire(timeout, unit);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        return SyncProbes.semaphoreTried(semaphore, acquired, site);
    }

    public static boolean tryAcquire(int site, Semaphore semaphore, int permits, long timeout, TimeUnit unit)
            throws InterruptedException {
        boolean acquired;
        try {
            acquired = semaphore.tryAcquire(permits, timeout, unit);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        return SyncProbes.semaphoreTried(semaphore, acquired, site);
    }

    // ---- CyclicBarrier ----------------------------------------------------------------------------

    public static int await(int site, CyclicBarrier barrier) throws Exception {
        int arrival;
        try {
            arrival = barrier.await();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        return SyncProbes.barrierPassed(barrier, arrival, site);
    }

    public static int await(int site, CyclicBarrier barrier, long timeout, TimeUnit unit) throws Exception {
        int arrival;
        try {
            arrival = barrier.await(timeout, unit);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        return SyncProbes.barrierPassed(barrier, arrival, site);
    }

    // ---- Thread -----------------------------------------------------------------------------------

    public static void start(int site, Thread thread) {
        SyncProbes.threadStart(thread, site);
        try {
            thread.start();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
    }

    public static void join(int site, Thread thread) throws InterruptedException {
        try {
            thread.join();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncProbes.threadJoined(thread, site);
    }

    public static void join(int site, Thread thread, long millis) throws InterruptedException {
        try {
            thread.join(millis);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncProbes.threadJoined(thread, site);
    }

    public static void join(int site, Thread thread, long millis, int nanos) throws InterruptedException {
        try {
            thread.join(millis, nanos);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncProbes.threadJoined(thread, site);
    }

    // ---- executors and futures -------------------------------------------------------------------

    public static void execute(int site, Executor executor, Runnable task) {
        try {
            executor.execute(SyncTasks.handOff(executor, task, site));
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
    }

    public static Future<?> submit(int site, ExecutorService executor, Runnable task) {
        Runnable wrapped = SyncTasks.handOff(executor, task, site);
        Future<?> future;
        try {
            future = executor.submit(wrapped);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncTasks.submitted(future, wrapped, site);
        return future;
    }

    public static Future<?> submit(int site, ExecutorService executor, Callable<?> task) {
        Callable<?> wrapped = SyncTasks.handOff(executor, task, site);
        Future<?> future;
        try {
            future = executor.submit(wrapped);
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        }
        SyncTasks.submitted(future, wrapped, site);
        return future;
    }

    public static Object get(int site, Future<?> future) throws InterruptedException, ExecutionException {
        return SyncWait.futureGet(future, site);
    }

    public static Object get(int site, Future<?> future, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        return SyncWait.futureGet(future, timeout, unit, site);
    }

    public static Object join(int site, CompletableFuture<?> future) {
        return SyncWait.futureJoin(future, site);
    }

    // ---- Object.wait ------------------------------------------------------------------------------

    public static void wait(int site, Object monitor) throws InterruptedException {
        SyncWait.waitOn(monitor, site);
    }

    public static void wait(int site, Object monitor, long millis) throws InterruptedException {
        SyncWait.waitOn(monitor, millis, site);
    }

    public static void wait(int site, Object monitor, long millis, int nanos) throws InterruptedException {
        SyncWait.waitOn(monitor, millis, nanos, site);
    }
}
