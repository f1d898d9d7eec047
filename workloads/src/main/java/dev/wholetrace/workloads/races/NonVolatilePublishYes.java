package dev.wholetrace.workloads.races;

/**
 * Publication through a plain (non-volatile) flag: the writer sets {@code data} then {@code
 * ready}; the reader spins on {@code ready} (a plain read, with Thread.yield so the JIT cannot
 * hoist it) and then reads {@code data}. Nothing orders the writer and the reader: races on {@code
 * ready} (the spin, documented: it is the race) and on {@code data}.
 */
public final class NonVolatilePublishYes {
    public static final String[] RACES = {"NonVolatilePublishYes.ready", "NonVolatilePublishYes.data"};

    static int data;
    static boolean ready;

    public static void main(String[] args) throws Exception {
        data = 0;
        ready = false;
        Thread writer = new Thread(() -> {
            data = 42;
            ready = true;
        });
        Thread reader = new Thread(() -> {
            while (!ready) Thread.yield();
            if (data != 42 && data != 0) throw new AssertionError();
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
