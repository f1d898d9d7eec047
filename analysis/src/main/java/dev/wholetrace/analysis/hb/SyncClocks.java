package dev.wholetrace.analysis.hb;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.SyncOrder;
import java.util.Arrays;
import java.util.HashMap;
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
 * participant's operations before the barrier are already in the order. An episode's clock is
 * dropped once its last participant took it.
 *
 * <p>The clocks are of type C, as an {@link Algebra} makes and joins them: {@link #versions}
 * (shared, immutable: the happens-before) or {@link #arrays} (one long[] per clock: the
 * uncompressed detector).
 *
 * @param <C> the clock type
 */
public final class SyncClocks<C> {
    /** How clocks of type C are made and joined. */
    public interface Algebra<C> {
        /** A clock that knows nothing (may be null). */
        C empty();

        /** max(into, c); may change and return {@code into}, but must not keep {@code c}'s storage if it is mutable. */
        C join(C into, C c);
    }

    private final Algebra<C> algebra;
    /** By {@link #channel}: everything released on it, and only the exclusive releases. */
    private final Map<Object, C> all = new HashMap<>();
    private final Map<Object, C> exclusive = new HashMap<>();
    private final Map<Integer, C> episodes = new HashMap<>();
    private final Map<Integer, Integer> episodeTakers = new HashMap<>();
    private final SyncOrder order;

    private record Phase(long object, long aux) {}

    public SyncClocks(SyncOrder order, Algebra<C> algebra) {
        this.order = order;
        this.algebra = algebra;
    }

    /** Clock versions (deltas over persistent clocks): joins share what did not change. */
    static Algebra<Integer> versions(ClockVersions versions) {
        return new Algebra<>() {
            @Override
            public Integer empty() {
                return ClockVersions.NONE;
            }

            @Override
            public Integer join(Integer into, Integer c) {
                return versions.join(into, c, null);
            }
        };
    }

    /** long[threads] clocks filled with {@code empty} for nothing known, merged in place. */
    public static Algebra<long[]> arrays(int threads, long empty) {
        return new Algebra<>() {
            @Override
            public long[] empty() {
                long[] c = new long[threads];
                Arrays.fill(c, empty);
                return c;
            }

            @Override
            public long[] join(long[] into, long[] c) {
                if (into == null) into = empty();
                merge(into, c);
                return into;
            }
        };
    }

    /**
     * What the current entry of {@code at} releases on or acquires from: a latch's (object, phase)
     * (a Phaser is a latch per phase), else the sync object. The one place this rule lives, for the
     * clocks here and the timeline's hand-over arrows.
     */
    public static Object channel(SyncOrder.Cursor at) {
        SyncKind kind = at.kind();
        return kind == SyncKind.LATCH_COUNT_DOWN || kind == SyncKind.LATCH_AWAIT ? new Phase(at.object(), at.aux()) : (Object) at.object();
    }

    /**
     * Whether the current entry of {@code at} is a shared (read) lock or its unlock: that unlock
     * publishes nothing a later lock of either kind needs beyond the exclusive releases, and that
     * lock receives only the exclusive releases (readers do not order each other).
     */
    public static boolean shared(SyncOrder.Cursor at) {
        SyncKind kind = at.kind();
        return (kind == SyncKind.LOCK || kind == SyncKind.UNLOCK) && at.aux() == SyncKind.LOCK_SHARED;
    }

    /** The current entry of {@code at}, a release, publishes {@code clock} (its thread's, before the thread moves on). */
    public void release(SyncOrder.Cursor at, C clock) {
        Object key = channel(at);
        all.put(key, algebra.join(all.containsKey(key) ? all.get(key) : algebra.empty(), clock));
        if (!shared(at)) exclusive.put(key, algebra.join(exclusive.containsKey(key) ? exclusive.get(key) : algebra.empty(), clock));
    }

    /** What the current entry of {@code at}, an acquire, receives; null when nothing was published for it. */
    public C acquired(SyncOrder.Cursor at) {
        Object key = channel(at);
        return shared(at) ? exclusive.get(key) : all.get(key);
    }

    /**
     * The joined clock of the barrier episode of {@code at}'s current entry, made from {@code
     * clockOf} at its first entry (the participants' clocks then).
     */
    public C episode(SyncOrder.Cursor at, IntFunction<C> clockOf) {
        int e = at.episode();
        C c;
        if (at.firstOfEpisode() || !episodes.containsKey(e)) {
            c = algebra.empty();
            for (int p : order.participants(e)) c = algebra.join(c, clockOf.apply(p));
            episodes.put(e, c);
            episodeTakers.put(e, order.episodeSize(e));
        } else {
            c = episodes.get(e);
        }
        int left = episodeTakers.get(e) - 1;
        if (left == 0) {
            episodes.remove(e);
            episodeTakers.remove(e);
        } else {
            episodeTakers.put(e, left);
        }
        return c;
    }

    /** into := max(into, c), element by element. */
    public static void merge(long[] into, long[] c) {
        for (int u = 0; u < into.length; u++) into[u] = Math.max(into[u], c[u]);
    }
}
