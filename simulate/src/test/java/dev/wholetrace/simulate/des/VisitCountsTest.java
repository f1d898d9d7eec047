package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class VisitCountsTest {
    @Property
    void countsLikeAMap(@ForAll @Size(max = 2000) java.util.List<@IntRange(min = 0, max = 5000) Integer> visits) {
        VisitCounts counts = new VisitCounts();
        Map<Integer, Long> expected = new HashMap<>();
        for (int v : visits) assertThat(counts.increment(v)).isEqualTo(expected.merge(v, 1L, Long::sum));
    }
}
