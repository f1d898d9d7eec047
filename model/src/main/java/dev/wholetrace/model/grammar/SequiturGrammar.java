package dev.wholetrace.model.grammar;

import java.util.Arrays;

/**
 * Online SEQUITUR (Nevill-Manning and Witten): appends terminals one at a time and restructures
 * the grammar so that, after every append,
 * <ul>
 *   <li>no digram (pair of adjacent symbols) occurs twice without overlapping, and</li>
 *   <li>every rule other than the start rule is referenced at least twice.</li>
 * </ul>
 * Amortised linear time in the input length.
 *
 * <p>Representation: every rule is a circular doubly linked list through a guard node. A node is
 * four consecutive ints of one array (symbol, next, prev, padding), so following a link costs one
 * cache line, not three. A node's symbol is a terminal (&ge; 0), a reference to rule r ({@code -1 - r}) or the guard of rule r
 * ({@code GUARD_BASE - r}). Digrams live in an open-addressing {@link NodeDigramTable} (entries checked against the nodes they name). Nothing is
 * allocated per symbol; freed nodes and rules are recycled through free lists.
 *
 * <p>Call {@link #toGrammar()} to obtain the immutable, canonically numbered {@link Grammar}. The
 * first {@link GrammarBuilder} ({@link GrammarAlgorithm#SEQUITUR}); code outside benchmarks of
 * SEQUITUR itself should hold the interface and make builders through {@link GrammarAlgorithm}.
 *
 * <p>About 400 lines on purpose: the digram table, the linked symbol lists and the two invariants'
 * repair steps work on the same primitive arrays and are only correct together.
 */
public final class SequiturGrammar implements GrammarBuilder {
    private static final int NIL = -1;
    private static final int MAX_RULES = 1 << 30;
    private static final int GUARD_BASE = -MAX_RULES - 1;
    private static final int START = 0;

    /** Node n occupies nodes[n, n+4): symbol, next, prev, unused (one node per 16-byte cell, never split across cache lines). */
    private static final int NODE = 4;
    private int[] nodes;
    private int nodeTop;
    private int freeNodes = NIL;
    private int liveNodes;
    private int peakLiveNodes;

    private int[] guard;
    private int[] uses;
    private int ruleTop;
    private int freeRules = NIL;
    private int liveRules;

    private final NodeDigramTable digrams;
    private long length;
    private long peakFootprint;

    public SequiturGrammar() {
        this(16);
    }

    /** @param expectedSymbols a hint for the initial capacity (the grammar grows as needed) */
    public SequiturGrammar(int expectedSymbols) {
        int capacity = Math.max(8, expectedSymbols);
        nodes = new int[capacity * NODE];
        int ruleCapacity = Math.max(4, capacity / 4);
        guard = new int[ruleCapacity];
        uses = new int[ruleCapacity];
        digrams = new NodeDigramTable(capacity);
        newRule(); // the start rule, always rule 0
    }

    @Override
    public void append(int terminal) {
        if (terminal < 0) throw new IllegalArgumentException("terminal must be >= 0: " + terminal);
        int g = guard[START];
        int last = nodes[g + 2];
        int n = newNode(terminal);
        nodes[n + 1] = g;
        nodes[g + 2] = n;
        nodes[last + 1] = n;
        nodes[n + 2] = last;
        length++;
        if (last != g) check(last);
    }

    @Override
    public void append(int[] terminals, int from, int to) {
        for (int i = from; i < to; i++) append(terminals[i]);
    }

    @Override
    public long length() {
        return length;
    }

