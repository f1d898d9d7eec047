package dev.wholetrace.model.strata;

import dev.wholetrace.model.util.SequenceHash;
import java.util.Arrays;
import java.util.function.LongToIntFunction;

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
 *
 * <p>A known path is followed in the builder's own copy of the table's paths ({@link #mirror}),
 * where each path ends in a value no block has: the test that a block goes on as the known path
 * does is then one compare, with no bound to check, and {@link #add} is small enough to be
 * inlined into the caller's loop even before C2 compiles it (docs/strata.md). The copy costs 8
 * bytes per element of the table, counted in {@link #bytes()}. The copy holds the caller's
 * <em>codes</em> for the blocks, which need not be the table's elements: a caller whose
 * elements are looked up (the recorder: a block id's symbol in the thread's alphabet) passes its
 * raw codes and a {@link LongToIntFunction} that looks one up, and the lookup is made only for
 * a block that does not go on as a known path (the others' were made when their path was built,
 * so the alphabet still meets the symbols in the order the thread does).
 */
public final class PathBuilder {
    private final SequenceTable table;
    private final RunSink sink;
    private final int maxLength;
    /** The path being built (when not following): its blocks, stamped with {@link #serial}, and its hash. */
    private long[] cur = new long[64];
    private int curLen;
    private long curHash = SequenceHash.SEED;
    /**
     * The table's paths as this builder follows them: path {@code id}'s blocks from
     * {@link #mirrorStart}, then {@link #END}; index 0 holds {@link #END} too. Copied from the
     * table as paths are interned (sequences in the table never change).
     */
    private long[] mirror = new long[64];
    /** Paths of the table copied into {@link #mirror}. */
    private int mirrored;
    /** Code → element (≥ 0), or null: the codes are the elements. */
    private final LongToIntFunction elementOf;
    /** The codes of {@link #cur}'s blocks, for the mirror when the path is interned. */
    private long[] codes = new long[64];
    /** Ends every path in {@link #mirror}: a long no int block equals, so that no block goes on past a path's end. */
    private static final long END = Long.MIN_VALUE;
    /**
     * Following a known path: the index in {@link #mirror} of the block that goes on as the known
     * path does (its {@link #END} when the path is complete). While building: 0, an {@link #END}.
     */
    private int at;
    /** Following: the current path is the first {@code at - knownFrom} blocks of path {@link #known}, of {@code knownLen} (nothing stored, stamped or hashed). Building: knownLen is 0. */
    private int known;
    private int knownFrom;
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
     * Turns taken before, direct-mapped: (known path, block number, block's code) → the path that went on
     * that way. Data-dependent branches (Water's cut-off test) make a path leave the guessed one at
     * most paths; one probe here instead of walking the chain. Sequences in the table never
     * change, so an entry stays true; a clash only replaces it.
     */
    private static final int TURNS = 512;
    private final long[] turnFrom = new long[TURNS];
    private final long[] turnCode = new long[TURNS];
    private final int[] turnTo = new int[TURNS];
    /** How many paths with the same first block a path that goes off a known one tries before it is built. */
    private static final int ALTERNATIVES = 8;
    /** Blocks of the paths completed ({@link #blocks()} adds the open path's). */
    private long blocks;
    private long paths;

    /** A builder whose codes are the blocks themselves ({@link #add} takes block ids); {@code paths} may hold other threads' paths already. */
    public PathBuilder(SequenceTable paths, RunSink sink, int maxLength) {
        this(paths, sink, maxLength, null);
    }

    /**
     * A builder whose {@link #add} takes codes, each standing for the block {@code elementOf}
     * gives it (distinct codes for distinct blocks); {@code paths} must be empty and filled by
     * this builder alone (its copy holds codes only for the paths it interned).
     */
    public PathBuilder(SequenceTable paths, RunSink sink, int maxLength, LongToIntFunction elementOf) {
        if (maxLength < 1) throw new IllegalArgumentException("maximum path length " + maxLength + " < 1");
        if (elementOf != null && paths.size() != 0) throw new IllegalArgumentException("a builder of codes needs an empty path table");
        this.table = paths;
        this.sink = sink;
        this.maxLength = maxLength;
        this.elementOf = elementOf;
        mirror[0] = END;
        mirrorFromTable(paths.size()); // the paths other threads' builders put into a shared table (StrataPipeline)
    }

    /**
     * ExtendPath: the thread executed block {@code code} (≥ 0, or a code the lookup this builder
     * was made with turns into one). Most blocks go on as the known
     * path does: that test is all this method holds, under the 35 bytes of bytecode up to which
     * the JIT inlines any call, so that the encoder's loop has it in place from its first
     * compilation (tier 3, with profiling, as well as C2) and the loop body C2 compiles is small.
     * Everything else (a path that ends, turns or is being built) is {@link #addOther}: the rare
     * branches there cannot put traps into the loop before C2 has seen them (session 38 measured
     * STRATA's loop at 26 ns/event at tier 3 against COR's 22, and deoptimised in
     * {@link #knownContains}; docs/results/strata.md). No local variable: C1 (tiers 2 and 3)
     * inlines a callee only if its operand stack (plus one slot the JVM adds) and locals other than
     * the parameters take at most {@code C1InlineStackLimit} (5) slots; with {@code at} in a local
     * this method took 6, and tier 3 called it at every block ("callee uses too much stack",
     * PrintInlining; on the shared 2-core machine the encoder's loop ran in tier 3 for most of a
     * Water recording, session 46). C2 reads {@code at} once either way.
     */
    public void add(long code) {
        if (mirror[at] == code) { // following, and a path's blocks are distinct: this one does not close it
            at++;
            return;
        }
        addOther(code);
    }

    /**
     * {@link #add} of a block that does not go on as a known path: a path ends, turns to another, or
     * is built. The block's element is looked up ({@link #blockOf}) only where it is needed: to
     * build a path, or to test a stamp. A path that ends and is followed by a known one, or turns
     * to one, is decided on the codes alone (on Water most path ends: the lookup at every one was
     * 5% of the STRATA compressor's samples in process, docs/results/strata.md, session 42). A block
     * whose element was never looked up is in no known path, so it reaches a lookup in this same
     * call: the caller's alphabet still meets new blocks in the order the thread does.
     */
    private void addOther(long code) {
        if (knownLen != 0) {
            int i = at - knownFrom;
            curLen = i;
            if (i == knownLen && (i == maxLength || mirror[knownFrom] == code || knownContains(code))) { // the known path, complete: this block starts the next (its first: a loop, no scan)
                completed(known);
                if (mirror[knownFrom] == code) { // the same path again (a loop): go on following it, as startAfter would
                    at = knownFrom + 1;
                    return;
                }
                startAfter(-1, code);
                return;
            }
            if (switchToAlternative(i, code)) return;
            materialise(i); // the path so far is known[0, i), and this block does not go on as the known path does
        }
        int block = blockOf(code);
        if (stamp[block] == serial || curLen == maxLength) {
            completeBuilt(block, code);
            return;
        }
        stamp[block] = serial;
        if (curLen == cur.length) {
            cur = Arrays.copyOf(cur, Math.min(maxLength, cur.length * 2));
            codes = Arrays.copyOf(codes, cur.length);
        }
        codes[curLen] = code;
        cur[curLen++] = block;
        curHash = SequenceHash.step(curHash, block);
    }

    /** The element {@code code} stands for, checked, with room for its stamp. */
    private int blockOf(long code) {
        int block = elementOf != null ? elementOf.applyAsInt(code) : (int) code;
        if (elementOf == null && block != code) throw new IllegalArgumentException("block id " + code + " is not an int");
        if (block >= stamp.length || block < 0) grow(block);
        return block;
    }

    /** The path built is complete ({@code block} is in it, or it is full): named by the table, and {@code block} starts the next. */
    private void completeBuilt(int block, long code) {
        int id = internBuilt();
        stamped = id;
        stampedSerial = serial;
        completed(id);
        startAfter(block, code);
    }

    /**
     * The path left the known one at block {@code i} ({@code block}): it goes on as another path
     * met before, if one of those with the same first block (a chain, newest first, at most
     * {@value #ALTERNATIVES} tried) has the same first {@code i} blocks and {@code block} next.
     * The paths through one loop head (an if-else in the body) then all follow without being
     * stored, whichever comes after which.
     */
    private boolean switchToAlternative(int i, long code) {
        long from = (long) known << 32 | i;
        int t = (int) (SequenceHash.step(from, code) >>> 40) & (TURNS - 1);
        int c = turnTo[t] - 1;
        if (c >= 0 && turnFrom[t] == from && turnCode[t] == code) { // this turn was taken before: c, checked then
            follow(c, i);
            return true;
        }
        c = headOf[(int) table.poolArray()[table.startOf(known)]] - 1;
        for (int tries = 0; c >= 0 && tries < ALTERNATIVES; tries++, c = sameHead[c] - 2) {
            if (c == known) continue;
            int start = mirrorStart(c);
            if (i < table.lengthOf(c) && mirror[start + i] == code && samePrefix(start, i)) {
                turnFrom[t] = from;
                turnCode[t] = code;
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
        knownFrom = mirrorStart(c);
        knownLen = table.lengthOf(c);
        at = knownFrom + i + 1;
    }

    /** Where path {@code id} starts in {@link #mirror}: after the {@link #END}s of index 0 and of the paths before it. */
    private int mirrorStart(int id) {
        return table.startOf(id) + id + 1;
    }

    /** Copies the table's paths before {@code n} that {@link #mirror} has not (those another builder of blocks interned: their codes are their blocks). */
    private void mirrorFromTable(int n) {
        if (n <= mirrored) return;
        growMirror(mirrorStart(n));
        long[] pool = table.poolArray();
        for (int p = mirrored; p < n; p++) {
            int len = table.lengthOf(p);
            int m = mirrorStart(p);
            System.arraycopy(pool, table.startOf(p), mirror, m, len);
            mirror[m + len] = END;
        }
        mirrored = n;
    }

    /** Path {@code id}, just interned from {@link #cur}, into {@link #mirror} by its codes (and any before it that are not there yet). */
    private void mirrorInterned(int id) {
        mirrorFromTable(id);
        int m = mirrorStart(id);
        growMirror(m + curLen + 1);
        System.arraycopy(codes, 0, mirror, m, curLen);
        mirror[m + curLen] = END;
        mirrored = id + 1;
    }

    private void growMirror(int size) {
        if (size > mirror.length) mirror = Arrays.copyOf(mirror, Math.max(size, 2 * mirror.length));
    }

    /** Whether the path at {@code start} in the mirror begins with the known path's first {@code n} blocks (n is small: a loop: no call to Arrays.equals). */
    private boolean samePrefix(int start, int n) {
        for (int k = 0; k < n; k++) if (mirror[start + k] != mirror[knownFrom + k]) return false;
        return true;
    }

    /**
     * The path built, named by the table and linked if this builder meets it for the first time:
     * every path it may later follow (as a successor, a turn or an alternative) is in its first
     * block's chain, whose {@link #headOf} entry exists.
     */
    private int internBuilt() {
        int id = table.intern(cur, curLen, curHash);
        if (id >= mirrored) mirrorInterned(id);
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

    /**
     * Whether {@code block} is one of the known path's: a stamp when its stamps are still there,
     * else a scan (once per path, so a compare per block at most). The scan has no early return:
     * its loop always ends the same way, so C2 meets no branch that profiling never saw (an early
     * return made the loop's exit one, and its trap deoptimised the encoder's loop: session 38).
     */
    private boolean knownContains(long code) {
        if (known == stamped) {
            int block = blockOf(code); // before reading the field: it may grow the stamps
            return stamp[block] == stampedSerial;
        }
        boolean found = false;
        for (int k = knownFrom, end = knownFrom + knownLen; k < end; k++) found |= mirror[k] == code;
        return found;
    }

    /** Path {@code id} was executed once more: its run goes on, or the previous run goes to the sink and its run starts. */
    private void completed(int id) {
        paths++;
        blocks += curLen; // the path's blocks: a block belongs to the one path it is in (the one that closes a path starts the next)
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

    /**
     * The block of {@code code} starts the path after {@link #last}: followed as a known path if one
     * is guessed to start with it, else built. {@code block} is its element, or -1 if not looked up
     * yet (looked up only if the path is built).
     */
    private void startAfter(int block, long code) {
        int next = last;
        if (mirror[mirrorStart(next)] != code) {
            next = last < successor.length ? successor[last] - 1 : -1;
            if (next < 0 || mirror[mirrorStart(next)] != code) {
                if (block < 0) block = blockOf(code);
                knownLen = 0;
                at = 0;
                serial = nextSerial();
                stamp[block] = serial;
                cur[0] = block;
                codes[0] = code;
                curLen = 1;
                curHash = SequenceHash.step(SequenceHash.SEED, block);
                return;
            }
        }
        known = next;
        knownFrom = mirrorStart(next);
        knownLen = table.lengthOf(next);
        at = knownFrom + 1;
    }

    /** Leaves following: the current path's first {@code n} blocks (the known path's) stored, stamped afresh and hashed. */
    private void materialise(int n) {
        if (cur.length < n + 1 && n < maxLength) {
            cur = new long[Math.min(maxLength, Math.max(cur.length * 2, n + 1))];
            codes = new long[cur.length];
        }
        System.arraycopy(table.poolArray(), table.startOf(known), cur, 0, n);
        System.arraycopy(mirror, knownFrom, codes, 0, n);
        serial = nextSerial();
        long h = SequenceHash.SEED;
        for (int k = 0; k < n; k++) {
            stamp[(int) cur[k]] = serial;
            h = SequenceHash.step(h, cur[k]);
        }
        curHash = h;
        curLen = n;
        knownLen = 0;
        at = 0;
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
        if (knownLen != 0) {
            curLen = at - knownFrom;
            if (curLen == knownLen) completed(known);
            else materialise(curLen);
        }
        if (knownLen == 0 && curLen > 0) completed(internBuilt()); // linked: a later add may follow it as the successor of its predecessor
        if (last >= 0) sink.run(last, lastTrip);
        last = -1;
        curLen = 0;
        curHash = SequenceHash.SEED; // a later add builds from nothing: completeBuilt interns by this hash
        knownLen = 0;
        at = 0;
        serial = nextSerial(); // a later add starts a path of its own
        sink.finish();
    }

    /** Blocks added: those of the paths completed and of the open one. */
    public long blocks() {
        return blocks + (knownLen != 0 ? at - knownFrom : curLen);
    }

    /** Paths completed (executions, repetitions included). */
    public long paths() {
        return paths;
    }

    /** Bytes of this thread's path state (stamps, successors, the buffer and the mirror of the paths). */
    public long bytes() {
        return 4L * (stamp.length + successor.length + headOf.length + sameHead.length) + 8L * (cur.length + codes.length + mirror.length) + 16L * TURNS;
    }
}
