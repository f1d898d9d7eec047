package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.analysis.hb.Script;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compressed-trace detector on scripted executions whose races are known. */
class RaceDetectorTest {
    static final int W = 1, R = 2, W2 = 3, R2 = 4; // instruction ids: stores 1 and 3, loads 2 and 4
    static final long X = Addresses.of(5, 16), Y = Addresses.of(5, 24);

    @TempDir
    Path dir;

    @Test
    void anUnorderedWriteAndReadRaceOnceAsAnInstructionPair() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("racy.wtrace"), 2)) {
            s.on(1, r -> { for (int i = 0; i < 10; i++) r.store(W, X); }).on(2, r -> { for (int i = 0; i < 3; i++) r.load(R, X); });
            trace = s.finish();
        }
        RaceDetector.Result result = RaceDetector.detect(trace, true);
        assertThat(result.races()).singleElement().satisfies(race -> {
            assertThat(race.a()).isEqualTo(W);
            assertThat(race.b()).isEqualTo(R);
            assertThat(race.count()).isEqualTo(30); // every write with every read
            assertThat(race.example().address()).isEqualTo(X);
            assertThat(race.instances()).hasSize(1);
        });
    }

    /**
     * A loop that re-reads a block (a single access, then the rest of the row: two runs each time)
     * against another thread's writes: however the reads are cut into rows, the example says every
     * access pair between its two segments, as its instance does.
     */
    @Test
    void theExampleCountsEveryPairBetweenItsTwoSegments() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("reread.wtrace"), 2)) {
            s.on(1, r -> { for (int k = 0; k < 5; k++) for (int i = 0; i < 16; i++) r.load(R, Addresses.of(9, 8L * i)); })
             .on(2, r -> { for (int i = 0; i < 16; i += 2) r.store(W, Addresses.of(9, 8L * i)); });
            trace = s.finish();
        }
        for (boolean all : new boolean[] {false, true}) {
            RaceDetector.Result result = RaceDetector.detect(trace, all);
            assertThat(result.races()).singleElement().satisfies(race -> {
                assertThat(race.count()).isEqualTo(5 * 8); // 8 written addresses, each read 5 times
                assertThat(race.example().pairs()).isEqualTo(40);
                assertThat(race.example().address()).isEqualTo(Addresses.of(9, 0));
                if (all) assertThat(race.instances()).containsExactly(race.example());
            });
            assertThat(result.stats().accesses()).isEqualTo(5 * 16 + 8);
        }
    }

    @Test
    void progressGoesThroughThePhasesInOrderToTheirTotals() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("progress.wtrace"), 2)) {
            s.on(1, r -> { r.lock(9, 77); r.store(W, X); r.unlock(9, 77); }).on(2, r -> { r.lock(9, 77); r.load(R, X); r.unlock(9, 77); });
            trace = s.finish();
        }
        java.util.List<String> seen = new java.util.ArrayList<>();
        RaceDetector.detect(trace, false, (phase, done, total) -> {
            assertThat(done).isBetween(0L, total);
            if (done == total) seen.add(phase);
        });
        assertThat(seen).containsSubsequence("happens-before", "reading accesses", "comparing");
        assertThat(seen.get(seen.size() - 1)).isEqualTo("comparing");
    }

    @Test
    void aLockHandOverOrdersTheAccesses() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("locked.wtrace"), 2)) {
            s.on(1, r -> { r.lock(9, 77); r.store(W, X); r.unlock(9, 77); })
             .on(2, r -> { r.lock(9, 77); r.load(R, X); r.store(W2, X); r.unlock(9, 77); });
            trace = s.finish();
        }
        assertThat(RaceDetector.detect(trace, false).races()).isEmpty();
    }

    @Test
    void readsDoNotRaceWithReadsAndOtherAddressesDoNotRace() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("reads.wtrace"), 2)) {
            s.on(1, r -> { r.load(R, X); r.store(W, Y); }).on(2, r -> { r.load(R2, X); r.store(W2, Addresses.of(5, 32)); });
            trace = s.finish();
        }
        assertThat(RaceDetector.detect(trace, false).races()).isEmpty();
    }

    /** Two sweeps over one array: disjoint halves do not race, the overlap does, element by element. */
    @Test
    void stridedSweepsRaceExactlyWhereTheyOverlap() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("sweeps.wtrace"), 2)) {
            s.on(1, r -> { for (int i = 0; i < 600; i++) r.store(W, Addresses.of(8, 8L * i)); })
             .on(2, r -> { for (int i = 500; i < 1000; i += 2) r.load(R, Addresses.of(8, 8L * i)); });
            trace = s.finish();
        }
        RaceDetector.Result result = RaceDetector.detect(trace, false);
        assertThat(result.races()).singleElement().satisfies(race -> assertThat(race.count()).isEqualTo(50)); // 500, 502, …, 598
        assertThat(result.stats().progressions()).as("two runs, not 850 accesses").isLessThanOrEqualTo(4);
        assertThat(result.stats().accesses()).isEqualTo(850);
    }

    @Test
    void aBarrierSeparatesPhasesButNotWhatFollowsIt() throws Exception {
        ParallelTrace trace;
        try (Script s = new Script(dir.resolve("barrier.wtrace"), 2)) {
            s.on(1, r -> r.store(W, X)).on(2, r -> r.load(R, Y)) // phase 1
             .on(1, r -> r.barrier(7, 3, 0)).on(2, r -> r.barrier(7, 3, 0))
             .on(2, r -> r.store(W2, X)).on(1, r -> r.load(R2, Y)) // phase 2: X written by 1 before, 2 now
             .on(1, r -> r.store(W, Y)).on(2, r -> r.load(R, Y)); // both after the barrier, unordered: a race
            trace = s.finish();
        }
        RaceDetector.Result result = RaceDetector.detect(trace, false);
        assertThat(result.races()).extracting(Race::a, Race::b).containsExactly(org.assertj.core.groups.Tuple.tuple(W, R));
    }

    @Test
    void aTraceWithoutAddressesIsRefused() throws Exception {
        Path file = dir.resolve("cor.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            rec.thread().block(1);
        }
        assertThatThrownBy(() -> RaceDetector.detect(ParallelTrace.open(file), false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CDR or ALL").hasMessageContaining("COR");
    }
}
