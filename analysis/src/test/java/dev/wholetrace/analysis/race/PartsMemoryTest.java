package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.hb.Script;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An irregular program (Mp3d's pattern: each worker updates randomly chosen cells, each under the
 * cell's lock, and the workers meet at a barrier after every step) checked part by part
 * ({@link GlobalCuts}): the rows the detector holds at once ({@link RaceDetector.Stats#peakRows})
 * must follow one step's accesses, not the run's, and the races must be those of the naive replay,
 * including one whose two sides lie many parts apart (a write of the main thread at the start, in a
 * segment concurrent with everything, and a worker's read in the last step) and an unlocked write
 * among the locked ones in one step. Counted, not timed: before the parts, the detector held every
 * row of the run at once.
 */
class PartsMemoryTest {
    static final int W_CELL = 1, R_CELL = 2, W_UNLOCKED = 3, W_MAIN = 4, R_MAIN = 5;
    static final int WORKERS = 3, CELLS = 97, SECTIONS = 40, S_LOCK = 10, S_BARRIER = 11;
    static final long MAIN = Addresses.of(3, 0), BARRIER = 0x55;
    /** Small parts for a small trace: the cuts come as they would on a large one. */
    static final long PART = 200;

    @TempDir
    Path dir;

    @Test
    void rowsHeldFollowOneStepNotTheRun() throws Exception {
        RaceDetector.Result few = RaceDetector.detect(trace(dir.resolve("few.wtrace"), 8), false, RaceProgress.NONE, PART);
        RaceDetector.Result many = RaceDetector.detect(trace(dir.resolve("many.wtrace"), 32), false, RaceProgress.NONE, PART);
        assertThat(many.stats().accesses()).isGreaterThan(3 * few.stats().accesses());
        assertThat(many.stats().parts()).isGreaterThan(few.stats().parts()).isGreaterThan(8);
        // one step is 3 × 40 locked sections of two accesses: 240 rows, and a cut comes after a step
        assertThat(many.stats().peakRows()).as("rows held at once").isLessThanOrEqualTo(few.stats().peakRows()).isLessThan(4 * 240);
    }

    @Test
    void partsFindTheRacesTheWholeTableFinds() throws Exception {
        ParallelTrace trace = trace(dir.resolve("races.wtrace"), 12);
        RaceDetector.Result parts = RaceDetector.detect(trace, true, RaceProgress.NONE, PART);
        RaceDetector.Result whole = RaceDetector.detect(trace, true, RaceProgress.NONE, Long.MAX_VALUE);
        assertThat(parts.stats().parts()).isGreaterThan(4);
        assertThat(whole.stats().parts()).isEqualTo(1);
        assertThat(counts(parts)).isEqualTo(counts(whole)).isEqualTo(ReferenceRaceDetector.detect(trace).counts())
                .containsKey(ReferenceRaceDetector.InstructionPair.of(W_MAIN, R_MAIN))
                .containsKey(ReferenceRaceDetector.InstructionPair.of(W_UNLOCKED, R_CELL));
        for (Race r : parts.races()) { // the same instances, each pair of segments with its accesses
            Race w = whole.races().stream().filter(o -> o.a() == r.a() && o.b() == r.b()).findFirst().orElseThrow();
            assertThat(r.instances()).containsExactlyInAnyOrderElementsOf(w.instances());
        }
    }

    /** Checked in parts, progress is one count of the segments read, for reading and comparing alike, up to its total. */
    @Test
    void progressInPartsCountsTheSegmentsRead() throws Exception {
        java.util.List<String> done = new java.util.ArrayList<>();
        RaceDetector.Result r = RaceDetector.detect(trace(dir.resolve("progress.wtrace"), 6), false, (phase, at, total) -> {
            assertThat(at).isBetween(0L, total);
            assertThat(phase).isNotEqualTo("comparing"); // a part's sweep does not restart the bar
            if (at == total) done.add(phase);
        }, PART);
        assertThat(r.stats().parts()).isGreaterThan(1);
        assertThat(done).containsSubsequence("happens-before", "reading and comparing accesses");
    }

    /**
     * Parts of Long.MAX_VALUE accesses (bench races' one part, every row held at once) look for no
     * cut: no walk of the grammars to weigh cuts, and the progress of one part ("reading accesses",
     * then "comparing"). Twice Long.MAX_VALUE overflowed, and one part weighed cuts it never took.
     */
    @Test
    void onePartLooksForNoCut() throws Exception {
        java.util.Set<String> phases = new java.util.HashSet<>();
        RaceDetector.Result r = RaceDetector.detect(trace(dir.resolve("one.wtrace"), 6), false, (phase, at, total) -> phases.add(phase),
                Long.MAX_VALUE);
        assertThat(r.stats().parts()).isEqualTo(1);
        assertThat(phases).contains("reading accesses", "comparing").doesNotContain("reading and comparing accesses");
    }

    private static Map<ReferenceRaceDetector.InstructionPair, Long> counts(RaceDetector.Result r) {
        Map<ReferenceRaceDetector.InstructionPair, Long> out = new HashMap<>();
        for (Race race : r.races()) out.put(ReferenceRaceDetector.InstructionPair.of(race.a(), race.b()), race.count());
        return out;
    }

    /**
     * {@code steps} steps of {@link #WORKERS} workers, each updating {@link #SECTIONS} random cells
     * under their locks, then a barrier; the main thread writes MAIN first, the last worker reads it
     * in the last step, and worker 1 writes a cell without its lock in step 2.
     */
    private static ParallelTrace trace(Path file, int steps) throws Exception {
        try (Script s = new Script(file, WORKERS)) {
            s.on(0, r -> r.store(W_MAIN, MAIN));
            Random random = new Random(steps);
            for (int step = 0; step < steps; step++) {
                int episode = step;
                boolean last = step == steps - 1, unlocked = step == 2;
                for (int w = 1; w <= WORKERS; w++) {
                    int[] cells = random.ints(SECTIONS, 0, CELLS).toArray();
                    if (unlocked) cells[0] = 5; // every worker's first section: worker 1's unlocked write of cell 5 races with them
                    int worker = w;
                    s.on(w, r -> {
                        for (int c : cells) {
                            r.lock(S_LOCK, 1000 + c);
                            r.load(R_CELL, cell(c));
                            r.store(W_CELL, cell(c));
                            r.unlock(S_LOCK, 1000 + c);
                        }
                        if (unlocked && worker == 1) r.store(W_UNLOCKED, cell(5));
                        if (last && worker == WORKERS) r.load(R_MAIN, MAIN);
                    });
                }
                for (int w = 1; w <= WORKERS; w++) s.on(w, r -> r.barrier(S_BARRIER, BARRIER, episode));
            }
            return s.finish();
        }
    }

    private static long cell(int c) {
        return Addresses.of(7, 8L * c);
    }
}
