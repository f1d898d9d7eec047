package dev.wholetrace.analysis.race;

import dev.wholetrace.core.event.Addresses;
import java.util.Arrays;

/**
 * Every access progression of a trace in primitive columns: thread, segment, instruction, write,
 * first address, stride, count. A progression never crosses objects (one that would is split), so
 * sorting by first address groups each object's progressions, in address order.
 */
final class AccessTable implements SegmentAccesses.Sink {
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
        if (Addresses.object(a) == Addresses.object(last)) {
            add(t, seg, instr, w, a, s, n);
            return;
        }
        for (long i = 0; i < n; i++) add(t, seg, instr, w, a + i * s, 0, 1); // e.g. a column walk over row arrays
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
        long[] keys = new long[size];
        for (int i = 0; i < size; i++) keys[i] = first[i];
        Integer[] boxed = new Integer[size];
        for (int i = 0; i < size; i++) boxed[i] = i;
        Arrays.sort(boxed, (x, y) -> Long.compare(keys[x], keys[y]));
        int[] order = new int[size];
        for (int i = 0; i < size; i++) order[i] = boxed[i];
        return order;
    }

    /**
     * Pairs of accesses of progressions i and j to the same address: for each element of the
     * shorter progression, whether (and how often) the other one holds it.
     */
    long commonAccesses(int i, int j, long[] example) {
        int a = count[i] <= count[j] ? i : j;
        int b = a == i ? j : i;
        long pairs = 0;
        for (long k = 0; k < count[a]; k++) {
            long x = first[a] + k * stride[a];
            long m = occurrences(b, x);
            if (m > 0) {
                if (pairs == 0) example[0] = x;
                pairs += m;
            }
        }
        return pairs;
    }

    /** How often progression b holds address x. */
    private long occurrences(int b, long x) {
        long d = x - first[b];
        if (stride[b] == 0) return d == 0 ? count[b] : 0;
        if (d < 0 || d % stride[b] != 0) return 0;
        return d / stride[b] < count[b] ? 1 : 0;
    }
}
