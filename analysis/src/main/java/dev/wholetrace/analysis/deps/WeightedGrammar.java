package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import java.util.List;
import java.util.function.Function;

/**
 * A per-rule summary of a grammar: how many of the terminals a predicate picks each rule expands
 * to ("does this rule hold instances of store d? how many?"). With it, the i-th picked terminal
 * ({@link #select}) and the number picked before a position ({@link #rank}) are found by descending
 * the grammar, never expanding it: O(depth · body length) per call, O(log) in the start rule,
 * whose body can be long. Building it costs one pass over the grammar's symbols.
 */
final class WeightedGrammar {
    private final Grammar g;
    private final long[] weight;
    /** The start rule's prefix sums: weight and length before each body position, and at its end. */
    private final long[] rootWeight;
    private final long[] rootLength;
    private final boolean[] picked;

    /** {@code picked[t]}: whether terminal t counts (terminals past the array's end do not). */
    WeightedGrammar(Grammar g, boolean[] picked) {
        this.g = g;
        this.picked = picked;
        int rules = g.ruleCount();
        weight = new long[rules];
        for (int r = rules - 1; r >= 0; r--) { // references point to higher numbers
            long w = 0;
            for (int i = 0, n = g.bodyLength(r); i < n; i++) {
                int s = g.symbol(r, i);
                w += weightOf(s);
            }
            weight[r] = w;
        }
        int n = g.bodyLength(0);
        rootWeight = new long[n + 1];
        rootLength = new long[n + 1];
        for (int i = 0; i < n; i++) {
            int s = g.symbol(0, i);
            rootWeight[i + 1] = rootWeight[i] + weightOf(s);
            rootLength[i + 1] = rootLength[i] + (Grammar.isRule(s) ? g.expandedLength(Grammar.ruleOf(s)) : 1);
        }
    }

    private long weightOf(int s) {
        return Grammar.isRule(s) ? weight[Grammar.ruleOf(s)] : terminalWeight(s);
    }

    /** 1 if the terminal is picked, else 0. */
    long terminalWeight(int terminal) {
        return terminal < picked.length && picked[terminal] ? 1 : 0;
    }

    long total() {
        return weight[0];
    }

    long ruleWeight(int rule) {
        return weight[rule];
    }

    /** The position in the expansion of the k-th picked terminal (from 0). */
    long select(long k) {
        if (k < 0 || k >= total()) throw new IndexOutOfBoundsException("picked terminal " + k + " of " + total());
        // in the start rule: the last body position whose prefix weight is <= k
        int i = upperBound(rootWeight, k) - 1;
        long position = rootLength[i];
        long rest = k - rootWeight[i];
        int s = g.symbol(0, i);
        while (Grammar.isRule(s)) {
            int r = Grammar.ruleOf(s);
            for (int j = 0; ; j++) {
                s = g.symbol(r, j);
                long w = weightOf(s);
                if (rest < w) break;
                rest -= w;
                position += Grammar.isRule(s) ? g.expandedLength(Grammar.ruleOf(s)) : 1;
            }
        }
        return position;
    }

    /** The k-th picked terminal itself (from 0): {@link #select}'s descent, ending at the terminal instead of its position. */
    int selectTerminal(long k) {
        if (k < 0 || k >= total()) throw new IndexOutOfBoundsException("picked terminal " + k + " of " + total());
        int i = upperBound(rootWeight, k) - 1;
        long rest = k - rootWeight[i];
        int s = g.symbol(0, i);
        while (Grammar.isRule(s)) {
            int r = Grammar.ruleOf(s);
            for (int j = 0; ; j++) {
                s = g.symbol(r, j);
                long w = weightOf(s);
                if (rest < w) break;
                rest -= w;
            }
        }
        return s;
    }

    /**
     * The picked terminals of ranks {@code ks[from..to)} (ascending, repeats allowed) into {@code
     * out[from..to)}: {@link #selectTerminal}'s descents shared, each rule entered once for all the
     * ranks below it, so many ranks cost at most one pass over the rules that hold them.
     */
    void selectTerminals(long[] ks, int from, int to, int[] out) {
        int i = from;
        while (i < to) {
            if (ks[i] < 0 || ks[i] >= total()) throw new IndexOutOfBoundsException("picked terminal " + ks[i] + " of " + total());
            int b = upperBound(rootWeight, ks[i]) - 1;
            int j = below(ks, i, to, rootWeight[b + 1]);
            descend(g.symbol(0, b), rootWeight[b], ks, i, j, out);
            i = j;
        }
    }

    /** Ranks ks[from..to) lie in symbol s's expansion, which starts at rank {@code base}. */
    private void descend(int s, long base, long[] ks, int from, int to, int[] out) {
        if (!Grammar.isRule(s)) {
            for (int i = from; i < to; i++) out[i] = s;
            return;
        }
        int r = Grammar.ruleOf(s);
        long at = base;
        for (int j = 0, i = from; i < to; j++) {
            int c = g.symbol(r, j);
            long end = at + weightOf(c);
            if (ks[i] < end) {
                int e = below(ks, i, to, end);
                descend(c, at, ks, i, e, out);
                i = e;
            }
            at = end;
        }
    }

