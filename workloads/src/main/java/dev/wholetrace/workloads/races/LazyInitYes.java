package dev.wholetrace.workloads.races;

/**
 * Unsynchronized lazy initialization: both threads check {@code cache} and store the value,
 * computed when they saw null. Both threads read it and write it, unordered, in every schedule.
 * Race on {@code cache} (an Integer: its value lives in a JDK field, not probed, so no other race
 * shows through the racy reference).
 *
 * <p>The store is unconditional on purpose: with {@code if (c == null) cache = c} the second
 * thread wrote only when both read null before either wrote, and that write/write race was then
 * (rightly) an artifact of the read/write one, so the findings depended on the schedule.
 */
public final class LazyInitYes {
    public static final String[] RACES = {"LazyInitYes.cache"};

    private static Integer cache;

    static int cached() {
        Integer c = cache;
        c = c == null ? Integer.valueOf(6 * 7) : c;
        cache = c;
        return c;
    }

    public static void main(String[] args) throws Exception {
        cache = null;
        Thread a = new Thread(LazyInitYes::cached);
        Thread b = new Thread(LazyInitYes::cached);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
