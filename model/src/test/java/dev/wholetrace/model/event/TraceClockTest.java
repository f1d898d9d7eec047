package dev.wholetrace.model.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A clock's bounds and interpolation between samples, and samples that go back refused. */
class TraceClockTest {
    /** Samples: at 0 ns next ticket 0; at 1 ms next 10; still 10 at 50 ms (a pause); at 51 ms next 12. */
    private static TraceClock clock() {
        return new TraceClock.Builder().add(0, 0).add(10, 1_000_000).add(10, 50_000_000).add(12, 51_000_000).build(1234);
    }

    @Test
    void aTicketLiesBetweenTheSamplesAroundIt() {
        TraceClock c = clock();
        assertThat(c.known()).isTrue();
        assertThat(c.samples()).isEqualTo(4);
        assertThat(c.originEpochMillis()).isEqualTo(1234);
        assertThat(c.spanNanos()).isEqualTo(51_000_000);
        // tickets 0..9 were taken between 0 and 1 ms, interpolated linearly
        assertThat(c.earliest(0)).isZero();
        assertThat(c.latest(0)).isEqualTo(1_000_000);
        assertThat(c.nanos(5)).isEqualTo(500_000);
        // ticket 10 was taken after the pause: still the next ticket at 50 ms
        assertThat(c.earliest(10)).isEqualTo(50_000_000);
        assertThat(c.latest(10)).isEqualTo(51_000_000);
        assertThat(c.nanos(10)).isEqualTo(50_000_000);
        assertThat(c.nanos(11)).isEqualTo(50_500_000);
        // after the last sample (an unfinished recording): at least the last sample's time
        assertThat(c.earliest(40)).isEqualTo(51_000_000);
        assertThat(c.latest(40)).isEqualTo(51_000_000);
    }

    @Test
    void everyInterpolatedTimeIsWithinItsBoundsAndMonotone() {
        TraceClock c = clock();
        long previous = 0;
        for (long t = 0; t < 15; t++) {
            assertThat(c.nanos(t)).isBetween(c.earliest(t), c.latest(t)).isGreaterThanOrEqualTo(previous);
            previous = c.nanos(t);
        }
    }

    @Test
    void withoutSamplesThereIsNoClock() {
        assertThat(new TraceClock.Builder().build(5)).isSameAs(TraceClock.NONE);
        assertThat(TraceClock.NONE.known()).isFalse();
        assertThat(TraceClock.NONE.nanos(3)).isZero();
        assertThat(TraceClock.NONE.spanNanos()).isZero();
    }

    @Test
    void samplesThatGoBackAreRefused() {
        assertThatThrownBy(() -> new TraceClock.Builder().add(5, 10).add(4, 20)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("goes back");
        assertThatThrownBy(() -> new TraceClock.Builder().add(5, 10).add(6, 9)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TraceClock.Builder().add(-1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
