package dev.wholetrace.workloads.races;

/**
 * An artifact through a reference: thread 1 creates an object, publishes it in the plain static
 * {@code shared}, then sets its {@code val}; thread 2 spins (Thread.yield) until {@code shared}
 * is non-null and reads {@code val} of what it found. Races on {@code shared} (the first race)
 * and on {@code val}, an artifact: thread 2 reaches that object only through the racy read.
 */
public final class ArtifactPointerYes {
    public static final String[] RACES = {"ArtifactPointerYes.shared", "ArtifactPointerYes.val"};
    public static final String[] ARTIFACTS = {"ArtifactPointerYes.val <- ArtifactPointerYes.shared"};

    static ArtifactPointerYes shared;
    int val;

    public static void main(String[] args) throws Exception {
        shared = null;
        Thread t1 = new Thread(() -> {
            ArtifactPointerYes o = new ArtifactPointerYes();
            shared = o;
            o.val = 7;
        });
        Thread t2 = new Thread(() -> {
            ArtifactPointerYes o;
            while ((o = shared) == null) Thread.yield();
            int v = o.val;
            if (v != 0 && v != 7) throw new AssertionError();
        });
        t2.start();
        t1.start();
        t1.join();
        t2.join();
        System.out.println("done");
    }
}
