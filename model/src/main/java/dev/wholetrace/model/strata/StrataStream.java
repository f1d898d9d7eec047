package dev.wholetrace.model.strata;

import dev.wholetrace.model.grammar.Grammar;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One chunk of one thread's control string stored as strata (StreamKinds.STRATA,
 * docs/trace-format.md "The strata stream"): the chunk's cyclic paths (sequences of control
 * symbols), its layer-0 strata (sequences of [path, tripcount] pairs) and, from format version 15,
 * the strata of layers 1..L-1 (sequences of [stratum of the layer below, tripcount] pairs), the
 * [stratum, tripcount] runs of the top layer's strata (the top alphabet), and a grammar over that
 * alphabet whose expansion is the chunk's sequence of top-layer runs. From version 16 a stream may
 * store no layer ({@link StrataLower}): its runs are then [path, tripcount] runs.
 *
 * <p>{@link #unfold} turns it into an ordinary WPP over the control symbols (paths become rules,
 * a trip count a rule of repetitions by doubling), which is what every reader reads; the stored
 * form is what the file holds. Everything is flat arrays: no object per path or stratum.
 */
public final class StrataStream {
    /** Trip counts up to this are written out in a body; longer ones use doubling rules. */
    private static final int INLINE_TRIP = 4;

    private final int[] pathStart;
    private final int[] pathSymbols;
    /** Per stored layer k, its strata: stratum s of layer k is {@code stratumElements[k][stratumStart[k][s], stratumStart[k][s + 1])}. */
    private final int[][] stratumStart;
    private final long[][] stratumElements;
    private final long[] runs;
    private final Grammar grammar;

    /**
     * One stored layer (layer 0): what every version up to 14 stores.
     *
     * @param pathStart       path p is {@code pathSymbols[pathStart[p], pathStart[p + 1])}; length paths + 1
     * @param pathSymbols     the paths' control symbols, back to back
     * @param stratumStart    stratum s is {@code stratumElements[stratumStart[s], stratumStart[s + 1])}
     * @param stratumElements the strata's elements, {@link Runs#pair}(path, trip)
     * @param runs            the top alphabet: {@link Runs#pair}(stratum, trip) per terminal of {@code grammar}
     * @param grammar         the chunk's stratum runs, terminals indexing {@code runs}
     * @throws IllegalArgumentException if an index points nowhere, a sequence is empty or a trip count is 0
     */
    public StrataStream(int[] pathStart, int[] pathSymbols, int[] stratumStart, long[] stratumElements, long[] runs, Grammar grammar) {
        this(pathStart, pathSymbols, new int[][] {stratumStart}, new long[][] {stratumElements}, runs, grammar);
    }

    /**
     * Layers 0..L-1 stored (format version 15 on): layer 0's elements name paths, layer k's name
     * strata of layer k-1, and the runs name strata of the top layer L-1; with no layer (L = 0,
     * format version 16 on: {@link StrataLower}) the runs name paths.
     *
     * @param stratumStart    per layer, its strata's offsets into that layer's elements
     * @param stratumElements per layer, its strata's elements, {@link Runs#pair}(id in the layer below, trip)
     * @throws IllegalArgumentException if an index points nowhere, a sequence is empty or a trip count is 0
     */
    public StrataStream(int[] pathStart, int[] pathSymbols, int[][] stratumStart, long[][] stratumElements, long[] runs, Grammar grammar) {
        if (stratumStart.length != stratumElements.length) throw new IllegalArgumentException("stratum layers without their elements");
        checkStarts(pathStart, pathSymbols.length, "path");
        for (int s : pathSymbols) if (s < 0) throw new IllegalArgumentException("a path holds symbol " + s);
        int below = pathStart.length - 1;
        String names = "a stratum element names path ";
        for (int k = 0; k < stratumStart.length; k++) {
            checkStarts(stratumStart[k], stratumElements[k].length, "stratum");
            for (long e : stratumElements[k]) checkPair(e, below, names);
            below = stratumStart[k].length - 1;
            names = "a stratum element of layer " + (k + 1) + " names stratum ";
        }
        for (long r : runs) checkPair(r, below, stratumStart.length == 0 ? "a run names path " : "a run names stratum ");
        if (grammar.maxTerminal() >= runs.length) throw new IllegalArgumentException("the grammar uses run " + grammar.maxTerminal() + " of " + runs.length);
        this.pathStart = pathStart;
        this.pathSymbols = pathSymbols;
        this.stratumStart = stratumStart;
        this.stratumElements = stratumElements;
        this.runs = runs;
        this.grammar = grammar;
    }

