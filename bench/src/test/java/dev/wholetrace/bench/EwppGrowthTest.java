package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The growth series' sizes and the line that splits a recovery into its fixed cost and its cost per dependence. */
class EwppGrowthTest {
    private static EwppGrowth.Point point(int m, long dependences, double ewpp, double at) {
        return new EwppGrowth.Point(m, dependences, 2, 5, 10, 20, 0.1, ewpp, at, 1000, 300, 100, 400, 5000, 9000, "yes");
    }

    @Test
    void aKernelGrowsByItsStepsAndADriverByItsSize() {
        TracedProgram sor = EwppBenchCommand.programs(false).get(0);
        TracedProgram math3 = EwppBenchCommand.programs(false).get(5);
        assertThat(EwppGrowth.scaled(sor, 16).args()).containsExactly("sor", "2", "64", "96");
        assertThat(EwppGrowth.scaled(math3, 4).args()).containsExactly("8");
        assertThat(sor.args()).containsExactly("sor", "2", "64", "6"); // not changed in place
        assertThat(EwppGrowth.multipliers(sor, false)).containsExactly(1, 4, 16);
        assertThat(EwppGrowth.multipliers(math3, false)).containsExactly(1, 2, 4);
    }

    @Test
    void theLineThroughThePointsIsTheFixedCostAndTheCostPerDependence() {
        // eWPP: 2 ms + 1 ns per dependence; AT: 10 ms + 100 ns per dependence
        List<EwppGrowth.Point> points = List.of(point(1, 1_000_000, 0.003, 0.110), point(4, 4_000_000, 0.006, 0.410),
                point(16, 16_000_000, 0.018, 1.610));
        EwppGrowth.Fit e = EwppGrowth.Fit.of(points, true), a = EwppGrowth.Fit.of(points, false);
        assertThat(e.fixed()).isCloseTo(0.002, within(1e-12));
        assertThat(e.perDependence()).isCloseTo(1e-9, within(1e-18));
        assertThat(a.fixed()).isCloseTo(0.010, within(1e-12));
        assertThat(a.perDependence()).isCloseTo(100e-9, within(1e-18));
        String page = EwppGrowth.markdown(List.of(new EwppGrowth.Series("k", points)), "bench/run ewpp --growth-only");
        assertThat(page).contains("| k | 2.00 | 1.0 | 10.00 | 100.0 | 100.00 | 89.44 | 36.67 | 1610.0 |")
                .contains("per dependence 100.00× (1 of 1 programs ≥ 10×); at the largest size 89.44× (1 of 1)");
    }
}