    /** The first index in [from, to) whose rank is {@code end} or more. */
    private static int below(long[] ks, int from, int to, long end) {
        int e = from;
        while (e < to && ks[e] < end) e++;
        return e;
    }

    /** Picked terminals at positions before {@code position}. */
    long rank(long position) {
        if (position <= 0) return 0;
        if (position >= g.length()) return total();
        int i = upperBound(rootLength, position) - 1;
        long count = rootWeight[i];
        long rest = position - rootLength[i];
        int s = g.symbol(0, i);
        while (rest > 0 && Grammar.isRule(s)) {
            int r = Grammar.ruleOf(s);
            for (int j = 0; ; j++) {
                s = g.symbol(r, j);
                long len = Grammar.isRule(s) ? g.expandedLength(Grammar.ruleOf(s)) : 1;
                if (rest < len) break;
                rest -= len;
                count += weightOf(s);
            }
        }
        return count;
    }

    /** The first index whose value is greater than {@code v} (a is ascending). */
    private static int upperBound(long[] a, long v) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] > v) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }

    /** A thread's picked terminals over all its chunks: rank and select on thread positions. */
    static final class Threaded {
        private final WeightedGrammar[] chunks;
        private final ThreadGrammar[] grammars; // held: a Grammar keeps its random-access index once built
        private final long[] offsets; // the chunk's first position
        private final long[] before; // picked terminals in earlier chunks

        private Threaded(WeightedGrammar[] chunks, ThreadGrammar[] grammars, long[] offsets, long[] before) {
            this.chunks = chunks;
            this.grammars = grammars;
            this.offsets = offsets;
            this.before = before;
        }

        static Threaded of(TraceView trace, int thread, Function<ThreadGrammar, boolean[]> picked) {
            List<ThreadGrammar> gs = trace.grammars(thread);
            int n = gs.size();
            WeightedGrammar[] chunks = new WeightedGrammar[n];
            ThreadGrammar[] grammars = new ThreadGrammar[n];
            long[] offsets = new long[n + 1];
            long[] before = new long[n + 1];
            for (int i = 0; i < n; i++) {
                ThreadGrammar g = gs.get(i);
                grammars[i] = g;
                chunks[i] = new WeightedGrammar(g.wpp(), picked.apply(g));
                offsets[i + 1] = offsets[i] + g.wpp().length();
                before[i + 1] = before[i] + chunks[i].total();
            }
            return new Threaded(chunks, grammars, offsets, before);
        }

        /** Picked terminals over all the thread's chunks. */
        long total() {
            return before[chunks.length];
        }

        /** Picked terminals before thread position {@code position}. */
        long rank(long position) {
            int i = upperBound(offsets, position) - 1; // the chunk holding position
            if (i >= chunks.length) return before[chunks.length];
            return before[i] + chunks[i].rank(position - offsets[i]);
        }

        /** The thread position of the k-th picked terminal (from 0). */
        long select(long k) {
            int i = upperBound(before, k) - 1;
            if (k < 0 || i >= chunks.length) throw new IllegalStateException("the trace holds no instance " + k + " (of " + before[chunks.length] + ")");
            return offsets[i] + chunks[i].select(k - before[i]);
        }

        /** The instruction of the k-th picked store (from 0), found without its position. */
        int instructionOf(long k) {
            int i = upperBound(before, k) - 1;
            if (k < 0 || i >= chunks.length) throw new IllegalStateException("the trace holds no instance " + k + " (of " + before[chunks.length] + ")");
            ThreadGrammar g = grammars[i];
            int s = chunks[i].selectTerminal(k - before[i]);
            if (g.type(s) != Event.Type.STORE) throw new IllegalStateException("picked terminal " + k + " is not a store");
            return (int) g.value(s);
        }

        /** The instructions of the picked stores of ranks {@code ks} (ascending, from 0), by one shared descent per chunk. */
        int[] instructionsOf(long[] ks) {
            int[] out = new int[ks.length];
            int i = 0;
            while (i < ks.length) {
                int c = upperBound(before, ks[i]) - 1;
                if (ks[i] < 0 || c >= chunks.length) throw new IllegalStateException("the trace holds no instance " + ks[i] + " (of " + before[chunks.length] + ")");
                int j = i;
                while (j < ks.length && ks[j] < before[c + 1]) j++;
                long[] local = new long[j - i];
                for (int m = i; m < j; m++) local[m - i] = ks[m] - before[c];
                int[] terminals = new int[local.length];
                chunks[c].selectTerminals(local, 0, local.length, terminals);
                for (int m = i; m < j; m++) {
                    int s = terminals[m - i];
                    if (grammars[c].type(s) != Event.Type.STORE) throw new IllegalStateException("picked terminal " + ks[m] + " is not a store");
                    out[m] = (int) grammars[c].value(s);
                }
                i = j;
            }
            return out;
        }

        /** The instruction of the store at thread position {@code position}. */
        int instructionAt(long position) {
            int i = upperBound(offsets, position) - 1;
            if (position < 0 || i >= grammars.length) throw new IllegalStateException("the thread has no position " + position);
            ThreadGrammar g = grammars[i];
            int s = chunks[i].g.terminalAt(position - offsets[i]);
            if (g.type(s) != Event.Type.STORE) throw new IllegalStateException("position " + position + " is not a store");
            return (int) g.value(s);
        }
    }
}