    /**
     * Empties the grammar, keeping the node and rule arrays and the digram table (cleared in
     * place) unless the last string used under a quarter of them: then they shrink to twice
     * what it used. Peak footprint stays the largest over all strings.
     */
    @Override
    public boolean reset() {
        peakFootprint = peakFootprintBytes();
        int used = Math.max(8, peakLiveNodes);
        if ((long) used * NODE * 4 < nodes.length) {
            nodes = new int[2 * used * NODE];
            guard = new int[Math.max(4, used / 2)];
            uses = new int[guard.length];
        }
        digrams.clear(used);
        nodeTop = 0;
        freeNodes = NIL;
        liveNodes = 0;
        peakLiveNodes = 0;
        ruleTop = 0;
        freeRules = NIL;
        liveRules = 0;
        length = 0;
        newRule(); // the start rule, always rule 0
        return true;
    }

    @Override
    public int ruleCount() {
        return liveRules;
    }

    @Override
    public long symbolCount() {
        return liveNodes - liveRules; // every live rule owns one guard node
    }

    /** Bytes held by the builder's arrays at their largest so far (its peak live memory). */
    @Override
    public long peakFootprintBytes() {
        return Math.max(peakFootprint, footprintBytes());
    }

    /** Bytes held by the builder's arrays now: nodes, rule tables and the digram table. */
    @Override
    public long footprintBytes() {
        return nodes.length * 4L + guard.length * 8L + digrams.footprintBytes();
    }

    // ---- the SEQUITUR operations -------------------------------------------------------------

    /**
     * Enforces digram uniqueness for the digram starting at node {@code a}. Returns true if the
     * digram was already known (and has been dealt with), false if it was new.
     */
    private boolean check(int a) {
        int b = nodes[a + 1];
        int sa = nodes[a];
        int sb = nodes[b];
        if (sa < -MAX_RULES || sb < -MAX_RULES) return false; // a guard is not part of any digram
        long key = DigramTable.key(sa, sb);
        int found = digrams.putIfAbsent(key, a, nodes);
        if (found == NodeDigramTable.ABSENT || found == a) return false;
        if (nodes[found + 1] != a) match(a, found, key); // overlapping occurrences ("aaa") are left alone
        return true;
    }

    /** Replaces the digrams at {@code occurrence} and {@code earlier} by one rule. */
    private void match(int occurrence, int earlier, long key) {
        int r;
        int before = nodes[earlier + 2];
        if (isGuard(nodes[before]) && isGuard(nodes[nodes[nodes[earlier + 1] + 1]])) {
            r = ruleOfGuard(nodes[before]); // the earlier occurrence is a whole rule: reuse it
            // The digram's entry points at the rule body, never at this occurrence: no removal.
            substitute(occurrence, r, false);
        } else {
            r = newRule();
            int g = guard[r];
            int a = newSymbolNode(nodes[occurrence]);
            int b = newSymbolNode(nodes[nodes[occurrence + 1]]);
            nodes[g + 1] = a;
            nodes[a + 2] = g;
            nodes[a + 1] = b;
            nodes[b + 2] = a;
            nodes[b + 1] = g;
            nodes[g + 2] = b;
            // The digram's index entry goes with the earlier occurrence and is re-added for the
            // rule body once both occurrences are gone. Unless the digram is a pair of equal
            // symbols (whose run repairs may re-index it), nothing re-adds it in between, so
            // removing it again for the second occurrence would find nothing: skip that probe.
            substitute(earlier, r, true);
            substitute(occurrence, r, (int) (key >>> 32) == (int) key);
            digrams.put(key, a, nodes);
        }
        enforceUtility(r);
    }

    /**
     * A digram replacement removes one reference from each rule in it; a rule left with a single
     * reference is inlined. Both ends are checked because either may be such a rule.
     */
    private void enforceUtility(int r) {
        if (!isLive(r)) return;
        int first = nodes[guard[r] + 1];
        if (isRuleRef(nodes[first]) && uses[ruleOfRef(nodes[first])] == 1) expand(first);
        if (!isLive(r)) return;
        int last = nodes[guard[r] + 2];
        if (isRuleRef(nodes[last]) && uses[ruleOfRef(nodes[last])] == 1) expand(last);
    }

