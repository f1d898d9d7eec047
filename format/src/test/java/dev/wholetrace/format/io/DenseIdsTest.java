package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link DenseIds}: ids in order of first appearance, and after a {@link DenseIds#clear} as a new table's; {@link Fenwick#clear}, which the open-rule lists are cleared with. */
class DenseIdsTest {
    @Test
    void idsFollowFirstAppearanceBeforeAndAfterClears() {
        Random random = new Random(7);
        DenseIds reused = new DenseIds();
        for (int round = 0; round < 200; round++) {
            // sizes that grow the table, then small ones in a large table (the clear that walks the ids)
            int keys = round % 10 == 0 ? 5_000 : random.nextInt(60);
            long spread = random.nextBoolean() ? 100 : 1L << (10 + random.nextInt(40));
            Map<Long, Integer> expected = new HashMap<>();
            DenseIds fresh = new DenseIds(random.nextInt(40));
            for (int i = 0; i < keys * 3; i++) {
                long key = random.nextInt(3) == 0 ? -random.nextInt(5) : (random.nextLong() & Long.MAX_VALUE) % spread * (1L << random.nextInt(20));
                Integer id = expected.computeIfAbsent(key, k -> expected.size());
                assertThat(reused.idOf(key)).isEqualTo(id);
                assertThat(fresh.idOf(key)).isEqualTo(id);
            }
            assertThat(reused.size()).isEqualTo(expected.size());
            reused.clear();
            assertThat(reused.size()).isZero();
        }
    }

    @Test
    void fenwickClearZeroesEveryNodeOfTheUsedPositions() {
        Random random = new Random(8);
        for (int round = 0; round < 500; round++) {
            int[] t = new int[random.nextBoolean() ? 1 + (1 << random.nextInt(10)) : 1 + random.nextInt(1000)];
            int used = random.nextInt(t.length);
            for (int i = 0; i < 3 * used; i++) Fenwick.add(t, random.nextInt(used), 1 + random.nextInt(5));
            Fenwick.clear(t, used);
            assertThat(t).containsOnly(0);
        }
    }
}
