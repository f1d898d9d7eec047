package dev.wholetrace.model.strata;

import dev.wholetrace.model.util.SequenceHash;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The hash the builders keep element by element ({@link SequenceHash#step}) is a pure function of
 * the sequence's content: the same as {@link SequenceHash#hash} computed afresh, however the
 * sequence was built. {@link SequenceTable#intern(long[], int, long)} checks it with assertions on
 * (as in the tests), so every test that builds paths or strata checks it too; this test checks that
 * the check is live.
 */
class SequenceTableHashTest {

    /** Built by appending, by copying a prefix of another then appending, or afresh: one hash, one id. */
    @Property(tries = 300)
    void theKeptHashIsTheHashOfTheContent(@ForAll("sequences") List<long[]> seqs) {
        SequenceTable kept = new SequenceTable();
        SequenceTable fresh = new SequenceTable();
        long[] prev = new long[0];
        for (long[] s : seqs) {
            int shared = 0; // the prefix s shares with the previous sequence: hashed as a copy, the rest stepped on
            while (shared < Math.min(prev.length, s.length) && prev[shared] == s[shared]) shared++;
            long h = SequenceHash.hash(prev, shared);
            for (int i = shared; i < s.length; i++) h = SequenceHash.step(h, s[i]);
            assertThat(h).isEqualTo(SequenceHash.hash(s, s.length));
            assertThat(kept.intern(s, s.length, h)).isEqualTo(fresh.intern(s, s.length));
            prev = s;
        }
        assertThat(kept.size()).isEqualTo(fresh.size());
    }

    /** A caller's wrong hash would give a sequence a second id: the table refuses it (assertions on). */
    @Example
    void aWrongKeptHashIsCaught() {
        SequenceTable t = new SequenceTable();
        long[] s = {1, 2, 3};
        t.intern(s, 3);
        assertThatThrownBy(() -> t.intern(s, 3, SequenceHash.hash(s, 2))).isInstanceOf(AssertionError.class).hasMessageContaining("kept hash");
    }

    @Provide
    Arbitrary<List<long[]>> sequences() {
        return Arbitraries.longs().between(0, 3).array(long[].class).ofMaxSize(6).list().ofMaxSize(40);
    }
}
