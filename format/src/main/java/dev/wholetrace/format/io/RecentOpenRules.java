package dev.wholetrace.format.io;

import java.util.Arrays;

/**
 * The open rules (rules with uses left) of {@link ExpansionModel}, one move-to-front list per first
 * terminal: the rank of a rule is how many open rules with the same first terminal were defined or
 * used after it. Each list numbers its events (a definition, a use) with a clock; a Fenwick tree
 * over the clock gives rank and select in O(log n), so a list of thousands of rules costs no more
 * per reference than a short one. When a list's clock reaches its capacity the live entries are
 * renumbered in order (the arrays double only when more than half is live), so memory follows the
 * open rules, not the references.
 */
final class RecentOpenRules {
    private int[][] tree = new int[16][];   // per list: Fenwick tree over stamps, 1-based
    private int[][] ruleAt = new int[16][]; // per list: the rule that holds each stamp
    private int[] clock = new int[16];
    private int[] count = new int[16];
    private int[] listOf = new int[64];     // per rule: its list
    private int[] stamp = new int[64];      // per rule: its current stamp
    private int[] usesLeft = new int[64];
    /** Lists and rules touched since the last {@link #clear}: what it clears. */
    private int listsUsed;
    private int rulesUsed;

    /**
     * Back to a new list set's state for the next grammar, keeping the arrays (as
     * {@link OpenRuleUrn#clear}): ranks are relative, so a list kept longer than a new one's ranks
     * and selects the same rules.
     */
    void clear() {
        for (int f = 0; f < listsUsed; f++) {
            if (tree[f] != null) Fenwick.clear(tree[f], clock[f]);
            clock[f] = 0;
            count[f] = 0;
        }
        Arrays.fill(usesLeft, 0, rulesUsed, 0);
        listsUsed = 0;
        rulesUsed = 0;
    }

    /** Open rules in list {@code f}. */
    int size(int f) {
        return f < count.length ? count[f] : 0;
    }

    /** Rule {@code d}, in list {@code f}, was defined and will be referenced {@code more} times. */
    void define(int d, int f, long more) {
        if (d >= usesLeft.length) {
            int n = Math.max(d + 1, usesLeft.length * 2);
            listOf = Arrays.copyOf(listOf, n);
            stamp = Arrays.copyOf(stamp, n);
            usesLeft = Arrays.copyOf(usesLeft, n);
        }
        usesLeft[d] = (int) Math.min(more, Integer.MAX_VALUE);
        rulesUsed = Math.max(rulesUsed, d + 1);
        if (more <= 0) return;
        if (f >= count.length) {
            int n = Math.max(f + 1, count.length * 2);
            tree = Arrays.copyOf(tree, n);
            ruleAt = Arrays.copyOf(ruleAt, n);
            clock = Arrays.copyOf(clock, n);
            count = Arrays.copyOf(count, n);
        }
        listsUsed = Math.max(listsUsed, f + 1);
        listOf[d] = f;
        count[f]++;
        push(f, d);
    }

    /** How many open rules of list {@code f} were defined or used after open rule {@code d}; -1 if d is not open there. */
    int rank(int f, int d) {
        if (d < 0 || d >= usesLeft.length || usesLeft[d] == 0 || listOf[d] != f) return -1;
        return count[f] - Fenwick.prefix(tree[f], stamp[d]);
    }

    /** The open rule of list {@code f} with {@code rank} (0 = the latest defined or used). */
    int select(int f, long rank) {
        return ruleAt[f][Fenwick.select(tree[f], (int) (count[f] - rank))]; // k-th in stamp order, k 1-based
    }

    /** One use of open rule {@code d}: it moves to the front of its list, or leaves it at its last use. */
    void use(int d) {
        int f = listOf[d];
        Fenwick.add(tree[f], stamp[d], -1);
        if (--usesLeft[d] == 0) {
            count[f]--;
        } else {
            push(f, d);
        }
    }

    private void push(int f, int d) {
        stamp[d] = -1; // not live while renumbering: its old stamp left the tree already
        if (tree[f] == null) {
            tree[f] = new int[5];
            ruleAt[f] = new int[4];
        }
        if (clock[f] == ruleAt[f].length) renumber(f);
        int s = clock[f]++;
        stamp[d] = s;
        ruleAt[f][s] = d;
        Fenwick.add(tree[f], s, 1);
    }

    /** Gives the live entries of list {@code f} stamps 0.. in their order, doubling the arrays if over half is live. */
    private void renumber(int f) {
        int[] rules = ruleAt[f];
        int live = 0;
        for (int s = 0; s < clock[f]; s++) {
            int d = rules[s];
            if (usesLeft[d] > 0 && listOf[d] == f && stamp[d] == s) rules[live++] = d;
        }
        int capacity = live * 2 > rules.length ? rules.length * 2 : rules.length;
        boolean same = capacity == rules.length; // the live entries are compacted in place already
        int[] next = same ? rules : Arrays.copyOf(rules, capacity);
        int[] t = same ? tree[f] : new int[capacity + 1];
        if (same) Arrays.fill(t, 0);
        for (int s = 0; s < live; s++) {
            stamp[next[s]] = s;
            t[s + 1] = 1;
        }
        Fenwick.build(t);
        ruleAt[f] = next;
        tree[f] = t;
        clock[f] = live;
    }
}
