package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** The closed-form intersection of two address progressions against counting pairs one by one. */
class AccessTablePropertiesTest {
    @Property(tries = 2000)
    void commonAccessesCountsEveryPairOfEqualAddresses(@ForAll @LongRange(min = 0, max = 200) long a, @ForAll @IntRange(min = 0, max = 24) int s,
                                                        @ForAll @IntRange(min = 1, max = 40) int n, @ForAll @LongRange(min = 0, max = 200) long b,
                                                        @ForAll @IntRange(min = 0, max = 24) int t, @ForAll @IntRange(min = 1, max = 40) int m) {
        AccessTable table = new AccessTable();
        table.accesses(0, 0, 1, true, a, s, n);
        table.accesses(1, 0, 2, false, b, t, m);
        long pairs = 0;
        long firstCommon = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                if (a + (long) i * s == b + (long) j * t) {
                    pairs++;
                    firstCommon = Math.min(firstCommon, a + (long) i * s);
                }
            }
        }
        long[] example = {-1};
        assertThat(table.commonAccesses(0, 1, example)).isEqualTo(pairs);
        assertThat(table.commonAccesses(1, 0, new long[1])).isEqualTo(pairs);
        if (pairs > 0) assertThat(example[0]).isEqualTo(firstCommon);
    }
}
