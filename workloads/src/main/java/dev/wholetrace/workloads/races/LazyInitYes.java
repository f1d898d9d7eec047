package dev.wholetrace.workloads.races;

/**
 * Unsynchronized lazy initialization: both threads check {@code cache} and, seeing null, compute
 * and store it. At least one thread writes it and the other reads it, unordered, in every
 * schedule. Race on {@code cache} (an Integer: its value lives in a JDK field, not probed, so no
 * other race shows through the racy reference).
 */
public final class LazyInitYes {
    public static final String[] RACES = {"LazyInitYes.cache"};

    private static Integer cache;

    static int cached() {
        Integer c = cache;
        if (c == null) {
            c = 6 * 7;
            cache = c;
        }
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
