package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** CountDownLatch, Semaphore and CyclicBarrier patterns, run instrumented by {@link CoordinationTest}. */
public final class CoordinationSubject {
    private CoordinationSubject() {}

    /**
     * {@code workers} threads each count a latch down once; the caller awaits it, then awaits it
     * again with a timeout (already open: true), and awaits a latch nobody counts down (false).
     */
    public static List<Boolean> latch(int workers) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(workers);
        for (int t = 0; t < workers; t++) new Thread(() -> done.countDown(), "counter-" + t).start();
        done.await();
        List<Boolean> results = new ArrayList<>();
        results.add(done.await(1, TimeUnit.SECONDS));
        results.add(new CountDownLatch(1).await(1, TimeUnit.MILLISECONDS));
        return results;
    }

    /** A latch opened by main, then counted down again by a thread: the second count-down does nothing. */
    public static List<Boolean> countDownOfAnOpenLatch() throws InterruptedException {
        CountDownLatch open = new CountDownLatch(1);
        open.countDown();
        Thread late = new Thread(() -> open.countDown(), "late"); // a lambda: the call site is in this class, instrumented
        late.start();
        late.join();
        open.await();
        return List.of(open.getCount() == 0);
    }

    /**
     * Ping-pong: two threads hand a turn back and forth through two semaphores, {@code rounds}
     * times, logging inside their turn; returns the log.
     */
    public static List<String> pingPong(int rounds) throws InterruptedException {
        Semaphore ping = new Semaphore(1);
        Semaphore pong = new Semaphore(0);
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Thread a = new Thread(() -> {
            for (int i = 0; i < rounds; i++) {
                ping.acquireUninterruptibly();
                log.add("ping");
                pong.release();
            }
        }, "ping");
        Thread b = new Thread(() -> {
            try {
                for (int i = 0; i < rounds; i++) {
                    if (i % 2 == 0) pong.acquire();
                    else while (!pong.tryAcquire(1, 10, TimeUnit.MILLISECONDS)) Thread.onSpinWait();
                    log.add("pong");
                    ping.release(1);
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "pong");
        a.start();
        b.start();
        a.join();
        b.join();
        return log;
    }

    /** tryAcquire without permits fails and records nothing; with one, succeeds. */
    public static List<Boolean> tryAcquires() {
        Semaphore s = new Semaphore(0);
        List<Boolean> results = new ArrayList<>();
        results.add(s.tryAcquire());
        s.release(2);
        results.add(s.tryAcquire(2));
        return results;
    }

    /**
     * {@code parties} threads pass a barrier {@code episodes} times, through await() and
     * await(timeout) in turn; each logs "name:episode" before arriving. Returns the log.
     */
    public static List<String> barrier(int parties, int episodes) throws InterruptedException {
        CyclicBarrier barrier = new CyclicBarrier(parties);
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Thread[] ts = new Thread[parties];
        for (int t = 0; t < parties; t++) {
            ts[t] = new Thread(() -> {
                try {
                    for (int e = 0; e < episodes; e++) {
                        log.add(Thread.currentThread().getName() + ":" + e);
                        if (e % 2 == 0) barrier.await();
                        else barrier.await(10, TimeUnit.SECONDS);
                    }
                } catch (InterruptedException | BrokenBarrierException | TimeoutException ex) {
                    throw new IllegalStateException(ex);
                }
            }, "party-" + t);
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        return log;
    }

    /**
     * Two pairs of threads await one CyclicBarrier(2) in turn, the second pair started after the
     * first was joined: generations 0 and 1, which the agent names alike (each thread's own count of
     * passes is 0). Returns how many threads passed.
     */
    public static int barrierInTurn() throws InterruptedException {
        CyclicBarrier barrier = new CyclicBarrier(2);
        int[] passed = new int[1];
        for (int group = 0; group < 2; group++) {
            Thread[] ts = new Thread[2];
            for (int t = 0; t < 2; t++) {
                ts[t] = new Thread(() -> {
                    try {
                        barrier.await();
                        synchronized (passed) {
                            passed[0]++;
                        }
                    } catch (InterruptedException | BrokenBarrierException ex) {
                        throw new IllegalStateException(ex);
                    }
                }, "group" + group + "-" + t);
                ts[t].start();
            }
            for (Thread t : ts) t.join();
        }
        return passed[0];
    }
}
