package dev.wholetrace.recorder.ewpp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceClass;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.ewpp.EwppCaps;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The check routine's signatures (docs/ewpp.md, "Collection"), symbol by symbol. */
class CheckRoutineTest {
    private final List<String> out = new ArrayList<>();
    /** "TAG@load [from writer] value": a head names its load (format 9), a CROSS_AT its writer too (11), a step or NEW is bare. */
    private final CheckSink sink = (first, value) -> out.add(name(CheckSymbols.tag(first)) + (CheckSymbols.load(first) >= 0 ? "@" + CheckSymbols.load(first) : "")
            + (CheckSymbols.extra(first) != 0 ? " from " + CheckSymbols.extra(first) : "") + (value != 0 ? " " + value : ""));

    private static String name(int tag) {
        return new String[] {"OK", "NONE", "LAST", "SEARCH", "B0", "B1", "END", "NEW", "CROSS", "BACK", "EVICTED", "CROSS_AT", "XSTORE"}[tag];
    }

    @Test
    void signsEachOutcome() {
        DependenceFilter f = DependenceFilter.empty().add(7, 1, DependenceClass.NO_COST).add(8, 2, DependenceClass.VARIABLE_COST);
        CheckRoutine c = new CheckRoutine(f, false);
        c.load(1, 100, 0, sink); // nothing wrote 100
        for (int i = 0; i < 8; i++) c.store(8, 200 + i, 10 + i); // store 8 writes 200..207 at 10..17
        c.store(7, 100, 20);
        c.load(1, 100, 21, sink); // the predicted source, its last instance
        c.load(2, 207, 22, sink); // 8's last instance, not predicted
        c.load(2, 202, 23, sink); // instance 2 of 0..7: search over 0..6
        c.load(3, 202, 24, sink); // (8, 3) not in the filter
        c.crossLoad(2, CheckSymbols.cross(4, 9), LastWriters.source(30, 5), 6, sink); // another thread wrote it last: store 30 in its segment 5
        c.crossLoad(2, CheckSymbols.cross(4, 10), LastWriters.source(30, 1L << 20), 6, sink); // the writer's segment does not fit the head
        // search for position 12 among 10..16: mid 3 (13) → B0, mid 1 (11) → B1, mid 2 (12) → END
        assertThat(out).containsExactly("NONE@1", "OK@1", "LAST@2 8", "SEARCH@2 8", "B0", "B1", "END", "NEW", "SEARCH@3 8", "B0", "B1", "END",
                "CROSS_AT@2 from 4 " + CheckSymbols.crossSource(30, 5, 6), "XSTORE " + CheckSymbols.cross(4, 9), "CROSS@2 " + CheckSymbols.cross(4, 10));
        assertThat(CheckSymbols.crossSource(30, 5, 6)).as("fits").isPositive();
        assertThat(c.comparisons()).as("last instance first, then the search's").isEqualTo(1 + 1 + (1 + 3) + (1 + 3));
    }

    @Test
    void distanceSignatureIsOneSymbol() {
        CheckRoutine c = new CheckRoutine(DependenceFilter.empty().add(8, 2, DependenceClass.VARIABLE_COST), true);
        for (int i = 0; i < 8; i++) c.store(8, 200 + i, 10 + i);
        c.load(2, 202, 30, sink);
        assertThat(out).containsExactly("BACK@2 " + CheckSymbols.back(8, 5));
    }

    /**
     * Issue 19, session 50: a loop whose load reads what the previous iteration's store wrote (the same distance every
     * time) repeats its distance signature, while the search's B0/B1 path runs over a buffer that grows by one each
     * iteration and changes with it, so the check grammar grew with the run; hence the distance default.
     */
    @Test
    void aRepeatingLoopRepeatsItsDistanceSignatureNotItsSearch() {
        DependenceFilter f = DependenceFilter.empty().add(8, 2, DependenceClass.VARIABLE_COST);
        for (boolean distance : new boolean[] {true, false}) {
            CheckRoutine c = new CheckRoutine(f, distance);
            java.util.Set<List<String>> signatures = new java.util.HashSet<>();
            for (int i = 0; i < 64; i++) { // store a[i] at 3i, load a[i - 2] at 3i + 1 (two instances before the latest)
                c.store(8, 1000 + i, 3L * i);
                if (i < 2) continue;
                out.clear();
                c.load(2, 1000 + i - 2, 3L * i + 1, sink);
                signatures.add(List.copyOf(out));
            }
            if (distance) assertThat(signatures).as("distance").containsExactly(List.of("BACK@2 " + CheckSymbols.back(8, 2)));
            else assertThat(signatures).as("search: a path per buffer length").hasSizeGreaterThan(4);
        }
        assertThat(CheckSymbols.distanceSignature(null)).as("the default").isTrue();
        assertThat(CheckSymbols.distanceSignature("search")).isFalse();
        assertThat(CheckSymbols.distanceSignature("distance")).isTrue();
    }

    @Test
    void boundedBuffersNameEvictedInstancesExplicitly() {
        DependenceFilter f = DependenceFilter.empty().add(8, 2, DependenceClass.VARIABLE_COST);
        CheckRoutine c = new CheckRoutine(f, false, new EwppCaps(4, 2));
        for (int i = 0; i < 8; i++) c.store(8, 200 + i, 10 + i); // evicts 10,11 at the 5th store, 12,13 at the 7th: keeps 14..17
        c.load(2, 201, 30, sink); // instance at 11: evicted
        c.load(2, 205, 31, sink); // instance at 15: search over 14..16 (mid 15 → END)
        c.load(2, 207, 32, sink); // the last
        c.load(2, 209, 33, sink); // never written (the table spilled: still no writer)
        assertThat(out).containsExactly("EVICTED@2 11", "SEARCH@2 8", "END", "LAST@2 8", "NONE@2");
        assertThat(c.evictedLoads()).isEqualTo(1);
        assertThat(c.spilledEntries()).as("8 addresses through a 2-entry table").isPositive();
        c.close();
    }

    @Test
    void spillingTableLosesNothing() {
        try (SpillingLongMap m = new SpillingLongMap(3)) {
            for (long k = 1; k <= 100; k++) m.put(k * 7919, k);
            for (long k = 1; k <= 100; k += 2) m.put(k * 7919, k + 1000); // newer values supersede the spilled ones
            for (long k = 1; k <= 100; k++) assertThat(m.get(k * 7919)).as("key %d", k).isEqualTo(k % 2 == 1 ? k + 1000 : k);
            assertThat(m.get(5)).isZero();
            assertThat(m.inMemory()).isLessThanOrEqualTo(3);
            assertThat(m.diskHits()).isPositive();
        }
    }

    @Test
    void filterRoundTripsThroughItsText() {
        DependenceFilter f = DependenceFilter.empty().add(7, 1, DependenceClass.NO_COST).add(8, 2, DependenceClass.FIXED_COST).addUnwritten(3);
        DependenceFilter g = DependenceFilter.decode(f.encode());
        assertThat(g.encode()).isEqualTo(f.encode());
        assertThat(g.classOf(8, 2)).isEqualTo(DependenceClass.FIXED_COST);
        assertThat(g.classOf(8, 1)).isNull();
        assertThat(g.predicted(1)).isEqualTo(7);
        assertThat(g.predicted(3)).isEqualTo(DependenceFilter.PREDICTED_NONE);
        assertThat(g.predicted(2)).isEqualTo(DependenceFilter.UNPREDICTED);
    }
}
