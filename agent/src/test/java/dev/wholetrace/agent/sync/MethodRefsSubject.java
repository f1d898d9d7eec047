package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/** Sync methods called through method references, run instrumented by {@link MethodRefsTest}. */
public final class MethodRefsSubject {
    private MethodRefsSubject() {}

    /** A Thread subclass: a bound reference captures it as itself. */
    static final class Worker extends Thread {
        Worker(Runnable body, String name) {
            super(body, name);
        }
    }

    /** A functional interface that may throw, as programs declare them. */
    interface Interruptible {
        void run() throws InterruptedException;
    }

    /**
     * Unbound (Thread::start), bound (latch::countDown, lock::lock, worker::start) and
     * value-returning (barrier::await, semaphore::tryAcquire) references. Returns what the
     * references returned.
     */
    public static List<Object> references() throws Exception {
        CountDownLatch latch = new CountDownLatch(2);
        List<Thread> threads = List.of(new Thread(latch::countDown, "counter-0"), new Thread(latch::countDown, "counter-1"));
        threads.forEach(Thread::start);
        Interruptible await = latch::await;
        await.run();
        ReentrantLock lock = new ReentrantLock();
        Runnable take = lock::lock;
        Runnable give = lock::unlock;
        take.run();
        give.run();
        List<Object> results = new ArrayList<>();
        Callable<Integer> pass = new CyclicBarrier(1)::await;
        results.add(pass.call());
        Semaphore semaphore = new Semaphore(1);
        BooleanSupplier tryTake = semaphore::tryAcquire;
        results.add(tryTake.getAsBoolean());
        results.add(tryTake.getAsBoolean());
        Worker worker = new Worker(() -> { }, "worker");
        Runnable start = worker::start;
        start.run();
        Interruptible join = worker::join;
        join.run();
        for (Thread t : threads) t.join();
        return results;
    }

    /** lockInterruptibly through a reference, with the thread interrupted: the exception as caught. */
    public static Throwable interruptedReference() {
        ReentrantLock lock = new ReentrantLock();
        Interruptible take = lock::lockInterruptibly;
        Thread.currentThread().interrupt();
        try {
            take.run();
            return null;
        } catch (InterruptedException e) {
            return e;
        }
    }

    /** A reference made in an interface's default method: its bridge is a private static method of the interface. */
    interface Releaser {
        default Runnable releaseOf(Semaphore semaphore) {
            return semaphore::release;
        }
    }

    /** Releases a semaphore through a reference made in an interface; returns the permits then available. */
    public static int referenceInInterface() {
        Semaphore semaphore = new Semaphore(0);
        new Releaser() { }.releaseOf(semaphore).run();
        return semaphore.availablePermits();
    }
}
