package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The recorder empties a chunk's path table and layer 0 in place at a cut instead of making new
 * ones ({@link SequenceTable#clear}, {@link LayerZero#restart}): the next chunk must store exactly
 * what fresh ones would, with ids from 0 and nothing of the chunk before.
 */
class LayerZeroRestartTest {

    @Property(tries = 300)
    void aClearedTableGivesAFreshTablesIds(@ForAll("sequences") List<long[]> before, @ForAll("sequences") List<long[]> after) {
        SequenceTable reused = new SequenceTable();
        for (long[] s : before) reused.intern(s, s.length);
        reused.clear();
        assertRefillsAsAFreshTable(reused, after);
    }

    /**
     * The chunk before the cut grew every array of the table (slots rehashed to a larger mask, pool,
     * offsets and hashes copied), which the property above never does (at most 40 short sequences
     * fit the initial capacity): ids, elements and lookups after clear must still be a fresh table's.
     */
    @Property(tries = 50)
    void aTableClearedAfterGrowingGivesAFreshTablesIds(@ForAll("sequences") List<long[]> after) {
        SequenceTable reused = new SequenceTable();
        for (int i = 0; i < 3_000; i++) reused.intern(new long[] {i, i % 7, 4}, 3);
        reused.clear();
        assertThat(reused.size()).isZero();
        assertThat(reused.elements()).isZero();
        assertRefillsAsAFreshTable(reused, after);
    }

    /**
     * A burst (one chunk of many sequences) must not keep the table at its largest for the rest of
     * the recording: a chunk of a few sequences after it lets the next clear give the memory back.
     * Ids after each clear are still a fresh table's.
     */
    @Property(tries = 50)
    void aTableShrinksAfterABurstAndStillGivesFreshIds(@ForAll("sequences") List<long[]> small) {
        SequenceTable reused = new SequenceTable();
        long freshBytes = reused.bytes();
        for (int i = 0; i < 20_000; i++) reused.intern(new long[] {i, i % 7, 4, i >> 3}, 4);
        long burstBytes = reused.bytes();
        reused.clear();
        for (long[] s : small) reused.intern(s, s.length);
        reused.clear();
        assertThat(reused.bytes()).as("bytes after a burst of %d and a chunk of %d", burstBytes, small.size()).isLessThanOrEqualTo(2 * freshBytes);
        assertRefillsAsAFreshTable(reused, small);
    }

    /** Interning {@code sequences} (twice: found again, not added twice) into the cleared {@code reused} gives what a fresh table gives. */
    private static void assertRefillsAsAFreshTable(SequenceTable reused, List<long[]> sequences) {
        SequenceTable fresh = new SequenceTable();
        for (long[] s : sequences) assertThat(reused.intern(s, s.length)).isEqualTo(fresh.intern(s, s.length));
        for (long[] s : sequences) assertThat(reused.intern(s, s.length)).isEqualTo(fresh.intern(s, s.length));
        assertThat(reused.size()).isEqualTo(fresh.size());
        assertThat(reused.starts()).containsExactly(fresh.starts());
        assertThat(reused.pool()).containsExactly(fresh.pool());
    }

    @Property(tries = 300)
    void aRestartedLayerZeroSealsWhatAFreshOneSeals(@ForAll("runs") long[] before, @ForAll("runs") long[] after) {
        assertRestartSealsWhatAFreshOneSeals(GrammarAlgorithm.SEQUITUR, before, after);
    }

    /** The recorder's layer 0 can also run a windowed enhanced grammar ({@code --grammar enhanced --window N}), whose reset differs. */
    @Property(tries = 100)
    void aRestartedWindowedLayerZeroSealsWhatAFreshOneSeals(@ForAll("runs") long[] before, @ForAll("runs") long[] after) {
        assertRestartSealsWhatAFreshOneSeals(GrammarAlgorithm.ENHANCED.withWindow(GrammarAlgorithm.MIN_WINDOW), before, after);
    }

    private static void assertRestartSealsWhatAFreshOneSeals(GrammarAlgorithm algorithm, long[] before, long[] after) {
        LayerZero reused = new LayerZero(algorithm.newBuilder(), 8);
        feed(reused, before);
        reused.seal();
        assertThat(reused.restart()).as("%s's builder can be reset", algorithm.label()).isTrue();
        feed(reused, after);
        LayerZero fresh = new LayerZero(algorithm.newBuilder(), 8);
        feed(fresh, after);
        LayerZero.Sealed r = reused.seal();
        LayerZero.Sealed f = fresh.seal();
        assertThat(r.stratumStart()).isDeepEqualTo(f.stratumStart());
        assertThat(r.elements()).isDeepEqualTo(f.elements());
        assertThat(r.top()).containsExactly(f.top());
        assertThat(r.grammar()).isEqualTo(f.grammar());
        assertThat(reused.symbolCount()).isEqualTo(fresh.symbolCount());
    }

    /** [path, trip] runs as the path builder passes them on (a path never follows itself), then the end of the chunk. */
    private static void feed(LayerZero layer, long[] runs) {
        int last = -1;
        for (long r : runs) {
            int path = Runs.id(r);
            if (path == last) continue;
            layer.run(path, Runs.trip(r));
            last = path;
        }
        layer.finish();
    }

    @Provide
    Arbitrary<List<long[]>> sequences() {
        return Arbitraries.longs().between(0, 3).array(long[].class).ofMinSize(1).ofMaxSize(6).list().ofMaxSize(40);
    }

    @Provide
    Arbitrary<long[]> runs() {
        return Arbitraries.integers().between(0, 14).map(x -> Runs.pair(x / 3, 1 + x % 3)).array(long[].class).ofMaxSize(200); // 5 paths, trips 1..3
    }
}
