package dev.wholetrace.analysis.hb;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.SyncOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * What happens-before means for each sync kind, in one place for every vector-clock replay of S_synch:
 * what a release publishes and where, what an acquire receives, and a barrier episode's joined clock.
 *
 * <p>A release publishes the thread's clock on its object, an acquire joins what the object holds.
 * Latches pair on (object, phase). A shared (read) lock's unlock publishes to later exclusive lockers
 * only and a shared lock receives only what exclusive unlocks published, so two readers are not
 * ordered by their read locks. A barrier episode's clock is the join of its participants' clocks,
 * taken at the episode's first entry in S_synch: every participant records its pass after leaving
 * the barrier, and nobody leaves before the last one arrived, so at the first entry every
 * participant's operations before the barrier are already in the order.
 */
public final class SyncClocks {
    private final SyncOrder order;
    private final int threads;
    private final long empty;
    private final Map<Long, long[]> all = new HashMap<>();
    private final Map<Long, long[]> exclusive = new HashMap<>();
    private final Map<List<Long>, long[]> latches = new HashMap<>();
    private final Map<List<Long>, long[]> episodes = new HashMap<>();

    /** For {@code threads} threads; {@code empty} is the clock value that means "nothing known". */
    public SyncClocks(SyncOrder order, int threads, long empty) {
        this.order = order;
        this.threads = threads;
        this.empty = empty;
    }

    /** Entry i, a release, publishes {@code clock} (its thread's, before the thread moves on). */
    public void release(int i, long[] clock) {
        SyncKind kind = order.kind(i);
        if (kind == SyncKind.LATCH_COUNT_DOWN) {
            merge(latches.computeIfAbsent(key(i), k -> fresh()), clock);
            return;
        }
        long o = order.object(i);
        merge(all.computeIfAbsent(o, k -> fresh()), clock);
        if (!(kind == SyncKind.UNLOCK && order.aux(i) == 1)) merge(exclusive.computeIfAbsent(o, k -> fresh()), clock);
    }

    /** What entry i, an acquire, receives; null when nothing was published for it. */
    public long[] acquired(int i) {
        SyncKind kind = order.kind(i);
        if (kind == SyncKind.LATCH_AWAIT) return latches.get(key(i));
        long o = order.object(i);
        return kind == SyncKind.LOCK && order.aux(i) == 1 ? exclusive.get(o) : all.get(o);
    }

    /** The joined clock of entry i's barrier episode, made from {@code clockOf} at the first call (the episode's first entry). */
    public long[] episode(int i, IntFunction<long[]> clockOf) {
        return episodes.computeIfAbsent(key(i), k -> {
            long[] e = fresh();
            for (int p : order.episodeParticipants(i)) merge(e, clockOf.apply(p));
            return e;
        });
    }

    private long[] fresh() {
        long[] c = new long[threads];
        Arrays.fill(c, empty);
        return c;
    }

    /** into := max(into, c), element by element. */
    public static void merge(long[] into, long[] c) {
        for (int u = 0; u < into.length; u++) into[u] = Math.max(into[u], c[u]);
    }

    private List<Long> key(int i) {
        return List.of(order.object(i), order.aux(i));
    }
}
