package dev.wholetrace.workloads.races;

/**
 * Two threads write (and read back) one static field with no synchronization: the writes are
 * unordered with each other and with the other thread's reads. Race on {@code value}.
 */
public final class StaticFieldYes {
    public static final String[] RACES = {"StaticFieldYes.value"};

    static int value;

    public static void main(String[] args) throws Exception {
        value = 0; // before the starts: ordered
        Thread a = new Thread(() -> {
            value = 1;
            if (value > 2) throw new AssertionError();
        });
        Thread b = new Thread(() -> {
            value = 2;
            if (value > 2) throw new AssertionError();
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done"); // 1 or 2, as the schedule has it
    }
}
