package dev.wholetrace.analysis.hb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.SyncOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link HappensBefore} (persistent, shared clocks, histories of changes; and its replay with plain
 * clocks for few threads, run here at every thread count) against the plainest
 * replay there is: a full long[threads] clock per thread, copied at every segment, on random sync
 * orders of locks, read locks, latches, volatiles, fork/join and barrier episodes, with few threads
 * (one trie leaf) and with more than a leaf holds (inner nodes).
 */
class HappensBeforePropertiesTest {
    private record Op(int thread, SyncKind kind, long object, long aux) {}

    @Property(tries = 150)
    void answersLikeFullVectorClocks(@ForAll @IntRange(min = 1, max = 40) int threads, @ForAll @IntRange(min = 0, max = 400) int length,
                                     @ForAll long seed) throws Exception {
        check(threads, length, seed);
    }

    @Property(tries = 20)
    void manyThreadsAnswerLikeFullVectorClocks(@ForAll @IntRange(min = 200, max = 300) int threads, @ForAll long seed) throws Exception {
        check(threads, 1500, seed);
    }

    /**
     * One lock handed on and on (now and then a second lock or a barrier): the released clocks are
     * chains of deltas in {@link ClockVersions} far longer than {@link ClockVersions#MAX_DEPTH}, so
     * chains are cut into bases and joins take both the descendant path and the general one.
     */
    @Property(tries = 60)
    void handOversAnswerLikeFullVectorClocks(@ForAll @IntRange(min = 2, max = 40) int threads, @ForAll long seed) throws Exception {
        Random rnd = new Random(seed);
        List<Op> ops = new ArrayList<>();
        long episode = 0;
        for (int turn = 0; turn < 300; turn++) {
            int t = rnd.nextInt(threads);
            long lock = rnd.nextInt(8) == 0 ? 101 : 100;
            ops.add(new Op(t, SyncKind.LOCK, lock, 0));
            ops.add(new Op(t, SyncKind.UNLOCK, lock, 0));
            if (rnd.nextInt(40) == 0) {
                episode++;
                for (int p = 0; p < threads; p++) if (rnd.nextBoolean() || p == t) ops.add(new Op(p, SyncKind.BARRIER, 300, episode));
            }
        }
        check(ops, threads);
    }

    private static void check(int threads, int length, long seed) throws Exception {
        check(randomOrder(threads, length, new Random(seed)), threads);
    }

    private static void check(List<Op> ops, int threads) throws Exception {
        SyncOrder.Builder b = new SyncOrder.Builder(threads);
        long ticket = 1;
        for (Op o : ops) b.add(o.thread, ticket++, SymbolTag.syncValue(o.kind, 3), o.object, o.aux);
        SyncOrder order = b.build();
        long[][][] full = naive(ops, threads); // [u][segment of u][t]
        for (boolean dense : new boolean[] {false, true}) check(HappensBefore.of(order, threads, done -> {}, dense), full, threads);
    }

    /** Both replays (clock versions and, whatever the thread count, plain clocks) against the naive clocks. */
    private static void check(HappensBefore hb, long[][][] full, int threads) {
        SegmentTable table = hb.table(Long.MAX_VALUE);
        assertThat(hb.table(0)).isNull(); // over the budget: the sweep asks the histories
        HappensBefore.Knowledge knowledge = null; // reused, as the sweep does: its materialized clock is kept or dropped
        for (int u = 0; u < threads; u++) {
            assertThat(hb.segmentCount(u)).isEqualTo(full[u].length);
            for (int j = 0; j < full[u].length; j++) {
                knowledge = hb.knowledge(u, j, knowledge);
                for (int t = 0; t < threads; t++) {
                    long expected = t == u ? j : full[u][j][t];
                    assertThat(hb.known(u, j, t)).as("known(%d, %d, %d)", u, j, t).isEqualTo(expected);
                    assertThat(knowledge.of(t)).as("knowledge(%d, %d).of(%d)", u, j, t).isEqualTo(expected);
                    assertThat(table.known(u, j, t)).as("table known(%d, %d, %d)", u, j, t).isEqualTo(expected);
                }
            }
            for (int t = 0; t < threads; t++) {
                if (t == u) continue;
                for (int i = 0; i < full[t].length; i++) {
                    long first = full[u].length;
                    for (int j = 0; j < full[u].length; j++) {
                        if (full[u][j][t] >= i) {
                            first = j;
                            break;
                        }
                    }
                    assertThat(hb.firstKnowing(u, t, i)).as("firstKnowing(%d, %d, %d)", u, t, i).isEqualTo(first);
                    assertThat(table.firstKnowing(u, t, i)).as("table firstKnowing(%d, %d, %d)", u, t, i).isEqualTo(first);
                }
            }
        }
    }

