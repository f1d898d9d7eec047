package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link StratumLayer}, which follows known strata (the previous one, or one a turn met before
 * leads to) without storing them, against the paper's ExtendStratumLayer written plainly
 * ({@link PathBuilderReferenceTest#reference}, a stratum being a cycle of [id, trip] pairs as a path
 * is of blocks): the same runs, stratum by stratum, and the same ids as interning each run's
 * stratum as it reaches the sink (dense, in the order of first runs: the stored strata's ids).
 */
class StratumLayerReferenceTest {

    @Property(tries = 1000)
    void sameRunsAsThePlainAlgorithm(@ForAll("pairs") int[] codes, @ForAll @IntRange(min = 1, max = 9) int maxLength) {
        checkAgainstReference(codes, maxLength);
    }

    /**
     * Strata up to 48 pairs long out of 48 distinct pairs: short strata are scanned and long ones
     * use the set ({@link StratumLayer#SCANNED}), so this crosses from one to the other, from
     * either state of the cutter (building a stratum, or repeating the previous one).
     */
    @Property(tries = 1000)
    void sameRunsAcrossTheScanAndTheSet(@ForAll("widePairs") int[] codes, @ForAll @IntRange(min = 1, max = 60) int maxLength) {
        checkAgainstReference(codes, maxLength);
    }

    /**
     * Hundreds of distinct strata that share prefixes (each one made from an earlier one's prefix
     * and new pairs), met in random order and some repeated, under trip counts 1 to 6: the cutter's
     * direct-mapped turn table ({@code CycleCutter.TURNS} entries) sees more turns than it holds, so
     * slots collide and are overwritten, turns lead to strata that then leave them, and strata close
     * as proper prefixes of the one they follow.
     */
    @Property(tries = 60)
    void sameRunsWithMoreTurnsThanTheTableHolds(@ForAll("manyStrata") int[] codes, @ForAll @IntRange(min = 1, max = 40) int maxLength) {
        checkAgainstReference(codes, maxLength, 6);
    }

    @Provide
    Arbitrary<int[]> manyStrata() {
        return Arbitraries.longs().map(seed -> {
            java.util.Random rnd = new java.util.Random(seed);
            int distinct = 600 + rnd.nextInt(3000); // pair codes
            List<int[]> strata = new ArrayList<>();
            for (int k = 0, n = 100 + rnd.nextInt(500); k < n; k++) {
                int[] from = strata.isEmpty() || rnd.nextInt(4) == 0 ? new int[0] : strata.get(rnd.nextInt(strata.size()));
                int keep = from.length == 0 ? 0 : rnd.nextInt(from.length + 1);
                java.util.LinkedHashSet<Integer> s = new java.util.LinkedHashSet<>();
                for (int i = 0; i < keep; i++) s.add(from[i]);
                for (int extra = rnd.nextInt(12); extra > 0; extra--) s.add(rnd.nextInt(distinct));
                if (s.isEmpty()) s.add(rnd.nextInt(distinct));
                strata.add(s.stream().mapToInt(Integer::intValue).toArray());
            }
            List<Integer> out = new ArrayList<>();
            while (out.size() < 4000) {
                int[] s = strata.get(rnd.nextInt(strata.size()));
                int times = rnd.nextInt(5) == 0 ? 1 + rnd.nextInt(6) : 1;
                int cut = rnd.nextInt(6) == 0 ? 1 + rnd.nextInt(s.length) : s.length; // a prefix of it, now and then
                for (int t = 0; t < times; t++) for (int i = 0; i < cut; i++) out.add(s[i]);
            }
            return out.stream().mapToInt(Integer::intValue).toArray();
        });
    }

    private static void checkAgainstReference(int[] codes, int maxLength) {
        checkAgainstReference(codes, maxLength, 4);
    }

    /** Code c is the pair [c / trips, c % trips + 1]. */
    private static void checkAgainstReference(int[] codes, int maxLength, int trips) {
        SequenceTable table = new SequenceTable();
        List<String> runs = new ArrayList<>();
        Map<List<Integer>, Integer> firstRun = new HashMap<>();
        StratumLayer layer = new StratumLayer(table, new RunSink() {
            @Override
            public void run(int id, long trip) {
                List<Integer> s = new ArrayList<>();
                for (long pair : table.sequence(id)) s.add(Runs.id(pair) * trips + (int) Runs.trip(pair) - 1);
                runs.add(s + "^" + trip);
                assertThat(id).as("id of %s", s).isEqualTo(firstRun.computeIfAbsent(s, k -> firstRun.size()));
            }

            @Override
            public void finish() {
            }
        }, maxLength);
        for (int c : codes) layer.run(c / trips, c % trips + 1); // ids and trip counts both tell pairs apart
        layer.finish();
        assertThat(runs).isEqualTo(PathBuilderReferenceTest.reference(codes, maxLength));
        assertThat(layer.elements()).isEqualTo(codes.length);
    }

    @Provide
    Arbitrary<int[]> pairs() {
        return pairsOf(12, 6);
    }

    @Provide
    Arbitrary<int[]> widePairs() {
        // and all 48 pairs in some order, repeated and cut short: strata longer than the scan's
        return Arbitraries.oneOf(pairsOf(48, 30), Arbitraries.shuffle(IntStream.range(0, 48).boxed().toList())
                .flatMap(order -> Arbitraries.integers().between(1, 150).map(length -> {
                    int[] out = new int[length];
                    for (int k = 0; k < length; k++) out[k] = order.get(k % 48);
                    return out;
                })));
    }

    /** Codes of {@code distinct} pairs: at random, or a stratum of up to {@code body} codes repeated with occasional breaks. */
    private static Arbitrary<int[]> pairsOf(int distinct, int body) {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(0, distinct - 1).array(int[].class).ofMaxSize(200),
                // a stratum repeated with occasional breaks: long repetitions, prefixes, other pairs
                Arbitraries.integers().between(0, distinct - 1).array(int[].class).ofMinSize(1).ofMaxSize(body)
                        .flatMap(b -> Arbitraries.integers().between(0, distinct + 3).list().ofMaxSize(40).map(breaks -> {
                            List<Integer> out = new ArrayList<>();
                            for (int d : breaks) {
                                for (int x : b) out.add(x);
                                if (d >= distinct) out.add(d - distinct);
                                if (d == distinct - 1) out.remove(out.size() - 1);
                            }
                            return out.stream().mapToInt(Integer::intValue).toArray();
                        })));
    }
}
