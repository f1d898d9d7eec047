package dev.wholetrace.analysis.strata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.strata.StrataResult.HotPath;
import dev.wholetrace.format.wtrace.StrataOutputsSection;
import java.util.Arrays;
import java.util.List;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StoredStrata} on {@link StrataAnalysisTest}'s trace (two threads, several chunks): the
 * stored outputs decode to what was encoded; what {@link StoredStrata#serve} cuts from them equals
 * the analysis run with the smaller options; what it cannot answer it refuses. And
 * {@link StrataAnalysis#analyze(String, String, int[])} on a thread's blocks as an array (how
 * imported superblock traces are analysed) gives that thread's strata.
 */
class StoredStrataTest {
    @TempDir
    static Path dir;

    /** StrataAnalysisTest's recording, made here again so that this class also runs alone. */
    @BeforeAll
    static void record() throws Exception {
        StrataAnalysisTest.dir = dir;
        StrataAnalysisTest.record();
    }

    /** The result without what differs between two runs of one analysis: timings and peak memory. */
    static StrataResult figures(StrataResult r) {
        return new StrataResult(r.mode(), r.blocks(), 0, 0, 0, r.options(), r.threads(), r.levels(), r.hottest(), r.uniqueStrata());
    }

    @Test
    void theOutputsDecodeAsEncoded() throws Exception {
        StoredStrata.Outputs out = StoredStrata.compute(StrataAnalysisTest.trace);
        byte[] payload = StoredStrata.encode(out);
        assertThat(payload[0]).as("content version first").isEqualTo((byte) StoredStrata.CONTENT_VERSION);
        StoredStrata.Outputs back = StoredStrata.decode(Arrays.copyOfRange(payload, 1, payload.length));
        assertThat(back).isEqualTo(out);
        assertThat(back.strata().options()).isEqualTo(StoredStrata.STORED_OPTIONS);
        assertThat(back.phases().threads()).isNotEmpty();
        assertThat(StrataOutputsSection.wrap(StoredStrata.CONTENT_VERSION, new byte[0])).hasSize(1);
    }

    @Test
    void servedCutsEqualTheAnalysisWithThoseOptions() {
        StrataResult stored = new StrataAnalysis(StoredStrata.STORED_OPTIONS).analyze(StrataAnalysisTest.trace);
        StrataOptions s = StoredStrata.STORED_OPTIONS;
        List<StrataOptions> asked = List.of(s, StrataOptions.hotPaths(10, -1), StrataOptions.hotPaths(3, -1),
                new StrataOptions(2, 64L << 20, s.maxLength(), 4, 5, -1, true), new StrataOptions(3, 128L << 20, s.maxLength(), 10, 16, -1, false),
                new StrataOptions(1, s.memoryBytes(), s.maxLength(), 0, 0, -1, true),
                new StrataOptions(2, s.memoryBytes(), s.maxLength(), 4, 6, -1, true, 5), new StrataOptions(4, s.memoryBytes(), s.maxLength(), 10, 1, -1, true, 15));
        for (StrataOptions o : asked) {
            StrataResult served = StoredStrata.serve(stored, o);
            assertThat(served).as("%s", o).isNotNull();
            assertThat(figures(served)).as("%s", o).isEqualTo(figures(new StrataAnalysis(o).analyze(StrataAnalysisTest.trace)));
        }
    }

    @Test
    void whatTheStoredOutputsCannotAnswerIsRefused() {
        StrataResult stored = new StrataAnalysis(StoredStrata.STORED_OPTIONS).analyze(StrataAnalysisTest.trace);
        StrataOptions s = StoredStrata.STORED_OPTIONS;
        assertThat(StoredStrata.serve(stored, new StrataOptions(s.layers() + 1, s.memoryBytes(), s.maxLength(), s.top(), s.sample(), -1, true))).isNull();
        assertThat(StoredStrata.serve(stored, new StrataOptions(s.layers(), s.memoryBytes(), s.maxLength(), s.top() + 1, s.sample(), -1, true))).isNull();
        assertThat(StoredStrata.serve(stored, new StrataOptions(s.layers(), s.memoryBytes(), s.maxLength(), s.top(), s.sample() + 1, -1, true))).isNull();
        assertThat(StoredStrata.serve(stored, StrataOptions.hotPaths(5, 1))).as("one thread").isNull();
        assertThat(StoredStrata.serve(stored, new StrataOptions(s.layers(), s.memoryBytes(), s.maxLength(), s.top(), 8, -1, true, s.sample() - 7)))
                .as("temporal runs past the stored ones").isNull();
        assertThat(StoredStrata.serve(stored, new StrataOptions(s.layers(), s.memoryBytes(), 64, s.top(), s.sample(), -1, true))).as("path limit").isNull();
        StrataResult peaked = new StrataResult(stored.mode(), stored.blocks(), stored.nanos(), stored.cpuNanos(), 10L << 20, stored.options(),
                stored.threads(), stored.levels(), stored.hottest(), stored.uniqueStrata());
        assertThat(StoredStrata.serve(peaked, new StrataOptions(s.layers(), 10L << 20, s.maxLength(), s.top(), s.sample(), -1, true))).isNotNull();
        assertThat(StoredStrata.serve(peaked, new StrataOptions(s.layers(), (10L << 20) - 1, s.maxLength(), s.top(), s.sample(), -1, true)))
                .as("a budget below the stored peak could give layers up").isNull();
        PhaseResult phases = StoredStrata.compute(StrataAnalysisTest.trace).phases();
        assertThat(StoredStrata.servePhases(phases, new PhaseAnalysis(500, -1, PhaseAnalysis.DEFAULT_THRESHOLD, PhaseAnalysis.DEFAULT_HOT),
                StrataAnalysisTest.trace.file())).isNull();
        assertThat(StoredStrata.servePhases(phases, PhaseAnalysis.defaults(), StrataAnalysisTest.trace.file()))
                .isEqualTo(PhaseAnalysis.defaults().analyze(StrataAnalysisTest.trace));
    }

    @Test
    void aPageOfTheTemporalStrataIsTheRunsFromItsStart() {
        StrataResult first = new StrataAnalysis(new StrataOptions(3, 64L << 20, 2048, 5, 40, -1, false)).analyze(StrataAnalysisTest.trace);
        StrataResult page = new StrataAnalysis(new StrataOptions(3, 64L << 20, 2048, 5, 10, -1, false, 25)).analyze(StrataAnalysisTest.trace);
        for (int t = 0; t < first.threads().size(); t++) {
            for (int level = 0; level < first.levels().size(); level++) {
                List<StrataResult.Run> all = first.threads().get(t).temporal().get(level);
                assertThat(page.threads().get(t).temporal().get(level)).as("thread %d level %d", t, level)
                        .isEqualTo(all.subList(Math.min(25, all.size()), Math.min(35, all.size())));
            }
        }
        assertThat(first.threads().get(1).temporal().get(0)).as("the walker has more than a page of paths").hasSize(40);
    }

    @Test
    void aBlockArrayIsAnalysedAsTheThreadItCameFrom() {
        int[] walker = StrataAnalysisTest.blocksOf(1).stream().mapToInt(Integer::intValue).toArray();
        StrataOptions o = new StrataOptions(3, 64L << 20, 2048, 20, 8, -1, true);
        StrataResult fromArray = new StrataAnalysis(o).analyze("lackey-sb", "walker", walker);
        StrataResult fromTrace = new StrataAnalysis(new StrataOptions(3, 64L << 20, 2048, 20, 8, 1, true)).analyze(StrataAnalysisTest.trace);
        assertThat(fromArray.blocks()).isEqualTo(walker.length);
        assertThat(fromArray.levels()).isEqualTo(fromTrace.levels());
        assertThat(fromArray.uniqueStrata()).isEqualTo(fromTrace.uniqueStrata());
        assertThat(fromArray.threads().get(0).temporal()).isEqualTo(fromTrace.threads().get(0).temporal());
        assertThat(fromArray.hottest()).extracting(HotPath::id, HotPath::executions, HotPath::length)
                .isEqualTo(fromTrace.hottest().stream().map(h -> org.assertj.core.groups.Tuple.tuple(h.id(), h.executions(), h.length())).toList());
        assertThat(fromArray.hottest().get(0).code()).allSatisfy(b -> assertThat(b.entry()).isNull());
    }
}
