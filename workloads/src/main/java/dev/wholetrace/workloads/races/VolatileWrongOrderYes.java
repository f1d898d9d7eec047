package dev.wholetrace.workloads.races;

/**
 * Publication in the wrong order: the writer sets the volatile {@code ready} first and {@code
 * data} after it, so the reader's volatile read of {@code ready} orders nothing about the write of
 * {@code data}. Race on {@code data} (not on {@code ready}: volatile).
 */
public final class VolatileWrongOrderYes {
    public static final String[] RACES = {"VolatileWrongOrderYes.data"};

    static int data;
    static volatile boolean ready;

    public static void main(String[] args) throws Exception {
        data = 0;
        ready = false;
        Thread writer = new Thread(() -> {
            ready = true;
            data = 42;
        });
        Thread reader = new Thread(() -> {
            while (!ready) Thread.yield();
            int seen = data; // read once: two reads may see 0 and then 42, which the check would call an error
            if (seen != 42 && seen != 0) throw new AssertionError();
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
