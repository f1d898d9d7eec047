package dev.wholetrace.model.grammar;

import java.util.Arrays;

/**
 * An immutable straight-line grammar: a Whole Program Path. Rule 0 is the start rule and every
 * rule only references rules with a higher number, so the rules form a DAG in topological order.
 *
 * <p>Bodies are stored back to back in one int array. A body symbol is a terminal (&ge; 0) or a
 * reference to rule r, encoded as {@code -1 - r} (see {@link #ref}, {@link #isRule},
 * {@link #ruleOf}). Each rule knows its expanded length, which gives random access to the i-th
 * terminal in O(depth · log rule length) and a streaming {@link GrammarExpander} in O(depth)
 * memory.
 */
public final class Grammar {
    private final int[] offsets;
    private final int[] body;
    private final long[] expandedLength;
    private final int[] depth;
    private long[] prefix; // lazily built: expanded length before each body position, per rule

    /**
     * The grammar's own layout, validated; package-private so that the layout stays an internal
     * matter: everything outside builds grammars with {@link #fromRules} and reads them through the
     * symbol helpers and {@link #foldBottomUp}.
     *
     * @param offsets rule r's body is {@code body[offsets[r], offsets[r+1])}; length = rules + 1
     * @throws IllegalArgumentException if the arrays do not describe a valid grammar
     */
    Grammar(int[] offsets, int[] body) {
        if (offsets.length < 2 || offsets[0] != 0 || offsets[offsets.length - 1] != body.length) {
            throw new IllegalArgumentException("rule offsets do not cover the body");
        }
        this.offsets = offsets;
        this.body = body;
        int rules = offsets.length - 1;
        expandedLength = new long[rules];
        depth = new int[rules];
        for (int r = rules - 1; r >= 0; r--) {
            int from = offsets[r];
            int to = offsets[r + 1];
            if (from < 0 || to < from) throw new IllegalArgumentException("rule " + r + " has a negative length or offset");
            long len = 0;
            int d = 0;
            for (int i = from; i < to; i++) {
                int s = body[i];
                if (s >= 0) {
                    if (++len < 0) throw new IllegalArgumentException("grammar expands to more than 2^63 symbols");
                    continue;
                }
                int child = -1 - s;
                if (child <= r || child >= rules) {
                    throw new IllegalArgumentException("rule " + r + " references rule " + child
                            + " (references must point to a later rule)");
                }
                len += expandedLength[child];
                if (len < 0) throw new IllegalArgumentException("grammar expands to more than 2^63 symbols");
                d = Math.max(d, depth[child]);
            }
            expandedLength[r] = len;
            depth[r] = d + 1;
        }
    }

