package dev.wholetrace.agent.instrument;

/** Code the instrumentation tests run instrumented; its bytecode shape is what they expect. */
public final class Subject {
    private Subject() {}

    public static int sum(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            if (i % 2 == 0) s += i;
            else s -= 1;
        }
        return s;
    }

    public static int guarded(Object lock, int x) {
        try {
            synchronized (lock) {
                if (x < 0) throw new IllegalArgumentException("negative");
                return x * 2;
            }
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }

    /**
     * A NEW that starts a basic block (a jump lands on it) and whose constructor argument branches:
     * the stack map frames name the object under construction by the NEW's offset.
     */
    public static Object newAfterBranch(boolean a, boolean b) {
        if (a) return null;
        return new StringBuilder(b ? "x" : "y");
    }

    /**
     * A NEW inside another NEW's constructor arguments, on the fall-through of a branch (no label in
     * front of its block): the shape of Jetty's {@code ArrayByteBufferPool} lambda that failed to
     * verify when the inner NEW's label fix-up renamed the outer object's uninitialized type.
     */
    public static Object newInsideNew(Object seed, boolean inner) {
        if (seed != null) return seed;
        return new java.util.AbstractMap.SimpleEntry<>(1L, inner ? new StringBuilder("in") : null);
    }

    /** A loop whose head is the method's first instruction: the back edge re-enters the first block. */
    public static int countDown(int n) {
        do {
            n -= 3;
        } while (n > 0);
        return n;
    }

    /**
     * Wide locals (a long, a double) before the frames' last slot and a branch after them: the
     * recording handle's local goes after them in every frame.
     */
    public static double wide(long a, double b, int c) {
        long x = a;
        double y = b;
        for (int i = 0; i < c; i++) {
            if (i % 2 == 0) x += i;
            else y *= 2;
        }
        return x + y;
    }

    /** A constructor whose super(...) argument branches: frames with an uninitialized this. */
    public static final class Child extends java.util.ArrayList<String> {
        public Child(boolean big) {
            super(big ? 100 : 1);
            if (big) add("big");
        }
    }
}
