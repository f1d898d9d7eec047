package dev.wholetrace.model.grammar;

import dev.wholetrace.model.util.SequenceHash;
import java.util.Arrays;

/**
 * Interns short terminal sequences — paths — so that SEQUITUR sees one symbol per path instead of
 * one per terminal. A loop whose body is k blocks costs SEQUITUR one append per iteration, not k;
 * SEQUITUR's per-symbol work (digram lookups, rule substitutions) is what bounds how fast a
 * thread's trace can be compressed online.
 *
 * <p>Path p stands for the terminal {@link #terminal(int) BASE + p} in the grammar being built;
 * {@link #unfold} turns those terminals into rules whose bodies are the paths, so the result is
 * an ordinary grammar over the original terminals. Paths live in one int pool and an
 * open-addressing table of (hash, path) — no object per path, nothing allocated per lookup.
 *
 * <p>A path's hash is built symbol by symbol ({@link SequenceHash}), so
 * that a caller that appends a path's symbols one at a time keeps it as it goes and
 * {@link #intern(int[], int, long)} needs no pass over the path to hash it: hashing every path
 * afresh, a chain of dependent multiplies per symbol, was 12 % of the compressor workers' samples
 * on math3 (docs/results/overhead-profile.md, session 36).
 */
public final class PathDictionary {
    /** Path terminals are {@code BASE + path}: far above any dense terminal id of a trace's alphabet. */
    public static final int BASE = 1 << 30;
    private static final int EMPTY = -1;

    private int[] pool = new int[64]; // small to start: every thread, virtual ones too, has a dictionary
    private int poolTop;
    private int[] start = new int[16]; // path p is pool[start[p], start[p + 1])
    private int paths;
    private int[] slots = new int[16]; // path index or EMPTY
    private long[] hashes = new long[16];

    public PathDictionary() {
        Arrays.fill(slots, EMPTY);
    }

    public static int terminal(int path) {
        return BASE + path;
    }

    public static boolean isPath(int terminal) {
        return terminal >= BASE;
    }

    public int size() {
        return paths;
    }

    /** Terminals in all paths: what the dictionary adds to the grammar. */
    public int symbolCount() {
        return poolTop;
    }

    /** The index of the path {@code seq[0, length)}, adding it if it is new. */
    public int intern(int[] seq, int length) {
        return intern(seq, length, SequenceHash.hash(seq, length));
    }

    /**
     * The index of the path {@code seq[0, length)}, adding it if it is new, given its {@link #hash}
     * (kept by the caller with {@link #step}; a wrong hash would give a path a second index, so
     * with assertions on, as in the tests, it is checked against the hash computed afresh).
     */
    public int intern(int[] seq, int length, long hash) {
        assert hash == SequenceHash.hash(seq, length) : "kept hash " + Long.toHexString(hash) + " of a path of " + length + " is not its hash " + Long.toHexString(SequenceHash.hash(seq, length));
        long h = hash ^ hash >>> 31;
        int mask = slots.length - 1;
        for (int i = (int) (h ^ h >>> 32) & mask; ; i = (i + 1) & mask) {
            int p = slots[i];
            if (p == EMPTY) {
                p = add(seq, length);
                slots[i] = p;
                hashes[i] = h;
                if (paths * 2 > slots.length) grow();
                return p;
            }
            if (hashes[i] == h && equals(p, seq, length)) return p;
        }
    }

    private int add(int[] seq, int length) {
        if (poolTop + length > pool.length) pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolTop + length));
        System.arraycopy(seq, 0, pool, poolTop, length);
        if (paths + 2 > start.length) start = Arrays.copyOf(start, start.length * 2);
        start[paths] = poolTop;
        poolTop += length;
        start[paths + 1] = poolTop;
        return paths++;
    }

    private boolean equals(int p, int[] seq, int length) {
        int from = start[p];
        if (start[p + 1] - from != length) return false;
        for (int k = 0; k < length; k++) if (pool[from + k] != seq[k]) return false;
        return true;
    }

    private void grow() {
        int[] oldSlots = slots;
        long[] oldHashes = hashes;
        slots = new int[oldSlots.length * 2];
        hashes = new long[oldSlots.length * 2];
        Arrays.fill(slots, EMPTY);
        int mask = slots.length - 1;
        for (int j = 0; j < oldSlots.length; j++) {
            if (oldSlots[j] == EMPTY) continue;
            long h = oldHashes[j];
            int i = (int) (h ^ h >>> 32) & mask;
            while (slots[i] != EMPTY) i = (i + 1) & mask;
            slots[i] = oldSlots[j];
            hashes[i] = h;
        }
    }

    /**
     * {@code g} with every path terminal replaced by the path: spliced in where the path occurs
     * once (a rule used once would only cost its reference, as SEQUITUR's rule utility says),
     * else by a reference to a rule whose body is the path; canonically renumbered. Expands to
     * exactly the terminals appended before folding.
     */
    public Grammar unfold(Grammar g) {
        int rules = g.ruleCount();
        int[] uses = new int[paths];
        for (int r = 0; r < rules; r++) {
            for (int i = 0, n = g.bodyLength(r); i < n; i++) {
                int s = g.symbol(r, i);
                if (!isPath(s)) continue;
                if (s - BASE >= paths) throw new IllegalArgumentException("terminal " + s + " names no path");
                uses[s - BASE]++;
            }
        }
        int[] ruleOfPath = new int[paths];
        int added = 0;
        for (int p = 0; p < paths; p++) ruleOfPath[p] = uses[p] > 1 ? rules + added++ : -1;
        int[][] bodies = new int[rules + added][];
        int[] body = new int[16];
        for (int r = 0; r < rules; r++) {
            int at = 0;
            for (int i = 0, n = g.bodyLength(r); i < n; i++) {
                int s = g.symbol(r, i);
                int from = 0, to = 0;
                if (isPath(s) && ruleOfPath[s - BASE] < 0) { // used once: splice it in
                    from = start[s - BASE];
                    to = start[s - BASE + 1];
                } else if (isPath(s)) {
                    s = Grammar.ref(ruleOfPath[s - BASE]);
                }
                if (at + Math.max(1, to - from) > body.length) body = Arrays.copyOf(body, Math.max(body.length * 2, at + to - from));
                if (to > from) {
                    System.arraycopy(pool, from, body, at, to - from);
                    at += to - from;
                } else {
                    body[at++] = s;
                }
            }
            bodies[r] = Arrays.copyOf(body, at);
        }
        for (int p = 0; p < paths; p++) {
            if (ruleOfPath[p] >= 0) bodies[ruleOfPath[p]] = Arrays.copyOfRange(pool, start[p], start[p + 1]);
        }
        return Grammar.fromRules(bodies);
    }

    /** Forgets every path (a new chunk starts a dictionary of its own). */
    public void clear() {
        poolTop = 0;
        paths = 0;
        Arrays.fill(slots, EMPTY);
    }
}
