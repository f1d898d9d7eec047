package dev.wholetrace.model.strata;

import dev.wholetrace.model.util.Alphabet;
import java.util.Arrays;

/**
 * Dense ids of layer 0's [stratum, trip] runs, in the order each is first met: the terminals of
 * layer 0's grammar ({@link LayerZero}). A run of a trip count up to {@value #SMALL} (nearly all of
 * them: a stratum seldom repeats at once) is found in an array indexed by stratum id and trip
 * count, with no hash; larger trip counts go to a hashed {@link Alphabet} on the side. The ids
 * are those one alphabet of the pairs would give. Not thread-safe.
 */
final class RunIds {
    /** The largest trip count found by index. */
    static final int SMALL = 4;
    /** Strata whose small runs are found by index; later ones (never met in practice) go to the side table. */
    private static final int INDEXED = 1 << 26;
    /** (stratum × {@link #SMALL} + trip - 1) → id + 1; 0: not met. */
    private int[] small = new int[64 * SMALL];
    /** The other runs: pair → index into {@link #largeIds}. */
    private final Alphabet large = new Alphabet();
    private int[] largeIds = new int[16];
    /** id → its run as a {@link Runs#pair}. */
    private long[] pairs = new long[64];
    private int size;

    /** The id of the run of {@code trip} executions of {@code stratum}, adding it if new. */
    int idOf(int stratum, long trip) {
        if (trip <= SMALL && stratum < INDEXED) {
            int k = stratum * SMALL + (int) trip - 1;
            if (k < small.length && small[k] != 0) return small[k] - 1;
            return addSmall(k, stratum, trip);
        }
        return idOfLarge(stratum, trip);
    }

    private int addSmall(int k, int stratum, long trip) {
        if (k >= small.length) small = Arrays.copyOf(small, Math.max(k + 1, 2 * small.length));
        int id = add(stratum, trip);
        small[k] = id + 1;
        return id;
    }

    private int idOfLarge(int stratum, long trip) {
        int n = large.size();
        int local = large.idOf(Runs.pair(stratum, trip));
        if (local < n) return largeIds[local];
        if (local == largeIds.length) largeIds = Arrays.copyOf(largeIds, 2 * largeIds.length);
        largeIds[local] = add(stratum, trip);
        return largeIds[local];
    }

    private int add(int stratum, long trip) {
        if (size == Integer.MAX_VALUE - 8) throw new IllegalStateException("layer 0 has more than 2^31 distinct runs");
        if (size == pairs.length) pairs = Arrays.copyOf(pairs, size + (size >> 1) + 16);
        pairs[size] = Runs.pair(stratum, trip);
        return size++;
    }

    /** Runs met. */
    int size() {
        return size;
    }

    /** The run with this id, as a {@link Runs#pair}. */
    long pair(int id) {
        return pairs[id];
    }

    /** Forgets every run: ids restart from 0; the arrays keep their capacity. */
    void clear() {
        Arrays.fill(small, 0);
        large.clear();
        size = 0;
    }

    long footprintBytes() {
        return 4L * (small.length + largeIds.length) + 8L * pairs.length + large.footprintBytes();
    }
}
