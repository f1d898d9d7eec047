package dev.wholetrace.model.strata;

import dev.wholetrace.model.util.SequenceHash;
import java.util.Arrays;

/**
 * What ExtendPath and ExtendStratumLayer share once a cycle is complete: the sequence under
 * construction ({@code newpath}) against the one before it ({@code prevpath}). An immediate
 * repetition raises the previous one's trip count; anything else hands the previous one to the
 * table (ProcessPath/ProcessStratum: interned, its id and trip count passed to the sink) and keeps
 * the new one as the previous. The element that closed the cycle starts the next one, so nothing
 * is dropped and the runs expand to exactly the input.
 *
 * <p>The front ends ({@link PathBuilder}, {@link StratumLayer}) decide when a cycle is complete
 * (an element seen again, or the length limit) and append elements; the buffers are reused, no
 * object per element or per cycle.
 */
final class CycleCutter {
    private final SequenceTable table;
    private final int maxLength;
    private final RunSink sink;
    private long[] cur;
    private int curLen;
    private long[] prev;
    private int prevLen;
    private long prevTrip;
    private boolean matching; // the current cycle equals the previous one's prefix so far (then cur holds nothing yet)
    /** {@link SequenceHash#step}'s hash of cur[0, curLen) when not matching, kept as elements come: interning is one probe. */
    private long curHash = SequenceHash.SEED;
    private long prevHash;
    private long elements;
    private long cycles;

    CycleCutter(SequenceTable table, RunSink sink, int maxLength) {
        if (maxLength < 1) throw new IllegalArgumentException("maximum cycle length " + maxLength + " < 1");
        this.table = table;
        this.sink = sink;
        this.maxLength = maxLength;
        this.cur = new long[Math.min(maxLength, 64)];
        this.prev = new long[cur.length];
    }

    void append(long value) {
        int i = curLen;
        if (matching) { // so far a repetition of the previous cycle: compare, and store nothing yet
            if (i < prevLen && prev[i] == value) {
                curLen = i + 1;
                elements++;
                return;
            }
            matching = false;
            materialise(i);
        }
        if (i == cur.length) cur = Arrays.copyOf(cur, Math.min(maxLength, cur.length * 2));
        cur[i] = value;
        curLen = i + 1;
        curHash = SequenceHash.step(curHash, value);
        elements++;
    }

    /** The current cycle's first {@code n} elements, which equal the previous cycle's, copied into its buffer (and hashed). */
    private void materialise(int n) {
        if (cur.length < Math.min(maxLength, n + 1)) cur = new long[Math.max(prev.length, Math.min(maxLength, n + 1))];
        System.arraycopy(prev, 0, cur, 0, n);
        curHash = SequenceHash.hash(cur, n);
    }

    /** The cycle so far is the previous cycle's first {@link #length()} elements, stored nowhere yet. */
    boolean matching() {
        return matching;
    }

    /** Elements of the cycle under construction. */
    int length() {
        return curLen;
    }

    /** While {@link #matching}: whether {@code value} is the previous cycle's next element, so that appending it goes on repeating it. */
    boolean continuesMatch(long value) {
        return curLen < prevLen && prev[curLen] == value;
    }

    /**
     * While {@link #matching}: whether {@code value} is one of the cycle so far (the previous
     * cycle's first {@link #length()} elements). The scans have no early return, so that their
     * loops end one way and a JIT profile cannot miss a branch (see {@link PathBuilder#add}).
     */
    boolean matchedPrefixContains(long value) {
        boolean found = false;
        for (int k = 0; k < curLen; k++) found |= prev[k] == value;
        return found;
    }

    /** While {@link #matching}: element {@code k} of the cycle so far. */
    long matchedElement(int k) {
        return prev[k];
    }

    /** While not {@link #matching}: whether {@code value} is one of the cycle so far (a scan: for short cycles). */
    boolean builtContains(long value) {
        boolean found = false;
        for (int k = 0; k < curLen; k++) found |= cur[k] == value;
        return found;
    }

    /** While not {@link #matching}: element {@code k} of the cycle so far. */
    long builtElement(int k) {
        return cur[k];
    }

    boolean full() {
        return curLen == maxLength;
    }

    /** The cycle under construction is complete (its next element repeats one of it, or it is full). */
    void complete() {
        cycles++;
        if (matching && curLen == prevLen) { // the same cycle again
            if (prevTrip < Runs.MAX_TRIP) {
                prevTrip++;
            } else { // the pair's trip count is full: pass it on and count again
                emitPrevious();
                prevTrip = 1;
            }
        } else {
            if (matching) materialise(curLen); // a proper prefix of the previous cycle
            if (prevLen > 0) emitPrevious();
            long[] t = prev;
            prev = cur;
            cur = t;
            prevLen = curLen;
            prevHash = curHash;
            prevTrip = 1;
        }
        curLen = 0;
        curHash = SequenceHash.SEED;
        matching = true;
    }

    private void emitPrevious() {
        sink.run(table.intern(prev, prevLen, prevHash), prevTrip);
    }

    /** The input ended: the cycle under construction and the previous one are passed on, then the sink finishes. */
    void finish() {
        if (curLen > 0) complete();
        if (prevLen > 0) emitPrevious();
        prevLen = 0;
        prevTrip = 0;
        matching = false;
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

    /** Bytes of the two buffers. */
    long bytes() {
        return 8L * (cur.length + prev.length);
    }
}
