package dev.wholetrace.model.grammar;

import java.util.ArrayList;
import java.util.List;

/** Test oracle: the root-to-leaf path to an expansion position, found by walking every rule body. */
public final class BruteForcePaths {
    private BruteForcePaths() {}

    /** The body index taken in each rule, from the start rule down to the terminal at {@code p}. */
    public static int[] pathTo(Grammar g, long p) {
        List<Integer> path = new ArrayList<>();
        int rule = 0;
        outer:
        while (true) {
            for (int i = 0; i < g.bodyLength(rule); i++) {
                int s = g.symbol(rule, i);
                long len = Grammar.isRule(s) ? g.expandedLength(Grammar.ruleOf(s)) : 1;
                if (p >= len) {
                    p -= len;
                    continue;
                }
                path.add(i);
                if (!Grammar.isRule(s)) return path.stream().mapToInt(Integer::intValue).toArray();
                rule = Grammar.ruleOf(s);
                continue outer;
            }
            throw new IllegalArgumentException("position outside the expansion");
        }
    }
}
