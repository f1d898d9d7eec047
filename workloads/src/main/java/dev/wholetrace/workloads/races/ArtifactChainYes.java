package dev.wholetrace.workloads.races;

/**
 * A two-level cascade: thread 1 writes {@code subscript = 1}, {@code index[1] = 2}, {@code
 * data[2] = 9}; thread 2 spins (Thread.yield) until {@code subscript} is non-zero, then until
 * {@code index[subscript]} is, and reads {@code data[index[subscript]]}. The first race is on
 * {@code subscript}; the races on {@code index[1]} and {@code data[2]} are its artifacts (each
 * address comes from a racy read).
 */
public final class ArtifactChainYes {
    public static final String[] RACES = {"ArtifactChainYes.subscript", "ArtifactChainYes.index[]", "ArtifactChainYes.data[]"};
    public static final String[] ARTIFACTS = {
        "ArtifactChainYes.index[] <- ArtifactChainYes.subscript", "ArtifactChainYes.data[] <- ArtifactChainYes.subscript"
    };

    static int subscript;
    static int[] index;
    static int[] data;

    public static void main(String[] args) throws Exception {
        subscript = 0;
        index = new int[3];
        data = new int[3];
        Thread t1 = new Thread(() -> {
            subscript = 1;
            index[1] = 2;
            data[2] = 9;
        });
        Thread t2 = new Thread(() -> {
            int s;
            while ((s = subscript) == 0) Thread.yield();
            int j;
            while ((j = index[s]) == 0) Thread.yield();
            int v = data[j];
            if (v != 0 && v != 9) throw new AssertionError();
        });
        t2.start();
        t1.start();
        t1.join();
        t2.join();
        System.out.println("done");
    }
}
