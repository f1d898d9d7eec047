package dev.wholetrace.format.io;

/**
 * Limits a reader applies to what a file declares before it allocates or decompresses anything
 * (docs/trace-format.md, "Reading rules"; docs/formats.md). A declared size beyond a limit is a
 * one-line {@link FormatException} naming the limit and how to raise it, not an attempt that ends
 * in an OutOfMemoryError after minutes of decompression.
 */
public final class ReadLimits {
    /** System property (bytes) that raises or lowers {@link #maxSectionBytes()}. */
    public static final String SECTION_PROPERTY = "wholetrace.maxSectionBytes";
    /**
     * Default limit on one decompressed {@code .wtrace} section: the recorder's chunk limits keep
     * real sections far smaller (a SYNC_ORDER of 4 M operations is about 40 MB).
     */
    public static final long DEFAULT_SECTION_BYTES = 256L << 20;
    /** Largest payload a byte array can hold. */
    public static final long MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;

    private ReadLimits() {}

    /** The limit on one decompressed section: {@value #SECTION_PROPERTY}, else the default. */
    public static long maxSectionBytes() {
        long v = Long.getLong(SECTION_PROPERTY, DEFAULT_SECTION_BYTES);
        return Math.max(1, Math.min(v, MAX_ARRAY_BYTES));
    }

    /**
     * The limit on a payload read whole into memory (a {@code .wgr} payload): what a byte array can
     * hold and half of the heap, so that decoding it still has room.
     */
    public static long maxPayloadBytes() {
        return Math.min(MAX_ARRAY_BYTES, Runtime.getRuntime().maxMemory() / 2);
    }

    /** "256 MiB" (binary units, for messages). */
    public static String size(long bytes) {
        if (bytes >= 1L << 30) return String.format(java.util.Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        if (bytes >= 1L << 20) return (bytes >> 20) + " MiB";
        if (bytes >= 1L << 10) return (bytes >> 10) + " KiB";
        return bytes + " bytes";
    }
}
