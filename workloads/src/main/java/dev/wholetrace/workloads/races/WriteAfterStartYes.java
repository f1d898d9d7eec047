package dev.wholetrace.workloads.races;

/**
 * Main sets {@code config} before starting the child (ordered) and changes it again after the
 * start while the child reads it: the second write and the child's read are unordered. Race on
 * {@code config}.
 */
public final class WriteAfterStartYes {
    public static final String[] RACES = {"WriteAfterStartYes.config"};

    static int config;

    public static void main(String[] args) throws Exception {
        config = 1;
        Thread child = new Thread(() -> {
            int c = config; // 1 or 2
            if (c != 1 && c != 2) throw new AssertionError();
        });
        child.start();
        config = 2;
        child.join();
        System.out.println("done");
    }
}
