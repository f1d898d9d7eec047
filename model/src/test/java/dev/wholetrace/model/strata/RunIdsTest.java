package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.util.Alphabet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link RunIds} finds small trip counts by index and the others by hash: the ids must be those
 * one alphabet of the pairs gives (the stored top alphabet of layer 0), across both kinds, growth
 * of the index and a {@link RunIds#clear}.
 */
class RunIdsTest {

    @Property(tries = 300)
    void sameIdsAsAnAlphabetOfThePairs(@ForAll("runs") List<long[]> before, @ForAll("runs") List<long[]> after) {
        RunIds ids = new RunIds();
        assertSameAsAlphabet(ids, before);
        ids.clear();
        assertSameAsAlphabet(ids, after);
    }

    private static void assertSameAsAlphabet(RunIds ids, List<long[]> runs) {
        Alphabet alphabet = new Alphabet();
        for (long[] r : runs) {
            int stratum = (int) r[0];
            long trip = r[1];
            assertThat(ids.idOf(stratum, trip)).as("[%d, %d]", stratum, trip).isEqualTo(alphabet.idOf(Runs.pair(stratum, trip)));
        }
        assertThat(ids.size()).isEqualTo(alphabet.size());
        for (int t = 0; t < ids.size(); t++) assertThat(ids.pair(t)).isEqualTo(alphabet.first(t));
    }

    @Provide
    Arbitrary<List<long[]>> runs() {
        Arbitrary<long[]> run = Arbitraries.oneOf(
                Arbitraries.integers().between(0, 200).flatMap(s -> Arbitraries.longs().between(1, 6).map(t -> new long[] {s, t})),
                Arbitraries.integers().between(0, 400).flatMap(s -> Arbitraries.longs().between(1, Runs.MAX_TRIP).map(t -> new long[] {s, t})));
        return run.list().ofMaxSize(300);
    }
}
