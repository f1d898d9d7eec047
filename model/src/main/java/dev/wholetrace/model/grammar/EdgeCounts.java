package dev.wholetrace.model.grammar;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * The sync counts of a WPP (parallel-wpp-compression §2.2): every edge from a rule to its i-th
 * body symbol is annotated with how many marked terminals (sync operations) the rule's expansion
 * holds before that edge. With them, {@link #path} finds the root-to-leaf path of the m-th sync
 * operation (Algorithm 1) in O(depth · log rule length), without expanding anything.
 */
public final class EdgeCounts {
    private final Grammar grammar;
    private final long[] before; // per body position
    private final long[] total;  // per rule

    private EdgeCounts(Grammar grammar, long[] before, long[] total) {
        this.grammar = grammar;
        this.before = before;
        this.total = total;
    }

    /** Counts the terminals for which {@code marked} holds. */
    public static EdgeCounts count(Grammar g, IntPredicate marked) {
        long[] before = new long[g.symbolCount()];
        long[] total = new long[g.ruleCount()];
        g.foldBottomUp(rule -> {
            long acc = 0;
            for (int i = 0, len = rule.length(); i < len; i++) {
                before[rule.edge(i)] = acc;
                acc += rule.isRule(i) ? total[rule.child(i)] : marked.test(rule.terminal(i)) ? 1 : 0;
            }
            total[rule.rule()] = acc;
        });
        return new EdgeCounts(g, before, total);
    }

    public Grammar grammar() {
        return grammar;
    }

    /** Marked terminals in the whole expansion. */
    public long total() {
        return total.length == 0 ? 0 : total[0];
    }

    public long total(int rule) {
        return total[rule];
    }

    /** synch_cnt of the edge from {@code rule} to its {@code index}-th body symbol. */
    public long edge(int rule, int index) {
        return before[grammar.offsets()[rule] + index];
    }

    /**
     * Algorithm 1: the root-to-leaf path to the {@code m}-th marked terminal (from 0), as the body
     * index taken in each rule from the start rule down.
     */
    public int[] path(long m) {
        checkIndex(m);
        int[] offsets = grammar.offsets();
        int[] body = grammar.rawBody();
        int[] path = new int[grammar.depth()];
        int rule = 0;
        long val = m;
        for (int level = 0; ; level++) {
            int i = locate(rule, offsets[rule], offsets[rule + 1], val);
            path[level] = i - offsets[rule];
            val -= before[i];
            int s = body[i];
            if (s >= 0) return Arrays.copyOf(path, level + 1);
            rule = -1 - s;
        }
    }

    /** Position of the {@code m}-th marked terminal in the expansion. */
    public long position(long m) {
        checkIndex(m);
        int[] offsets = grammar.offsets();
        int[] body = grammar.rawBody();
        long[] prefix = grammar.prefix();
        int rule = 0;
        long val = m;
        long pos = 0;
        while (true) {
            int i = locate(rule, offsets[rule], offsets[rule + 1], val);
            val -= before[i];
            pos += prefix[i];
            int s = body[i];
            if (s >= 0) return pos;
            rule = -1 - s;
        }
    }

    /**
     * Where the trace between the m-th and the n-th marked terminal lies (§2.2): the lowest
     * common rule X of their root-to-leaf paths and the offsets of both inside X's expansion, so
     * that expanding X from the first offset to the second yields exactly that part of the trace
     * and nothing else of the grammar is touched.
     */
    public Span span(long m, long n) {
        if (m > n) throw new IllegalArgumentException("sync operation " + m + " comes after " + n);
        int[] pm = path(m);
        int[] pn = path(n);
        int[] offsets = grammar.offsets();
        int[] body = grammar.rawBody();
        long[] prefix = grammar.prefix();
        int rule = 0;
        long start = 0; // position of rule X's expansion in the whole expansion
        int level = 0;
        while (level < pm.length - 1 && level < pn.length - 1 && pm[level] == pn[level]) {
            int at = offsets[rule] + pm[level];
            start += prefix[at];
            rule = -1 - body[at];
            level++;
        }
        long from = position(m);
        long to = position(n);
        return new Span(rule, from - start, to - start, from, to);
    }

    /**
     * @param rule the lowest common rule of the two paths
     * @param fromInRule offset of the first marked terminal inside the rule's expansion
     * @param toInRule offset of the second
     * @param from position of the first in the whole expansion
     * @param to position of the second
     */
    public record Span(int rule, long fromInRule, long toInRule, long from, long to) {}

    /** Marked terminals strictly before expansion position {@code p}. */
    public long countBefore(long p) {
        if (p <= 0) return 0;
        if (p >= grammar.length()) return total();
        int[] offsets = grammar.offsets();
        int[] body = grammar.rawBody();
        long[] prefix = grammar.prefix();
        int rule = 0;
        long i = p;
        long count = 0;
        while (true) {
            int at = Grammar.locate(prefix, offsets[rule], offsets[rule + 1], i);
            count += before[at];
            i -= prefix[at];
            int s = body[at];
            if (s >= 0 || i == 0) return count;
            rule = -1 - s;
        }
    }

    /**
     * Algorithm 1's step: the smallest body position i of the rule whose next edge counts more
     * than {@code val} (the rule's total standing in for the edge after the last), i.e. the child
     * whose subtree holds the val-th marked terminal.
     */
    private int locate(int rule, int from, int to, long val) {
        int lo = from;
        int hi = to - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            long next = mid + 1 < to ? before[mid + 1] : total[rule];
            if (next > val) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }

    private void checkIndex(long m) {
        if (m < 0 || m >= total()) throw new IndexOutOfBoundsException("sync operation " + m + " outside [0, " + total() + ")");
    }
}
