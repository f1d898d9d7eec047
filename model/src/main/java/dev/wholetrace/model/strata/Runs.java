package dev.wholetrace.model.strata;

/**
 * The [id, tripcount] pair of the paper as one long, the element of a stratum: the id in the high
 * 32 bits, the trip count (1..{@link #MAX_TRIP}) in the low 32. A longer run of one id is cut into
 * several pairs, which expands to the same sequence.
 */
public final class Runs {
    /** The largest trip count one pair holds. */
    public static final long MAX_TRIP = 0xFFFF_FFFFL;

    private Runs() {}

    public static long pair(int id, long trip) {
        return ((long) id << 32) | trip;
    }

    public static int id(long pair) {
        return (int) (pair >>> 32);
    }

    public static long trip(long pair) {
        return pair & MAX_TRIP;
    }
}