    private static void checkStarts(int[] start, int total, String what) {
        if (start.length < 1 || start[0] != 0 || start[start.length - 1] != total) throw new IllegalArgumentException(what + " offsets do not cover the table");
        for (int i = 1; i < start.length; i++) if (start[i] <= start[i - 1]) throw new IllegalArgumentException("an empty " + what);
    }

    private static void checkPair(long pair, int count, String what) {
        int id = Runs.id(pair);
        if (id < 0 || id >= count) throw new IllegalArgumentException(what + id + " of " + count);
        if (Runs.trip(pair) == 0) throw new IllegalArgumentException("a trip count of 0");
    }

    public int pathCount() {
        return pathStart.length - 1;
    }

    public int pathLength(int p) {
        return pathStart[p + 1] - pathStart[p];
    }

    public int pathSymbol(int p, int i) {
        return pathSymbols[pathStart[p] + i];
    }

    /** Stratum layers stored: 1 (layer 0) up to format version 14; 0 when the runs are of paths (version 16 on). */
    public int layers() {
        return stratumStart.length;
    }

    /** Strata of layer 0 (none when no layer is stored). */
    public int stratumCount() {
        return stratumStart.length == 0 ? 0 : stratumCount(0);
    }

    public int stratumCount(int layer) {
        return stratumStart[layer].length - 1;
    }

    public int stratumLength(int s) {
        return stratumLength(0, s);
    }

    public int stratumLength(int layer, int s) {
        return stratumStart[layer][s + 1] - stratumStart[layer][s];
    }

    /** Element {@code i} of stratum {@code s} of layer 0: {@link Runs#pair}(path, trip). */
    public long stratumElement(int s, int i) {
        return stratumElement(0, s, i);
    }

    /** Element {@code i} of stratum {@code s} of {@code layer}: {@link Runs#pair}(id in the layer below, trip). */
    public long stratumElement(int layer, int s, int i) {
        return stratumElements[layer][stratumStart[layer][s] + i];
    }

    public int runCount() {
        return runs.length;
    }

    /** Terminal {@code t} of the grammar: {@link Runs#pair}(stratum of the top layer, or path when no layer is stored, trip). */
    public long run(int t) {
        return runs[t];
    }

    /** The grammar over the runs. */
    public Grammar grammar() {
        return grammar;
    }

    /** The same paths under other stratum layers, runs and grammar ({@link StrataRaise}). */
    StrataStream withLayers(int[][] starts, long[][] elements, long[] topRuns, Grammar g) {
        return new StrataStream(pathStart, pathSymbols, starts, elements, topRuns, g);
    }

    /** The layers' stratum offsets (not copied: for {@link StrataRaise}, which copies the outer array). */
    int[][] stratumStarts() {
        return stratumStart;
    }

    /** The layers' elements (not copied: for {@link StrataRaise}). */
    long[][] stratumElements() {
        return stratumElements;
    }

    /** The same paths, strata and runs under another grammar of the same run sequence (recompress --grammar). */
    public StrataStream withGrammar(Grammar g) {
        return new StrataStream(pathStart, pathSymbols, stratumStart, stratumElements, runs, g);
    }

