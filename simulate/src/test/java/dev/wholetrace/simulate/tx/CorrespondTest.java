package dev.wholetrace.simulate.tx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.correspond.ComputeM;
import dev.wholetrace.simulate.tx.correspond.Distances;
import dev.wholetrace.simulate.tx.correspond.Region;
import dev.wholetrace.simulate.tx.correspond.TraceEvents;
import dev.wholetrace.simulate.tx.interp.Explorer;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.lang.Lowering;
import dev.wholetrace.simulate.tx.lang.Program;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Figure 15: the correspondence of Figure 14's two executions and their divergent regions. */
class CorrespondTest {
    @Test
    void figure15DivergentRegionsAreB5VersusB6B7AndTheExtraIteration() throws Exception {
        Program p = Examples.load("fig14.tx");
        List<Trace> ts = new Explorer(Lowering.lower(p), 10_000, 100_000).explore(new long[0]).traces();
        assertThat(ts).hasSize(2);
        // Execution 1 of Figure 15a: task 1 locks first, so j = 2, B4 is true and C4 iterates once.
        Trace e1 = LanguageTest.thread(p, ts.get(0), 1).contains("B5") ? ts.get(0) : ts.get(1);
        Trace e2 = e1 == ts.get(0) ? ts.get(1) : ts.get(0);
        TcpSets sets = SvdAnalysis.worklist(p);
        List<Region> regions = new ArrayList<>();
        long[] reads = {0};
        ComputeM.Result r = new ComputeM(sets).correspond(TraceEvents.of(e1, reads), TraceEvents.of(e2, reads), regions::add);
        assertThat(regions).hasSize(2);
        Region b4 = regions.get(0), c4 = regions.get(1);
        assertThat(b4.tcp()).isEqualTo("B4");
        assertThat(b4.a()).containsExactly("B5");
        assertThat(b4.b()).containsExactly("B6", "B7");
        assertThat(b4.levenshtein()).isEqualTo(2);
        assertThat(b4.hamming()).isEqualTo(2);
        // The thesis corresponds the first iteration and the final index check (3, 6) and leaves execution 2's
        // second iteration (7) unmatched; here the unmatched stretch is C5 C4 (the same length, so the same distances).
        assertThat(c4.tcp()).isEqualTo("C4");
        assertThat(c4.a()).isEmpty();
        assertThat(c4.b()).containsExactly("C5", "C4");
        assertThat(r.levenshtein).isEqualTo(4);
        // Compute_M reads each event of each execution exactly once.
        assertThat(reads[0]).isEqualTo(e1.size() + e2.size());
    }

    @Test
    void identicalPatternsCorrespondWithoutRegions() throws Exception {
        Program p = Examples.load("fig04.tx");
        List<Trace> ts = new Explorer(Lowering.lower(p), 10_000, 100_000).explore(new long[0]).traces();
        long[] reads = {0};
        List<Region> regions = new ArrayList<>();
        new ComputeM(SvdAnalysis.worklist(p)).correspond(TraceEvents.of(ts.get(0), reads), TraceEvents.of(ts.get(0), reads), regions::add);
        assertThat(regions).isEmpty();
    }

    @Test
    void generatedWalksCorrespondReadingEachEventOnce() throws Exception {
        TcpSets sets = SvdAnalysis.worklist(Examples.load("counter.tx"));
        long[] ra = {0}, rb = {0}, reads = {0};
        // count each walk's events alone, then both through Compute_M
        var a = new dev.wholetrace.simulate.tx.correspond.RandomWalkEvents(sets, 1000, 0, 1, ra);
        while (a.next()) if (sets.program().statements().get(a.stmt()) instanceof dev.wholetrace.simulate.tx.lang.Stmt.TaskCreate) {
            for (var k : a.children()) while (k.next()) { }
        }
        var b = new dev.wholetrace.simulate.tx.correspond.RandomWalkEvents(sets, 1000, 0.1, 2, rb);
        while (b.next()) if (sets.program().statements().get(b.stmt()) instanceof dev.wholetrace.simulate.tx.lang.Stmt.TaskCreate) {
            for (var k : b.children()) while (k.next()) { }
        }
        long[] regions = {0};
        ComputeM.Result r = new ComputeM(sets).correspond(new dev.wholetrace.simulate.tx.correspond.RandomWalkEvents(sets, 1000, 0, 1, reads),
                new dev.wholetrace.simulate.tx.correspond.RandomWalkEvents(sets, 1000, 0.1, 2, reads), x -> regions[0]++);
        assertThat(reads[0]).isEqualTo(ra[0] + rb[0]);
        assertThat(ra[0]).isGreaterThan(10_000);
        assertThat(regions[0]).isBetween(100L, 400L); // about 10% of 2000 TCP instances flipped
        assertThat(r.regions).isEqualTo(regions[0]);
    }

    @Test
    void distances() {
        assertThat(Distances.levenshtein(List.of("a", "b", "c"), List.of("a", "c"))).isEqualTo(1);
        assertThat(Distances.hamming(List.of("a", "b", "c"), List.of("a", "c"))).isEqualTo(2);
        assertThat(Distances.levenshtein(List.of(), List.of("x", "y"))).isEqualTo(2);
    }
}
