package dev.wholetrace.analysis.hb;

/**
 * Vector clocks named by int <em>versions</em>, most of them stored as a delta: "version p with
 * component t set to v", 12 bytes in three paged int columns. The rest are bases, a {@link
 * PersistentClock} each.
 *
 * <p>Why: a lock handed round-robin makes every release publish a new clock (the releaser's, with
 * its own component moved on) that differs from the clock it acquired in that one component. As a
 * persistent clock each was a fresh leaf ({@code int[8]}, 48 bytes for 8 threads; a path of four
 * 16-slot nodes for 10,000 threads); as a delta it is 12 bytes. A chain of deltas is at most
 * {@link #MAX_DEPTH} long: the version a delta would go deeper from is turned into a base in place
 * (its answers do not change), so a lookup walks at most that many entries before a trie lookup.
 *
 * <p>Joins stay cheap in the common case: when one version descends from the other through deltas
 * (a thread that takes a lock last held by a thread that got it from this one), the descendant
 * dominates it (deltas only raise components) and is returned unchanged; otherwise both are
 * materialized and joined as persistent clocks, and the result, if new, becomes a base.
 */
final class ClockVersions {
    /** The version that knows nothing. */
    static final int NONE = -1;
    /** Longest chain of deltas before a base. */
    static final int MAX_DEPTH = 16;

    private static final int PAGE_BITS = 14;
    private static final int PAGE = 1 << PAGE_BITS;
    private static final int PAGE_MASK = PAGE - 1;
    /** In {@link #about}: the version is a base, {@link #value} indexes {@link #bases}. */
    private static final int BASE = -1;
    /** Depth of a delta, kept above its thread in {@link #about} (threads below 2^23). */
    private static final int DEPTH_SHIFT = 23;
    private static final int THREAD_MASK = (1 << DEPTH_SHIFT) - 1;

    private final PersistentClock clocks;
    private int size;
    private int[][] parent = new int[16][];
    /** A delta's thread | depth << DEPTH_SHIFT, or {@link #BASE}. */
    private int[][] about = new int[16][];
    private int[][] value = new int[16][];
    private Object[] bases = new Object[16];
    private int baseCount;
    /** Scratch for materializing and diffing a chain (never more than MAX_DEPTH + 1 deltas). */
    private final int[] chainThread = new int[MAX_DEPTH + 1];
    private final int[] chainValue = new int[MAX_DEPTH + 1];
    /** Where a join grew its first clock, when the caller passes no list of its own. */
    private final PersistentClock.Changes scratch = new PersistentClock.Changes();

    ClockVersions(PersistentClock clocks) {
        if (clocks.threads() > THREAD_MASK) throw new IllegalArgumentException("too many threads for clock versions: " + clocks.threads());
        this.clocks = clocks;
    }

    /** Component t of version c (-1: nothing known). */
    int get(int c, int t) {
        while (c != NONE) {
            int a = about(c);
            if (a == BASE) return clocks.get(bases[value(c)], t);
            if ((a & THREAD_MASK) == t) return value(c);
            c = parent(c);
        }
        return -1;
    }

    /** Version c with component t set to v (a new version; c is not changed). */
    int set(int c, int t, int v) {
        int depth = c == NONE ? 0 : depth(c);
        if (depth >= MAX_DEPTH) {
            rebase(c);
            depth = 0;
        }
        return add(c, t | (depth + 1) << DEPTH_SHIFT, v);
    }

    /** max(a, b) component by component; {@code changes} (if not null) learns where a grew. */
    int join(int a, int b, PersistentClock.Changes changes) {
        if (b == NONE || a == b || descends(a, b)) return a;
        if (a != NONE && descends(b, a)) {
            if (changes != null) diff(b, a, changes);
            return b;
        }
        Object x = materialize(a), y = materialize(b);
        PersistentClock.Changes grew = changes != null ? changes : scratch;
        if (changes == null) scratch.clear();
        int before = grew.count; // what the caller's list held already (Replay clears it: 0)
        Object m = clocks.join(x, y, grew);
        if (m == x) return a;
        if (m == y) return b;
        if (before == 0 && grew.count <= PersistentClock.Changes.LISTED) {
            // a grew in one or two components: deltas over a (12 bytes each), not a new base. A base
            // copies the paths that changed, a few hundred bytes with thousands of threads, and is
            // kept for good: a carrier thread that takes in one virtual thread's clock after another
            // (470 k acquires for 20,000 tasks) made hundreds of MB of them
            int r = a;
            for (int k = 0; k < grew.count; k++) r = set(r, grew.thread[k], grew.value[k]);
            return r;
        }
        return base(m);
    }

