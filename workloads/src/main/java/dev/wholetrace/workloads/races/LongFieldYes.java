package dev.wholetrace.workloads.races;

/**
 * One thread writes a plain {@code long} field (8 bytes) while another reads it, no
 * synchronization: a race on {@code stamp} (a detector must see the wide field as one address).
 */
public final class LongFieldYes {
    public static final String[] RACES = {"LongFieldYes.stamp"};

    long stamp;
    long sum; // written by the reader only

    public static void main(String[] args) throws Exception {
        LongFieldYes p = new LongFieldYes();
        Thread writer = new Thread(() -> {
            for (long i = 1; i <= 100; i++) p.stamp = i * 0x1_0000_0001L;
        });
        Thread reader = new Thread(() -> {
            long sum = 0;
            for (int i = 0; i < 100; i++) sum += p.stamp;
            p.sum = sum;
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("done"); // the sum depends on the schedule
    }
}
