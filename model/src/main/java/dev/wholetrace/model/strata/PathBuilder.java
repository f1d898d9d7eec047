package dev.wholetrace.model.strata;

import dev.wholetrace.model.util.SequenceHash;
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
 * compressor replayed). So the path's hash is kept as its blocks are stored ({@link
 * SequenceHash#step}, one multiply a block; a repetition stores nothing and keeps the previous
 * path's hash), and naming a path is one table probe and one compare.
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
    /** {@link SequenceHash#step}'s hash of cur[0, curLen) when not matching; of prev in {@link #prevHash}. */
    private long curHash = SequenceHash.SEED;
    private long prevHash;
    private int[] stamp = new int[1024];
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
        curHash = SequenceHash.step(curHash, block);
    }

    /** The current path equals the previous one: one more trip. */
    private void repeated() {
        paths++;
        if (prevTrip < Runs.MAX_TRIP) {
            prevTrip++;
        } else { // the pair's trip count is full: pass it on and count again
            sink.run(prevId(), prevTrip);
            prevTrip = 1;
        }
        curLen = 0;
    }

    /** The current path, different from the previous one, is complete: the previous goes to the table and the sink. */
    private void completeDifferent() {
        paths++;
        if (prevLen > 0) sink.run(prevId(), prevTrip);
        long[] t = prev;
        prev = cur;
        cur = t;
        prevLen = curLen;
        prevHash = curHash;
        prevTrip = 1;
        prevSerial = serial;
        curLen = 0;
        curHash = SequenceHash.SEED;
    }

    /** Leaves matching: the current path's first {@code n} blocks (those of the previous path) stored and stamped afresh. */
    private void materialise(int n) {
        if (cur.length < n + 1 && n < maxLength) cur = new long[Math.min(maxLength, Math.max(prev.length, n + 1))];
        System.arraycopy(prev, 0, cur, 0, n);
        serial = nextSerial();
        long h = SequenceHash.SEED;
        for (int k = 0; k < n; k++) {
            stamp[(int) cur[k]] = serial;
            h = SequenceHash.step(h, cur[k]);
        }
        curHash = h;
        curLen = n;
        matching = false;
    }

    /** The table's id of the previous path. */
    private int prevId() {
        return table.intern(prev, prevLen, prevHash);
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
        if (prevLen > 0) sink.run(prevId(), prevTrip);
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
        return 4L * stamp.length + 8L * (cur.length + prev.length);
    }
}
