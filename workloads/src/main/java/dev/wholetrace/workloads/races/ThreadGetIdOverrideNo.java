package dev.wholetrace.workloads.races;

/**
 * Worker threads of a Thread subclass that numbers itself by overriding {@code getId()} (allowed before
 * JDK 19, where the final threadId() came): each adds to a total under a lock, main reads it after joining
 * them all. No race. On JDK 17 the agent named a thread by calling getId(): the override, instrumented,
 * ran a probe while its thread registered and the recording stopped (session 39).
 */
public final class ThreadGetIdOverrideNo {
    public static final String[] RACES = {};

    static final Object LOCK = new Object();
    static int total;

    static final class Numbered extends Thread {
        private final long number;

        Numbered(long number) {
            this.number = number;
        }

        @Override
        @SuppressWarnings("deprecation")
        public long getId() {
            return number;
        }

        @Override
        public void run() {
            synchronized (LOCK) {
                total += (int) getId();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        total = 0;
        Numbered[] threads = new Numbered[4];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Numbered(1000 + i);
            threads[i].start();
        }
        for (Numbered t : threads) t.join();
        System.out.println("total=" + total);
    }
}
