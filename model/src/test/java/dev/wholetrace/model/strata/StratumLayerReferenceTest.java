package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link StratumLayer}, which leaves its membership set alone while a stratum repeats the previous
 * one, against the paper's ExtendStratumLayer written plainly ({@link PathBuilderReferenceTest#reference},
 * a stratum being a cycle of [id, trip] pairs as a path is of blocks): the same runs, stratum by stratum.
 */
class StratumLayerReferenceTest {

    @Property(tries = 1000)
    void sameRunsAsThePlainAlgorithm(@ForAll("pairs") int[] codes, @ForAll @IntRange(min = 1, max = 9) int maxLength) {
        SequenceTable table = new SequenceTable();
        List<String> runs = new ArrayList<>();
        StratumLayer layer = new StratumLayer(table, new RunSink() {
            @Override
            public void run(int id, long trip) {
                List<Integer> s = new ArrayList<>();
                for (long pair : table.sequence(id)) s.add(code(pair));
                runs.add(s + "^" + trip);
            }

            @Override
            public void finish() {
            }
        }, maxLength);
        for (int c : codes) layer.run(c / 4, c % 4 + 1); // the pair [c / 4, c % 4 + 1]: ids and trip counts both tell pairs apart
        layer.finish();
        assertThat(runs).isEqualTo(PathBuilderReferenceTest.reference(codes, maxLength));
        assertThat(layer.elements()).isEqualTo(codes.length);
    }

    private static int code(long pair) {
        return Runs.id(pair) * 4 + (int) Runs.trip(pair) - 1;
    }

    @Provide
    Arbitrary<int[]> pairs() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(0, 11).array(int[].class).ofMaxSize(200),
                // a stratum repeated with occasional breaks: long repetitions, prefixes, other pairs
                Arbitraries.integers().between(0, 11).array(int[].class).ofMinSize(1).ofMaxSize(6)
                        .flatMap(body -> Arbitraries.integers().between(0, 15).list().ofMaxSize(40).map(breaks -> {
                            List<Integer> out = new ArrayList<>();
                            for (int d : breaks) {
                                for (int x : body) out.add(x);
                                if (d >= 12) out.add(d - 12);
                                if (d == 11) out.remove(out.size() - 1);
                            }
                            return out.stream().mapToInt(Integer::intValue).toArray();
                        })));
    }
}
