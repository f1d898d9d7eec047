package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link DigramTable} against a {@link HashMap} model. Keys are drawn from pools built to share
 * home buckets (including the last bucket, so probe chains wrap around the end of the array), which
 * exercises linear probing, backward-shift deletion and growth.
 */
class DigramTablePropertiesTest {

    /**
     * Copy of the table's hash, used only to pick keys that collide; the assertions do not depend
     * on it, so if the table's hash changes these tests still check correctness (with fewer
     * collisions).
     */
    private static int hash(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 29) ^ (h >>> 43));
    }

    /** Keys whose home bucket is {@code bucket} in every table of up to 1024 slots. */
    static List<Long> keysWithHome(int bucket, int count, long seed) {
        List<Long> out = new ArrayList<>();
        java.util.Random rnd = new java.util.Random(seed);
        while (out.size() < count) {
            long key = DigramTable.key(rnd.nextInt(64) - 32, rnd.nextInt());
            if ((hash(key) & 1023) == bucket) out.add(key);
        }
        return out;
    }

    static final List<Long> POOL = buildPool();

    private static List<Long> buildPool() {
        List<Long> pool = new ArrayList<>();
        pool.addAll(keysWithHome(1023, 24, 1)); // last bucket: chains wrap to slot 0, 1, ...
        pool.addAll(keysWithHome(0, 24, 2)); // first bucket: collides with the wrapped chain
        pool.addAll(keysWithHome(1, 12, 3));
        pool.addAll(keysWithHome(1022, 12, 4));
        pool.addAll(keysWithHome(511, 12, 5));
        // Keys as SEQUITUR forms them: terminals, rule references, extremes.
        int[] symbols = {0, 1, 97, Integer.MAX_VALUE, -1, -2, Grammar.ref((1 << 30) - 1), Integer.MIN_VALUE};
        for (int a : symbols) for (int b : symbols) pool.add(DigramTable.key(a, b));
        return pool;
    }

    enum Kind { PUT, PUT_IF_ABSENT, REMOVE_IF_MAPS_TO, GET }

    record Op(Kind kind, long key, int node) {
        @Override
        public String toString() {
            return kind + "(" + (key >> 32) + ":" + (int) key + ", " + node + ")";
        }
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        return operationLists();
    }

    /** Lists of operations on keys from {@link #POOL}, arbitrary keys and a few small digrams (also NodeDigramTablePropertiesTest's). */
    static Arbitrary<List<Op>> operationLists() {
        Arbitrary<Kind> kind = Arbitraries.of(Kind.class);
        Arbitrary<Long> key = Arbitraries.oneOf(
                Arbitraries.of(POOL),
                Arbitraries.of(POOL),
                Arbitraries.longs(),
                Arbitraries.integers().between(0, 5).map(i -> DigramTable.key(i, i + 1)));
        Arbitrary<Integer> node = Arbitraries.integers().between(0, 6);
        return Combinators.combine(kind, key, node).as(Op::new).list().ofMaxSize(600);
    }

    @Property(tries = 300)
    void behavesLikeAHashMap(@ForAll("operations") List<Op> ops, @ForAll @IntRange(min = 0, max = 40) int expected) {
        DigramTable table = new DigramTable(expected);
        Map<Long, Integer> model = new HashMap<>();
        for (Op op : ops) {
            switch (op.kind()) {
                case PUT -> {
                    table.put(op.key(), op.node());
                    model.put(op.key(), op.node());
                }
                case PUT_IF_ABSENT -> {
                    Integer before = model.putIfAbsent(op.key(), op.node());
                    assertThat(table.putIfAbsent(op.key(), op.node()))
                            .as("%s", op)
                            .isEqualTo(before == null ? DigramTable.ABSENT : before);
                }
                case REMOVE_IF_MAPS_TO -> {
                    table.removeIfMapsTo(op.key(), op.node());
                    model.remove(op.key(), op.node());
                }
                case GET -> assertThat(table.get(op.key()))
                        .as("%s", op)
                        .isEqualTo(model.getOrDefault(op.key(), DigramTable.ABSENT));
            }
            assertThat(table.size()).isEqualTo(model.size());
        }
        assertSameContents(table, model);
    }

    /** Fill far past the initial capacity, then delete everything in a scrambled order. */
    @Property(tries = 30)
    void growsAndEmptiesCleanly(@ForAll @IntRange(min = 1, max = 5000) int count, @ForAll long seed) {
        DigramTable table = new DigramTable(1);
        Map<Long, Integer> model = new HashMap<>();
        java.util.Random rnd = new java.util.Random(seed);
        for (int i = 0; i < count; i++) {
            long key = rnd.nextInt(4) == 0 ? POOL.get(rnd.nextInt(POOL.size())) : DigramTable.key(rnd.nextInt(100), i);
            int node = rnd.nextInt(1 << 20);
            Integer before = model.putIfAbsent(key, node);
            assertThat(table.putIfAbsent(key, node)).isEqualTo(before == null ? DigramTable.ABSENT : before);
        }
        assertSameContents(table, model);
        List<Map.Entry<Long, Integer>> entries = new ArrayList<>(model.entrySet());
        java.util.Collections.shuffle(entries, rnd);
        for (Map.Entry<Long, Integer> e : entries) {
            table.removeIfMapsTo(e.getKey(), e.getValue() + 1); // wrong node: stays
            assertThat(table.get(e.getKey())).isEqualTo(e.getValue());
            table.removeIfMapsTo(e.getKey(), e.getValue());
            model.remove(e.getKey());
            assertThat(table.get(e.getKey())).isEqualTo(DigramTable.ABSENT);
        }
        assertThat(table.size()).isZero();
        assertSameContents(table, model);
    }

    private static void assertSameContents(DigramTable table, Map<Long, Integer> model) {
        assertThat(table.size()).isEqualTo(model.size());
        Map<Long, Integer> seen = new HashMap<>();
        table.forEach((key, node) -> assertThat(seen.put(key, node)).as("key visited twice").isNull());
        assertThat(seen).isEqualTo(model);
        for (Map.Entry<Long, Integer> e : model.entrySet()) {
            assertThat(table.get(e.getKey())).isEqualTo(e.getValue());
        }
    }

    @Test
    void wrappedChainSurvivesDeletionAtItsHead() {
        // A chain homed at the last slot wraps to slots 0, 1, ...; keys homed at slot 0 queue behind it.
        DigramTable table = new DigramTable(8);
        List<Long> last = keysWithHome(1023, 3, 11);
        List<Long> first = keysWithHome(0, 3, 12);
        for (int i = 0; i < 3; i++) {
            assertThat(table.putIfAbsent(last.get(i), i)).isEqualTo(DigramTable.ABSENT);
            assertThat(table.putIfAbsent(first.get(i), 10 + i)).isEqualTo(DigramTable.ABSENT);
        }
        table.removeIfMapsTo(last.get(0), 0);
        table.removeIfMapsTo(first.get(1), 11);
        assertThat(table.get(last.get(0))).isEqualTo(DigramTable.ABSENT);
        assertThat(table.get(last.get(1))).isEqualTo(1);
        assertThat(table.get(last.get(2))).isEqualTo(2);
        assertThat(table.get(first.get(0))).isEqualTo(10);
        assertThat(table.get(first.get(1))).isEqualTo(DigramTable.ABSENT);
        assertThat(table.get(first.get(2))).isEqualTo(12);
        assertThat(table.size()).isEqualTo(4);
    }

    @Test
    void putReplacesAndPutIfAbsentDoesNot() {
        DigramTable table = new DigramTable(4);
        long k = DigramTable.key(3, -4);
        assertThat(table.get(k)).isEqualTo(DigramTable.ABSENT);
        assertThat(table.putIfAbsent(k, 7)).isEqualTo(DigramTable.ABSENT);
        assertThat(table.putIfAbsent(k, 8)).isEqualTo(7);
        table.put(k, 9);
        assertThat(table.get(k)).isEqualTo(9);
        assertThat(table.size()).isEqualTo(1);
        table.removeIfMapsTo(k, 7);
        assertThat(table.get(k)).isEqualTo(9);
        table.removeIfMapsTo(k, 9);
        assertThat(table.get(k)).isEqualTo(DigramTable.ABSENT);
        assertThat(table.size()).isZero();
        table.removeIfMapsTo(k, 9); // absent: no-op
        assertThat(table.size()).isZero();
    }

    @Test
    void footprintGrowsWithTheTable() {
        DigramTable table = new DigramTable(1);
        long before = table.footprintBytes();
        for (int i = 0; i < 1000; i++) table.put(DigramTable.key(i, i), i);
        assertThat(table.footprintBytes()).isGreaterThan(before).isGreaterThanOrEqualTo(12L * 1000);
    }

    /** key() packs two ints losslessly, so distinct digrams never share a key. */
    @Property(tries = 500)
    void keyPacksBothSymbols(@ForAll int first, @ForAll int second) {
        long key = DigramTable.key(first, second);
        assertThat((int) (key >> 32)).isEqualTo(first);
        assertThat((int) key).isEqualTo(second);
    }
}
