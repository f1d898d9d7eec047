package dev.wholetrace.model.strata;

import dev.wholetrace.model.util.SequenceHash;
import java.util.Arrays;

/**
 * The cycle under construction of a stratum layer and the runs it completes: ExtendStratumLayer's
 * {@code newpath} against the cycles met before, and ProcessStratum. An immediate repetition
 * raises the open run's trip count; any other cycle passes the open run to the sink and opens its
 * own. The element that closed a cycle starts the next one, so nothing is dropped and the runs
 * expand to exactly the input. {@link StratumLayer} decides when a cycle is complete (an element
 * seen again, or the length limit) and appends elements.
 *
 * <p>A cycle is not stored while it follows a <em>known</em> one, as {@link PathBuilder} follows
 * known paths: its elements are compared with a cycle of the table in place, and when it closes
 * where the known cycle closes its id is that cycle's, with no hash and no table probe. Each cycle
 * starts by following the one just completed (a repetition); when an element does not go on as the
 * known cycle does, a direct-mapped table of <em>turns</em> (known cycle, position, element → the
 * cycle met before that went that way) names the cycle to follow instead; only when no turn was
 * taken before is the prefix copied and hashed and the cycle built, and named by one table probe
 * when it completes (which records its turn). A cycle that closes as a proper prefix of the known
 * one is named by a turn too, recorded the first time it is interned. The cycles cut, their ids (dense, in the order they
 * are first completed) and the runs are the same as building every cycle. No object per element
 * or per cycle once the buffers have grown.
 */
final class CycleCutter {
    /** Entries of the turn table: a power of two. */
    private static final int TURNS = 1024;
    /** The element of a turn that ends the cycle where it is ({@link #knownPrefix}): a trip count of 0, which no {@link Runs#pair} has. */
    private static final long PREFIX = 0;
    private final SequenceTable table;
    private final int maxLength;
    private final RunSink sink;
    /** Building (not following): the cycle so far, and its {@link SequenceHash} kept as elements come, so interning is one probe. */
    private long[] cur;
    private long curHash = SequenceHash.SEED;
    /** Elements of the cycle under construction, followed or built. */
    private int curLen;
    /** Following: the cycle so far is the first {@link #curLen} elements of the table's cycle {@code known}, at {@code knownFrom} in its pool, of {@code knownLen}. Building: known is -1, knownLen 0. */
    private int known = -1;
    private int knownFrom;
    private int knownLen;
    /** Building a cycle that left a known one: the turn's key ({@link #turnKey}) and element, to record when it completes; -1 when built from nothing. */
    private long leftKey = -1;
    private long leftElement;
    /** The last cycle completed (-1: none) and the trip count of its open run. */
    private int last = -1;
    private long lastTrip;
    private final long[] turnKeys = new long[TURNS];
    private final long[] turnElements = new long[TURNS];
    private final int[] turnTo = new int[TURNS]; // id + 1, 0 = empty
    private long elements;
    private long cycles;

    CycleCutter(SequenceTable table, RunSink sink, int maxLength) {
        if (maxLength < 1) throw new IllegalArgumentException("maximum cycle length " + maxLength + " < 1");
        this.table = table;
        this.sink = sink;
        this.maxLength = maxLength;
        this.cur = new long[Math.min(maxLength, 64)];
    }

    /**
     * Appends {@code value} if it goes on as the known cycle does (a cycle's elements are distinct,
     * so it does not close the cycle); false, changing nothing, otherwise (and always while
     * building). The per-element test of the layer: small, so that it is inlined into the caller.
     */
    boolean continuesKnown(long value) {
        int i = curLen;
        if (i < knownLen && table.poolArray()[knownFrom + i] == value) {
            curLen = i + 1;
            elements++;
            return true;
        }
        return false;
    }

    /** The cycle so far is a prefix of a known cycle of the table, stored nowhere else. */
    boolean following() {
        return known >= 0;
    }

    /**
     * While {@link #following}: whether {@code value} is one of the cycle so far. The scan has no
     * early return, so that its loop ends one way and a JIT profile cannot miss a branch (see
     * {@link PathBuilder#add}).
     */
    boolean knownContains(long value) {
        long[] pool = table.poolArray();
        boolean found = false;
        for (int k = knownFrom, end = knownFrom + curLen; k < end; k++) found |= pool[k] == value;
        return found;
    }

    /**
     * While {@link #following}, {@code value} neither closing the cycle nor going on as the known
     * one: if a cycle met before turned that way at this element, follow it with {@code value}
     * appended and return true; else false, changing nothing.
     */
    boolean turn(long value) {
        long key = turnKey(known, curLen);
        int t = turnSlot(key, value);
        int c = turnTo[t] - 1;
        if (c < 0 || turnKeys[t] != key || turnElements[t] != value) return false;
        knownFrom = table.startOf(c);
        knownLen = table.lengthOf(c);
        known = c;
        curLen++;
        elements++;
        return true;
    }

