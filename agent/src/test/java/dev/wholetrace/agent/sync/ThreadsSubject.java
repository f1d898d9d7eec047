package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** Thread start and join patterns, run instrumented by {@link ThreadsTest}. */
public final class ThreadsSubject {
    private ThreadsSubject() {}

    /** A Thread subclass: start() and join() are called with this class as the owner. */
    static final class Worker extends Thread {
        int result;

        Worker(String name) {
            super(name);
        }

        @Override
        public void run() {
            result = getName().length();
        }
    }

    /** A Thread subclass whose getId() runs instrumented code of its own (allowed on JDK 17). */
    static final class OwnId extends Thread {
        int calls;

        OwnId(String name) {
            super(name);
        }

        @Override
        @SuppressWarnings("deprecation")
        public long getId() {
            calls++;
            return 7 + name().length();
        }

        private String name() {
            return getName();
        }

        @Override
        public void run() {
            calls += getName().length();
        }
    }

    /** Runs and joins a thread that overrides getId(); returns how often its code ran (the run's share included). */
    public static int ownId() throws InterruptedException {
        OwnId t = new OwnId("own-id");
        t.start();
        t.join();
        return t.calls;
    }

    /** Starts {@code n} workers and joins them; returns the sum of their results. */
    public static int forkJoin(int n) throws InterruptedException {
        List<Worker> workers = new ArrayList<>();
        for (int i = 0; i < n; i++) workers.add(new Worker("worker-" + i));
        for (Worker w : workers) w.start();
        int sum = 0;
        for (Worker w : workers) {
            w.join();
            sum += w.result;
        }
        return sum;
    }

    /**
     * A timed join that returns while the child still runs joins nothing; the child is released,
     * then joined with timeouts (join(millis, nanos), then join(millis) again). Returns whether the
     * child was alive after each of the three joins.
     */
    public static List<Boolean> timedJoins() throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        Thread child = new Thread(() -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "child");
        child.start();
        List<Boolean> alive = new ArrayList<>();
        child.join(5);
        alive.add(child.isAlive());
        go.countDown();
        child.join(60_000, 1);
        alive.add(child.isAlive());
        child.join(1);
        alive.add(child.isAlive());
        return alive;
    }

    /**
     * Polls a thread with isAlive() until it has ended, then {@code polls} times more, as a loop waiting for a dead
     * thread does; returns how many of those polls saw it dead.
     */
    public static int pollDeadThread(int polls) {
        Thread child = new Thread(() -> {}, "polled");
        child.start();
        while (child.isAlive()) Thread.onSpinWait();
        int dead = 0;
        for (int i = 0; i < polls; i++) if (!child.isAlive()) dead++;
        return dead;
    }

    /** isAlive() of a thread not yet started (false: it has not ended either), then its start and join; returns the first isAlive(). */
    public static boolean aliveBeforeStart() throws InterruptedException {
        Thread child = new Thread(() -> {}, "unstarted");
        boolean alive = child.isAlive();
        child.start();
        child.join();
        return alive;
    }

    /**
     * {@code rounds} times: a child and two threads that join it at the same moment. Each joiner
     * names itself after the round.
     */
    public static void concurrentJoiners(int rounds) throws InterruptedException {
        for (int r = 0; r < rounds; r++) {
            CountDownLatch go = new CountDownLatch(1);
            Thread child = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, "child-" + r);
            child.start();
            Thread[] joiners = new Thread[2];
            for (int j = 0; j < 2; j++) {
                joiners[j] = new Thread(() -> {
                    try {
                        child.join();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }, "joiner-" + r + "-" + j);
                joiners[j].start();
            }
            while (joiners[0].getState() != Thread.State.WAITING || joiners[1].getState() != Thread.State.WAITING) Thread.onSpinWait();
            go.countDown();
            for (Thread j : joiners) j.join();
        }
    }

    /** A Thread subclass whose start() refuses before super.start(): the thread never runs. */
    static final class Refusing extends Thread {
        Refusing() {
            super("refusing");
        }

        @Override
        public void start() { // not synchronized, as Thread's is: only the start's own operations are recorded
            throw new IllegalStateException("refused");
        }
    }

    /**
     * Starts that throw: a thread started a second time (IllegalThreadStateException), one whose start() refuses;
     * then thread "other" joins both. Returns, for each exception, the classes of the frames above this method.
     */
    public static List<List<String>> failedStarts() throws InterruptedException {
        Thread once = new Thread(() -> { }, "once");
        once.start();
        once.join();
        Thread refusing = new Refusing();
        List<List<String>> thrown = new ArrayList<>();
        for (Thread t : new Thread[] {once, refusing}) {
            try {
                t.start();
            } catch (RuntimeException e) {
                List<String> above = new ArrayList<>();
                for (StackTraceElement f : e.getStackTrace()) {
                    if (f.getClassName().equals(ThreadsSubject.class.getName())) break;
                    above.add(f.getClassName());
                }
                thrown.add(above);
            }
        }
        Thread other = new Thread(() -> {
            try {
                once.join();
                refusing.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "other");
        other.start();
        other.join();
        return thrown;
    }

    /**
     * Two starts of one new thread at once: thread "late" calls start() while main holds the thread's monitor (as
     * Thread.start does), and main starts it meanwhile; late's start throws. Returns late's exception's class name.
     */
    public static String racingStarts() throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        Thread raced = new Thread(() -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "raced");
        String[] thrown = new String[1];
        Thread late = new Thread(() -> {
            try {
                raced.start();
            } catch (IllegalThreadStateException e) {
                thrown[0] = e.getClass().getName();
            }
        }, "late");
        synchronized (raced) {
            late.start();
            while (late.getState() != Thread.State.BLOCKED) Thread.onSpinWait();
            raced.start();
        }
        late.join();
        go.countDown();
        raced.join();
        return thrown[0];
    }
}
