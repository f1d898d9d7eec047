package dev.wholetrace.workloads.races;

/**
 * A thread starts a thread: main starts a parent, which writes {@code x}, starts a child, joins
 * it and reads the child's {@code y}; main joins the parent and reads {@code z}. Every hand-over
 * is a start or a join. No race.
 */
public final class NestedStartNo {
    public static final String[] RACES = {};

    int x;
    int y;
    int z;

    public static void main(String[] args) throws Exception {
        NestedStartNo p = new NestedStartNo();
        Thread parent = new Thread(() -> {
            p.x = 5;
            Thread child = new Thread(() -> p.y = p.x * 3);
            child.start();
            try {
                child.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            p.z = p.y + p.x;
        });
        parent.start();
        parent.join();
        System.out.println("z=" + p.z);
    }
}
