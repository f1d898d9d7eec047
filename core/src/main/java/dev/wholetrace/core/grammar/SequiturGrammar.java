package dev.wholetrace.core.grammar;

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
 * <p>Representation: every rule is a circular doubly linked list through a guard node, kept in
 * three parallel int arrays ({@code sym}, {@code next}, {@code prev}) indexed by node. A node's
 * {@code sym} is a terminal (&ge; 0), a reference to rule r ({@code -1 - r}) or the guard of rule r
 * ({@code GUARD_BASE - r}). Digrams live in an open-addressing {@link DigramTable}. Nothing is
 * allocated per symbol; freed nodes and rules are recycled through free lists.
 *
 * <p>Call {@link #toGrammar()} to obtain the immutable, canonically numbered {@link Grammar}.
 */
public final class SequiturGrammar {
    /** Largest terminal accepted: terminals and rule references share the int range. */
    public static final int MAX_TERMINAL = Integer.MAX_VALUE;

    private static final int NIL = -1;
    private static final int MAX_RULES = 1 << 30;
    private static final int GUARD_BASE = -MAX_RULES - 1;
    private static final int START = 0;

    private int[] sym;
    private int[] next;
    private int[] prev;
    private int nodeTop;
    private int freeNodes = NIL;
    private int liveNodes;
    private int peakLiveNodes;

    private int[] guard;
    private int[] uses;
    private int ruleTop;
    private int freeRules = NIL;
    private int liveRules;

    private final DigramTable digrams;
    private long length;
    private long peakFootprint;

    public SequiturGrammar() {
        this(16);
    }

    /** @param expectedSymbols a hint for the initial capacity (the grammar grows as needed) */
    public SequiturGrammar(int expectedSymbols) {
        int capacity = Math.max(8, expectedSymbols);
        sym = new int[capacity];
        next = new int[capacity];
        prev = new int[capacity];
        int ruleCapacity = Math.max(4, capacity / 4);
        guard = new int[ruleCapacity];
        uses = new int[ruleCapacity];
        digrams = new DigramTable(capacity);
        newRule(); // the start rule, always rule 0
    }

    /** Appends one terminal symbol to the input. */
    public void append(int terminal) {
        if (terminal < 0) throw new IllegalArgumentException("terminal must be >= 0: " + terminal);
        int g = guard[START];
        int last = prev[g];
        int n = newNode(terminal);
        next[n] = g;
        prev[g] = n;
        next[last] = n;
        prev[n] = last;
        length++;
        if (last != g) check(last);
    }

    /** Appends every terminal of {@code terminals[from, to)}. */
    public void append(int[] terminals, int from, int to) {
        for (int i = from; i < to; i++) append(terminals[i]);
    }

    /** Number of terminals appended so far. */
    public long length() {
        return length;
    }

    /** Number of rules currently in the grammar, the start rule included. */
    public int ruleCount() {
        return liveRules;
    }

    /** Number of symbols on the right-hand sides of all rules. */
    public long symbolCount() {
        return liveNodes - liveRules; // every live rule owns one guard node
    }

    /** Bytes held by the builder's arrays at their largest so far (its peak live memory). */
    public long peakFootprintBytes() {
        return Math.max(peakFootprint, footprintBytes());
    }

    private long footprintBytes() {
        return sym.length * 12L + guard.length * 8L + digrams.footprintBytes();
    }

    // ---- the SEQUITUR operations -------------------------------------------------------------

    /**
     * Enforces digram uniqueness for the digram starting at node {@code a}. Returns true if the
     * digram was already known (and has been dealt with), false if it was new.
     */
    private boolean check(int a) {
        int b = next[a];
        int sa = sym[a];
        int sb = sym[b];
        if (sa < -MAX_RULES || sb < -MAX_RULES) return false; // a guard is not part of any digram
        int found = digrams.putIfAbsent(DigramTable.key(sa, sb), a);
        if (found == DigramTable.ABSENT || found == a) return false;
        if (next[found] != a) match(a, found); // overlapping occurrences ("aaa") are left alone
        return true;
    }

    /** Replaces the digrams at {@code occurrence} and {@code earlier} by one rule. */
    private void match(int occurrence, int earlier) {
        int r;
        int before = prev[earlier];
        if (isGuard(sym[before]) && isGuard(sym[next[next[earlier]]])) {
            r = ruleOfGuard(sym[before]); // the earlier occurrence is a whole rule: reuse it
            substitute(occurrence, r);
        } else {
            r = newRule();
            int g = guard[r];
            int a = newSymbolNode(sym[occurrence]);
            int b = newSymbolNode(sym[next[occurrence]]);
            next[g] = a;
            prev[a] = g;
            next[a] = b;
            prev[b] = a;
            next[b] = g;
            prev[g] = b;
            substitute(earlier, r);
            substitute(occurrence, r);
            digrams.put(DigramTable.key(sym[a], sym[b]), a);
        }
        enforceUtility(r);
    }

    /**
     * A digram replacement removes one reference from each rule in it; a rule left with a single
     * reference is inlined. Both ends are checked because either may be such a rule.
     */
    private void enforceUtility(int r) {
        if (!isLive(r)) return;
        int first = next[guard[r]];
        if (isRuleRef(sym[first]) && uses[ruleOfRef(sym[first])] == 1) expand(first);
        if (!isLive(r)) return;
        int last = prev[guard[r]];
        if (isRuleRef(sym[last]) && uses[ruleOfRef(sym[last])] == 1) expand(last);
    }

    /** Replaces the digram starting at {@code s} by a reference to rule {@code r}. */
    private void substitute(int s, int r) {
        int q = prev[s];
        deleteSymbol(next[q]);
        deleteSymbol(next[q]);
        int n = newSymbolNode(-1 - r);
        insertAfter(q, n);
        if (!check(q)) check(next[q]);
    }

    /** Inlines the body of the rule referenced (once) at node {@code x}. */
    private void expand(int x) {
        int left = prev[x];
        int right = next[x];
        int r = ruleOfRef(sym[x]);
        int g = guard[r];
        int first = next[g];
        int last = prev[g];
        if (!isGuard(sym[right])) digrams.removeIfMapsTo(DigramTable.key(sym[x], sym[right]), x);
        freeRule(r);
        freeNode(x);
        join(left, first);
        join(last, right);
        // The two seams are new digrams: register them, merging with any earlier occurrence.
        check(last);
        if (next[left] == first && prev[first] == left) check(left);
    }

    /** Unlinks and frees a body symbol, dropping its digram and its rule reference. */
    private void deleteSymbol(int x) {
        join(prev[x], next[x]);
        int s = sym[x];
        if (!isGuard(s)) {
            deleteDigram(x);
            if (isRuleRef(s)) uses[ruleOfRef(s)]--;
        }
        freeNode(x);
    }

    private void insertAfter(int a, int y) {
        join(y, next[a]);
        join(a, y);
    }

    /** Links {@code left -> right}, keeping the digram table right around runs of equal symbols. */
    private void join(int left, int right) {
        int oldNext = next[left];
        if (oldNext != NIL) {
            deleteDigram(left);
            // In a run "aaa" only the first "aa" is in the table; when a link in or around the
            // run changes, the occurrence that survives must be registered again.
            int rp = prev[right];
            int rn = next[right];
            if (rp != NIL && rn != NIL && sym[right] == sym[rp] && sym[right] == sym[rn]) {
                digrams.put(DigramTable.key(sym[right], sym[rn]), right);
            }
            int lp = prev[left];
            if (lp != NIL && sym[left] == sym[oldNext] && sym[left] == sym[lp]) {
                digrams.put(DigramTable.key(sym[lp], sym[left]), lp);
            }
        }
        next[left] = right;
        prev[right] = left;
    }

    private void deleteDigram(int a) {
        int sa = sym[a];
        int b = next[a];
        if (b == NIL) return;
        int sb = sym[b];
        if (sa < -MAX_RULES || sb < -MAX_RULES) return;
        digrams.removeIfMapsTo(DigramTable.key(sa, sb), a);
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
            freeNodes = next[n];
        } else {
            if (nodeTop == sym.length) growNodes();
            n = nodeTop++;
        }
        sym[n] = s;
        next[n] = NIL;
        prev[n] = NIL;
        if (++liveNodes > peakLiveNodes) peakLiveNodes = liveNodes;
        return n;
    }

    private void freeNode(int n) {
        next[n] = freeNodes;
        prev[n] = NIL;
        freeNodes = n;
        liveNodes--;
    }

    private void growNodes() {
        peakFootprint = Math.max(peakFootprint, footprintBytes());
        int capacity = sym.length + (sym.length >> 1) + 8;
        sym = Arrays.copyOf(sym, capacity);
        next = Arrays.copyOf(next, capacity);
        prev = Arrays.copyOf(prev, capacity);
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
        next[g] = g;
        prev[g] = g;
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
        return next[guard[r]];
    }

    int guardNode(int r) {
        return guard[r];
    }

    int nextNode(int n) {
        return next[n];
    }

    int prevNode(int n) {
        return prev[n];
    }

    int symbolAt(int n) {
        return sym[n];
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

    DigramTable digrams() {
        return digrams;
    }
}