    /** Whether {@code a} is {@code d} or one of its delta ancestors (then d dominates a). */
    private boolean descends(int d, int a) {
        if (a == NONE) return true;
        for (int c = d; c != NONE; c = parent(c)) {
            if (c == a) return true;
            if (about(c) == BASE) return false;
        }
        return false;
    }

    /** Where descendant d exceeds its ancestor a: the newest delta of each thread on the chain between them. */
    private void diff(int d, int a, PersistentClock.Changes changes) {
        int n = 0;
        for (int c = d; c != a; c = parent(c)) {
            int t = about(c) & THREAD_MASK;
            boolean seen = false;
            for (int k = 0; k < n && !seen; k++) seen = chainThread[k] == t;
            if (seen) continue;
            chainThread[n++] = t;
            int v = value(c);
            if (v > get(a, t)) changes.add(t, v);
        }
    }

    /** A new version holding {@code clock}'s components (-1: nothing known), a base. */
    int of(long[] clock) {
        Object m = null;
        for (int t = 0; t < clock.length; t++) if (clock[t] >= 0) m = clocks.set(m, t, (int) clock[t]);
        return base(m);
    }

    /** Every component of version c into {@code out}. */
    void fill(int c, int[] out) {
        clocks.fill(materialize(c), out);
    }

    /** Component t of a persistent clock that {@link #materialize} made. */
    int get(Object clock, int t) {
        return clocks.get(clock, t);
    }

    /** The persistent clock of version c (null: knows nothing). */
    Object materialize(int c) {
        int n = 0;
        while (c != NONE && about(c) != BASE) {
            chainThread[n] = about(c) & THREAD_MASK;
            chainValue[n++] = value(c);
            c = parent(c);
        }
        Object m = c == NONE ? null : bases[value(c)];
        for (int k = n - 1; k >= 0; k--) m = clocks.set(m, chainThread[k], chainValue[k]); // newest last: it wins
        return m;
    }

    /** Turns delta c into a base of the same clock, in place: chains through it end there. */
    private void rebase(int c) {
        Object m = materialize(c);
        int page = c >>> PAGE_BITS, at = c & PAGE_MASK;
        parent[page][at] = NONE;
        about[page][at] = BASE;
        value[page][at] = baseIndex(m);
    }

    private int base(Object m) {
        if (m == null) return NONE;
        return add(NONE, BASE, baseIndex(m));
    }

    private int baseIndex(Object m) {
        if (baseCount == bases.length) bases = java.util.Arrays.copyOf(bases, baseCount * 2);
        bases[baseCount] = m;
        return baseCount++;
    }

    private int add(int p, int a, int v) {
        if (size == Integer.MAX_VALUE) throw new IllegalStateException("more than 2^31 clock versions");
        int page = size >>> PAGE_BITS, at = size & PAGE_MASK;
        if (at == 0) {
            if (page == parent.length) {
                parent = java.util.Arrays.copyOf(parent, page * 2);
                about = java.util.Arrays.copyOf(about, page * 2);
                value = java.util.Arrays.copyOf(value, page * 2);
            }
            parent[page] = new int[PAGE];
            about[page] = new int[PAGE];
            value[page] = new int[PAGE];
        }
        parent[page][at] = p;
        about[page][at] = a;
        value[page][at] = v;
        return size++;
    }

    private int parent(int c) {
        return parent[c >>> PAGE_BITS][c & PAGE_MASK];
    }

    private int about(int c) {
        return about[c >>> PAGE_BITS][c & PAGE_MASK];
    }

    private int value(int c) {
        return value[c >>> PAGE_BITS][c & PAGE_MASK];
    }

    private int depth(int c) {
        int a = about(c);
        return a == BASE ? 0 : a >>> DEPTH_SHIFT;
    }
}
