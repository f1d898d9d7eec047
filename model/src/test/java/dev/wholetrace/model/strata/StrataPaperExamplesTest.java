package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The examples of the strata paper's §II.A, run through the builders as the pseudocode of §III defines them. */
class StrataPaperExamplesTest {
    static final int A = 0, B = 1;

    /** The runs a sink receives, as "id^trip" strings. */
    static final class Collect implements RunSink {
        final List<String> runs = new ArrayList<>();
        boolean finished;

        @Override
        public void run(int id, long trip) {
            runs.add(id + "^" + trip);
        }

        @Override
        public void finish() {
            finished = true;
        }
    }

    /**
     * "AABAABAAB". The paper's text breaks it into (A2)(BA)(AB)(A2)(B), which no one rule gives (A2
     * closes before B, yet the later A A B gives A2 then B while the first gives A2 then BA). Its
     * ExtendPath pseudocode — a path ends when its next block is already in it, and that block starts
     * the next path — gives A, AB, A, AB, A, AB: paths A (0) and AB (1), six runs of trip count 1;
     * layer 0 then finds the stratum [A, AB] executed 3 times, the paper's "optimal" (A2B)3.
     */
    @Test
    void aabaabaab() {
        Collect top = new Collect();
        StrataPipeline p = new StrataPipeline(1, StrataPipeline.DEFAULT_MAX_LENGTH);
        var t = p.beginThread(top, 100);
        for (int b : new int[] {A, A, B, A, A, B, A, A, B}) t.add(b);
        t.finish();
        SequenceTableAssert.sequences(p.tables().paths()).containsExactly(List.of((long) A), List.of((long) A, (long) B));
        assertThat(p.tally(-1).runs()).isEqualTo(6);
        assertThat(p.tally(-1).executions()).isEqualTo(6);
        assertThat(top.runs).containsExactly("0^3");
        assertThat(top.finished).isTrue();
        assertThat(p.tables().layer(0).sequence(0)).containsExactly(Runs.pair(0, 1), Runs.pair(1, 1));
        assertThat(p.tables().blockLength(0, 0)).isEqualTo(3);
    }

    /** Immediately repeated paths become one run: "ABABAB" is path AB three times. */
    @Test
    void repeatedPathsGetATripCount() {
        Collect top = new Collect();
        PathBuilder b = new PathBuilder(new SequenceTable(), top, 2048);
        for (int x : new int[] {A, B, A, B, A, B}) b.add(x);
        b.finish();
        assertThat(top.runs).containsExactly("0^3");
        assertThat(b.paths()).isEqualTo(3);
    }

    /** §II.A: the repeated paths "P0^7, P1^12, P0^5, P1^12" make strata S0 = P0^7,P1^12,P0^5 and S1 = P1^12. */
    @Test
    void strataOfRepeatedPaths() {
        Collect top = new Collect();
        SequenceTable strata = new SequenceTable();
        StratumLayer layer = new StratumLayer(strata, top, 2048);
        layer.run(0, 7);
        layer.run(1, 12);
        layer.run(0, 5);
        layer.run(1, 12);
        layer.finish();
        assertThat(strata.sequence(0)).containsExactly(Runs.pair(0, 7), Runs.pair(1, 12), Runs.pair(0, 5));
        assertThat(strata.sequence(1)).containsExactly(Runs.pair(1, 12));
        assertThat(top.runs).containsExactly("0^1", "1^1");
        assertThat(layer.strata()).isEqualTo(2);
    }

    /** "If Stratum Element S0 was executed 94 times, this would be written as S0^94." */
    @Test
    void repeatedStrataGetATripCount() {
        Collect top = new Collect();
        StratumLayer layer = new StratumLayer(new SequenceTable(), top, 2048);
        for (int i = 0; i < 94; i++) {
            layer.run(0, 7);
            layer.run(1, 12);
        }
        layer.finish();
        assertThat(top.runs).containsExactly("0^94");
    }

    /** A path reaching the length limit is cut there; the cut pieces still expand to the blocks. */
    @Test
    void theLengthLimitCutsLongPaths() {
        Collect top = new Collect();
        SequenceTable paths = new SequenceTable();
        PathBuilder b = new PathBuilder(paths, top, 3);
        for (int x = 0; x < 7; x++) b.add(x);
        b.finish();
        assertThat(paths.size()).isEqualTo(3);
        assertThat(paths.sequence(0)).containsExactly(0, 1, 2);
        assertThat(paths.sequence(2)).containsExactly(6);
        assertThat(top.runs).containsExactly("0^1", "1^1", "2^1");
    }
}
