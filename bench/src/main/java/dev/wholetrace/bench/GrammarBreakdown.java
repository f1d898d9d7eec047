package dev.wholetrace.bench;

import dev.wholetrace.format.io.GrammarCosts;
import dev.wholetrace.model.grammar.Grammar;
import java.util.HashMap;
import java.util.Map;

/**
 * Where one grammar's coded bytes go ({@code bench grammars}, issue 17): its block under model
 * version 3 before the general-purpose stage, that block's bits per part ({@link GrammarCosts}),
 * and, for comparison, the order-0 entropy of its right-hand-side symbols: what a static code of
 * the bodies by their frequencies (canonical Huffman or rANS over body symbols, the code table not
 * counted) could not go below.
 *
 * @param codedBytes the block as model version 3 writes it (header included), before {@code Codec.BEST}
 * @param parts      its ideal bits per part
 * @param order0Bits the right-hand sides' order-0 empirical entropy in bits (symbols × H0)
 */
record GrammarBreakdown(long codedBytes, GrammarCosts.Parts parts, double order0Bits) {
    /** The version the breakdown is taken under: the writer's choice for frequency-ordered SEQUITUR and Re-Pair. */
    static final int VERSION = 3;

    static GrammarBreakdown of(Grammar g) {
        return new GrammarBreakdown(GrammarCosts.blockBytes(g, VERSION), GrammarCosts.of(g, VERSION), order0Bits(g));
    }

    /** Σ over right-hand-side symbols of −log2(its frequency among them). */
    static double order0Bits(Grammar g) {
        Map<Integer, Integer> counts = new HashMap<>();
        long n = 0;
        for (int r = 0; r < g.ruleCount(); r++) {
            for (int i = 0; i < g.bodyLength(r); i++) counts.merge(g.symbol(r, i), 1, Integer::sum);
            n += g.bodyLength(r);
        }
        double bits = 0;
        for (int c : counts.values()) bits -= c * Math.log(c / (double) n);
        return bits / Math.log(2);
    }
}
