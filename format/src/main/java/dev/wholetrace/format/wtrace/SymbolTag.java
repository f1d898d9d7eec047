package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.SyncKind;

/**
 * The terminals of a thread's WPPs are dense ids of (tag, value) pairs, kept per thread and sent
 * incrementally, chunk by chunk, in the SYMBOLS section (docs/trace-format.md).
 * <ul>
 *   <li>{@code BLOCK}: value = block id (control WPP)</li>
 *   <li>{@code SYNC}: value = kind ordinal &lt;&lt; 32 | site (both WPPs)</li>
 *   <li>{@code LOAD}, {@code STORE}: value = instruction id in the control WPP (CDR, ALL), the
 *       address in the data WPP (DOR, ALL)</li>
 * </ul>
 */
public final class SymbolTag {
    public static final int BLOCK = 0;
    public static final int SYNC = 1;
    public static final int LOAD = 2;
    public static final int STORE = 3;

    private SymbolTag() {}

    public static long syncValue(SyncKind kind, int site) {
        return (long) kind.ordinal() << 32 | site & 0xFFFF_FFFFL;
    }

    public static int syncSite(long value) {
        return (int) value;
    }

    public static int syncKindOrdinal(long value) {
        return (int) (value >>> 32);
    }
}
