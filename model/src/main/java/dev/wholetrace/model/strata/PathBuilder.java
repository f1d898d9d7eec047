package dev.wholetrace.model.strata;

/**
 * ExtendPath/ProcessPath of the strata paper for one thread: block ids in, [pathId, tripcount] runs
 * out. A path is a cycle of blocks: it ends when a block already in it comes again, and that block
 * starts the next path; consecutive executions of the same path become one run with a trip count;
 * paths are interned in a {@link SequenceTable} (shared by the threads of a trace, so a path has one
 * id everywhere). A path longer than {@code maxLength} blocks is cut (the paper's 2048 limit).
 *
 * <p>Per block: one array read and write to test membership (a stamp per block id that says which
 * path last took it), one append; no allocation once the buffers have grown.
 */
public final class PathBuilder {
    private final CycleCutter cutter;
    private int[] stamp = new int[1024];
    private int serial = 1;
    private long blocks;

    public PathBuilder(SequenceTable paths, RunSink sink, int maxLength) {
        this.cutter = new CycleCutter(paths, sink, maxLength);
    }

    /** ExtendPath: the thread executed block {@code block} (≥ 0). */
    public void add(int block) {
        if (block >= stamp.length) grow(block);
        if (stamp[block] == serial || cutter.full()) nextPath();
        stamp[block] = serial;
        cutter.append(block);
        blocks++;
    }

    private void nextPath() {
        cutter.complete();
        if (++serial == Integer.MAX_VALUE) { // a stamp could repeat: start the stamps again
            java.util.Arrays.fill(stamp, 0);
            serial = 1;
        }
    }

    private void grow(int block) {
        if (block < 0) throw new IllegalArgumentException("block id " + block + " < 0");
        stamp = java.util.Arrays.copyOf(stamp, Math.max(block + 1, (int) Math.min(Integer.MAX_VALUE - 8, stamp.length * 2L)));
    }

    /** The thread ended: the last paths are passed on and the sink finishes. */
    public void finish() {
        cutter.finish();
    }

    /** Blocks added. */
    public long blocks() {
        return blocks;
    }

    /** Paths completed (executions, repetitions included). */
    public long paths() {
        return cutter.cycles();
    }

    /** Bytes of this thread's path state (stamps and buffers). */
    public long bytes() {
        return 4L * stamp.length + cutter.bytes();
    }
}
