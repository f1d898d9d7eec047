package dev.wholetrace.format.io;

/**
 * Binary adaptive range coder (the LZMA construction: 11-bit probabilities, shift-5 adaptation,
 * carry propagation through a cached byte). The entropy stage of {@link GrammarCodec}, where the
 * model knows what a general-purpose compressor cannot: which symbol usually follows which.
 */
final class RangeEncoder implements BitCoder {
    private final VarIntWriter out;
    /** Compact (model version 2): no leading zero byte, the shortest end, trailing zeros dropped. */
    private final boolean compact;
    private final int start;
    private boolean leading;
    private long low;
    private int range = 0xFFFF_FFFF;
    private int cache;
    private long cacheSize = 1;

    RangeEncoder(VarIntWriter out) {
        this(out, false);
    }

    RangeEncoder(VarIntWriter out, boolean compact) {
        this.out = out;
        this.compact = compact;
        this.start = out.size();
        this.leading = compact;
    }

    @Override
    public int bit(short[] probs, int index, int bit) {
        int p = probs[index];
        split((range >>> PROB_BITS) * p, bit);
        probs[index] = BitCoder.adapted(p, bit);
        return bit;
    }

    @Override
    public int fixed(int p0, int bit) {
        split((range >>> FIXED_BITS) * p0, bit);
        return bit;
    }

    /** Narrows the interval to its part below {@code bound} (a 0) or above it (a 1), then renormalises. */
    private void split(int bound, int bit) {
        if (bit == 0) {
            range = bound;
        } else {
            low += bound & 0xFFFF_FFFFL;
            range -= bound;
        }
        while ((range & 0xFF00_0000) == 0) {
            range <<= 8;
            shiftLow();
        }
    }

    @Override
    public long direct(long value, int count) {
        for (int i = count - 1; i >= 0; i--) {
            range >>>= 1;
            int b = (int) (value >>> i) & 1;
            low += range & (0 - b) & 0xFFFF_FFFFL;
            if ((range & 0xFF00_0000) == 0) {
                range <<= 8;
                shiftLow();
            }
        }
        return value;
    }

    private void shiftLow() {
        int carry = (int) (low >>> 32);
        if (carry != 0 || low < 0xFF00_0000L) {
            int temp = cache;
            do {
                if (leading) {
                    leading = false; // always 0: LZMA's first byte carries nothing
                } else {
                    out.writeByte(temp + carry);
                }
                temp = 0xFF;
            } while (--cacheSize != 0);
            cache = (int) (low >>> 24) & 0xFF;
        }
        cacheSize++;
        low = (low & 0x00FF_FFFFL) << 8;
    }

    void finish() {
        if (compact) {
            // Any value in [low, low + range) decodes the same: take the one with the most trailing
            // zero bits, whose zero bytes the decoder supplies past the end.
            long top = low + (range & 0xFFFF_FFFFL) - 1;
            for (int k = 32; k >= 0; k--) {
                long mask = (1L << k) - 1;
                long v = (low + mask) & ~mask;
                if (v <= top) {
                    low = v;
                    break;
                }
            }
        }
        for (int i = 0; i < 5; i++) shiftLow();
        if (compact) out.trimZerosFrom(start);
    }
}
