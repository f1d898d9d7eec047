package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;

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
 * {@link NodeDigramTable} keeps only a digram's 32-bit hash in its slot and tells two digrams with
 * the same hash apart by reading the nodes: these tests use digrams of small terminals whose
 * whole hashes are equal (found by a birthday search, not only equal home slots as
 * NodeDigramTablePropertiesTest's pools), in the table alone and in SEQUITUR, whose grammar must
 * not depend on which digrams collide: shifting every terminal (which moves the collisions
 * elsewhere) shifts the grammar's terminals and changes nothing else.
 */
class DigramHashCollisionTest {
    /** Terminals below this are searched for digrams with equal hashes. */
    private static final int SEARCH = 1200;
    /** Pairs of distinct digram keys with equal {@link DigramTable#hash}, over terminals below {@link #SEARCH}. */
    static final List<long[]> COLLIDING = collidingPairs();
    private static final int SHIFT = 1_000_003;

    private static List<long[]> collidingPairs() {
        long[] byHash = new long[SEARCH * SEARCH];
        for (int a = 0; a < SEARCH; a++) {
            for (int b = 0; b < SEARCH; b++) {
                int i = a * SEARCH + b;
                byHash[i] = (long) DigramTable.hash(DigramTable.key(a, b)) << 32 | i;
            }
        }
        Arrays.sort(byHash);
        List<long[]> pairs = new ArrayList<>();
        for (int i = 1; i < byHash.length; i++) {
            if (byHash[i] >>> 32 != byHash[i - 1] >>> 32) continue;
            int x = (int) byHash[i - 1];
            int y = (int) byHash[i];
            pairs.add(new long[] {DigramTable.key(x / SEARCH, x % SEARCH), DigramTable.key(y / SEARCH, y % SEARCH)});
        }
        return pairs;
    }

    @Property(tries = 1)
    void theSearchFindsCollidingDigrams() {
        assertThat(COLLIDING).hasSizeGreaterThan(20);
        for (long[] p : COLLIDING) {
            assertThat(p[0]).isNotEqualTo(p[1]);
            assertThat(DigramTable.hash(p[0])).isEqualTo(DigramTable.hash(p[1]));
        }
    }

    /** Random puts, gets and removals over keys that pairwise share their whole hash, against a HashMap. */
    @Property(tries = 200)
    void tableTellsCollidingDigramsApart(@ForAll long seed, @IntRange(min = 1, max = 12) @ForAll int pairs,
                                         @IntRange(min = 0, max = 40) @ForAll int expected) {
        Random rnd = new Random(seed);
        List<Long> keys = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            long[] p = COLLIDING.get(rnd.nextInt(COLLIDING.size()));
            keys.add(p[0]);
            keys.add(p[1]);
        }
        NodeDigramTable table = new NodeDigramTable(expected);
        NodeDigramTablePropertiesTest.Nodes nodes = new NodeDigramTablePropertiesTest.Nodes();
        Map<Long, Integer> model = new HashMap<>();
        for (int step = 0; step < 300; step++) {
            long key = keys.get(rnd.nextInt(keys.size()));
            int node = nodes.of(key, rnd.nextInt(3));
            switch (rnd.nextInt(4)) {
                case 0 -> {
                    Integer before = model.putIfAbsent(key, node);
                    assertThat(table.putIfAbsent(key, node, nodes.array)).isEqualTo(before == null ? NodeDigramTable.ABSENT : before);
                }
                case 1 -> {
                    model.put(key, node);
                    table.put(key, node, nodes.array);
                }
                case 2 -> {
                    model.remove(key, node); // only if it maps to this node: another occurrence stays
                    table.removeIfMapsTo(key, node, nodes.array);
                }
                default -> assertThat(table.get(key, nodes.array)).isEqualTo(model.getOrDefault(key, NodeDigramTable.ABSENT));
            }
            assertThat(table.size()).isEqualTo(model.size());
        }
        for (long key : keys) assertThat(table.get(key, nodes.array)).isEqualTo(model.getOrDefault(key, NodeDigramTable.ABSENT));
        Map<Long, Integer> seen = new HashMap<>();
        table.forEach(nodes.array, (key, node, current) -> {
            assertThat(current).isTrue();
            seen.put(key, node);
        });
        assertThat(seen).isEqualTo(model);
    }

    /**
     * SEQUITUR over an input made of digrams that collide (each pair twice or more, so they are
     * matched, made rules and their digrams removed again) and some noise: the grammar is the
     * shifted input's, shifted back, and it keeps the invariants.
     */
    @Property(tries = 150)
    void sequiturGrammarDoesNotDependOnWhichDigramsCollide(@ForAll long seed, @IntRange(min = 1, max = 6) @ForAll int pairs,
                                                           @IntRange(min = 2, max = 400) @ForAll int length) {
        Random rnd = new Random(seed);
        List<int[]> pieces = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            long[] p = COLLIDING.get(rnd.nextInt(COLLIDING.size()));
            pieces.add(new int[] {(int) (p[0] >>> 32), (int) p[0]});
            pieces.add(new int[] {(int) (p[1] >>> 32), (int) p[1]});
        }
        int[] input = new int[length];
        int n = 0;
        while (n < length) {
            if (rnd.nextInt(5) == 0) {
                input[n++] = rnd.nextInt(4);
                continue;
            }
            int[] piece = pieces.get(rnd.nextInt(pieces.size()));
            for (int s : piece) if (n < length) input[n++] = s;
        }
        int[] shifted = input.clone();
        for (int i = 0; i < shifted.length; i++) shifted[i] += SHIFT;

        SequiturGrammar plain = GrammarTestSupport.build(input);
        SequiturGrammar moved = GrammarTestSupport.build(shifted);
        assertThat(GrammarInvariants.violations(plain)).isEmpty();
        assertThat(GrammarInvariants.violations(moved)).isEmpty();
        Grammar g = plain.toGrammar();
        Grammar h = moved.toGrammar();
        assertThat(h.ruleCount()).isEqualTo(g.ruleCount());
        for (int r = 0; r < g.ruleCount(); r++) {
            int[] body = g.body(r).clone();
            for (int i = 0; i < body.length; i++) if (!Grammar.isRule(body[i])) body[i] += SHIFT;
            assertThat(h.body(r)).as("rule %s", r).isEqualTo(body);
        }
        assertThat(g.expand()).isEqualTo(input);
    }
}
