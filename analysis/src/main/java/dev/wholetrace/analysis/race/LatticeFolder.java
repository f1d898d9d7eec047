package dev.wholetrace.analysis.race;

/**
 * Re-cuts the progressions of one instruction in one segment into fewer, before they become rows
 * ({@link AccessTable}): the same accesses (as a multiset), in fewer pieces.
 *
 * <p>An address stream is stored as runs of equal differences, so a loop that walks a block of an
 * array row after row comes out of the run decoder as one piece per row and, worse, the first
 * access of each row apart (its difference is the jump from the previous row), as a single
 * access: LU's pivot rows, FFT's butterflies (runs of two alternating differences: a single
 * access each). Two re-cuts, in the order the pieces come, per instruction and segment:
 * <ul>
 *   <li><b>join</b>: a piece that continues the one before (starts one stride after its last
 *       address, with that stride, or a single access there) extends it;</li>
 *   <li><b>lattice</b>: pieces that repeat with a period of up to {@link #PERIOD} pieces, each
 *       the one a period before moved by the same distance D, are a lattice of addresses
 *       first + i·D + j·stride: it is cut along whichever direction gives fewer pieces (FFT's
 *       transpose reads columns, stride a row of the matrix, one access per row apart; cut along
 *       the rows instead they are a few dense progressions).</li>
 * </ul>
 * What the grammar repeats (a loop iteration's accesses) is thus read as one progression per
 * lattice, not per iteration. Pieces repeated in place (D = 0) are left to the table, which merges
 * them into one row with a multiplicity.
 */
final class LatticeFolder implements SegmentAccesses.Sink {
    /** Longest period looked for, in pieces (FFT's butterflies: 2; a loop body with two walks of one instruction: 4). */
    static final int PERIOD = 4;
    /** Pieces held at most before they are cut (a block's state stays in the cache; longer blocks are cut in parts). */
    private static final int BLOCK = 1024;

    private final SegmentAccesses.Sink out;
    private final long[] first = new long[BLOCK];
    private final long[] stride = new long[BLOCK];
    private final long[] count = new long[BLOCK];
    private int size;
    private int thread = -1;
    private long segment = -1;
    private int instruction = -1;
    private boolean write;
    /** What the trace was read as: the progressions received, each cut as the table cuts it when it merges nothing. */
    private long received;

    LatticeFolder(SegmentAccesses.Sink out) {
        this.out = out;
    }

    /** The progressions received so far, as rows of a table that merges nothing (before any re-cut). */
    long received() {
        return received;
    }

    @Override
    public void accesses(int t, long seg, int instr, boolean w, long a, long s, long n) {
        received += AccessTable.rowsOf(a, s, n);
        if (t != thread || seg != segment || instr != instruction || w != write) {
            flush();
            thread = t;
            segment = seg;
            instruction = instr;
            write = w;
        }
        if (n == 1) s = 0;
        if (size > 0) { // join: a piece that goes on where the last one stops
            int k = size - 1;
            long c = count[k];
            if (c == 1) {
                long d = a - first[k];
                if ((n == 1 || s == d) && !overflows(first[k], d, 1 + n)) {
                    stride[k] = d;
                    count[k] = 1 + n;
                    return;
                }
            } else if (a == first[k] + c * stride[k] && (n == 1 || s == stride[k]) && !overflows(first[k], stride[k], c + n)) {
                count[k] = c + n;
                return;
            }
        }
        if (size == BLOCK) cut(BLOCK / 2); // keep the last half: a lattice may go on across the cut
        first[size] = a;
        stride[size] = s;
        count[size] = n;
        size++;
    }

    /** Hands on every piece held: called at the end of each thread's reading. */
    void flush() {
        cut(size);
    }

    /** Whether first + (n - 1)·s leaves the range of a long (never for real addresses: such pieces stay apart). */
    private static boolean overflows(long a, long s, long n) {
        try {
            Math.addExact(a, Math.multiplyExact(s, n - 1));
            return false;
        } catch (ArithmeticException e) {
            return true;
        }
    }

    /** Hands on the first {@code upTo} pieces (as lattices where they repeat), keeps the rest. */
    private void cut(int upTo) {
        int i = 0;
        while (i < upTo) {
            int bestLen = 0, bestPeriod = 0;
            for (int p = 1; p <= PERIOD && i + 2 * p <= size; p++) {
                long d = first[i + p] - first[i];
                if (d == 0) continue; // repeated in place: the table merges those
                int j = i + p;
                while (j < size && count[j] == count[j - p] && stride[j] == stride[j - p] && first[j] - first[j - p] == d) j++;
                int len = j - i;
                if (len >= 2 * p && len > bestLen) {
                    bestLen = len;
                    bestPeriod = p;
                }
            }
            if (bestLen == 0) {
                out.accesses(thread, segment, instruction, write, first[i], stride[i], count[i]);
                i++;
                continue;
            }
            long d = first[i + bestPeriod] - first[i];
            for (int lane = 0; lane < bestPeriod; lane++) {
                long times = (bestLen - lane + bestPeriod - 1) / bestPeriod; // pieces of this lane
                emitLattice(first[i + lane], stride[i + lane], count[i + lane], d, times);
            }
            i += bestLen;
        }
        System.arraycopy(first, i, first, 0, size - i);
        System.arraycopy(stride, i, stride, 0, size - i);
        System.arraycopy(count, i, count, 0, size - i);
        size -= i;
    }

    /** The addresses a + i·d + j·s (i < times, j < n), as {@code times} pieces of stride s or n pieces of stride d, whichever are fewer rows. */
    private void emitLattice(long a, long s, long n, long d, long times) {
        if (n == 1) {
            out.accesses(thread, segment, instruction, write, a, d, times);
            return;
        }
        // whichever cut gives the table fewer rows: a piece it cannot keep whole (sparse and wide,
        // across objects) becomes one row per access
        boolean alongD = n * AccessTable.rowsOf(a, d, times) < times * AccessTable.rowsOf(a, s, n);
        if (alongD) {
            for (long j = 0; j < n; j++) out.accesses(thread, segment, instruction, write, a + j * s, d, times);
        } else {
            for (long i = 0; i < times; i++) out.accesses(thread, segment, instruction, write, a + i * d, s, n);
        }
    }
}
