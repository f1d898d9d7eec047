package dev.wholetrace.analysis.strata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.strata.SequenceTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Phases from the hot path set: a program of two loops has two phases, split where the second
 * loop starts (to a window), each with its loop as its hot path; one loop has one phase; event
 * numbers come from the blocks' own.
 */
class PhaseDetectorTest {
    static final int WINDOW = 1000;

    /** Loop A (blocks 1 2 3) {@code a} times, then loop B (blocks 10 11) {@code b} times; event of block k is 2k + 5. */
    static List<PhaseDetector.Phase> run(SequenceTable paths, int a, int b) {
        PhaseDetector d = new PhaseDetector(paths, WINDOW, 8, 0.8, 0.5);
        long k = 0;
        for (int i = 0; i < a; i++) for (int blk = 1; blk <= 3; blk++) d.block(blk, 2 * k++ + 5);
        for (int i = 0; i < b; i++) for (int blk = 10; blk <= 11; blk++) d.block(blk, 2 * k++ + 5);
        assertThat(d.blocks()).isEqualTo(k);
        return d.end();
    }

    @Test
    void twoLoopsAreTwoPhases() {
        SequenceTable paths = new SequenceTable();
        List<PhaseDetector.Phase> phases = run(paths, 20_000, 30_000);
        assertThat(phases).hasSize(2);
        PhaseDetector.Phase first = phases.get(0);
        PhaseDetector.Phase second = phases.get(1);
        long boundary = 60_000; // the first block of loop B
        assertThat(first.firstBlock()).isZero();
        assertThat(second.firstBlock()).isBetween(boundary - WINDOW, boundary + WINDOW).isEqualTo(first.blocks());
        assertThat(second.firstBlock() + second.blocks()).isEqualTo(120_000);
        assertThat(second.firstEvent()).isEqualTo(2 * second.firstBlock() + 5);
        assertThat(paths.sequence(first.hotPaths()[0])).containsExactly(1, 2, 3);
        assertThat(paths.sequence(second.hotPaths()[0])).containsExactly(10, 11);
        assertThat(first.hotBlocks()[0]).isGreaterThan(first.blocks() * 9 / 10);
    }

    @Test
    void oneLoopIsOnePhase() {
        List<PhaseDetector.Phase> phases = run(new SequenceTable(), 50_000, 0);
        assertThat(phases).hasSize(1);
        assertThat(phases.get(0).blocks()).isEqualTo(150_000);
        assertThat(phases.get(0).hotPaths()).hasSize(1);
    }

    @Test
    void loopsTakingTurnsInEveryWindowAreOnePhase() {
        PhaseDetector d = new PhaseDetector(new SequenceTable(), WINDOW, 8, 0.8, 0.5);
        long k = 0;
        for (int round = 0; round < 200; round++) { // A 100 times then B 100 times: 500 blocks, well inside a window
            for (int i = 0; i < 100; i++) for (int blk = 1; blk <= 3; blk++) d.block(blk, k++);
            for (int i = 0; i < 100; i++) for (int blk = 10; blk <= 11; blk++) d.block(blk, k++);
        }
        assertThat(d.end()).hasSize(1);
    }

    @Test
    void jaccard() {
        assertThat(PhaseDetector.jaccard(new int[] {1, 2}, new int[] {2, 3})).isEqualTo(1.0 / 3);
        assertThat(PhaseDetector.jaccard(new int[0], new int[0])).isEqualTo(1.0);
    }
}
