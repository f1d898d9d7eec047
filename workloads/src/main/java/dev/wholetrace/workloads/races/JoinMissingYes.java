package dev.wholetrace.workloads.races;

/**
 * Main reads the child's result before joining it (it joins afterwards, only to end cleanly): the
 * child's write and main's read are unordered. Race on {@code result}.
 */
public final class JoinMissingYes {
    public static final String[] RACES = {"JoinMissingYes.result"};

    static int result;

    public static void main(String[] args) throws Exception {
        result = 0;
        Thread child = new Thread(() -> result = 6 * 7);
        child.start();
        int r = result; // 0 or 42
        child.join();
        if (r != 0 && r != 42) throw new AssertionError();
        System.out.println("done");
    }
}
