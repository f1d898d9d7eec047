package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ListAssert;

/** The sequences of a table, in id order, as lists (for assertions). */
final class SequenceTableAssert {
    private SequenceTableAssert() {}

    static ListAssert<List<Long>> sequences(SequenceTable t) {
        List<List<Long>> all = new ArrayList<>();
        for (int id = 0; id < t.size(); id++) {
            List<Long> s = new ArrayList<>();
            for (long v : t.sequence(id)) s.add(v);
            all.add(s);
        }
        return assertThat(all);
    }
}
