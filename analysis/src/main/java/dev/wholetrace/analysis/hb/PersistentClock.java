package dev.wholetrace.analysis.hb;

/**
 * Immutable vector clocks over {@code threads} components (ints, -1 = nothing known) as radix
 * tries of width {@link #WIDTH}: a leaf is an {@code int[]}, an inner node an {@code Object[]} of
 * children, a null child a subtree that knows nothing. Setting a component copies one path; a join
 * copies only where the result differs from both inputs and returns an input unchanged when it
 * dominates the other, so the clocks of many threads and objects share almost all their nodes:
 * a thread that takes a lock after many others gets the lock's clock itself, not a copy.
 *
 * <p>With up to {@link #WIDTH} threads a clock is one {@code int[threads]}.
 */
final class PersistentClock {
    static final int WIDTH = 16;
    private static final int BITS = 4;

    private final int threads;
    private final int depth; // levels of inner nodes above the leaves
    private final int leafWidth;

    PersistentClock(int threads) {
        this.threads = threads;
        int d = 0;
        long span = WIDTH;
        while (span < threads) {
            span *= WIDTH;
            d++;
        }
        this.depth = d;
        this.leafWidth = d == 0 ? Math.max(1, threads) : WIDTH;
    }

    int threads() {
        return threads;
    }

    /** Component t of clock c. */
    int get(Object c, int t) {
        for (int level = depth; level > 0; level--) {
            if (c == null) return -1;
            c = ((Object[]) c)[t >>> (BITS * level) & (WIDTH - 1)];
        }
        return c == null ? -1 : ((int[]) c)[t & (leafWidth == WIDTH ? WIDTH - 1 : Integer.MAX_VALUE)];
    }

    /** Every component of clock c into {@code out} (threads long): -1 where nothing is known. */
    void fill(Object c, int[] out) {
        fill(c, depth, 0, out);
    }

    private void fill(Object c, int level, int base, int[] out) {
        int span = level == 0 ? leafWidth : 1 << (BITS * (level + 1));
        if (base >= out.length) return;
        if (c == null) {
            java.util.Arrays.fill(out, base, (int) Math.min(out.length, (long) base + span), -1);
            return;
        }
        if (level == 0) {
            int[] leaf = (int[]) c;
            System.arraycopy(leaf, 0, out, base, Math.min(leaf.length, out.length - base));
            return;
        }
        Object[] node = (Object[]) c;
        int step = 1 << (BITS * level);
        for (int k = 0; k < WIDTH; k++) fill(node[k], level - 1, base + k * step, out);
    }

    /** Clock c with component t set to v (a new path; c is not changed). */
    Object set(Object c, int t, int v) {
        return set(c, t, v, depth);
    }

    private Object set(Object c, int t, int v, int level) {
        if (level == 0) {
            int[] leaf = c == null ? emptyLeaf() : ((int[]) c).clone();
            leaf[depth == 0 ? t : t & (WIDTH - 1)] = v;
            return leaf;
        }
        Object[] node = c == null ? new Object[WIDTH] : ((Object[]) c).clone();
        int k = t >>> (BITS * level) & (WIDTH - 1);
        node[k] = set(node[k], t, v, level - 1);
        return node;
    }

    private int[] emptyLeaf() {
        int[] leaf = new int[leafWidth];
        java.util.Arrays.fill(leaf, -1);
        return leaf;
    }

    /**
     * What a join of {@code b} into {@code a} changed in {@code a}: how many components grew (counted
     * up to {@link #LISTED} + 1) and the first {@link #LISTED} of them.
     */
    static final class Changes {
        static final int LISTED = 2;
        int count;
        final int[] thread = new int[LISTED];
        final int[] value = new int[LISTED];

        void clear() {
            count = 0;
        }

        private boolean saturated() {
            return count > LISTED;
        }

        void add(int t, int v) {
            if (count < LISTED) {
                thread[count] = t;
                value[count] = v;
            }
            if (count <= LISTED) count++;
        }
    }

    /** max(a, b) component by component; {@code changes} (if not null) learns where a grew. */
    Object join(Object a, Object b, Changes changes) {
        return join(a, b, depth, 0, changes);
    }

    private Object join(Object a, Object b, int level, int base, Changes changes) {
        if (b == null || a == b) return a;
        if (a == null) {
            if (changes != null) count(b, level, base, changes);
            return b;
        }
        if (level == 0) {
            int[] x = (int[]) a, y = (int[]) b;
            boolean aWins = true, bWins = true;
            for (int k = 0; k < x.length; k++) {
                if (y[k] > x[k]) {
                    aWins = false;
                    if (changes != null) changes.add(base + k, y[k]);
                } else if (x[k] > y[k]) {
                    bWins = false;
                }
            }
            if (aWins) return a;
            if (bWins) return b;
            int[] m = x.clone();
            for (int k = 0; k < m.length; k++) m[k] = Math.max(m[k], y[k]);
            return m;
        }
        Object[] x = (Object[]) a, y = (Object[]) b;
        Object[] m = null;
        boolean allB = true;
        int step = 1 << (BITS * level);
        for (int k = 0; k < WIDTH; k++) {
            Object r = join(x[k], y[k], level - 1, base + k * step, changes);
            if (r != y[k]) allB = false;
            if (r != x[k]) {
                if (m == null) m = x.clone();
                m[k] = r;
            }
        }
        if (m == null) return a;
        return allB ? b : m;
    }

    /** Counts b's known components into {@code changes} (stopping once it is saturated). */
    private void count(Object b, int level, int base, Changes changes) {
        if (b == null || changes.saturated()) return;
        if (level == 0) {
            int[] y = (int[]) b;
            for (int k = 0; k < y.length && !changes.saturated(); k++) if (y[k] >= 0) changes.add(base + k, y[k]);
            return;
        }
        Object[] y = (Object[]) b;
        int step = 1 << (BITS * level);
        for (int k = 0; k < WIDTH && !changes.saturated(); k++) count(y[k], level - 1, base + k * step, changes);
    }
}
