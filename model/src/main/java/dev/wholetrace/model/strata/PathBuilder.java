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
 * <p>The per-block loop is the hot path of the whole analysis and of STRATA recording. Most paths
 * are paths met before, so a path is not stored while it follows a <em>known</em> one: its blocks
 * are compared with a path of the table, in place, and when it closes where the known path closes
 * its id is that path's, with no hash, no stamp and no table probe. Which path to follow is
 * guessed from the block that starts it: the path just completed (a loop: a repetition), else the
 * path that followed the completed one the last time something else did (a cycle of a few paths
 * with trip count 1, as Water's inner loops make; an array of successors by path id). Only when
 * a block differs from the known path is the prefix copied, stamped (an int per block id saying
 * which path last took it) and hashed ({@link SequenceHash#step}), and the path built as the paper
 * builds it; naming it is then one table probe and one compare. The paths cut, their ids (dense,
 * in the order their runs start) and the runs are the same as building every path. No allocation
 * once the buffers have grown. The builder keeps path ids of its table (guesses, turns), so the
 * table must not be {@linkplain SequenceTable#clear cleared} while the builder is used (the
 * recorder makes a new builder for each chunk's table).
 */
public final class PathBuilder {
    private final SequenceTable table;
    private final RunSink sink;
    private final int maxLength;
    /** The path being built (when not following): its blocks, stamped with {@link #serial}, and its hash. */
    private long[] cur = new long[64];
    private int curLen;
    private long curHash = SequenceHash.SEED;
    /** The current path is the first {@code curLen} blocks of path {@link #known} (nothing stored, stamped or hashed). */
    private boolean following;
    private int known;
    /** The table's pool and the known path's place in it: the pool does not change while following (nothing is interned). */
    private long[] knownPool;
    private int knownStart;
    private int knownLen;
    private int[] stamp = new int[1024];
    /** The stamp of the blocks of the path being built. */
    private int serial = 1;
    /** The last path built and interned, whose blocks all still carry {@link #stampedSerial}, or -1: its membership test is a stamp. */
    private int stamped = -1;
    private int stampedSerial;
    /** The last completed path's id (-1: none yet) and the trip count of its open run. */
    private int last = -1;
    private long lastTrip;
    /** successor[id] + 1: the path that last followed path {@code id} when a different path did (0: none yet). */
    private int[] successor = new int[64];
    /** headOf[block] + 1: the path this builder met last of those that start with {@code block} (0: none). */
    private int[] headOf = new int[1024];
    /** sameHead[id]: 0 if this builder has not met path {@code id}, else 2 + the path met before it that starts with the same block, or 1 if none. */
    private int[] sameHead = new int[64];
    /**
     * Turns taken before, direct-mapped: (known path, block number, block) → the path that went on
     * that way. Data-dependent branches (Water's cut-off test) make a path leave the guessed one at
     * most paths; one probe here instead of walking the chain. Sequences in the table never
     * change, so an entry stays true; a clash only replaces it.
     */
    private static final int TURNS = 512;
    private final long[] turnFrom = new long[TURNS];
    private final int[] turnBlock = new int[TURNS];
    private final int[] turnTo = new int[TURNS];
    /** How many paths with the same first block a path that goes off a known one tries before it is built. */
    private static final int ALTERNATIVES = 8;
    private long blocks;
    private long paths;

    public PathBuilder(SequenceTable paths, RunSink sink, int maxLength) {
        if (maxLength < 1) throw new IllegalArgumentException("maximum path length " + maxLength + " < 1");
        this.table = paths;
        this.sink = sink;
        this.maxLength = maxLength;
    }

    /**
     * ExtendPath: the thread executed block {@code block} (≥ 0). Kept under the JIT's inlining
     * limit for a hot method (325 bytes of bytecode), so that it inlines into the encoder's loop:
     * the rarer steps are methods of their own.
     */
    public void add(int block) {
        blocks++;
        if (following) {
            int i = curLen;
            if (i < knownLen && knownPool[knownStart + i] == block) { // a path's blocks are distinct: this one does not close it
                curLen = i + 1;
                return;
            }
            if (block >= stamp.length || block < 0) grow(block); // checked only here: a known path's blocks were checked when it was built
            if (i == knownLen && (i == maxLength || knownContains(block))) { // the known path, complete: this block starts the next
                completed(known);
                if (knownPool[knownStart] == block) { // the same path again (a loop): go on following it, as startAfter would
                    curLen = 1;
                    return;
                }
                startAfter(block);
                return;
            }
            if (switchToAlternative(i, block)) return;
            materialise(i); // the path so far is known[0, i), and this block does not go on as the known path does
        } else if (block >= stamp.length || block < 0) {
            grow(block);
        }
        if (stamp[block] == serial || curLen == maxLength) {
            completeBuilt(block);
            return;
        }
        stamp[block] = serial;
        if (curLen == cur.length) cur = Arrays.copyOf(cur, Math.min(maxLength, cur.length * 2));
        cur[curLen++] = block;
        curHash = SequenceHash.step(curHash, block);
    }

    /** The path built is complete ({@code block} is in it, or it is full): named by the table, and {@code block} starts the next. */
    private void completeBuilt(int block) {
        int id = internBuilt();
        stamped = id;
        stampedSerial = serial;
        completed(id);
        startAfter(block);
    }

    /**
     * The path left the known one at block {@code i} ({@code block}): it goes on as another path
     * met before, if one of those with the same first block (a chain, newest first, at most
     * {@value #ALTERNATIVES} tried) has the same first {@code i} blocks and {@code block} next.
     * The paths through one loop head (an if-else in the body) then all follow without being
     * stored, whichever comes after which.
     */
    private boolean switchToAlternative(int i, int block) {
        long from = (long) known << 32 | i;
        int t = (int) (SequenceHash.step(from, block) >>> 40) & (TURNS - 1);
        int c = turnTo[t] - 1;
        if (c >= 0 && turnFrom[t] == from && turnBlock[t] == block) { // this turn was taken before: c, checked then
            follow(c, i);
            return true;
        }
        c = headOf[(int) knownPool[knownStart]] - 1;
        for (int tries = 0; c >= 0 && tries < ALTERNATIVES; tries++, c = sameHead[c] - 2) {
            if (c == known) continue;
            int start = table.startOf(c);
            if (i < table.lengthOf(c) && knownPool[start + i] == block && samePrefix(start, i)) {
                turnFrom[t] = from;
                turnBlock[t] = block;
                turnTo[t] = c + 1;
                follow(c, i);
                return true;
            }
        }
        return false;
    }

    /** Follows path {@code c}, whose first {@code i + 1} blocks the current path has. */
    private void follow(int c, int i) {
        known = c;
        knownStart = table.startOf(c);
        knownLen = table.lengthOf(c);
        curLen = i + 1;
    }

    /** Whether the path at {@code start} in the pool begins with the known path's first {@code n} blocks (n is small: a loop: no call to Arrays.equals). */
    private boolean samePrefix(int start, int n) {
        for (int k = 0; k < n; k++) if (knownPool[start + k] != knownPool[knownStart + k]) return false;
        return true;
    }

    /**
     * The path built, named by the table and linked if this builder meets it for the first time:
     * every path it may later follow (as a successor, a turn or an alternative) is in its first
     * block's chain, whose {@link #headOf} entry exists.
     */
    private int internBuilt() {
        int id = table.intern(cur, curLen, curHash);
        if (id >= sameHead.length || sameHead[id] == 0) link(id);
        return id;
    }

    /** This builder meets path {@code id} (just interned) for the first time: it heads its first block's chain. */
    private void link(int id) {
        if (id >= sameHead.length) sameHead = Arrays.copyOf(sameHead, Math.max(id + 1, sameHead.length * 2));
        int first = (int) cur[0];
        if (first >= headOf.length) headOf = Arrays.copyOf(headOf, Math.max(first + 1, stamp.length));
        sameHead[id] = headOf[first] + 1;
        headOf[first] = id + 1;
    }

    /** Whether {@code block} is one of the known path's: a stamp when its stamps are still there, else a scan (once per path, so a compare per block at most). */
    private boolean knownContains(int block) {
        if (known == stamped) return stamp[block] == stampedSerial;
        for (int k = knownStart, end = knownStart + knownLen; k < end; k++) if (knownPool[k] == block) return true;
        return false;
    }

    /** Path {@code id} was executed once more: its run goes on, or the previous run goes to the sink and its run starts. */
    private void completed(int id) {
        paths++;
        if (id == last) {
            if (lastTrip < Runs.MAX_TRIP) {
                lastTrip++;
            } else { // the pair's trip count is full: pass it on and count again
                sink.run(last, lastTrip);
                lastTrip = 1;
            }
            return;
        }
        if (last >= 0) {
            sink.run(last, lastTrip);
            if (last >= successor.length) successor = Arrays.copyOf(successor, Math.max(last + 1, successor.length * 2));
            successor[last] = id + 1;
        }
        last = id;
        lastTrip = 1;
    }

    /** {@code block} starts the path after {@link #last}: followed as a known path if one is guessed to start with it, else built. */
    private void startAfter(int block) {
        long[] pool = table.poolArray();
        int next = last;
        if (pool[table.startOf(next)] != block) {
            next = last < successor.length ? successor[last] - 1 : -1;
            if (next < 0 || pool[table.startOf(next)] != block) {
                following = false;
                serial = nextSerial();
                stamp[block] = serial;
                cur[0] = block;
                curLen = 1;
                curHash = SequenceHash.step(SequenceHash.SEED, block);
                return;
            }
        }
        following = true;
        known = next;
        knownPool = pool;
        knownStart = table.startOf(next);
        knownLen = table.lengthOf(next);
        curLen = 1;
    }

    /** Leaves following: the current path's first {@code n} blocks (the known path's) stored, stamped afresh and hashed. */
    private void materialise(int n) {
        if (cur.length < n + 1 && n < maxLength) cur = new long[Math.min(maxLength, Math.max(cur.length * 2, n + 1))];
        System.arraycopy(knownPool, knownStart, cur, 0, n);
        serial = nextSerial();
        long h = SequenceHash.SEED;
        for (int k = 0; k < n; k++) {
            stamp[(int) cur[k]] = serial;
            h = SequenceHash.step(h, cur[k]);
        }
        curHash = h;
        curLen = n;
        following = false;
    }

    /** A new stamp for the path about to be built; the last built path's stamps are overwritten from now on. */
    private int nextSerial() {
        stamped = -1;
        if (serial + 1 == Integer.MAX_VALUE) { // stamps would repeat: clear them
            Arrays.fill(stamp, 0);
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
        if (following) {
            if (curLen == knownLen) completed(known);
            else materialise(curLen);
        }
        if (!following && curLen > 0) completed(internBuilt()); // linked: a later add may follow it as the successor of its predecessor
        if (last >= 0) sink.run(last, lastTrip);
        last = -1;
        curLen = 0;
        curHash = SequenceHash.SEED; // a later add builds from nothing: completeBuilt interns by this hash
        following = false;
        serial = nextSerial(); // a later add starts a path of its own
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

    /** Bytes of this thread's path state (stamps, successors and the buffer). */
    public long bytes() {
        return 4L * (stamp.length + successor.length + headOf.length + sameHead.length) + 8L * cur.length + 16L * TURNS;
    }
}
