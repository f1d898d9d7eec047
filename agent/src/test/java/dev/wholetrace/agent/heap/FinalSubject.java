package dev.wholetrace.agent.heap;

/** A final and a plain instance field, written by the constructor and read by {@link #sum}. */
public final class FinalSubject {
    final int fixed;
    int plain;

    public FinalSubject(int v) {
        fixed = v;
        plain = v + fixed; // a read of a final field inside the constructor: not recorded either
    }

    public int sum() {
        return fixed + plain;
    }
}