    /**
     * While {@link #following}, {@code value} neither closing the cycle nor going on as the known
     * one, nor a turn taken before: the cycle so far is copied and hashed, to be built from here on
     * ({@link #append} appends {@code value}); its turn is recorded when it completes.
     */
    void leave(long value) {
        leftKey = turnKey(known, curLen);
        leftElement = value;
        materialise();
    }

    private static long turnKey(int id, int at) {
        return (long) id << 32 | at;
    }

    private static int turnSlot(long key, long value) {
        return (int) (SequenceHash.step(SequenceHash.step(SequenceHash.SEED, key), value) >>> 40) & (TURNS - 1);
    }

    /** The known cycle's first {@link #curLen} elements, the cycle so far, copied into {@link #cur} and hashed: building from here on. */
    private void materialise() {
        int n = curLen;
        if (cur.length < Math.min(maxLength, n + 1)) cur = new long[Math.min(maxLength, Math.max(2 * cur.length, n + 1))];
        System.arraycopy(table.poolArray(), knownFrom, cur, 0, n);
        curHash = SequenceHash.hash(cur, n);
        known = -1;
        knownLen = 0;
    }

    /** While building: appends {@code value}, which is not in the cycle so far. */
    void append(long value) {
        int i = curLen;
        if (i == cur.length) cur = Arrays.copyOf(cur, Math.min(maxLength, cur.length * 2));
        cur[i] = value;
        curLen = i + 1;
        curHash = SequenceHash.step(curHash, value);
        elements++;
    }

    /** Elements of the cycle under construction. */
    int length() {
        return curLen;
    }

    /** While building: whether {@code value} is one of the cycle so far (a scan: for short cycles). */
    boolean builtContains(long value) {
        boolean found = false;
        for (int k = 0; k < curLen; k++) found |= cur[k] == value;
        return found;
    }

    /** While building: element {@code k} of the cycle so far. */
    long builtElement(int k) {
        return cur[k];
    }

    boolean full() {
        return curLen == maxLength;
    }

    /**
     * The cycle under construction is complete (its next element repeats one of it, or it is full):
     * named (the known cycle's id when it closed where that one closes, else interned), its run
     * goes on or the open run goes to the sink, and the next cycle starts following it.
     */
    void complete() {
        cycles++;
        int id;
        if (known >= 0 && curLen == knownLen) {
            id = known;
        } else if (known >= 0) {
            id = knownPrefix();
        } else {
            id = table.intern(cur, curLen, curHash);
            if (leftKey != -1) recordTurn(id);
        }
        if (id == last) {
            if (lastTrip < Runs.MAX_TRIP) {
                lastTrip++;
            } else { // the pair's trip count is full: pass it on and count again
                sink.run(last, lastTrip);
                lastTrip = 1;
            }
        } else {
            if (last >= 0) sink.run(last, lastTrip);
            last = id;
            lastTrip = 1;
        }
        known = id;
        knownFrom = table.startOf(id);
        knownLen = table.lengthOf(id);
        curLen = 0;
        curHash = SequenceHash.SEED;
    }

    /**
     * The id of the known cycle's first {@link #curLen} elements, a cycle of their own (the next
     * element repeats one of them): a turn to no element ({@link #PREFIX}, which no pair equals)
     * when met before, else interned and recorded as that turn. LU's strata close this way at
     * most of their interns.
     */
    private int knownPrefix() {
        long key = turnKey(known, curLen);
        int t = turnSlot(key, PREFIX);
        if (turnTo[t] != 0 && turnKeys[t] == key && turnElements[t] == PREFIX) return turnTo[t] - 1;
        leftKey = key;
        leftElement = PREFIX;
        materialise();
        int id = table.intern(cur, curLen, curHash);
        recordTurn(id);
        return id;
    }

    /** Cycle {@code id}, built after leaving a known one, is where that turn goes from now on. */
    private void recordTurn(int id) {
        int t = turnSlot(leftKey, leftElement);
        turnKeys[t] = leftKey;
        turnElements[t] = leftElement;
        turnTo[t] = id + 1;
        leftKey = -1;
    }

    /** The input ended: the cycle under construction and the open run are passed on, then the sink finishes. */
    void finish() {
        if (curLen > 0) complete();
        if (last >= 0) sink.run(last, lastTrip);
        last = -1;
        lastTrip = 0;
        known = -1;
        knownLen = 0;
        leftKey = -1;
        sink.finish();
    }

    /** Elements appended. */
    long elements() {
        return elements;
    }

    /** Cycles completed (executions of sequences, repetitions included). */
    long cycles() {
        return cycles;
    }

    /** Bytes of the buffer and the turn table. */
    long bytes() {
        return 8L * cur.length + 20L * TURNS;
    }
}