    /**
     * The WPP this stream stands for: a grammar over the control symbols whose expansion is the
     * chunk's control string. Deterministic (the writer computes the sync counts it stores on
     * this grammar, and a reader recomputes it): rule numbering by {@link Grammar#fromRules}.
     *
     * @throws IllegalArgumentException if the expansion would exceed 2^63 symbols
     */
    public Grammar unfold() {
        Rules rules = new Rules(grammar.ruleCount());
        int[] pathRef = new int[pathCount()];
        for (int p = 0; p < pathRef.length; p++) {
            int from = pathStart[p];
            int len = pathStart[p + 1] - from;
            pathRef[p] = len == 1 ? pathSymbols[from] : rules.add(Arrays.copyOfRange(pathSymbols, from, from + len));
        }
        int[] belowRef = pathRef;
        int[] body = new int[16];
        for (int layer = 0; layer < stratumStart.length; layer++) { // a layer's strata are rules of the layer below's references
            int[] start = stratumStart[layer];
            long[] elements = stratumElements[layer];
            int[] ref = new int[start.length - 1];
            for (int s = 0; s < ref.length; s++) {
                int at = 0;
                for (int i = start[s]; i < start[s + 1]; i++) {
                    long e = elements[i];
                    int x = belowRef[Runs.id(e)];
                    long trip = Runs.trip(e);
                    if (at + INLINE_TRIP >= body.length) body = Arrays.copyOf(body, body.length * 2);
                    if (trip <= INLINE_TRIP) for (int k = 0; k < trip; k++) body[at++] = x;
                    else body[at++] = rules.repeat(x, trip);
                }
                ref[s] = at == 1 ? body[0] : rules.add(Arrays.copyOf(body, at));
            }
            belowRef = ref;
        }
        int[] stratumRef = belowRef;
        int[] runRef = new int[runs.length];
        for (int t = 0; t < runs.length; t++) runRef[t] = rules.repeat(stratumRef[Runs.id(runs[t])], Runs.trip(runs[t]));
        for (int r = 0; r < grammar.ruleCount(); r++) {
            int[] b = grammar.body(r);
            for (int i = 0; i < b.length; i++) if (b[i] >= 0) b[i] = runRef[b[i]];
            rules.bodies[r] = b; // the grammar's rule r stays rule r: its references are unchanged
        }
        return Grammar.fromRules(Arrays.copyOf(rules.bodies, rules.count));
    }

    /** The rule bodies of the unfolded grammar under construction; rules 0..n-1 are the stored grammar's. */
    private static final class Rules {
        int[][] bodies;
        int count;
        /** Per repeated symbol, its powers: x, x², x⁴, … as symbols. */
        private final Map<Integer, int[]> powers = new HashMap<>();

        Rules(int reserved) {
            bodies = new int[Math.max(16, reserved * 2)][];
            count = reserved;
        }

        /** A new rule; returns its reference. */
        int add(int[] body) {
            if (count == bodies.length) bodies = Arrays.copyOf(bodies, count * 2);
            bodies[count] = body;
            return Grammar.ref(count++);
        }

        /** {@code x} repeated {@code trip} times as one symbol (x itself for 1). */
        int repeat(int x, long trip) {
            if (trip == 1) return x;
            if (trip <= INLINE_TRIP) {
                int[] b = new int[(int) trip];
                Arrays.fill(b, x);
                return add(b);
            }
            int bits = 64 - Long.numberOfLeadingZeros(trip);
            int[] pow = powers.get(x);
            if (pow == null || pow.length < bits) {
                int[] p = new int[bits];
                int have = pow == null ? 0 : pow.length;
                if (have > 0) System.arraycopy(pow, 0, p, 0, have);
                else p[have++] = x;
                for (int k = have; k < bits; k++) p[k] = add(new int[] {p[k - 1], p[k - 1]});
                powers.put(x, pow = p);
            }
            int[] b = new int[Long.bitCount(trip)];
            int at = 0;
            for (int k = bits - 1; k >= 0; k--) if ((trip >>> k & 1) != 0) b[at++] = pow[k];
            return add(b);
        }
    }
}
