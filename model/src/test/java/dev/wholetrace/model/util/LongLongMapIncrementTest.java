package dev.wholetrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** {@link LongLongMap#increment} counts as a map of counters does, through growth from the smallest capacity. */
class LongLongMapIncrementTest {
    @Property
    void countsLikeAMap(@ForAll @Size(max = 2000) java.util.List<@IntRange(min = -5000, max = 5000) Integer> visits) {
        LongLongMap counts = new LongLongMap(2);
        Map<Integer, Long> expected = new HashMap<>();
        for (int v : visits) assertThat(counts.increment(v)).isEqualTo(expected.merge(v, 1L, Long::sum));
        assertThat(counts.size()).isEqualTo(expected.size());
        expected.forEach((k, n) -> assertThat(counts.get(k)).isEqualTo(n));
    }
}
