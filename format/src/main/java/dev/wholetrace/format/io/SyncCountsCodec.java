package dev.wholetrace.format.io;

import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import java.util.function.IntPredicate;

/**
 * The stored form of a grammar's sync counts ({@link EdgeCounts}): per rule, per edge after the
 * first, the count of the previous child. Reading recomputes the counts from the grammar and checks
 * the stored ones against them, so a damaged annotation is an error rather than a wrong answer.
 */
public final class SyncCountsCodec {
    private SyncCountsCodec() {}

    public static void write(EdgeCounts counts, VarIntWriter out) {
        Grammar g = counts.grammar();
        for (int r = 0; r < g.ruleCount(); r++) {
            int length = g.bodyLength(r);
            for (int i = 1; i < length; i++) out.writeVarLong(counts.edge(r, i) - counts.edge(r, i - 1));
        }
    }

    public static EdgeCounts read(Grammar g, IntPredicate marked, VarIntReader in) throws FormatException {
        EdgeCounts expected = EdgeCounts.count(g, marked);
        for (int r = 0; r < g.ruleCount(); r++) {
            int length = g.bodyLength(r);
            for (int i = 1; i < length; i++) {
                long delta = in.readVarLong("sync count");
                long actual = expected.edge(r, i) - expected.edge(r, i - 1);
                if (delta != actual) {
                    throw in.corrupt("sync count of rule " + r + " edge " + i + " is " + delta + ", the grammar says " + actual);
                }
            }
        }
        return expected;
    }
}
