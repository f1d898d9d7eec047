package dev.wholetrace.analysis.race;

import dev.wholetrace.model.event.Addresses;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Every access progression of a trace: thread, segment, instruction, write, first address, stride,
 * count. A progression never crosses objects (one that would is split), so sorting by first
 * address groups each object's progressions, in address order.
 *
 * <p>Why two tables: a loop repeats the same accesses in segment after segment (a counter loaded
 * and stored under a lock, once per critical section), so the rows are mostly the same few
 * progressions in different segments. A row is therefore a segment and the index of its <em>shape</em>
 * (thread, instruction, write, first, stride, count), each shape stored once: 6 bytes per row
 * while segments fit in an int and there are at most 65,536 shapes (a long segment, an int shape
 * beyond), where one row of seven columns took 41;
 * rows live in fixed pages, so growing never holds two copies of them.
 * Rows keep the order they were added in; {@link #byFirstAddress} orders them stably by first
 * address, exactly as a stable sort of the rows would.
 */
final class AccessTable implements SegmentAccesses.Sink {
    /** A stride above a cache line's worth of bytes, over a span above a page: expanded (see {@link #accesses}). */
    static final long SPARSE_STRIDE = 64;
    static final long WIDE_SPAN = 4096;

    /** Rows, in pages of {@link #PAGE} (no row is ever copied to grow: millions of them). */
    int size;
    private static final int PAGE_BITS = 16;
    private static final int PAGE = 1 << PAGE_BITS;
    private static final int PAGE_MASK = PAGE - 1;
    private int pages;
    /** Every row's shape index while they fit in a char (2 bytes a row), then {@link #wideShape}. */
    private char[][] shape = new char[16][];
    private int[][] wideShape;
    private int[][] segment = new int[16][];
    /** Every row's segment once one does not fit in an int (then {@link #segment} is dropped). */
    private long[][] wideSegment;

    /** Shapes, each once. */
    private int shapes;
    private int[] thread = new int[256];
    private int[] instruction = new int[256];
    private boolean[] write = new boolean[256];
    private long[] first = new long[256];
    private long[] stride = new long[256];
    private long[] count = new long[256];
    /** Open addressing over the shapes: shape index + 1, 0 empty; dropped once the rows are ordered. */
    private int[] slots = new int[1024];

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
        if (slots == null) throw new IllegalStateException("rows added after they were ordered");
        int page = size >>> PAGE_BITS, at = size & PAGE_MASK;
        if (at == 0) newPage(page);
        int k = shapeOf(t, instr, w, a, s, n);
        if (wideShape == null && k > Character.MAX_VALUE) widenShapes();
        if (wideShape != null) wideShape[page][at] = k;
        else shape[page][at] = (char) k;
        if (wideSegment == null && seg != (int) seg) widen();
        if (wideSegment != null) wideSegment[page][at] = seg;
        else segment[page][at] = (int) seg;
        size++;
    }

    private int shapeOf(int t, int instr, boolean w, long a, long s, long n) {
        int mask = slots.length - 1;
        for (int at = home(t, instr, w, a, s, n, mask); ; at = (at + 1) & mask) {
            int k = slots[at] - 1;
            if (k < 0) {
                k = newShape(t, instr, w, a, s, n);
                slots[at] = k + 1;
                if (2L * shapes > slots.length) rehash();
                return k;
            }
            if (first[k] == a && stride[k] == s && count[k] == n && thread[k] == t && instruction[k] == instr && write[k] == w) return k;
        }
    }

    /** The slot where a shape's probe starts: one hash for lookups and for rehashing. */
    private static int home(int t, int instr, boolean w, long a, long s, long n, int mask) {
        long h = ((((a * 31 + s) * 31 + n) * 31 + t) * 31 + instr) * 2 + (w ? 1 : 0);
        h *= 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> 40) & mask;
    }

    private int newShape(int t, int instr, boolean w, long a, long s, long n) {
        if (shapes == thread.length) {
            int c = shapes * 2;
            thread = Arrays.copyOf(thread, c);
            instruction = Arrays.copyOf(instruction, c);
            write = Arrays.copyOf(write, c);
            first = Arrays.copyOf(first, c);
            stride = Arrays.copyOf(stride, c);
            count = Arrays.copyOf(count, c);
        }
        thread[shapes] = t;
        instruction[shapes] = instr;
        write[shapes] = w;
        first[shapes] = a;
        stride[shapes] = s;
        count[shapes] = n;
        return shapes++;
    }

    private void rehash() {
        int[] old = slots;
        slots = new int[old.length * 2];
        int mask = slots.length - 1;
        for (int v : old) {
            if (v == 0) continue;
            int k = v - 1;
            int at = home(thread[k], instruction[k], write[k], first[k], stride[k], count[k], mask);
            while (slots[at] != 0) at = (at + 1) & mask;
            slots[at] = v;
        }
    }

    private void newPage(int page) {
        if (page == segment().length) {
            if (wideShape != null) wideShape = Arrays.copyOf(wideShape, page * 2);
            else shape = Arrays.copyOf(shape, page * 2);
            if (wideSegment != null) wideSegment = Arrays.copyOf(wideSegment, page * 2);
            else segment = Arrays.copyOf(segment, page * 2);
        }
        if (wideShape != null) wideShape[page] = new int[PAGE];
        else shape[page] = new char[PAGE];
        if (wideSegment != null) wideSegment[page] = new long[PAGE];
        else segment[page] = new int[PAGE];
        pages++;
    }

    /** The segment column's page array, whichever width it has. */
    private Object[] segment() {
        return wideSegment != null ? wideSegment : segment;
    }

    private void widen() {
        wideSegment = new long[segment.length][];
        for (int p = 0; p < pages; p++) {
            wideSegment[p] = new long[PAGE];
            for (int k = 0; k < PAGE; k++) wideSegment[p][k] = segment[p][k];
            segment[p] = null; // one page held twice at a time, not the column
        }
        segment = null;
    }

    /** More than a char's worth of shapes: every row's shape index becomes an int. */
    private void widenShapes() {
        wideShape = new int[shape.length][];
        for (int p = 0; p < pages; p++) {
            wideShape[p] = new int[PAGE];
            for (int k = 0; k < PAGE; k++) wideShape[p][k] = shape[p][k];
            shape[p] = null;
        }
        shape = null;
    }

    private int shape(int i) {
        return wideShape != null ? wideShape[i >>> PAGE_BITS][i & PAGE_MASK] : shape[i >>> PAGE_BITS][i & PAGE_MASK];
    }

    int thread(int i) {
        return thread[shape(i)];
    }

    long segment(int i) {
        return wideSegment != null ? wideSegment[i >>> PAGE_BITS][i & PAGE_MASK] : segment[i >>> PAGE_BITS][i & PAGE_MASK];
    }

    int instruction(int i) {
        return instruction[shape(i)];
    }

    boolean write(int i) {
        return write[shape(i)];
    }

    long first(int i) {
        return first[shape(i)];
    }

    long count(int i) {
        return count[shape(i)];
    }

    long last(int i) {
        int k = shape(i);
        return first[k] + (count[k] - 1) * stride[k];
    }

    /** Distinct (thread, instruction, write, first, stride, count) among the rows. */
    int shapes() {
        return shapes;
    }

    /**
     * Row indices ordered by first address, rows of equal first address in the order they were
     * added (a stable sort): the shapes are sorted, then the rows counted into their first
     * address's place. Ends the adding (the shapes' hash table is dropped).
     */
    int[] byFirstAddress() {
        slots = null;
        long[] keys = Arrays.copyOf(first, shapes);
        int[] sorted = new int[shapes];
        for (int k = 0; k < shapes; k++) sorted[k] = k;
        sort(keys, sorted, new long[shapes], new int[shapes], 0, shapes);
        int[] rank = new int[shapes]; // of the shape's first address among the distinct ones
        int distinct = 0;
        for (int k = 0; k < shapes; k++) {
            if (k > 0 && keys[k] != keys[k - 1]) distinct++;
            rank[sorted[k]] = distinct;
        }
        keys = null;
        sorted = null;
        int[] start = new int[distinct + 2];
        for (int i = 0; i < size; i++) start[rank[shape(i)] + 1]++;
        for (int r = 0; r <= distinct; r++) start[r + 1] += start[r];
        int[] order = new int[size];
        for (int i = 0; i < size; i++) order[start[rank[shape(i)]]++] = i;
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
        int p = shape(i), q = shape(j);
        long a = first[p], s = stride[p], n = count[p];
        long b = first[q], t = stride[q], m = count[q];
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
