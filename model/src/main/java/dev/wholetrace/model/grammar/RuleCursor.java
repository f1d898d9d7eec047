package dev.wholetrace.model.grammar;

/**
 * One rule's body as {@link Grammar#foldBottomUp} hands it to a {@link RuleVisitor}: which symbol
 * at each index is a terminal and which a child rule, without the grammar's symbol encoding. One
 * cursor is reused for every rule of a fold, and its methods are plain array reads, so a fold costs
 * no allocation per rule or per symbol.
 *
 * <p>Indexes run over {@code [0, length())}; the methods do not check them beyond the array
 * bounds (a fold's inner loop runs once per grammar symbol).
 */
public final class RuleCursor {
    private final int[] offsets;
    private final int[] body;
    private int rule;
    private int from;
    private int length;

    RuleCursor(int[] offsets, int[] body) {
        this.offsets = offsets;
        this.body = body;
    }

    void moveTo(int r) {
        rule = r;
        from = offsets[r];
        length = offsets[r + 1] - from;
    }

    /** The rule's number. */
    public int rule() {
        return rule;
    }

    /** Number of symbols in the rule's body. */
    public int length() {
        return length;
    }

    /** Whether symbol {@code i} is a reference to a child rule (else it is a terminal). */
    public boolean isRule(int i) {
        return body[from + i] < 0;
    }

    /** Symbol {@code i} as a terminal; only meaningful when {@code !isRule(i)}. */
    public int terminal(int i) {
        return body[from + i];
    }

    /** The rule symbol {@code i} references; only meaningful when {@code isRule(i)}. */
    public int child(int i) {
        return Grammar.ruleOf(body[from + i]);
    }

    /**
     * The grammar-wide index of symbol {@code i} (the edge from this rule to it): distinct for every
     * body position of the grammar and in {@code [0, symbolCount())}, so per-edge data fits one
     * array indexed by it ({@link EdgeCounts}).
     */
    public int edge(int i) {
        return from + i;
    }
}
