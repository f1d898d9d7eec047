package dev.wholetrace.workloads.include.app;

import dev.wholetrace.workloads.include.lib.Workers;

/**
 * {@link GuardedCountNo} without the library's monitor: the workers increment {@code count}
 * unguarded. Race on {@code count} (only: {@code limit} is still ordered by the library's starts,
 * and main's read of {@code count} by its joins).
 */
public final class UnguardedCountYes {
    static int limit;
    static int count;

    public static void main(String[] args) throws Exception {
        limit = 100;
        count = 0;
        Runnable work = () -> {
            for (int i = 0; i < limit; i++) count++;
        };
        Workers.runAll(work, work);
        System.out.println("done");
    }
}
