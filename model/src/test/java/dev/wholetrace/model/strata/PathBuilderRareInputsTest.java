package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link PathBuilder} on inputs the reference property's generators seldom make. */
class PathBuilderRareInputsTest {

    private static PathBuilder builder(SequenceTable table, List<String> runs, int maxLength) {
        return new PathBuilder(table, (id, trip) -> {
            List<Long> s = new ArrayList<>();
            for (long v : table.sequence(id)) s.add(v);
            runs.add(s + "^" + trip);
        }, maxLength);
    }

    /**
     * After {@link PathBuilder#finish} the builder stays usable (a later add starts a path of its
     * own): the next path built must be hashed from nothing (the table interns by that hash), and
     * the path finish named may be guessed as a successor and followed, so leaving it must find
     * its head in the builder's arrays.
     */
    @Test
    void addsAfterFinishCutTheSamePathsAsAFreshBuilder() {
        int[] before = {0, 2000, 2000};
        int[] after = {0, 2000, 2000, 5, 2000, 0, 2000, 2000, 5};
        SequenceTable table = new SequenceTable();
        List<String> reused = new ArrayList<>();
        PathBuilder b = builder(table, reused, 16);
        for (int x : before) b.add(x);
        b.finish();
        reused.clear();
        for (int x : after) b.add(x);
        b.finish();
        assertThat(reused).isEqualTo(PathBuilderReferenceTest.reference(after, 16));
    }

    /** Long inputs over a few blocks with many paths through one head: more than the alternatives tried and the turn table's clashes. */
    @Test
    void longIrregularInputsGiveTheReferenceRuns() {
        Random r = new Random(11);
        for (int round = 0; round < 300; round++) {
            int alphabet = 2 + r.nextInt(round % 3 == 0 ? 40 : 8);
            int maxLength = 1 + r.nextInt(round % 2 == 0 ? 6 : 40);
            int[] blocks = new int[1 + r.nextInt(5000)];
            for (int i = 0; i < blocks.length; i++) blocks[i] = r.nextInt(alphabet) * (round % 5 == 0 ? 997 : 1);
            SequenceTable table = new SequenceTable();
            List<String> got = new ArrayList<>();
            PathBuilder b = builder(table, got, maxLength);
            for (int x : blocks) b.add(x);
            b.finish();
            assertThat(got).as("round %d", round).isEqualTo(PathBuilderReferenceTest.reference(blocks, maxLength));
        }
    }
}
