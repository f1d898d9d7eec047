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
        int bound = (range >>> PROB_BITS) * p;
        int bit;
        if ((code ^ 0x8000_0000) < (bound ^ 0x8000_0000)) {
            range = bound;
            probs[index] = (short) (p + ((PROB_ONE - p) >>> MOVE_BITS));
            bit = 0;
        } else {
            range -= bound;
            code -= bound;
            probs[index] = (short) (p - (p >>> MOVE_BITS));
            bit = 1;
        }
        if ((range & 0xFF00_0000) == 0) {
            range <<= 8;
            code = (code << 8) | next("coded symbols");
        }
        return bit;
    }

    @Override
    public int fixed(int p0, int ignored) throws FormatException {
        int bound = (range >>> FIXED_BITS) * p0;
        int bit;
        if ((code ^ 0x8000_0000) < (bound ^ 0x8000_0000)) {
            range = bound;
            bit = 0;
        } else {
            range -= bound;
            code -= bound;
            bit = 1;
        }
        while ((range & 0xFF00_0000) == 0) {
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
