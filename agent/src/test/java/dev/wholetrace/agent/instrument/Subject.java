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
}
