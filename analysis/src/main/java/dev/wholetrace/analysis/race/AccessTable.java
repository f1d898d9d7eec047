package dev.wholetrace.analysis.race;

import dev.wholetrace.model.event.Addresses;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Every access progression of a trace in primitive columns: thread, segment, instruction, write,
 * first address, stride, count. A progression never crosses objects (one that would is split), so
 * sorting by first address groups each object's progressions, in address order.
 */
final class AccessTable implements SegmentAccesses.Sink {
    /** A stride above a cache line's worth of bytes, over a span above a page: expanded (see {@link #accesses}). */
    static final long SPARSE_STRIDE = 64;
    static final long WIDE_SPAN = 4096;

    int size;
    int[] thread = new int[1024];
    long[] segment = new long[1024];
    int[] instruction = new int[1024];
    boolean[] write = new boolean[1024];
    long[] first = new long[1024];
    long[] stride = new long[1024];
    long[] count = new long[1024];

    @Override
    public void accesses(int t, long seg, int instr, boolean w, long a, long s, long n) {
        if (s < 0) { // ascending: the sweep orders by lowest address
            a += (n - 1) * s;
            s = -s;
        }
        if (n == 1 || s == 0) {
            add(t, seg, instr, w, a, n == 1 ? 0 : s, n);
            return;
        }
        long last = a + (n - 1) * s;
        // Kept whole unless it crosses objects (a column walk over row arrays) or is sparse and wide
        // (a transpose's strided stores): such a progression would stay open in the sweep across
        // most of its object and meet every other progression there, so its addresses go one by one.
        if (Addresses.object(a) == Addresses.object(last) && !(s > SPARSE_STRIDE && last - a > WIDE_SPAN)) {
            add(t, seg, instr, w, a, s, n);
            return;
        }
        for (long i = 0; i < n; i++) add(t, seg, instr, w, a + i * s, 0, 1);
    }

    private void add(int t, long seg, int instr, boolean w, long a, long s, long n) {
        if (size == thread.length) grow();
        thread[size] = t;
        segment[size] = seg;
        instruction[size] = instr;
        write[size] = w;
        first[size] = a;
        stride[size] = s;
        count[size] = n;
        size++;
    }

    long last(int i) {
        return first[i] + (count[i] - 1) * stride[i];
    }

    private void grow() {
        int n = size * 2;
        thread = Arrays.copyOf(thread, n);
        segment = Arrays.copyOf(segment, n);
        instruction = Arrays.copyOf(instruction, n);
        write = Arrays.copyOf(write, n);
        first = Arrays.copyOf(first, n);
        stride = Arrays.copyOf(stride, n);
        count = Arrays.copyOf(count, n);
    }

    /** Row indices ordered by first address. */
    int[] byFirstAddress() {
        long[] keys = Arrays.copyOf(first, size);
        int[] order = new int[size];
        for (int i = 0; i < size; i++) order[i] = i;
        sort(keys, order, new long[size], new int[size], 0, size);
        return order;
    }

    /** Merge sort of keys[from, to) carrying order along: primitive arrays, millions of rows. */
    private static void sort(long[] keys, int[] order, long[] k2, int[] o2, int from, int to) {
        if (to - from < 2) return;
        int mid = (from + to) >>> 1;
        sort(keys, order, k2, o2, from, mid);
        sort(keys, order, k2, o2, mid, to);
        if (keys[mid - 1] <= keys[mid]) return;
        System.arraycopy(keys, from, k2, from, to - from);
        System.arraycopy(order, from, o2, from, to - from);
        for (int i = from, l = from, r = mid; i < to; i++) {
            if (r >= to || l < mid && k2[l] <= k2[r]) {
                keys[i] = k2[l];
                order[i] = o2[l++];
            } else {
                keys[i] = k2[r];
                order[i] = o2[r++];
            }
        }
    }

    /**
     * Pairs of accesses of progressions i and j to the same address, in O(log) whatever their
     * lengths: the common addresses of two arithmetic progressions are one arithmetic progression
     * (Chinese remainder theorem), or one address repeated when a stride is 0. {@code example[0]}
     * gets the first common address.
     */
    long commonAccesses(int i, int j, long[] example) {
        long a = first[i], s = stride[i], n = count[i];
        long b = first[j], t = stride[j], m = count[j];
        if (s == 0 && t == 0) return a == b ? found(example, a, n * m) : 0;
        if (s == 0) return holds(b, t, m, a) ? found(example, a, n) : 0;
        if (t == 0) return holds(a, s, n, b) ? found(example, b, m) : 0;
        long lo = Math.max(a, b), hi = Math.min(a + (n - 1) * s, b + (m - 1) * t);
        if (lo > hi) return 0;
        // x = a + s·k with s·k ≡ b - a (mod t): solvable iff gcd(s, t) divides b - a
        BigInteger bs = BigInteger.valueOf(s), bt = BigInteger.valueOf(t);
        BigInteger g = bs.gcd(bt);
        BigInteger diff = BigInteger.valueOf(b).subtract(BigInteger.valueOf(a));
        if (diff.mod(g).signum() != 0) return 0;
        BigInteger tg = bt.divide(g);
        BigInteger k = tg.equals(BigInteger.ONE) ? BigInteger.ZERO : diff.divide(g).mod(tg).multiply(bs.divide(g).modInverse(tg)).mod(tg);
        BigInteger lcm = bs.divide(g).multiply(bt);
        BigInteger x = BigInteger.valueOf(a).add(bs.multiply(k)); // the first solution at or after a
        BigInteger low = BigInteger.valueOf(lo);
        if (x.compareTo(low) < 0) x = x.add(low.subtract(x).add(lcm).subtract(BigInteger.ONE).divide(lcm).multiply(lcm));
        BigInteger high = BigInteger.valueOf(hi);
        if (x.compareTo(high) > 0) return 0;
        return found(example, x.longValueExact(), high.subtract(x).divide(lcm).longValueExact() + 1);
    }

    private static long found(long[] example, long address, long pairs) {
        example[0] = address;
        return pairs;
    }

    /** Whether the progression (first, stride > 0, count) holds address x. */
    private static boolean holds(long first, long stride, long count, long x) {
        long d = x - first;
        return d >= 0 && d % stride == 0 && d / stride < count;
    }
}
