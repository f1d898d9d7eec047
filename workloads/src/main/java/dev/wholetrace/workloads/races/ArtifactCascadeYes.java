package dev.wholetrace.workloads.races;

/**
 * Figure 7 of the paper: thread 1 writes {@code subscript = 1} then {@code a[1] = 0}; thread 2
 * reads {@code x = subscript} then {@code y = a[x]}. Both races are real, but the one on {@code
 * a[1]} is an artifact of the one on {@code subscript}: thread 2 touches {@code a[1]} only because
 * it read 1 from the racy subscript. So that it does in every run, thread 2 re-reads {@code
 * subscript} until it sees 1 (a plain spin with Thread.yield: the subscript race itself, read
 * many times instead of once).
 */
public final class ArtifactCascadeYes {
    public static final String[] RACES = {"ArtifactCascadeYes.subscript", "ArtifactCascadeYes.a[]"};
    public static final String[] ARTIFACTS = {"ArtifactCascadeYes.a[] <- ArtifactCascadeYes.subscript"};

    static int subscript;
    static int[] a;

    public static void main(String[] args) throws Exception {
        subscript = 0;
        a = new int[] {5, 5};
        Thread t1 = new Thread(() -> {
            subscript = 1;
            a[1] = 0;
        });
        Thread t2 = new Thread(() -> {
            int x;
            while ((x = subscript) == 0) Thread.yield();
            int y = a[x];
            if (y != 0 && y != 5) throw new AssertionError();
        });
        t2.start();
        t1.start();
        t1.join();
        t2.join();
        System.out.println("done");
    }
}
