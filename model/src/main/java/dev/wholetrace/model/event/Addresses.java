package dev.wholetrace.model.event;

/**
 * Addresses in a trace: an object id and a byte offset in one long, unique within the trace (no
 * hash collisions). An array element is (array id, index × element size), so a strided sweep is an
 * arithmetic progression that Diff∘RLE turns into one run. Statics live in one object per class.
 *
 * <p>Layout: bits 62..34 object id (up to 2^29 - 1 objects; the sign bit stays clear), bits 33..0
 * offset (up to 16 GiB, the largest Java array). These are format limits (docs/trace-model.md).
 */
public final class Addresses {
    public static final int OFFSET_BITS = 34;
    public static final long MAX_OBJECT = (1L << (63 - OFFSET_BITS)) - 1;
    public static final long MAX_OFFSET = (1L << OFFSET_BITS) - 1;

    private Addresses() {}

    public static long of(long object, long offset) {
        return object << OFFSET_BITS | offset & MAX_OFFSET;
    }

    public static long object(long address) {
        return address >>> OFFSET_BITS;
    }

    public static long offset(long address) {
        return address & MAX_OFFSET;
    }

    public static String format(long address) {
        return object(address) + "+" + offset(address);
    }
}
