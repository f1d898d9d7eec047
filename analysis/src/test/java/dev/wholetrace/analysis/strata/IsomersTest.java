package dev.wholetrace.analysis.strata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.strata.Runs;
import dev.wholetrace.model.strata.SequenceTable;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Rotational and simple isomers of paths (the paper's ABCD / BCDA / ACBD). */
class IsomersTest {
    static long[] seq(long... v) {
        return v;
    }

    @Test
    void thePapersExample() {
        SequenceTable t = new SequenceTable();
        t.intern(seq(1, 2, 3, 4), 4); // ABCD
        t.intern(seq(2, 3, 4, 1), 4); // BCDA: a rotation
        t.intern(seq(1, 3, 2, 4), 4); // ACBD: a reordering, not a rotation
        t.intern(seq(5), 1);
        assertThat(Isomers.rotationFamilies(t)).containsExactly(0, 0, 2, 3);
        assertThat(Isomers.reorderingFamilies(t)).containsExactly(0, 0, 0, 3);
    }

    /** A layer's strata are sequences of [id, trip] pairs: a pair is one element, so P0^2 P1^1 and P1^1 P0^2 are rotations, P0^1 P1^2 is not. */
    @Test
    void strataOfOneLayerAreRotationsOfOneAnother() {
        SequenceTable t = new SequenceTable();
        t.intern(seq(Runs.pair(0, 2), Runs.pair(1, 1)), 2);
        t.intern(seq(Runs.pair(0, 1), Runs.pair(1, 2)), 2);
        t.intern(seq(Runs.pair(1, 1), Runs.pair(0, 2)), 2);
        int[] family = Isomers.rotationFamilies(t);
        assertThat(family).containsExactly(0, 1, 0);
        assertThat(Isomers.sizes(family)).containsExactly(2, 1, 0);
    }

    /** Booth's least rotation against trying every rotation. */
    @Property(tries = 500)
    void leastRotationIsTheSmallestOfAllRotations(@ForAll("small") long[] s) {
        long[] best = null;
        for (int r = 0; r < Math.max(1, s.length); r++) {
            long[] rot = new long[s.length];
            for (int i = 0; i < s.length; i++) rot[i] = s[(r + i) % s.length];
            if (best == null || Arrays.compare(rot, best) < 0) best = rot;
        }
        assertThat(Isomers.leastRotation(s)).containsExactly(best);
    }

    @Property(tries = 200)
    void everyRotationIsInTheFamily(@ForAll @Size(min = 1, max = 8) long[] s, @ForAll @IntRange(min = 0, max = 7) int shift) {
        SequenceTable t = new SequenceTable();
        t.intern(s, s.length);
        long[] rot = new long[s.length];
        for (int i = 0; i < s.length; i++) rot[i] = s[(shift + i) % s.length];
        int id = t.intern(rot, rot.length);
        assertThat(Isomers.rotationFamilies(t)[id]).isZero();
        assertThat(Isomers.reorderingFamilies(t)[id]).isZero();
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<long[]> small() {
        return net.jqwik.api.Arbitraries.longs().between(0, 3).array(long[].class).ofMaxSize(12);
    }
}
