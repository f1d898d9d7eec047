package dev.wholetrace.format.io;

/**
 * One side of the range coder. The model code is written once against this interface: the
 * encoder passes the real bit and gets it back, the decoder ignores the argument and returns what
 * it decoded, so encoder and decoder cannot drift apart.
 */
interface BitCoder {
    int PROB_BITS = 11;
    int PROB_ONE = 1 << PROB_BITS;
    int MOVE_BITS = 5;
    /** Precision of {@link #fixed} probabilities. */
    int FIXED_BITS = 16;
    int FIXED_ONE = 1 << FIXED_BITS;

    /** Codes {@code bit} with the adaptive probability {@code probs[index]}. */
    int bit(short[] probs, int index, int bit) throws FormatException;

    /**
     * Codes {@code bit} with the probability {@code p0} / {@link #FIXED_ONE} of a 0, 0 &lt; p0 &lt;
     * FIXED_ONE, computed by the model rather than learnt (model version 3's weighted draws).
     */
    int fixed(int p0, int bit) throws FormatException;

    /** Codes the low {@code count} bits of {@code value} with probability 1/2 each. */
    long direct(long value, int count) throws FormatException;

    /** Probability {@code p} of a 0 after coding {@code bit}: 1/32 of the way to the bit seen (every side of the coder adapts alike). */
    static short adapted(int p, int bit) {
        return (short) (bit == 0 ? p + ((PROB_ONE - p) >>> MOVE_BITS) : p - (p >>> MOVE_BITS));
    }

    static short[] probabilities(int n) {
        short[] p = new short[n];
        reset(p);
        return p;
    }

    /** Sets every probability of {@code p} back to a new table's (a model reused for another block). */
    static void reset(short[] p) {
        java.util.Arrays.fill(p, (short) (PROB_ONE / 2));
    }
}
