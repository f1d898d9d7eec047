package dev.wholetrace.workloads.races;

/**
 * The writer updates {@code value} inside {@code synchronized}, the reader reads it without taking
 * the monitor: synchronizing one side only orders nothing. Race on {@code value}.
 */
public final class SyncWriterOnlyYes {
    public static final String[] RACES = {"SyncWriterOnlyYes.value"};

    private int value;

    synchronized void set(int v) {
        value = v;
    }

    int getUnsynchronized() {
        return value;
    }

    public static void main(String[] args) throws Exception {
        SyncWriterOnlyYes p = new SyncWriterOnlyYes();
        Thread writer = new Thread(() -> {
            for (int i = 1; i <= 100; i++) p.set(i);
        });
        Thread reader = new Thread(() -> {
            for (int i = 0; i < 100; i++) {
                if (p.getUnsynchronized() > 100) throw new AssertionError();
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
