package dev.wholetrace.model.ewpp;

/**
 * The eWPP collection's memory bounds (tallam-gupta §3.4; docs/ewpp.md, "Bounded memory"), kept
 * in the trace as the property {@value #PROPERTY} ({@code BUFFER:TABLE}) because recovery must
 * replay the buffers' evictions to read a search signature.
 *
 * @param buffer the most instances a store instruction's timestamp buffer keeps; when full, the
 *               oldest half is evicted, and a load that read an evicted instance is signed
 *               {@link CheckSymbols#EVICTED} (an explicit record)
 * @param table  the most entries a last-writer table keeps in memory (the thread's, and the shared
 *               one summed over its stripes); when full, its entries are spilled to a sorted run on
 *               disk, which a lookup that misses in memory searches: nothing is lost
 */
public record EwppCaps(int buffer, int table) {
    /** Trace property (and the agent's option {@code caps=BUFFER:TABLE}). */
    public static final String PROPERTY = "ewpp.caps";
    /** 2^18 instances (2 MiB) per store instruction, about the paper's 200 K preallocation; 2^20 addresses (16-64 MiB of arrays) per table. */
    public static final EwppCaps DEFAULT = new EwppCaps(1 << 18, 1 << 20);
    /** What a trace without the property was recorded with: nothing evicted. */
    public static final EwppCaps UNBOUNDED = new EwppCaps(Integer.MAX_VALUE, Integer.MAX_VALUE);

    public EwppCaps {
        if (buffer < 2) throw new IllegalArgumentException("an eWPP timestamp buffer must hold at least 2 instances, not " + buffer);
        if (table < 1) throw new IllegalArgumentException("an eWPP last-writer table must hold at least 1 entry, not " + table);
    }

    /** Instances evicted at once when a buffer is full: the oldest half. */
    public int evictedAtOnce() {
        return buffer / 2;
    }

    /** {@code BUFFER:TABLE}. */
    public String encode() {
        return buffer + ":" + table;
    }

    /** Parses {@link #encode}'s form; null or blank gives {@code absent}. */
    public static EwppCaps decode(String text, EwppCaps absent) {
        if (text == null || text.isBlank()) return absent;
        int colon = text.indexOf(':');
        try {
            if (colon < 0) throw new NumberFormatException();
            return new EwppCaps(Integer.parseInt(text.substring(0, colon).trim()), Integer.parseInt(text.substring(colon + 1).trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("eWPP caps must be BUFFER:TABLE (two whole numbers), not '" + text + "'");
        }
    }
}
