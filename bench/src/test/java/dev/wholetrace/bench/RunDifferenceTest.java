package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RunDifference}: math3's two runs (session 47) with the same lock order differ in which thread ran
 * FastMath$lnMant's class initializer; that is not a recovery's fault, but a difference anywhere else still is.
 */
class RunDifferenceTest {
    static final String INIT = "org.apache.commons.math3.util.FastMath$lnMant.<clinit>()V@4222";
    static final String LOAD = "org.apache.commons.math3.util.FastMath$lnMant.access$400()[[D@4208";
    static final List<String> CDR = List.of(INIT + " " + LOAD + " CROSS_THREAD 10994", INIT + " " + LOAD + " SAME_THREAD 991",
            "a.B.run()V@3 a.B.run()V@9 SAME_THREAD 40");
    static final List<String> EWPP = List.of(INIT + " " + LOAD + " CROSS_THREAD 10998", INIT + " " + LOAD + " SAME_THREAD 987",
            "a.B.run()V@3 a.B.run()V@9 SAME_THREAD 40");
    static final List<Long> LOCKS = List.of(1L, 2L << 32 | 5);

    @Test
    void aDifferenceOnlyInAClassInitializersStoresIsAnotherClassInitOrder() {
        assertThat(RunDifference.of(EWPP, LOCKS, CDR, LOCKS)).isEqualTo(RunDifference.CLASS_INIT);
        assertThat(RunDifference.of(CDR, LOCKS, CDR, LOCKS)).isEmpty();
    }

    @Test
    void aDifferenceElsewhereWithTheSameLockOrderIsUnexplained() {
        List<String> wrong = List.of(EWPP.get(0), EWPP.get(1), "a.B.run()V@3 a.B.run()V@9 SAME_THREAD 41");
        assertThat(RunDifference.of(wrong, LOCKS, CDR, LOCKS)).isNull();
        // a class initializer as the load, not the store, explains nothing: the store's thread is what varies
        List<String> loadInInit = List.of("a.B.run()V@3 a.C.<clinit>()V@2 SAME_THREAD 1");
        assertThat(RunDifference.of(loadInInit, LOCKS, List.of(), LOCKS)).isNull();
        assertThat(RunDifference.of(wrong, List.of(2L << 32 | 5, 1L), CDR, LOCKS)).isEqualTo(RunDifference.LOCKS);
    }

    @Test
    void bothVariantsReasonsCombine() {
        assertThat(RunDifference.both("", "")).isEmpty();
        assertThat(RunDifference.both("", RunDifference.LOCKS)).isEqualTo(RunDifference.LOCKS);
        assertThat(RunDifference.both(RunDifference.CLASS_INIT, RunDifference.CLASS_INIT)).isEqualTo(RunDifference.CLASS_INIT);
        assertThat(RunDifference.both(RunDifference.LOCKS, RunDifference.CLASS_INIT)).isEqualTo(RunDifference.LOCKS + "; " + RunDifference.CLASS_INIT);
        assertThat(RunDifference.both(RunDifference.LOCKS, null)).isNull();
    }
}
