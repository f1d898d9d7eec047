package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The JDK 21 idiom {@code try (var executor = Executors.newVirtualThreadPerTaskExecutor()) { … }}, then read
 * what the tasks wrote: tasks handed to {@code execute} (no future to get) fill {@code slots}; close() returns
 * once every task's thread has finished. Then the same with {@code shutdown()} and a loop polling
 * {@code isTerminated()}. The suite is compiled for 17, so the factory and close() are looked up by reflection.
 * No race.
 */
public final class VirtualExecutorCloseNo {
    public static final String[] RACES = {};
    /** The first JDK that has virtual threads: RaceSuite skips the program on older ones. */
    public static final int MIN_JDK = 21;

    static final int[] slots = new int[16];
    static final int[] polled = new int[16];

    public static void main(String[] args) throws Exception {
        ExecutorService executor = newVirtualThreadPerTaskExecutor();
        try {
            for (int i = 0; i < slots.length; i++) {
                int k = i;
                executor.execute(() -> slots[k] = k * k);
            }
        } finally {
            ExecutorService.class.getMethod("close").invoke(executor); // what try-with-resources calls
        }
        int sum = 0;
        for (int v : slots) sum += v;
        ExecutorService polling = newVirtualThreadPerTaskExecutor();
        for (int i = 0; i < polled.length; i++) {
            int k = i;
            polling.execute(() -> polled[k] = k + 1);
        }
        polling.shutdown();
        while (!polling.isTerminated()) Thread.onSpinWait();
        for (int v : polled) sum += v;
        System.out.println("sum=" + sum);
    }

    static ExecutorService newVirtualThreadPerTaskExecutor() throws ReflectiveOperationException {
        return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    }
}
