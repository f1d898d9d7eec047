package dev.wholetrace.workloads.include.app;

import dev.wholetrace.workloads.include.lib.Workers;

/**
 * Application code whose threads and lock live in a library ({@link Workers}): main sets {@code
 * limit} before the workers start, they increment {@code count} under the library's monitor, main
 * reads {@code count} after they were joined. No race, also when only this package is included.
 */
public final class GuardedCountNo {
    static int limit;
    static int count;

    public static void main(String[] args) throws Exception {
        limit = 100;
        count = 0;
        Runnable work = () -> {
            for (int i = 0; i < limit; i++) Workers.guarded(() -> count++);
        };
        Workers.runAll(work, work);
        System.out.println("count=" + count);
    }
}
