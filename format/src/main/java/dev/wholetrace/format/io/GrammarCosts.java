package dev.wholetrace.format.io;

import dev.wholetrace.model.grammar.Grammar;

/**
 * Where a grammar's coded bits go under model version 2 or 3 (docs/formats.md, "Grammar block"):
 * the ideal code length, −log2 p summed over every decision the model makes, per part of the token
 * stream. The range coder spends these bits to within a few bytes a block. A measurement only
 * ({@code bench grammars}, docs/grammars.md): it writes nothing.
 *
 * <p>Why: issue 17 asks whether the grammar or its encoding is what keeps the best grammar above
 * 0.75× SEQUITUR; the answer depends on which part dominates (on the lackey traces, the references'
 * draws: which open rule comes next, not how terminals or lengths are coded).
 */
public final class GrammarCosts {
    /** Parts, in {@link Parts}' order: the first terminal of each token (successor list, next unseen, distance). */
    static final int FIRST_TERMINALS = 0;
    /** Terminal / new rule / reference. */
    static final int KINDS = 1;
    /** A new rule's body length. */
    static final int LENGTHS = 2;
    /** A new rule's use count. */
    static final int USES = 3;
    /** Which open rule a reference names (version 2's rank, version 3's draw). */
    static final int REFERENCES = 4;

    private GrammarCosts() {}

    /** Bits per part of one grammar coded alone, and the count of references (rule symbols that are not a definition). */
    public record Parts(double firstTerminalBits, double kindBits, double lengthBits, double useBits, double referenceBits, long references) {
        public double totalBits() {
            return firstTerminalBits + kindBits + lengthBits + useBits + referenceBits;
        }
    }

    /** {@code g}'s bits per part under model {@code version} 2 or 3 (the two the writer picks for single grammars). */
    public static Parts of(Grammar g, int version) {
        if (version != 2 && version != 3) throw new IllegalArgumentException("model version 2 or 3, not " + version);
        if (!ExpansionCodec.codes(g)) throw new IllegalArgumentException("a rule other than the start rule is empty: only version 1 codes it");
        Tally tally = new Tally();
        ExpansionModel model = new ExpansionModel(tally, version, g.maxTerminal());
        tally.model = model;
        model.nextGrammar();
        try {
            ExpansionCodec.encode(g, model);
        } catch (FormatException e) {
            throw new IllegalStateException("the encoder never reports format errors", e);
        }
        long ruleSymbols = 0;
        for (int r = 0; r < g.ruleCount(); r++) for (int i = 0; i < g.bodyLength(r); i++) if (Grammar.isRule(g.symbol(r, i))) ruleSymbols++;
        double[] b = tally.bits;
        return new Parts(b[FIRST_TERMINALS], b[KINDS], b[LENGTHS], b[USES], b[REFERENCES], ruleSymbols - (g.ruleCount() - 1));
    }

    /** The bytes of {@code g}'s block coded with model {@code version} alone (the writer keeps the smallest version's). */
    public static long blockBytes(Grammar g, int version) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.writeAll(java.util.List.of(g), w, version);
        return w.size();
    }

    /** A coder that codes nothing: it adds each decision's −log2 p to the part the model's table belongs to. */
    private static final class Tally implements BitCoder {
        private static final double LN2 = Math.log(2);
        final double[] bits = new double[REFERENCES + 1];
        ExpansionModel model;
        /** Direct bits follow the adaptive ones of the same number. */
        private int lastPart;

        @Override
        public int bit(short[] probs, int index, int bit) {
            int part = model.partOf(probs);
            if (part < 0) throw new IllegalStateException("a probability table the model does not own");
            int p = probs[index];
            double p0 = p / (double) PROB_ONE;
            bits[part] -= Math.log(bit == 0 ? p0 : 1 - p0) / LN2;
            probs[index] = BitCoder.adapted(p, bit);
            lastPart = part;
            return bit;
        }

        @Override
        public int fixed(int p0, int bit) { // only version 3's draws use fixed probabilities
            double q = p0 / (double) FIXED_ONE;
            bits[REFERENCES] -= Math.log(bit == 0 ? q : 1 - q) / LN2;
            return bit;
        }

        @Override
        public long direct(long value, int count) {
            bits[lastPart] += count;
            return value;
        }
    }
}