    /**
     * Replaces the digram starting at {@code s} by a reference to rule {@code r}. This is the
     * classic sequence (delete, delete, insert) minus the hash operations that cannot find
     * anything: the transient links q-b and q-c are never indexed, and the entry of the digram
     * itself is removed only if {@code dropOwn} (the caller knows when it cannot point at s).
     */
    private void substitute(int s, int r, boolean dropOwn) {
        // join(q, b), free s, join(q, c), free b, join(q, n) written out: the same index
        // operations in the same order, with the run repairs that cannot apply left out.
        int[] nd = nodes;
        int q = nd[s + 2];
        int b = nd[s + 1];
        int c = nd[b + 1];
        int sq = nd[q];
        int ss = nd[s];
        int sb = nd[b];
        int sc = nd[c];
        // join(q, b): drop q's digram, repair runs around b and before q.
        if (!isGuard(sq)) digrams.removeIfMapsTo(DigramTable.key(sq, ss), q, nd);
        if (sb == ss && sb == sc) digrams.put(DigramTable.key(sb, sc), b, nd);
        int lp = nd[q + 2];
        if (sq == ss && sq == nd[lp]) digrams.put(DigramTable.key(sq, sq), lp, nd);
        nd[q + 1] = b;
        nd[b + 2] = q;
        if (dropOwn) digrams.removeIfMapsTo(DigramTable.key(ss, sb), s, nd);
        if (isRuleRef(ss)) uses[ruleOfRef(ss)]--;
        freeNode(s);
        // join(q, c)
        if (sc == sb && sc == nd[nd[c + 1]]) digrams.put(DigramTable.key(sc, sc), c, nd);
        if (sq == sb && sq == nd[lp]) digrams.put(DigramTable.key(sq, sq), lp, nd);
        nd[q + 1] = c;
        nd[c + 2] = q;
        if (!isGuard(sc)) digrams.removeIfMapsTo(DigramTable.key(sb, sc), b, nd);
        if (isRuleRef(sb)) uses[ruleOfRef(sb)]--;
        freeNode(b);
        int n = newSymbolNode(-1 - r);
        nd = nodes;
        nd[n + 1] = c;
        nd[c + 2] = n;
        // join(q, n): n is fresh, so only the run before q can need repair.
        if (sq == sc && sq == nd[lp]) digrams.put(DigramTable.key(sq, sq), lp, nd);
        nd[q + 1] = n;
        nd[n + 2] = q;
        if (!check(q)) check(n);
    }

    /** Inlines the body of the rule referenced (once) at node {@code x}. */
    private void expand(int x) {
        int[] nd = nodes;
        int left = nd[x + 2];
        int right = nd[x + 1];
        int sx = nd[x];
        int r = ruleOfRef(sx);
        int g = guard[r];
        int first = nd[g + 1];
        int last = nd[g + 2];
        int sr = nd[right];
        if (!isGuard(sr)) digrams.removeIfMapsTo(DigramTable.key(sx, sr), x, nd);
        freeRule(r);
        freeNode(x);
        // join(left, first) and join(last, right) written out, with the same index operations in
        // the same order. The run repairs around first and after last cannot apply: their
        // would-be partners are the rule's (freed) guard.
        int sl = nd[left];
        if (!isGuard(sl)) digrams.removeIfMapsTo(DigramTable.key(sl, sx), left, nd);
        int lp = nd[left + 2];
        if (sl == sx && sl == nd[lp]) digrams.put(DigramTable.key(sl, sl), lp, nd);
        nd[left + 1] = first;
        nd[first + 2] = left;
        if (sr == sx && sr == nd[nd[right + 1]]) digrams.put(DigramTable.key(sr, sr), right, nd);
        nd[last + 1] = right;
        nd[right + 2] = last;
        // The two seams are new digrams: register them, merging with any earlier occurrence.
        check(last);
        if (nodes[left + 1] == first && nodes[first + 2] == left) check(left);
    }

    // ---- storage ---------------------------------------------------------------------------

    private static boolean isGuard(int s) {
        return s < -MAX_RULES;
    }

