package dev.wholetrace.workloads.include.lib;

/**
 * The "library" half of the include= programs: runs tasks on threads it starts and joins, and a
 * critical section under a monitor it owns. Recorded with include= naming only the app package,
 * its heap accesses are not checked, but its starts, joins and locks must still order the app's.
 */
public final class Workers {
    private static final Object GUARD = new Object();

    private Workers() {}

    /** Runs every task on a thread of its own and returns when all have finished. */
    public static void runAll(Runnable... tasks) throws InterruptedException {
        Thread[] threads = new Thread[tasks.length];
        for (int i = 0; i < tasks.length; i++) threads[i] = new Thread(tasks[i], "worker-" + i);
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
    }

    /** Runs {@code section} while holding the library's monitor. */
    public static void guarded(Runnable section) {
        synchronized (GUARD) {
            section.run();
        }
    }
}
