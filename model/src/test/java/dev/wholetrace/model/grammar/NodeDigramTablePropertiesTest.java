package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link NodeDigramTable} against a {@link HashMap} model (DigramTablePropertiesTest's, for the table whose digrams are read from the nodes). Keys are drawn from pools built to share
 * home buckets (including the last bucket, so probe chains wrap around the end of the array), which
 * exercises linear probing, backward-shift deletion and growth. The table reads each entry's
 * digram from the nodes it names, so every (key, node) of a test is a node of its own in a
 * {@link Nodes} array whose symbol and successor's symbol are the key's two symbols.
 */
class NodeDigramTablePropertiesTest {

    /** A node array in SequiturGrammar's layout (symbol, next, prev, unused) holding one node per (key, tag) asked for. */
    static final class Nodes {
        int[] array = new int[64];
        private int top;
        private final Map<List<Long>, Integer> made = new HashMap<>();

        /** The node for {@code key} tagged {@code tag}: the same node for the same pair, distinct nodes otherwise. */
        int of(long key, int tag) {
            return made.computeIfAbsent(List.of(key, (long) tag), k -> {
                if (top + 8 > array.length) array = java.util.Arrays.copyOf(array, array.length * 2);
                int n = top;
                int m = top + 4;
                top += 8;
                array[n] = (int) (key >>> 32);
                array[n + 1] = m;
                array[m] = (int) key;
                array[m + 1] = -1;
                return n;
            });
        }
    }

    @Provide
    Arbitrary<List<DigramTablePropertiesTest.Op>> operations() {
        return DigramTablePropertiesTest.operationLists();
    }

    @Property(tries = 300)
    void behavesLikeAHashMap(@ForAll("operations") List<DigramTablePropertiesTest.Op> ops, @ForAll @IntRange(min = 0, max = 40) int expected) {
        NodeDigramTable table = new NodeDigramTable(expected);
        Map<Long, Integer> model = new HashMap<>();
        Nodes nodes = new Nodes();
        for (DigramTablePropertiesTest.Op op : ops) {
            int node = nodes.of(op.key(), op.node());
            switch (op.kind()) {
                case PUT -> {
                    table.put(op.key(), node, nodes.array);
                    model.put(op.key(), node);
                }
                case PUT_IF_ABSENT -> {
                    Integer before = model.putIfAbsent(op.key(), node);
                    assertThat(table.putIfAbsent(op.key(), node, nodes.array))
                            .as("%s", op)
                            .isEqualTo(before == null ? NodeDigramTable.ABSENT : before);
                }
                case REMOVE_IF_MAPS_TO -> {
                    table.removeIfMapsTo(op.key(), node, nodes.array);
                    model.remove(op.key(), node);
                }
                case GET -> assertThat(table.get(op.key(), nodes.array))
                        .as("%s", op)
                        .isEqualTo(model.getOrDefault(op.key(), NodeDigramTable.ABSENT));
            }
            assertThat(table.size()).isEqualTo(model.size());
        }
        assertSameContents(table, model, nodes);
    }

    /** Fill far past the initial capacity, then delete everything in a scrambled order. */
    @Property(tries = 30)
    void growsAndEmptiesCleanly(@ForAll @IntRange(min = 1, max = 5000) int count, @ForAll long seed) {
        NodeDigramTable table = new NodeDigramTable(1);
        Map<Long, Integer> model = new HashMap<>();
        Nodes nodes = new Nodes();
        java.util.Random rnd = new java.util.Random(seed);
        for (int i = 0; i < count; i++) {
            long key = rnd.nextInt(4) == 0 ? DigramTablePropertiesTest.POOL.get(rnd.nextInt(DigramTablePropertiesTest.POOL.size())) : DigramTable.key(rnd.nextInt(100), i);
            int node = nodes.of(key, rnd.nextInt(3));
            Integer before = model.putIfAbsent(key, node);
            assertThat(table.putIfAbsent(key, node, nodes.array)).isEqualTo(before == null ? NodeDigramTable.ABSENT : before);
        }
        assertSameContents(table, model, nodes);
        List<Map.Entry<Long, Integer>> entries = new ArrayList<>(model.entrySet());
        java.util.Collections.shuffle(entries, rnd);
        for (Map.Entry<Long, Integer> e : entries) {
            int other = nodes.of(e.getKey(), -1); // the same digram at another node: stays
            table.removeIfMapsTo(e.getKey(), other, nodes.array);
            assertThat(table.get(e.getKey(), nodes.array)).isEqualTo(e.getValue());
            table.removeIfMapsTo(e.getKey(), e.getValue(), nodes.array);
            model.remove(e.getKey());
            assertThat(table.get(e.getKey(), nodes.array)).isEqualTo(NodeDigramTable.ABSENT);
        }
        assertThat(table.size()).isZero();
        assertSameContents(table, model, nodes);
    }

    private static void assertSameContents(NodeDigramTable table, Map<Long, Integer> model, Nodes nodes) {
        assertThat(table.size()).isEqualTo(model.size());
        Map<Long, Integer> seen = new HashMap<>();
        table.forEach(nodes.array, (key, node, current) -> {
            assertThat(current).as("entry of %s at %s stored under its digram's hash", key, node).isTrue();
            assertThat(seen.put(key, node)).as("key visited twice").isNull();
        });
        assertThat(seen).isEqualTo(model);
        for (Map.Entry<Long, Integer> e : model.entrySet()) {
            assertThat(table.get(e.getKey(), nodes.array)).isEqualTo(e.getValue());
        }
    }

    @Test
    void wrappedChainSurvivesDeletionAtItsHead() {
        // A chain homed at the last slot wraps to slots 0, 1, ...; keys homed at slot 0 queue behind it.
        NodeDigramTable table = new NodeDigramTable(8);
        Nodes nodes = new Nodes();
        List<Long> last = DigramTablePropertiesTest.keysWithHome(1023, 3, 11);
        List<Long> first = DigramTablePropertiesTest.keysWithHome(0, 3, 12);
        int[] lastNodes = new int[3];
        int[] firstNodes = new int[3];
        for (int i = 0; i < 3; i++) {
            lastNodes[i] = nodes.of(last.get(i), 0);
            firstNodes[i] = nodes.of(first.get(i), 0);
        }
        int[] n = nodes.array;
        for (int i = 0; i < 3; i++) {
            assertThat(table.putIfAbsent(last.get(i), lastNodes[i], n)).isEqualTo(NodeDigramTable.ABSENT);
            assertThat(table.putIfAbsent(first.get(i), firstNodes[i], n)).isEqualTo(NodeDigramTable.ABSENT);
        }
        table.removeIfMapsTo(last.get(0), lastNodes[0], n);
        table.removeIfMapsTo(first.get(1), firstNodes[1], n);
        assertThat(table.get(last.get(0), n)).isEqualTo(NodeDigramTable.ABSENT);
        assertThat(table.get(last.get(1), n)).isEqualTo(lastNodes[1]);
        assertThat(table.get(last.get(2), n)).isEqualTo(lastNodes[2]);
        assertThat(table.get(first.get(0), n)).isEqualTo(firstNodes[0]);
        assertThat(table.get(first.get(1), n)).isEqualTo(NodeDigramTable.ABSENT);
        assertThat(table.get(first.get(2), n)).isEqualTo(firstNodes[2]);
        assertThat(table.size()).isEqualTo(4);
    }

    @Test
    void putReplacesAndPutIfAbsentDoesNot() {
        NodeDigramTable table = new NodeDigramTable(4);
        Nodes nodes = new Nodes();
        long k = DigramTable.key(3, -4);
        int seven = nodes.of(k, 7);
        int eight = nodes.of(k, 8);
        int nine = nodes.of(k, 9);
        int[] n = nodes.array;
        assertThat(table.get(k, n)).isEqualTo(NodeDigramTable.ABSENT);
        assertThat(table.putIfAbsent(k, seven, n)).isEqualTo(NodeDigramTable.ABSENT);
        assertThat(table.putIfAbsent(k, eight, n)).isEqualTo(seven);
        table.put(k, nine, n);
        assertThat(table.get(k, n)).isEqualTo(nine);
        assertThat(table.size()).isEqualTo(1);
        table.removeIfMapsTo(k, seven, n);
        assertThat(table.get(k, n)).isEqualTo(nine);
        table.removeIfMapsTo(k, nine, n);
        assertThat(table.get(k, n)).isEqualTo(NodeDigramTable.ABSENT);
        assertThat(table.size()).isZero();
        table.removeIfMapsTo(k, nine, n); // absent: no-op
        assertThat(table.size()).isZero();
    }

    @Test
    void footprintGrowsWithTheTable() {
        NodeDigramTable table = new NodeDigramTable(1);
        Nodes nodes = new Nodes();
        long before = table.footprintBytes();
        for (int i = 0; i < 1000; i++) {
            int node = nodes.of(DigramTable.key(i, i), 0);
            table.put(DigramTable.key(i, i), node, nodes.array);
        }
        assertThat(table.footprintBytes()).isGreaterThan(before).isGreaterThanOrEqualTo(8L * 1000);
    }

    /** key() packs two ints losslessly, so distinct digrams never share a key. */
    @Property(tries = 500)
    void keyPacksBothSymbols(@ForAll int first, @ForAll int second) {
        long key = DigramTable.key(first, second);
        assertThat((int) (key >> 32)).isEqualTo(first);
        assertThat((int) key).isEqualTo(second);
    }
}
