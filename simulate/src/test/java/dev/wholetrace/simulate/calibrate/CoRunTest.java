package dev.wholetrace.simulate.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class CoRunTest {
    @Test
    void aLoopsContentionIsItsSlowdownBeyondOne() {
        assertThat(new CoRun.Loop("axpyLoop", 2.0, 2.6).contention()).isCloseTo(0.3, within(1e-12));
    }

    @Test
    void theKeyIsTheLoopsMedianNeverBelowZero() {
        List<CoRun.Loop> loops = List.of(new CoRun.Loop("a", 1, 1.1), new CoRun.Loop("b", 1, 1.5), new CoRun.Loop("c", 1, 1.2));
        assertThat(new CoRun.Result(0, 1, loops).contention()).isCloseTo(0.2, within(1e-12));
        // a loaded machine can time the pair faster than the loop alone: that prices nothing, not a speed-up
        assertThat(new CoRun.Result(0, 1, List.of(new CoRun.Loop("a", 1, 0.9), new CoRun.Loop("b", 1, 0.95))).contention()).isZero();
        assertThat(CoRun.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
        assertThat(CoRun.median(new double[0])).isZero();
    }

    @Test
    void theReportNamesEveryLoopAndTheKey() {
        List<String> r = new CoRun.Result(0, 1, List.of(new CoRun.Loop("axpyLoop", 2.0, 2.5))).report();
        assertThat(r).hasSize(2);
        assertThat(r.get(0)).contains("axpyLoop", "cpu 0", "cpu 1", "f 0.250");
        assertThat(r.get(1)).contains("memory.contention 0.250", "load average");
    }
}
