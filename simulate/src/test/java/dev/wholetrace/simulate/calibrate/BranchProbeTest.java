package dev.wholetrace.simulate.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link BranchProbe}: the price of a misprediction from its two orders (docs/machine-model.md, "Mispredicted branches"). */
class BranchProbeTest {
    @Test
    void thePriceIsTheDifferenceOverTheCoinTossesWrongShare() {
        assertThat(BranchProbe.price(3.0, 1.0)).isEqualTo(4.0); // half the 1 iteration's branches wrong: 2 ns each
        assertThat(BranchProbe.price(1.0, 1.2)).isZero(); // noise below the sorted order prices nothing
    }

    @Test
    void bothOrdersRunTheSameElementsAndTheQuickProbeMeasures() {
        BranchProbe p = new BranchProbe(2, 100_000);
        BranchProbe.Result r = p.measure();
        assertThat(r.shuffledNs()).isPositive();
        assertThat(r.sortedNs()).isPositive();
        assertThat(r.mispredictNs()).isGreaterThanOrEqualTo(0);
        // the same multiset in both orders: the branch's profile (half negative) is the same, so is the compiled code
        long a = p.branchLoop(p.shuffledForTest(), BranchProbe.LENGTH), b = p.branchLoop(p.sortedForTest(), BranchProbe.LENGTH);
        assertThat(a).isEqualTo(b).isEqualTo(BranchProbe.LENGTH / 2 * 3L - BranchProbe.LENGTH / 2);
    }
}