    private static boolean isRuleRef(int s) {
        return s < 0 && s >= -MAX_RULES;
    }

    private static int ruleOfRef(int s) {
        return -1 - s;
    }

    private static int ruleOfGuard(int s) {
        return GUARD_BASE - s;
    }

    private boolean isLive(int r) {
        return r < ruleTop && guard[r] != NIL;
    }

    private int newSymbolNode(int s) {
        if (isRuleRef(s)) uses[ruleOfRef(s)]++;
        return newNode(s);
    }

    private int newNode(int s) {
        int n;
        if (freeNodes != NIL) {
            n = freeNodes;
            freeNodes = nodes[n + 1];
        } else {
            if (nodeTop + NODE > nodes.length) growNodes();
            n = nodeTop;
            nodeTop += NODE;
        }
        nodes[n] = s;
        nodes[n + 1] = NIL;
        nodes[n + 2] = NIL;
        if (++liveNodes > peakLiveNodes) peakLiveNodes = liveNodes;
        return n;
    }

    private void freeNode(int n) {
        nodes[n + 1] = freeNodes;
        nodes[n + 2] = NIL;
        freeNodes = n;
        liveNodes--;
    }

    private void growNodes() {
        peakFootprint = Math.max(peakFootprint, footprintBytes());
        long capacity = Math.min(nodes.length + (long) (nodes.length >> 1) + 8 * NODE, Integer.MAX_VALUE - 16);
        capacity -= capacity % NODE;
        if (capacity <= nodes.length) throw new IllegalStateException("grammar exceeds " + nodes.length / NODE + " symbols");
        nodes = Arrays.copyOf(nodes, (int) capacity);
    }

    private int newRule() {
        int r;
        if (freeRules != NIL) {
            r = freeRules;
            freeRules = uses[r];
        } else {
            if (ruleTop == MAX_RULES) throw new IllegalStateException("grammar exceeds 2^30 rules");
            if (ruleTop == guard.length) {
                int capacity = guard.length + (guard.length >> 1) + 4;
                guard = Arrays.copyOf(guard, capacity);
                uses = Arrays.copyOf(uses, capacity);
            }
            r = ruleTop++;
        }
        int g = newNode(GUARD_BASE - r);
        nodes[g + 1] = g;
        nodes[g + 2] = g;
        guard[r] = g;
        uses[r] = 0;
        liveRules++;
        return r;
    }

    private void freeRule(int r) {
        freeNode(guard[r]);
        guard[r] = NIL;
        uses[r] = freeRules;
        freeRules = r;
        liveRules--;
    }

    // ---- export ----------------------------------------------------------------------------

    /**
     * Freezes the current grammar into an immutable {@link Grammar} whose rules are numbered
     * canonically (start rule 0, every reference pointing to a higher number), so the same input
     * always gives the same grammar. The builder stays usable.
     */
    @Override
    public Grammar toGrammar() {
        return GrammarFreezer.freeze(this);
    }

    // Accessors for the freezer and the invariants checker (same package).

    int startRule() {
        return START;
    }

    int ruleTop() {
        return ruleTop;
    }

    boolean ruleIsLive(int r) {
        return isLive(r);
    }

    int firstNode(int r) {
        return nodes[guard[r] + 1];
    }

    int guardNode(int r) {
        return guard[r];
    }

    int nextNode(int n) {
        return nodes[n + 1];
    }

    int prevNode(int n) {
        return nodes[n + 2];
    }

    int symbolAt(int n) {
        return nodes[n];
    }

    int usesOf(int r) {
        return uses[r];
    }

    static boolean symbolIsGuard(int s) {
        return isGuard(s);
    }

    static boolean symbolIsRule(int s) {
        return isRuleRef(s);
    }

    static int ruleOfSymbol(int s) {
        return ruleOfRef(s);
    }

    NodeDigramTable digrams() {
        return digrams;
    }

    /** The node array the digram table's entries index (its layout is this class's). */
    int[] nodeArray() {
        return nodes;
    }
}
