package dev.wholetrace.format.io;

import java.util.Arrays;

/**
 * The open rules (rules with uses left) of {@link ExpansionModel} version 3, one list per first
 * terminal, each rule weighted by its uses left: a reference is coded as a draw from an urn that
 * holds every open rule of its list as many times as it will still be referenced, so a rule costs
 * -log2(its uses left / all uses left in the list) bits.
 *
 * <p>Why: on data-dependent traces (mp3d) the references are close to random among the open rules
 * starting with the same terminal: move-to-front order (version 2) saves little over a uniform
 * choice, while the uses left, which the decoder already knows (every new rule codes its use
 * count), save about 7 % of a grammar block (docs/grammars.md). The draw is coded by descending a Fenwick tree over
 * the list's slots, one binary decision per level with the exact probability of the left part
 * ({@link BitCoder#fixed}); a level whose part is empty on one side costs nothing.
 *
 * <p>A rule keeps its slot in its list for life (weight 0 once closed); a list's arrays double
 * when its slots run out, so memory follows the rules defined.
 */
final class OpenRuleUrn {
    private int[][] tree = new int[16][];   // per list: Fenwick tree of the uses left over slots, 1-based
    private int[][] ruleAt = new int[16][]; // per list: the rule in each slot
    private int[] slots = new int[16];      // per list: slots in use
    private int[] count = new int[16];      // per list: open rules
    private int[] total = new int[16];      // per list: uses left of its open rules
    private int[] listOf = new int[64];     // per rule: its list
    private int[] slotOf = new int[64];     // per rule: its slot
    private int[] usesLeft = new int[64];

    /** Uses left in all lists: every use is a symbol of the grammar, so at most its symbol count. */
    private long all;
    /** Lists and rules touched since the last {@link #clear}: what it clears. */
    private int listsUsed;
    private int rulesUsed;

    /**
     * Back to a new urn's state for the next grammar, keeping the arrays: the writer starts a
     * grammar per thread, stream and chunk, and new lists grown by doubling for each were much of
     * its garbage. A list's tree kept longer than a new one's codes the same draws (its extra top
     * levels hold every rule on one side, which costs no decision).
     */
    void clear() {
        for (int f = 0; f < listsUsed; f++) {
            if (tree[f] != null) Fenwick.clear(tree[f], slots[f]);
            slots[f] = 0;
            count[f] = 0;
            total[f] = 0;
        }
        Arrays.fill(usesLeft, 0, rulesUsed, 0);
        listsUsed = 0;
        rulesUsed = 0;
        all = 0;
    }

    /** Open rules in list {@code f}. */
    int size(int f) {
        return f < count.length ? count[f] : 0;
    }

    /** Rule {@code d}, in list {@code f}, was defined and will be referenced {@code more} times. */
    void define(int d, int f, long more) throws FormatException {
        if (more > GrammarCodec.MAX_SYMBOLS - all) throw new FormatException("corrupted grammar: more uses than symbols");
        if (d >= usesLeft.length) {
            int n = Math.max(d + 1, usesLeft.length * 2);
            listOf = Arrays.copyOf(listOf, n);
            slotOf = Arrays.copyOf(slotOf, n);
            usesLeft = Arrays.copyOf(usesLeft, n);
        }
        int uses = (int) more; // totals fit an int: all uses <= 2^28
        usesLeft[d] = uses;
        rulesUsed = Math.max(rulesUsed, d + 1);
        if (uses <= 0) return;
        if (f >= count.length) {
            int n = Math.max(f + 1, count.length * 2);
            tree = Arrays.copyOf(tree, n);
            ruleAt = Arrays.copyOf(ruleAt, n);
            slots = Arrays.copyOf(slots, n);
            count = Arrays.copyOf(count, n);
            total = Arrays.copyOf(total, n);
        }
        listsUsed = Math.max(listsUsed, f + 1);
        if (tree[f] == null) {
            tree[f] = new int[5];
            ruleAt[f] = new int[4];
        } else if (slots[f] == ruleAt[f].length) {
            grow(f);
        }
        int s = slots[f]++;
        ruleAt[f][s] = d;
        listOf[d] = f;
        slotOf[d] = s;
        count[f]++;
        total[f] += uses;
        all += uses;
        Fenwick.add(tree[f], s, uses);
    }

    /**
     * Codes open rule {@code d} (ignored when decoding) of non-empty list {@code f} as a draw
     * weighted by the uses left, counts its use and returns it.
     */
    int draw(BitCoder coder, int f, int d) throws FormatException {
        int[] t = tree[f];
        int target = d >= 0 && d < usesLeft.length && usesLeft[d] > 0 && listOf[d] == f ? slotOf[d] : -1;
        int pos = 0;
        long remaining = total[f];
        for (int step = Integer.highestOneBit(t.length - 1); step > 0; step >>= 1) {
            int next = pos + step;
            if (next >= t.length) continue; // the right part is empty
            int left = t[next];
            if (left == 0) { // only the right part holds rules
                pos = next;
                continue;
            }
            if (left == remaining) continue; // only the left part does
            int p = (int) Math.max(1, Math.min(BitCoder.FIXED_ONE - 1, left * (long) BitCoder.FIXED_ONE / remaining));
            if (coder.fixed(p, target >= next ? 1 : 0) == 1) {
                pos = next;
                remaining -= left;
            } else {
                remaining = left;
            }
        }
        if (pos >= slots[f] || usesLeft[ruleAt[f][pos]] <= 0) throw new FormatException("corrupted grammar: reference to an undefined or closed rule");
        int rule = ruleAt[f][pos];
        // encoding (d >= 0) a rule that is not open in list f would code another one without a word
        if (d >= 0 && rule != d) throw new IllegalStateException("rule " + d + " is not open among the rules starting with terminal " + f);
        use(rule);
        return rule;
    }

    private void use(int d) {
        int f = listOf[d];
        Fenwick.add(tree[f], slotOf[d], -1);
        total[f]--;
        all--;
        if (--usesLeft[d] == 0) count[f]--;
    }

    /** Doubles list {@code f}'s slots, rebuilding its tree. */
    private void grow(int f) {
        int capacity = ruleAt[f].length * 2;
        ruleAt[f] = Arrays.copyOf(ruleAt[f], capacity);
        int[] t = new int[capacity + 1];
        for (int s = 0; s < slots[f]; s++) t[s + 1] = usesLeft[ruleAt[f][s]];
        Fenwick.build(t);
        tree[f] = t;
    }
}
