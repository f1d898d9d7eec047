package dev.wholetrace.model.address;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import java.util.NoSuchElementException;

/** Exact inverse of {@link DiffRleEncoder}: streams the addresses back from the run grammar. */
public final class DiffRleDecoder {
    private final GrammarExpander runsLeft;
    private final Alphabet runs;
    private long address;
    private long diff;
    private long pending;
    private long first;

    public DiffRleDecoder(Grammar grammar, Alphabet runs) {
        this.runsLeft = grammar.expander();
        this.runs = runs;
    }

    private DiffRleDecoder(GrammarExpander runsLeft, Alphabet runs, long address, long diff, long pending) {
        this.runsLeft = runsLeft;
        this.runs = runs;
        this.address = address;
        this.diff = diff;
        this.pending = pending;
    }

    /**
     * A decoder whose next address is the {@code skip}-th of the stream (from 0), found without
     * decoding the ones before; {@link Seeker} when seeking one stream repeatedly.
     */
    public static DiffRleDecoder at(Grammar g, Alphabet runs, long skip) {
        return skip == 0 ? new DiffRleDecoder(g, runs) : new Seeker(g, runs).at(skip);
    }

    /**
     * Random access into one address stream: every rule knows how many addresses it spans and how
     * far it moves the address (computed once, O(grammar)), so each seek descends the grammar once,
     * O(depth · rule length).
     */
    public static final class Seeker {
        private final Grammar g;
        private final Alphabet runs;
        private final long[] count;
        private final long[] move;

        public Seeker(Grammar g, Alphabet runs) {
            this.g = g;
            this.runs = runs;
            long[] count = new long[g.ruleCount()];
            long[] move = new long[g.ruleCount()];
            g.foldBottomUp(rule -> {
                int r = rule.rule();
                for (int i = 0, len = rule.length(); i < len; i++) {
                    if (rule.isRule(i)) {
                        count[r] += count[rule.child(i)];
                        move[r] += move[rule.child(i)];
                    } else {
                        int s = rule.terminal(i);
                        checkRun(s, runs);
                        count[r] += runs.second(s);
                        move[r] += runs.first(s) * runs.second(s);
                    }
                }
            });
            this.count = count;
            this.move = move;
        }

        /** A decoder whose next address is the {@code skip}-th of the stream (from 0). */
        public DiffRleDecoder at(long skip) {
            if (skip < 0 || skip > count[0]) throw new IndexOutOfBoundsException("address " + skip + " outside [0, " + count[0] + "]");
            long address = 0;
            long terminal = 0; // run symbols consumed so far
            long left = skip;
            int rule = 0;
            while (true) {
                boolean descended = false;
                for (int i = 0; i < g.bodyLength(rule); i++) {
                    int s = g.symbol(rule, i);
                    if (Grammar.isRule(s)) {
                        int c = Grammar.ruleOf(s);
                        if (left >= count[c]) {
                            left -= count[c];
                            address += move[c];
                            terminal += g.expandedLength(c);
                            continue;
                        }
                        rule = c;
                        descended = true;
                        break;
                    }
                    long len = runs.second(s);
                    long d = runs.first(s);
                    if (left >= len) {
                        left -= len;
                        address += d * len;
                        terminal++;
                        continue;
                    }
                    // The skip ends inside this run: `left` of its addresses are behind us.
                    return new DiffRleDecoder(g.expander(terminal + 1), runs, address + d * left, d, len - left);
                }
                if (!descended) return new DiffRleDecoder(g.expander(terminal), runs, address, 0, 0); // skip == stream length
            }
        }
    }

    private static void checkRun(int id, Alphabet runs) {
        if (id >= runs.size()) throw new IllegalStateException("run id " + id + " outside the run alphabet");
    }

    public boolean hasNext() {
        return pending > 0 || runsLeft.hasNext();
    }

    /**
     * Takes up to {@code max} of the next addresses at once, as the arithmetic progression they
     * form (they always do: they lie within one run): returns how many, 0 when the stream is
     * exhausted; {@link #first} and {@link #stride} describe them. Costs O(1) per run, not per
     * address, which is what lets an analysis reason about a strided sweep without expanding it.
     */
    public long nextProgression(long max) {
        if (max <= 0) return 0;
        if (pending == 0) {
            if (!runsLeft.hasNext()) return 0;
            int id = runsLeft.next();
            if (id >= runs.size()) throw new IllegalStateException("run id " + id + " outside the run alphabet");
            diff = runs.first(id);
            pending = runs.second(id);
        }
        long n = Math.min(max, pending);
        first = address + diff;
        address += diff * n;
        pending -= n;
        return n;
    }

    /** The first address of the progression {@link #nextProgression} returned last. */
    public long first() {
        return first;
    }

    /** The difference between consecutive addresses of that progression. */
    public long stride() {
        return diff;
    }

    public long nextLong() {
        if (pending == 0) {
            if (!runsLeft.hasNext()) throw new NoSuchElementException("address stream exhausted");
            int id = runsLeft.next();
            if (id >= runs.size()) throw new IllegalStateException("run id " + id + " outside the run alphabet");
            diff = runs.first(id);
            pending = runs.second(id);
        }
        pending--;
        address += diff;
        return address;
    }
}
