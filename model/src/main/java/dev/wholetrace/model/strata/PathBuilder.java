package dev.wholetrace.model.strata;

import java.util.Arrays;

/**
 * ExtendPath/ProcessPath of the strata paper for one thread: block ids in, [pathId, tripcount] runs
 * out. A path is a cycle of blocks: it ends when a block already in it comes again, and that block
 * starts the next path; consecutive executions of the same path become one run with a trip count;
 * paths are interned in a {@link SequenceTable} (shared by the threads of a trace, so a path has one
 * id everywhere). A path reaching {@code maxLength} blocks ends there (the paper's 2048 limit).
 *
 * <p>The per-block loop is the hot path of the whole analysis, and in a loop the same path comes
 * again and again. So while the current path repeats the previous one block for block it is not
 * stored at all: each block is compared with the previous path's block at that place, and the
 * previous path's membership stamps (an int per block id saying which path last took it) tell
 * when the repetition closes; only when a block differs is the prefix copied and stamped. No
 * allocation once the buffers have grown.
 *
 * <p>A path that ends and is not a repetition is named by the table, and on irregular code (a path
 * every few blocks, Mp3d) hashing it was the largest cost of the encoder (JFR of the recorder's
 * compressor replayed). Nearly all such paths were seen before, so a small direct-mapped cache
 * keyed by a path's first block, last block and length names a candidate that is compared first
 * ({@link #idOf}); the table is asked only when it differs.
 */
public final class PathBuilder {
    private final SequenceTable table;
    private final RunSink sink;
    private final int maxLength;
    private long[] cur = new long[64];
    private int curLen;
    private long[] prev = new long[64];
    private int prevLen;
    private long prevTrip;
    /** cur is prev[0, curLen) and holds nothing yet (its blocks are not stamped). */
    private boolean matching;
    private int[] stamp = new int[1024];
    /**
     * 1 + the id of the last path named whose first block, last block and length map here (0: none
     * yet). It grows with the table up to {@link #GUESSES} slots: a builder is made per thread and
     * chunk, and most threads of a program with many (virtual threads, pools) name a few paths.
     */
    private int[] guesses = new int[16];
    private static final int GUESSES = 1 << 12;
    /** The stamp of cur's blocks when not matching. */
    private int serial = 1;
    /** The stamp of prev's blocks; still on them while matching (nothing was stamped since). */
    private int prevSerial;
    private long blocks;
    private long paths;

    public PathBuilder(SequenceTable paths, RunSink sink, int maxLength) {
        if (maxLength < 1) throw new IllegalArgumentException("maximum path length " + maxLength + " < 1");
        this.table = paths;
        this.sink = sink;
        this.maxLength = maxLength;
    }

    /** ExtendPath: the thread executed block {@code block} (≥ 0). */
    public void add(int block) {
        if (block >= stamp.length || block < 0) grow(block);
        blocks++;
        if (matching) {
            int i = curLen;
            if (i < prevLen) {
                if (prev[i] == block) {
                    curLen = i + 1;
                    return;
                }
            } else if (stamp[block] == prevSerial || i == maxLength) { // the previous path, once more, closed by this block
                repeated();
                if (prev[0] == block) {
                    curLen = 1;
                    return;
                }
                i = 0;
            }
            materialise(i); // the path so far is prev[0, i), and this block does not continue it as prev did
        }
        if (stamp[block] == serial || curLen == maxLength) {
            completeDifferent();
            if (prev[0] == block) {
                matching = true;
                curLen = 1;
                return;
            }
            serial = nextSerial();
        }
        stamp[block] = serial;
        if (curLen == cur.length) cur = Arrays.copyOf(cur, Math.min(maxLength, cur.length * 2));
        cur[curLen++] = block;
    }

    /** The current path equals the previous one: one more trip. */
    private void repeated() {
        paths++;
        if (prevTrip < Runs.MAX_TRIP) {
            prevTrip++;
        } else { // the pair's trip count is full: pass it on and count again
            sink.run(idOf(prev, prevLen), prevTrip);
            prevTrip = 1;
        }
        curLen = 0;
    }

    /** The current path, different from the previous one, is complete: the previous goes to the table and the sink. */
    private void completeDifferent() {
        paths++;
        if (prevLen > 0) sink.run(idOf(prev, prevLen), prevTrip);
        long[] t = prev;
        prev = cur;
        cur = t;
        prevLen = curLen;
        prevTrip = 1;
        prevSerial = serial;
        curLen = 0;
    }

    /** Leaves matching: the current path's first {@code n} blocks (those of the previous path) stored and stamped afresh. */
    private void materialise(int n) {
        if (cur.length < n + 1 && n < maxLength) cur = new long[Math.min(maxLength, Math.max(prev.length, n + 1))];
        System.arraycopy(prev, 0, cur, 0, n);
        serial = nextSerial();
        for (int k = 0; k < n; k++) stamp[(int) cur[k]] = serial;
        curLen = n;
        matching = false;
    }

    /** The table's id of {@code path[0, len)}: the cached candidate if it is that path, else the table's. */
    private int idOf(long[] path, int len) {
        if (guesses.length < GUESSES && table.size() > guesses.length) guesses = new int[Math.min(GUESSES, 4 * guesses.length)]; // a cache: start empty
        long k = (path[0] * 0x9E3779B97F4A7C15L + path[len - 1]) * 0xBF58476D1CE4E5B9L + len;
        int slot = (int) (k ^ (k >>> 32)) & (guesses.length - 1);
        int guess = guesses[slot] - 1;
        if (guess >= 0 && table.equalsAt(guess, path, len)) return guess;
        int id = table.intern(path, len);
        guesses[slot] = id + 1;
        return id;
    }

    private int nextSerial() {
        if (serial + 1 == Integer.MAX_VALUE) { // stamps would repeat: clear them (prev's are not needed when a serial is taken)
            Arrays.fill(stamp, 0);
            prevSerial = -1;
            return 1;
        }
        return serial + 1;
    }

    private void grow(int block) {
        if (block < 0) throw new IllegalArgumentException("block id " + block + " < 0");
        stamp = Arrays.copyOf(stamp, Math.max(block + 1, (int) Math.min(Integer.MAX_VALUE - 8, stamp.length * 2L)));
    }

    /** The thread ended: the last paths are passed on and the sink finishes. */
    public void finish() {
        if (matching) {
            if (curLen == prevLen) repeated();
            else if (curLen > 0) materialise(curLen);
        }
        if (!matching && curLen > 0) completeDifferent();
        if (prevLen > 0) sink.run(idOf(prev, prevLen), prevTrip);
        prevLen = 0;
        curLen = 0;
        matching = false;
        sink.finish();
    }

    /** Blocks added. */
    public long blocks() {
        return blocks;
    }

    /** Paths completed (executions, repetitions included). */
    public long paths() {
        return paths;
    }

    /** Bytes of this thread's path state (stamps and buffers). */
    public long bytes() {
        return 4L * (stamp.length + guesses.length) + 8L * (cur.length + prev.length);
    }
}
