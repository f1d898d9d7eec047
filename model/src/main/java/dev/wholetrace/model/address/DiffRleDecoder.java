package dev.wholetrace.model.address;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import java.util.NoSuchElementException;

/**
 * Exact inverse of {@link DiffRleEncoder} and {@link PredictiveDiffRleEncoder}: streams the
 * addresses back from the run grammar and, for the latter, the exception list (an
 * {@link PredictiveDiffRleEncoder#ESCAPE} run of length n takes its differences from the next n
 * exceptions). A stream without an exception list (null: format versions up to 5) has no escape runs.
 */
public final class DiffRleDecoder {
    private final GrammarExpander runsLeft;
    private final Alphabet runs;
    private final long[] exceptions;
    private int nextException;
    private boolean escaped; // the current run takes its differences from the exceptions
    private long address;
    private long diff;
    private long pending;
    private long first;

    /** A stream of format version 5 or older: every run holds its difference. */
    public DiffRleDecoder(Grammar grammar, Alphabet runs) {
        this(grammar, runs, null);
    }

    /** @param exceptions the stream's exception list, or null for a stream that has none (version ≤ 5) */
    public DiffRleDecoder(Grammar grammar, Alphabet runs, long[] exceptions) {
        this.runsLeft = grammar.expander();
        this.runs = runs;
        this.exceptions = exceptions;
    }

    private DiffRleDecoder(GrammarExpander runsLeft, Alphabet runs, long[] exceptions, int nextException, boolean escaped, long address,
                           long diff, long pending) {
        this.runsLeft = runsLeft;
        this.runs = runs;
        this.exceptions = exceptions;
        this.nextException = nextException;
        this.escaped = escaped;
        this.address = address;
        this.diff = diff;
        this.pending = pending;
    }

    /**
     * A decoder whose next address is the {@code skip}-th of the stream (from 0), found without
     * decoding the ones before; {@link Seeker} when seeking one stream repeatedly.
     */
    public static DiffRleDecoder at(Grammar g, Alphabet runs, long skip) {
        return at(g, runs, null, skip);
    }

    /** As {@link #at(Grammar, Alphabet, long)}, for a stream with an exception list (or null). */
    public static DiffRleDecoder at(Grammar g, Alphabet runs, long[] exceptions, long skip) {
        return skip == 0 ? new DiffRleDecoder(g, runs, exceptions) : new Seeker(g, runs, exceptions).at(skip);
    }

    private static boolean isEscape(long[] exceptions, Alphabet runs, int id) {
        return exceptions != null && runs.first(id) == PredictiveDiffRleEncoder.ESCAPE;
    }

    /**
     * Random access into one address stream: every rule knows how many addresses it spans, how far
     * its own runs move the address and how many exceptions it consumes (computed once,
     * O(grammar)); prefix sums of the exception list give what the exceptions before a position
     * move. Each seek descends the grammar once, O(depth · rule length).
     */
    public static final class Seeker {
        private final Grammar g;
        private final Alphabet runs;
        private final long[] exceptions;
        private final long[] count;
        private final long[] move;
        private final long[] escapes;
        private final long[] prefix; // prefix[i]: the sum of exceptions 0..i-1

        public Seeker(Grammar g, Alphabet runs) {
            this(g, runs, null);
        }

        /** @param exceptions the stream's exception list, or null (format version ≤ 5) */
        public Seeker(Grammar g, Alphabet runs, long[] exceptions) {
            this.g = g;
            this.runs = runs;
            this.exceptions = exceptions;
            long[] count = new long[g.ruleCount()];
            long[] move = new long[g.ruleCount()];
            long[] escapes = new long[g.ruleCount()];
            g.foldBottomUp(rule -> {
                int r = rule.rule();
                for (int i = 0, len = rule.length(); i < len; i++) {
                    if (rule.isRule(i)) {
                        count[r] += count[rule.child(i)];
                        move[r] += move[rule.child(i)];
                        escapes[r] += escapes[rule.child(i)];
                    } else {
                        int s = rule.terminal(i);
                        checkRun(s, runs);
                        count[r] += runs.second(s);
                        if (isEscape(exceptions, runs, s)) escapes[r] += runs.second(s);
                        else move[r] += runs.first(s) * runs.second(s);
                    }
                }
            });
            int n = exceptions == null ? 0 : exceptions.length;
            if (g.ruleCount() > 0 && escapes[0] != n) {
                throw new IllegalStateException("the stream escapes " + escapes[0] + " differences but has " + n + " exceptions");
            }
            long[] prefix = new long[n + 1];
            for (int i = 0; i < n; i++) prefix[i + 1] = prefix[i] + exceptions[i];
            this.count = count;
            this.move = move;
            this.escapes = escapes;
            this.prefix = prefix;
        }

        /** A decoder whose next address is the {@code skip}-th of the stream (from 0). */
        public DiffRleDecoder at(long skip) {
            if (skip < 0 || skip > count[0]) throw new IndexOutOfBoundsException("address " + skip + " outside [0, " + count[0] + "]");
            long address = 0;
            long terminal = 0; // run symbols consumed so far
            int escaped = 0; // exceptions consumed so far
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
                            address += move[c] + prefix[escaped + (int) escapes[c]] - prefix[escaped];
                            escaped += (int) escapes[c];
                            terminal += g.expandedLength(c);
                            continue;
                        }
                        rule = c;
                        descended = true;
                        break;
                    }
                    long len = runs.second(s);
                    if (isEscape(exceptions, runs, s)) {
                        long k = Math.min(left, len);
                        address += prefix[escaped + (int) k] - prefix[escaped];
                        escaped += (int) k;
                        if (left >= len) {
                            left -= len;
                            terminal++;
                            continue;
                        }
                        return new DiffRleDecoder(g.expander(terminal + 1), runs, exceptions, escaped, true, address, 0, len - left);
                    }
                    long d = runs.first(s);
                    if (left >= len) {
                        left -= len;
                        address += d * len;
                        terminal++;
                        continue;
                    }
                    // The skip ends inside this run: `left` of its addresses are behind us.
                    return new DiffRleDecoder(g.expander(terminal + 1), runs, exceptions, escaped, false, address + d * left, d, len - left);
                }
                if (!descended) { // skip == stream length
                    return new DiffRleDecoder(g.expander(terminal), runs, exceptions, escaped, false, address, 0, 0);
                }
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
            startRun();
        }
        if (escaped) { // an exception is a progression of one
            diff = nextException();
            pending--;
            address += diff;
            first = address;
            return 1;
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
            startRun();
        }
        pending--;
        if (escaped) diff = nextException();
        address += diff;
        return address;
    }

    private void startRun() {
        int id = runsLeft.next();
        if (id >= runs.size()) throw new IllegalStateException("run id " + id + " outside the run alphabet");
        escaped = isEscape(exceptions, runs, id);
        diff = escaped ? 0 : runs.first(id);
        pending = runs.second(id);
    }

    private long nextException() {
        if (nextException >= exceptions.length) throw new IllegalStateException("the stream escapes more differences than its " + exceptions.length + " exceptions");
        return exceptions[nextException++];
    }
}
