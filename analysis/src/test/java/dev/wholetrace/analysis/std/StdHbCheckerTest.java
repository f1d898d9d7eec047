package dev.wholetrace.analysis.std;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The test's own happens-before checker finds races and ill-formed locking in hand-written STD. */
class StdHbCheckerTest {
    @Test
    void unorderedConflictingAccessesRaceAndOrderedOnesDoNot() {
        StdHbChecker.Result r = StdHbChecker.check(List.of(
                "T0|w(V1_0)|10", "T0|fork(T1)|11", "T0|w(V1_8)|12", "T0|acq(L5)|13", "T0|w(V1_16)|14", "T0|rel(L5)|15",
                "T1|r(V1_0)|20", "T1|r(V1_8)|21", "T1|acq(L5)|22", "T1|r(V1_16)|23", "T1|rel(L5)|24", "T1|w(V1_24)|25",
                "T0|join(T1)|16", "T0|r(V1_24)|17"));
        // before the fork, under the lock, after the join: ordered; the write after the fork is not
        assertThat(r.pairs()).containsExactly("12:21");
        assertThat(r.violations()).isEmpty();
        assertThat(r.lines()).isEqualTo(14);
    }

    @Test
    void readsDoNotRaceWithReads() {
        assertThat(StdHbChecker.check(List.of("T0|r(V1_0)|1", "T1|r(V1_0)|2", "T1|w(V1_8)|3", "T0|w(V1_8)|4")).pairs())
                .containsExactly("3:4");
    }

    @Test
    void illFormedLockingAndThreadsAreReported() {
        StdHbChecker.Result r = StdHbChecker.check(List.of(
                "T0|acq(L1)|1", "T0|acq(L1)|2", "T1|acq(L1)|3", "T1|rel(L2)|4", "T0|join(T1)|5", "T1|r(V1_0)|6", "nonsense"));
        assertThat(r.violations()).hasSize(5).anySatisfy(v -> assertThat(v).startsWith("acquire of a lock T0 holds"))
                .anySatisfy(v -> assertThat(v).startsWith("release of a lock it does not hold"))
                .anySatisfy(v -> assertThat(v).startsWith("acquire of a lock it already holds"))
                .anySatisfy(v -> assertThat(v).startsWith("an event of a joined thread"))
                .anySatisfy(v -> assertThat(v).startsWith("not an STD line"));
    }
}
