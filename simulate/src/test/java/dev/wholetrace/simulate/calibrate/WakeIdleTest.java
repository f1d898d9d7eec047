package dev.wholetrace.simulate.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.machine.WakeTable;
import org.junit.jupiter.api.Test;

class WakeIdleTest {
    @Test
    void theMediansBecomeTheTablesRowsInTheFilesCycles() {
        // the lead's quiet run (session 38): idle 0 and 4 µs, unpark 1.16 / 10.67 µs, latency 12 / 25.5 µs
        WakeIdle.Result r = new WakeIdle.Result(0, 1, new long[] {0, 4_000}, new double[] {1_160, 10_670}, new double[] {12_000, 25_500});
        WakeTable t = r.table(1e11);
        assertThat(t.idle()).containsExactly(0, 400_000);
        assertThat(t.cost()).containsExactly(116_000, 1_067_000);
        assertThat(t.latency()).containsExactly(1_200_000, 2_550_000);
        assertThat(r.table(1e9).cost()).containsExactly(1_160, 10_670); // a file's own cycles
        assertThat(r.report()).hasSize(2);
        assertThat(r.report().get(1)).contains("idle 4.0 µs").contains("unpark 10.67 µs").contains("latency 25.50 µs");
    }

    @Test
    void theMedianIsTheMiddleOfTheSorted() {
        assertThat(WakeIdle.median(new long[] {9, 1, 5})).isEqualTo(5);
        assertThat(WakeIdle.median(new long[] {4, 1, 3, 2})).isEqualTo(3);
    }
}
