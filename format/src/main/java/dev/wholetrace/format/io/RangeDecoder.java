package dev.wholetrace.format.io;

/** Decoder of {@link RangeEncoder}; reading past the end of its input is a {@link FormatException}. */
final class RangeDecoder implements BitCoder {
    private final VarIntReader in;
    private int range = 0xFFFF_FFFF;
    private final boolean compact;
    private int code;

    RangeDecoder(VarIntReader in) throws FormatException {
        this(in, false);
    }

    /** {@code compact}: as {@link RangeEncoder} writes for model version 2, zeros implied past the end. */
    RangeDecoder(VarIntReader in, boolean compact) throws FormatException {
        this.in = in;
        this.compact = compact;
        if (!compact && in.readByte("range coder start") != 0) throw in.corrupt("bad range coder start");
        for (int i = 0; i < 4; i++) code = (code << 8) | next("range coder start");
    }

    private int next(String what) throws FormatException {
        return compact ? in.readByteOrZero() : in.readByte(what);
    }

    @Override
    public int bit(short[] probs, int index, int ignored) throws FormatException {
        int p = probs[index];
        int bit = split((range >>> PROB_BITS) * p);
        probs[index] = BitCoder.adapted(p, bit);
        return bit;
    }

    @Override
    public int fixed(int p0, int ignored) throws FormatException {
        return split((range >>> FIXED_BITS) * p0);
    }

    /** The bit whose part of the interval (below {@code bound}: 0) holds the code; narrows to it and renormalises. */
    private int split(int bound) throws FormatException {
        int bit;
        if ((code ^ 0x8000_0000) < (bound ^ 0x8000_0000)) {
            range = bound;
            bit = 0;
        } else {
            range -= bound;
            code -= bound;
            bit = 1;
        }
        while ((range & 0xFF00_0000) == 0) { // once after an adaptive bit, up to twice after a fixed one
            range <<= 8;
            code = (code << 8) | next("coded symbols");
        }
        return bit;
    }

    @Override
    public long direct(long ignored, int count) throws FormatException {
        long result = 0;
        for (int i = 0; i < count; i++) {
            range >>>= 1;
            int t = (code - range) >>> 31;
            code -= range & (t - 1);
            result = (result << 1) | (1 - t);
            if ((range & 0xFF00_0000) == 0) {
                range <<= 8;
                code = (code << 8) | next("coded symbols");
            }
        }
        return result;
    }
}
