package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Virtual threads (JDK 21+, factories by reflection) read before they are joined: a virtual
 * thread writes {@code fromThread}, which main reads before {@code join()}; a
 * virtual-thread-per-task executor's task writes {@code fromTask}, read before {@code get()}.
 * Races on {@code fromThread} and {@code fromTask}.
 */
public final class VirtualThreadYes {
    public static final String[] RACES = {"VirtualThreadYes.fromThread", "VirtualThreadYes.fromTask"};
    /** The first JDK that has virtual threads: RaceSuite skips the program on older ones. */
    public static final int MIN_JDK = 21;

    static int fromThread;
    static int fromTask;

    public static void main(String[] args) throws Exception {
        fromThread = 0;
        fromTask = 0;
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        Thread thread = (Thread) Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class)
                .invoke(builder, (Runnable) () -> fromThread = 1);
        thread.start();
        int t = fromThread; // 0 or 1
        thread.join();
        ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        int k;
        try {
            Future<?> task = executor.submit(() -> fromTask = 2);
            k = fromTask; // 0 or 2
            task.get();
        } finally {
            executor.shutdown();
            executor.awaitTermination(5, TimeUnit.SECONDS);
        }
        if (t != 0 && t != 1 || k != 0 && k != 2) throw new AssertionError();
        System.out.println("done");
    }
}
