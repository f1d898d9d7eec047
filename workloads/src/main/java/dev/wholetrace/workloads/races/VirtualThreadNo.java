package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Virtual threads (JDK 21+; the suite is compiled for 17, so the two factories are looked up by
 * reflection and the rest is called directly): main writes {@code input}, starts a virtual thread
 * that writes {@code fromThread} and joins it; a virtual-thread-per-task executor runs a task that
 * reads {@code input} and writes {@code fromTask}, read after {@code get()}. No race.
 */
public final class VirtualThreadNo {
    public static final String[] RACES = {};
    /** The first JDK that has virtual threads: RaceSuite skips the program on older ones. */
    public static final int MIN_JDK = 21;

    static int input;
    static int fromThread;
    static int fromTask;

    public static void main(String[] args) throws Exception {
        input = 5;
        fromThread = 0;
        fromTask = 0;
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        Thread thread = (Thread) Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class)
                .invoke(builder, (Runnable) () -> fromThread = input * 2);
        thread.start();
        thread.join();
        ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        try {
            Future<?> task = executor.submit(() -> fromTask = input * 3);
            task.get();
        } finally {
            executor.shutdown();
            executor.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("thread=" + fromThread + " task=" + fromTask);
    }
}