    /**
     * Builds a grammar from rule bodies in any numbering ({@code bodies[0]} is the start rule, a
     * reference to {@code bodies[k]} is {@code ref(k)}), renumbered canonically: the order a
     * depth-first walk from the start rule finishes rules, reversed. This is the numbering
     * {@link SequiturGrammar#toGrammar()} produces, so equal DAGs give equal grammars. Rules not
     * reachable from the start rule are dropped.
     *
     * @throws IllegalArgumentException on a reference out of range or a cycle
     */
    public static Grammar fromRules(int[][] bodies) {
        int n = bodies.length;
        if (n == 0) throw new IllegalArgumentException("a grammar needs a start rule");
        byte[] state = new byte[n]; // 0 unseen, 1 on the stack, 2 finished
        int[] post = new int[n];
        int postCount = 0;
        int[] stackRule = new int[16];
        int[] stackPos = new int[16];
        int sp = 0;
        stackRule[sp++] = 0;
        state[0] = 1;
        while (sp > 0) {
            int r = stackRule[sp - 1];
            int[] b = bodies[r];
            int i = stackPos[sp - 1];
            int child = -1;
            while (i < b.length && child < 0) {
                int s = b[i++];
                if (s >= 0) continue;
                int c = -1 - s;
                if (c >= n) throw new IllegalArgumentException("rule " + r + " references missing rule " + c);
                if (state[c] == 1) throw new IllegalArgumentException("rule " + c + " is part of a cycle");
                if (state[c] == 0) child = c;
            }
            stackPos[sp - 1] = i;
            if (child < 0) {
                state[r] = 2;
                post[postCount++] = r;
                sp--;
                continue;
            }
            state[child] = 1;
            if (sp == stackRule.length) {
                stackRule = Arrays.copyOf(stackRule, sp * 2);
                stackPos = Arrays.copyOf(stackPos, sp * 2);
            }
            stackRule[sp] = child;
            stackPos[sp++] = 0;
        }
        int[] newId = new int[n];
        Arrays.fill(newId, -1);
        for (int k = 0; k < postCount; k++) newId[post[postCount - 1 - k]] = k;
        int[] offsets = new int[postCount + 1];
        long total = 0;
        for (int k = 0; k < postCount; k++) {
            offsets[k] = (int) total;
            total += bodies[post[postCount - 1 - k]].length;
            if (total > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("grammar too large");
        }
        offsets[postCount] = (int) total;
        int[] body = new int[(int) total];
        int at = 0;
        for (int k = 0; k < postCount; k++) {
            for (int s : bodies[post[postCount - 1 - k]]) body[at++] = s >= 0 ? s : ref(newId[-1 - s]);
        }
        return new Grammar(offsets, body);
    }

    /** The grammar of the empty string. */
    public static Grammar empty() {
        return new Grammar(new int[] {0, 0}, new int[0]);
    }

    /** The body symbol that references {@code rule} (for {@link #fromRules}' bodies). */
    public static int ref(int rule) {
        return -1 - rule;
    }

    /** Whether a body symbol ({@link #symbol}, {@link #body}) references a rule; else it is a terminal. */
    public static boolean isRule(int symbol) {
        return symbol < 0;
    }

    /** The rule a body symbol references; only meaningful when {@link #isRule} holds. */
    public static int ruleOf(int symbol) {
        return -1 - symbol;
    }

    /** Number of terminals the grammar expands to. */
    public long length() {
        return expandedLength[0];
    }

    public int ruleCount() {
        return offsets.length - 1;
    }

    /** Total number of symbols on all right-hand sides: the grammar's size. */
    public int symbolCount() {
        return body.length;
    }

    /** Height of the derivation tree: 1 for a start rule made only of terminals. */
    public int depth() {
        return depth[0];
    }

    /** Number of symbols on the rule's right-hand side. */
    public int bodyLength(int rule) {
        return offsets[rule + 1] - offsets[rule];
    }

    /** Symbol {@code index} of the rule's body: a terminal, or a rule reference ({@link #isRule}, {@link #ruleOf}). */
    public int symbol(int rule, int index) {
        return body[offsets[rule] + index];
    }

    /** A copy of the rule's body, symbols as {@link #symbol} gives them. */
    public int[] body(int rule) {
        return Arrays.copyOfRange(body, offsets[rule], offsets[rule + 1]);
    }

    /**
     * This grammar with the start rule's first symbol, which must be a terminal, replaced by
     * {@code terminal}: the same rules otherwise, so the same length and structure. Address
     * streams of the same shape differ only there (their first difference is an absolute address).
     *
     * @throws IllegalArgumentException if the start rule is empty or begins with a rule, or {@code terminal} is negative
     */
    public Grammar withFirstSymbol(int terminal) {
        if (terminal < 0) throw new IllegalArgumentException("not a terminal: " + terminal);
        if (bodyLength(0) == 0 || isRule(body[0])) throw new IllegalArgumentException("the start rule does not begin with a terminal");
        int[] b = body.clone();
        b[0] = terminal;
        return new Grammar(offsets, b);
    }

    /** Number of terminals the rule expands to. */
    public long expandedLength(int rule) {
        return expandedLength[rule];
    }

    public int depth(int rule) {
        return depth[rule];
    }

    /** The largest terminal, or -1 if there is none. */
    public long maxTerminal() {
        long max = -1;
        for (int s : body) if (s > max) max = s;
        return max;
    }

    /** How many times each rule is referenced from right-hand sides (the start rule: 0). */
    public int[] referenceCounts() {
        int[] uses = new int[ruleCount()];
        for (int s : body) if (s < 0) uses[-1 - s]++;
        return uses;
    }

    /**
     * The one way to compute per-rule summaries (counts, sums, flags) over the grammar: calls
     * {@code visitor} once per rule, every rule after all rules it references (children before
     * parents), with a cursor over its body. Costs one pass over the grammar symbols and no
     * allocation besides the one cursor.
     */
    public void foldBottomUp(RuleVisitor visitor) {
        RuleCursor cursor = new RuleCursor(offsets, body);
        for (int r = ruleCount() - 1; r >= 0; r--) { // every reference points to a higher number
            cursor.moveTo(r);
            visitor.visit(cursor);
        }
    }

    /** How often each terminal below {@code size} occurs in the expansion (one pass over the rules, none expanded). */
    public long[] terminalCounts(int size) {
        long[] occurrences = occurrences();
        long[] counts = new long[size];
        for (int r = 0; r < ruleCount(); r++) {
            for (int i = 0, n = bodyLength(r); i < n; i++) {
                int s = symbol(r, i);
                if (!isRule(s)) counts[s] += occurrences[r];
            }
        }
        return counts;
    }

    /**
     * How many times each rule occurs in the derivation tree: 1 for the start rule, for every other
     * the sum over its parents of their occurrences times the references. A rule's terminals occur
     * that many times in the expansion, which is how counts are taken on the grammar.
     */
    public long[] occurrences() {
        int rules = ruleCount();
        long[] uses = new long[rules];
        uses[0] = 1;
        for (int r = 0; r < rules; r++) { // parents come first: uses[r] is final here
            for (int i = offsets[r]; i < offsets[r + 1]; i++) {
                int s = body[i];
                if (s < 0) uses[-1 - s] += uses[r];
            }
        }
        return uses;
    }

    /** The terminal at position {@code index} of the expansion, without expanding the rest. */
    public int terminalAt(long index) {
        if (index < 0 || index >= length()) {
            throw new IndexOutOfBoundsException("index " + index + " outside [0, " + length() + ")");
        }
        long[] pre = prefix();
        int rule = 0;
        long i = index;
        while (true) {
            int pos = locate(pre, offsets[rule], offsets[rule + 1], i);
            int s = body[pos];
            if (s >= 0) return s;
            i -= pre[pos];
            rule = -1 - s;
        }
    }

    /** A streaming expansion from the first terminal. */
    public GrammarExpander expander() {
        return new GrammarExpander(this, 0, 0);
    }

    /** A streaming expansion starting at terminal {@code from}. */
    public GrammarExpander expander(long from) {
        return new GrammarExpander(this, 0, from);
    }

    /** A streaming expansion of one rule. */
    public GrammarExpander ruleExpander(int rule) {
        if (rule < 0 || rule >= ruleCount()) throw new IndexOutOfBoundsException("no rule " + rule);
        return new GrammarExpander(this, rule, 0);
    }

    /** A streaming expansion of one rule, starting at offset {@code from} of its expansion. */
    public GrammarExpander ruleExpander(int rule, long from) {
        if (rule < 0 || rule >= ruleCount()) throw new IndexOutOfBoundsException("no rule " + rule);
        return new GrammarExpander(this, rule, from);
    }

    /** The whole expansion in an array; for tests and small grammars. */
    public int[] expand() {
        if (length() > Integer.MAX_VALUE - 8) throw new IllegalStateException("expansion too long for an array");
        int[] out = new int[(int) length()];
        expander().read(out, 0, out.length);
        return out;
    }

    // ---- package-private layout, for the expander and the position searches of this package -----

    int[] offsets() {
        return offsets;
    }

    int[] rawBody() {
        return body;
    }

    long[] prefix() {
        long[] pre = prefix;
        if (pre == null) {
            pre = new long[body.length];
            for (int r = 0; r < ruleCount(); r++) {
                long acc = 0;
                for (int i = offsets[r]; i < offsets[r + 1]; i++) {
                    pre[i] = acc;
                    int s = body[i];
                    acc += s >= 0 ? 1 : expandedLength[-1 - s];
                }
            }
            prefix = pre;
        }
        return pre;
    }

    /** Position in {@code [from, to)} whose expansion contains offset {@code i} of the rule. */
    static int locate(long[] pre, int from, int to, long i) {
        int lo = from;
        int hi = to - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (pre[mid] <= i) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Grammar other && Arrays.equals(offsets, other.offsets) && Arrays.equals(body, other.body);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(offsets) + Arrays.hashCode(body);
    }

    /** Rules as text, e.g. {@code R0 -> R1 R1} / {@code R1 -> 97 98 99}; for debugging and tests. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < ruleCount(); r++) {
            sb.append('R').append(r).append(" ->");
            for (int i = offsets[r]; i < offsets[r + 1]; i++) {
                int s = body[i];
                sb.append(' ');
                if (s < 0) sb.append('R').append(-1 - s);
                else sb.append(s);
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
