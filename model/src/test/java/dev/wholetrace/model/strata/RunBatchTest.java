package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A batch passes on every run it holds, in order, only at a drain or at the end, and grows as runs come. */
class RunBatchTest {
    @Test
    void runsReachTheNextSinkInOrderAtDrainAndFinish() {
        StrataPaperExamplesTest.Collect next = new StrataPaperExamplesTest.Collect();
        RunBatch batch = new RunBatch(next);
        List<String> expected = new ArrayList<>();
        for (int k = 0; k < 3000; k++) { // more than the first array holds
            batch.run(k % 7, 1 + k % 5);
            expected.add(k % 7 + "^" + (1 + k % 5));
        }
        batch.run(Integer.MAX_VALUE, Runs.MAX_TRIP); // the largest id and trip count survive the packing
        expected.add(Integer.MAX_VALUE + "^" + Runs.MAX_TRIP);
        assertThat(next.runs).isEmpty();
        batch.drain();
        assertThat(next.runs).isEqualTo(expected);
        batch.drain();
        assertThat(next.runs).hasSize(expected.size()); // nothing twice
        batch.run(3, 2);
        assertThat(next.finished).isFalse();
        batch.finish();
        assertThat(next.runs.get(next.runs.size() - 1)).isEqualTo("3^2");
        assertThat(next.finished).isTrue();
    }
}
