package dev.wholetrace.model.address;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/** The predictor answers as with its tables from the first difference, also while it keeps only a log. */
class DiffPredictorTest {
    /** The predictor with its tables allocated at once (as before session 35). */
    static final class Tables {
        final long[] order1 = new long[64], order2 = new long[256];
        long d1, d2;

        boolean predicts(long diff) {
            int h1 = (int) ((d1 * 0x9E3779B97F4A7C15L) >>> 58);
            int h2 = (int) (((d1 * 31 + d2) * 0x9E3779B97F4A7C15L) >>> 56);
            boolean hit = diff == d1 || diff == order1[h1] || diff == order2[h2];
            order1[h1] = diff;
            order2[h2] = diff;
            d2 = d1;
            d1 = diff;
            return hit;
        }
    }

    @Property(tries = 300)
    void answersAsTheTablesDo(@ForAll @Size(max = 3 * DiffPredictor.SPARSE_CALLS) List<@LongRange(min = -3, max = 3) Long> small,
                              @ForAll @Size(max = 200) List<Long> any) {
        DiffPredictor predictor = new DiffPredictor();
        Tables tables = new Tables();
        for (List<Long> diffs : List.of(small, any, small)) { // few distinct values: the contexts repeat and hit
            for (long d : diffs) assertThat(predictor.predicts(d)).isEqualTo(tables.predicts(d));
        }
    }
}
