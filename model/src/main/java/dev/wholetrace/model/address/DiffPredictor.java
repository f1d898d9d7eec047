package dev.wholetrace.model.address;

/**
 * A bank of address-difference predictors for one instruction's stream, after Burtscher's VPC/TCgen
 * value predictors: stride (the difference repeats the previous one) and two finite-context
 * predictors of differences (the difference that followed the previous one, and the previous two,
 * the last time they occurred; small direct-mapped tables). {@link #predicts} says whether any of
 * them predicted a difference, then learns it. Used by the encoder only, to decide which
 * differences go to the grammar and which aside ({@link PredictiveDiffRleEncoder}); a decoder never
 * runs it, which is what keeps a stream seekable.
 *
 * <p>Memory: 320 longs (2.5 KiB) per instruction stream from its difference after the first
 * {@link #SPARSE_CALLS}; before that the tables' writes (two per difference) are kept in a log of
 * at most 2 × {@code SPARSE_CALLS} (slot, difference) pairs and looked up there, with exactly the
 * tables' answers. A stream per thread and instruction made
 * short threads expensive: 2,000 virtual threads of a commons-pool2 program held 75 k streams,
 * most of a few addresses, and their tables were 190 MB of the recording JVM's heap. No allocation
 * per address once the tables exist.
 */
final class DiffPredictor {
    private static final int ORDER1_BITS = 6;
    private static final int ORDER2_BITS = 8;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    /** Differences learnt in the log before the tables are allocated. */
    static final int SPARSE_CALLS = 16;
    /** Marks an order-2 slot in the log (order-1 slots are below it). */
    private static final int ORDER2 = 1 << 16;

    private long[] order1, order2;
    /** Until the tables exist: (slot, difference) pairs in write order; order-2 slots marked with {@link #ORDER2}. */
    private long[] log;
    private int logged;
    private long d1;
    private long d2;

    /** Whether stride, order-1 or order-2 context predicted {@code diff}; then records it. */
    boolean predicts(long diff) {
        int h1 = (int) ((d1 * GOLDEN) >>> (64 - ORDER1_BITS));
        int h2 = (int) (((d1 * 31 + d2) * GOLDEN) >>> (64 - ORDER2_BITS));
        boolean hit;
        if (order1 != null) {
            hit = diff == d1 || diff == order1[h1] || diff == order2[h2];
            order1[h1] = diff;
            order2[h2] = diff;
        } else {
            hit = diff == d1 || diff == logged(h1) || diff == logged(ORDER2 | h2);
            learn(h1, h2, diff);
        }
        d2 = d1;
        d1 = diff;
        return hit;
    }

    /** The latest difference the log holds for {@code slot}; 0, a table's initial value, if none. */
    private long logged(int slot) {
        for (int i = 2 * logged - 2; i >= 0; i -= 2) if (log[i] == slot) return log[i + 1];
        return 0;
    }

    private void learn(int h1, int h2, long diff) {
        if (logged == 2 * SPARSE_CALLS) { // the tables, filled by replaying the log in order
            order1 = new long[1 << ORDER1_BITS];
            order2 = new long[1 << ORDER2_BITS];
            for (int i = 0; i < 2 * logged; i += 2) {
                int slot = (int) log[i];
                if ((slot & ORDER2) != 0) order2[slot & ~ORDER2] = log[i + 1];
                else order1[slot] = log[i + 1];
            }
            log = null;
            order1[h1] = diff;
            order2[h2] = diff;
            return;
        }
        if (log == null || 2 * logged + 4 > log.length) {
            long[] grown = new long[log == null ? 8 : log.length * 2];
            if (log != null) System.arraycopy(log, 0, grown, 0, 2 * logged);
            log = grown;
        }
        log[2 * logged] = h1;
        log[2 * logged + 1] = diff;
        log[2 * logged + 2] = ORDER2 | h2;
        log[2 * logged + 3] = diff;
        logged += 2;
    }
}
