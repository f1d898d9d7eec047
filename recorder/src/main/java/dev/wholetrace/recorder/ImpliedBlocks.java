package dev.wholetrace.recorder;

import java.util.Arrays;

/**
 * Blocks the agent records no event for because another block implies them: block {@code a}'s
 * only successor is {@code b}, {@code a} cannot throw past its probe, and so does every other
 * block that reaches {@code b} (agent/…/ImpliedSuccessors). Each thread's compressor puts {@code b} back
 * after {@code a} (ThreadCompressor) before anything else reads the events, so the trace holds
 * exactly the block sequence a probe at {@code b} would have recorded: readers, the format and
 * the analyses never see the difference; only the program threads' probes and hand-overs are
 * spared.
 *
 * <p>Filled by the threads that instrument classes, read by the compressor workers. A block's
 * entry is written before its class is defined, so before any program thread can run the block
 * and hand its event over (the hand-over orders the worker's read after the write); the array is
 * republished through a volatile field at every change.
 */
public final class ImpliedBlocks {
    /** No block is implied: buffers pass through unchanged. */
    static final ImpliedBlocks NONE = new ImpliedBlocks();

    /** {@code next[a] = b + 1} when block a implies block b, 0 when it implies none. */
    private volatile int[] next = new int[0];
    private volatile boolean any;

    /** Records that block {@code b} always follows block {@code a} and has no probe of its own. */
    public synchronized void imply(int a, int b) {
        if (a < 0 || b < 0) throw new IllegalArgumentException("block ids are >= 0: " + a + " -> " + b);
        int[] n = next;
        if (a >= n.length) n = Arrays.copyOf(n, Math.max(a + 1, n.length * 2 + 64));
        n[a] = b + 1;
        next = n;
        any = true;
    }

    /** The block {@code block} implies, or -1. */
    int next(long block) {
        int[] n = next;
        return block < n.length ? n[(int) block] - 1 : -1;
    }

    /** Whether any block is implied (buffers then need expanding). */
    boolean any() {
        return any;
    }
}
