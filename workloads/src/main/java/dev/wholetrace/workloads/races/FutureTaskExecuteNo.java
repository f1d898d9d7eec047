package dev.wholetrace.workloads.races;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * FutureTasks the program makes and hands to {@code execute}: a JDK FutureTask (joined by the agent's
 * hooks inside the JDK only) and a subclass of the program's (joined at the call of get). Then
 * {@code invokeAll} of a slow task and a fast one on two workers: invokeAll waits in the slow one's get
 * and never calls get on the fast one, which was done by then. Main reads what every task wrote
 * directly, not through a future. No race.
 */
public final class FutureTaskExecuteNo {
    public static final String[] RACES = {};

    static int[] written;

    /** The program's own FutureTask: its class loader is the application's. */
    static final class Counted<V> extends FutureTask<V> {
        Counted(Callable<V> task) {
            super(task);
        }
    }

    public static void main(String[] args) throws Exception {
        written = new int[4];
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            FutureTask<Integer> jdk = new FutureTask<>(() -> written[0] = 1);
            Counted<Integer> own = new Counted<>(() -> written[1] = 2);
            pool.execute(jdk);
            pool.execute(own);
            int got = jdk.get() + own.get();
            Callable<Integer> slow = () -> {
                Thread.sleep(50);
                return written[2] = 3;
            };
            Callable<Integer> fast = () -> written[3] = 4;
            pool.invokeAll(List.of(slow, fast));
            System.out.println("got=" + got + " sum=" + (written[0] + written[1] + written[2] + written[3]));
        } finally {
            pool.shutdownNow();
        }
    }
}
