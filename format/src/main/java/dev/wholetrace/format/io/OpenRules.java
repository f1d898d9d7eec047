package dev.wholetrace.format.io;

import java.util.Arrays;

/**
 * The rules that will still be referenced, by definition index, with their remaining uses. A
 * reference is coded as its rank among the open rules defined after it, not among all rules: most
 * SEQUITUR rules are used exactly twice, so a rule leaves the set at its second use and the choices
 * left stay few. A Fenwick tree over definition indices gives rank and select in O(log n); it grows
 * with the rules really defined, never to a declared count.
 */
final class OpenRules {
    private int[] tree = new int[17]; // Fenwick tree, 1-based, over presence bits
    private int[] usesLeft = new int[16];
    private int open;

    void clear() {
        Arrays.fill(tree, 0);
        Arrays.fill(usesLeft, 0);
        open = 0;
    }

    int size() {
        return open;
    }

    /** Rule {@code d} was just defined (its first use) and will be referenced {@code more} times. */
    void define(int d, long more) {
        if (more <= 0) return;
        while (d >= usesLeft.length) grow();
        usesLeft[d] = (int) Math.min(more, Integer.MAX_VALUE);
        add(d, 1);
    }

    boolean isOpen(int d) {
        return d >= 0 && d < usesLeft.length && usesLeft[d] > 0;
    }

    /** Records one reference to open rule {@code d}. */
    void use(int d) {
        if (--usesLeft[d] == 0) add(d, -1);
    }

    /** How many open rules were defined after {@code d}. */
    int rank(int d) {
        return open - prefix(d);
    }

    /** The open rule with {@code rank} open rules defined after it; -1 if there is none. */
    int select(long rank) {
        if (rank < 0 || rank >= open) return -1;
        return Fenwick.select(tree, (int) (open - rank)); // the k-th open rule in definition order, k 1-based
    }

    private int prefix(int d) {
        return Fenwick.prefix(tree, d);
    }

    private void add(int d, int delta) {
        open += delta;
        Fenwick.add(tree, d, delta);
    }

    private void grow() {
        int n = usesLeft.length * 2;
        usesLeft = Arrays.copyOf(usesLeft, n);
        tree = new int[n + 1];
        open = 0;
        for (int d = 0; d < n; d++) if (usesLeft[d] > 0) add(d, 1);
    }
}