    /** A random but well-formed order: barrier episodes are contiguous runs of their participants' passes. */
    private static List<Op> randomOrder(int threads, int length, Random rnd) {
        List<Op> ops = new ArrayList<>();
        long episode = 0;
        while (ops.size() < length) {
            int t = rnd.nextInt(threads);
            long object = 100 + rnd.nextInt(4);
            switch (rnd.nextInt(10)) {
                case 0, 1 -> ops.add(new Op(t, SyncKind.LOCK, object, rnd.nextInt(4) == 0 ? 1 : 0));
                case 2, 3 -> ops.add(new Op(t, SyncKind.UNLOCK, object, rnd.nextInt(4) == 0 ? 1 : 0));
                case 4 -> ops.add(new Op(t, SyncKind.VOLATILE_WRITE, object, 0));
                case 5 -> ops.add(new Op(t, SyncKind.VOLATILE_READ, object, 0));
                case 6 -> ops.add(new Op(t, SyncKind.LATCH_COUNT_DOWN, object, rnd.nextInt(2)));
                case 7 -> ops.add(new Op(t, SyncKind.LATCH_AWAIT, object, rnd.nextInt(2)));
                case 8 -> ops.add(new Op(t, rnd.nextBoolean() ? SyncKind.FORK : SyncKind.JOIN, 200 + rnd.nextInt(threads), 0));
                default -> {
                    episode++;
                    long barrier = 300 + rnd.nextInt(2);
                    for (int p = 0; p < threads; p++) if (rnd.nextInt(3) > 0 || p == t) ops.add(new Op(p, SyncKind.BARRIER, barrier, episode));
                }
            }
        }
        return ops;
    }

    /** Every thread's full clock at every one of its segments, by the definition (SyncClocks' semantics). */
    private static long[][][] naive(List<Op> ops, int threads) {
        long[][] clock = new long[threads][threads];
        for (long[] c : clock) Arrays.fill(c, -1);
        for (int t = 0; t < threads; t++) clock[t][t] = 0;
        List<List<long[]>> history = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            history.add(new ArrayList<>());
            history.get(t).add(clock[t].clone());
        }
        Map<Long, long[]> all = new HashMap<>();
        Map<Long, long[]> exclusive = new HashMap<>();
        Map<List<Long>, long[]> latches = new HashMap<>();
        Map<Long, long[]> episodes = new HashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            Op o = ops.get(i);
            long[] c = clock[o.thread];
            switch (o.kind.role) {
                case RELEASE -> {
                    if (o.kind == SyncKind.LATCH_COUNT_DOWN) {
                        max(latches.computeIfAbsent(List.of(o.object, o.aux), k -> empty(threads)), c);
                    } else {
                        max(all.computeIfAbsent(o.object, k -> empty(threads)), c);
                        if (!(o.kind == SyncKind.UNLOCK && o.aux == 1)) max(exclusive.computeIfAbsent(o.object, k -> empty(threads)), c);
                    }
                }
                case ACQUIRE -> {
                    long[] from = o.kind == SyncKind.LATCH_AWAIT ? latches.get(List.of(o.object, o.aux))
                            : o.kind == SyncKind.LOCK && o.aux == 1 ? exclusive.get(o.object) : all.get(o.object);
                    if (from != null) max(c, from);
                }
                case BARRIER -> {
                    long[] e = episodes.get(o.aux);
                    if (e == null) { // the first pass: every participant's clock now
                        e = empty(threads);
                        for (int k = i; k < ops.size() && ops.get(k).kind == SyncKind.BARRIER && ops.get(k).aux == o.aux; k++) {
                            max(e, clock[ops.get(k).thread]);
                        }
                        episodes.put(o.aux, e);
                    }
                    max(c, e);
                }
            }
            c[o.thread] = history.get(o.thread).size();
            history.get(o.thread).add(c.clone());
        }
        long[][][] out = new long[threads][][];
        for (int t = 0; t < threads; t++) out[t] = history.get(t).toArray(new long[0][]);
        return out;
    }

    private static long[] empty(int threads) {
        long[] c = new long[threads];
        Arrays.fill(c, -1);
        return c;
    }

    private static void max(long[] into, long[] c) {
        for (int k = 0; k < into.length; k++) into[k] = Math.max(into[k], c[k]);
    }
}
