package dev.wholetrace.model.grammar;

/**
 * Computes a per-rule summary in {@link Grammar#foldBottomUp}: called once per rule, children
 * before parents, so the summaries of the rule's children are final when it runs. The visitor
 * keeps its summaries itself, typically in a primitive array indexed by rule number, and reads its
 * children's through {@link RuleCursor#child}.
 */
@FunctionalInterface
public interface RuleVisitor {
    void visit(RuleCursor rule);
}
