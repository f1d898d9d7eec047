package dev.wholetrace.workloads.durability;

/**
 * The program {@code bench durability} records and kills: worker threads that take and release a
 * lock in a loop (some arithmetic between, so that the sync rate stays readable) and log, every
 * few milliseconds, how many lock/unlock iterations each has completed, with the time since the
 * program started. Comparing a killed recording's per-thread sync counts with this log tells how
 * old the oldest event the trace lost was. One extra thread does a few iterations and then blocks
 * for good (it waits on a monitor nobody notifies): its events must reach the file although it
 * never fills a buffer again.
 *
 * <p>Arguments: {@code THREADS SECONDS [WORK]}: worker count, how long to run (the bench kills it
 * before), and the arithmetic steps between two iterations (default 200). Output lines:
 * {@code start EPOCHMILLIS} first (the wall-clock moment MILLIS counts from, so that a harness can
 * place its kill on the same scale), {@code progress MILLIS THREADNAME ITERATIONS}, {@code blocked
 * MILLIS ITERATIONS} once the blocking thread waits, {@code done MILLIS} at the end. stdout is
 * flushed at every line (System.out's autoflush), so a killed run's log is complete up to the kill. Logging happens outside any lock: the program's own sync operations are
 * exactly 2 per iteration plus each thread's begin.
 */
public final class SyncCounter {
    /** How often each worker logs its count. */
    private static final long LOG_NANOS = 10_000_000L;
    private static final Object PARK = new Object();

    private SyncCounter() {}

    public static void main(String[] args) throws InterruptedException {
        int threads = Integer.parseInt(args[0]);
        long seconds = Long.parseLong(args[1]);
        int work = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        long start = System.nanoTime();
        System.out.println("start " + System.currentTimeMillis());
        long deadline = start + seconds * 1_000_000_000L;
        Object[] locks = {new Object(), new Object()};
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            Object lock = locks[i % locks.length];
            workers[i] = new Thread(() -> run(lock, work, start, deadline), "worker-" + i);
            workers[i].start();
        }
        Thread blocker = new Thread(() -> block(start), "blocked");
        blocker.setDaemon(true);
        blocker.start();
        for (Thread w : workers) w.join();
        System.out.println("done " + millis(start));
    }

    private static void run(Object lock, int work, long start, long deadline) {
        String name = Thread.currentThread().getName();
        long iterations = 0;
        long nextLog = start;
        double x = 1;
        while (true) {
            synchronized (lock) {
                x = x * 1.0000001 + 1e-9;
            }
            iterations++;
            for (int k = 0; k < work; k++) x = x * 0.999999 + 1e-7;
            long now = System.nanoTime();
            if (now >= nextLog) {
                System.out.println("progress " + (now - start) / 1_000_000 + " " + name + " " + iterations);
                nextLog = now + LOG_NANOS;
                if (now >= deadline) break;
            }
        }
        if (x == 42) System.out.println(x); // keep the arithmetic alive
    }

    private static void block(long start) {
        long iterations = 0;
        for (int i = 0; i < 1000; i++) {
            synchronized (PARK) {
                iterations++;
            }
        }
        System.out.println("blocked " + millis(start) + " " + iterations);
        synchronized (PARK) {
            while (true) {
                try {
                    PARK.wait();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
