package dev.wholetrace.analysis.strata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.analysis.strata.StrataResult.HotPath;
import dev.wholetrace.analysis.strata.StrataResult.Level;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.strata.RunSink;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.TraceView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strata of a recorded trace: two threads (a nested loop with loads and locks in between, and a
 * random walk), cut into several chunks, in CDR — the blocks read from the WPPs are exactly the
 * threads' blocks, the strata expand back to them, and the statistics add up.
 */
class StrataAnalysisTest {
    @TempDir
    static Path dir;
    static TraceView trace;

    static final int OUTER = 40, INNER = 25;

    @BeforeAll
    static void record() throws Exception {
        Path file = dir.resolve("loops.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR).withChunkMillis(600_000))) {
            for (int b = 1; b <= 12; b++) rec.defineBlock(new CodeEntry(b, "demo.Loops", "run", "()V", 10 + b, 3 * b, "block " + b));
            rec.defineInstruction(new CodeEntry(100, "demo.Loops", "run", "()V", 30, 40, "IALOAD"));
            rec.defineInstruction(new CodeEntry(101, "demo.Loops", "run", "()V", 31, 41, "MONITORENTER"));
            rec.defineInstruction(new CodeEntry(102, "demo.Loops", "run", "()V", 32, 42, "MONITOREXIT"));
            ThreadRecorder main = rec.beginThread("main", TraceRecorder.defaultThreadObject(Thread.currentThread()), false);
            for (int i = 0; i < OUTER; i++) {
                main.block(1);
                for (int j = 0; j < INNER; j++) {
                    main.block(2);
                    main.load(100, Addresses.of(5, 4L * j));
                    main.block(j % 2 == 0 ? 3 : 4);
                }
                main.lock(101, 9);
                main.block(5);
                main.unlock(102, 9);
                if (i == OUTER / 2) rec.checkpoint(); // a second chunk: paths continue across it
            }
            Throwable[] failure = new Throwable[1];
            Thread walker = new Thread(() -> {
                try {
                    ThreadRecorder w = rec.beginThread("walker", 2, false);
                    Random r = new Random(7);
                    for (int i = 0; i < 3000; i++) w.block(6 + r.nextInt(7));
                    w.end();
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }, "walker");
            walker.start();
            walker.join();
            if (failure[0] != null) throw new AssertionError(failure[0]);
            main.end();
        }
        trace = TraceView.open(file);
        assertThat(trace.chunkCount()).isGreaterThan(1);
    }

    static List<Integer> blocksOf(int thread) {
        List<Integer> blocks = new ArrayList<>();
        for (Iterator<Event> it = trace.events(thread); it.hasNext(); ) {
            Event e = it.next();
            if (e.type() == Event.Type.BLOCK) blocks.add(e.id());
        }
        return blocks;
    }

    @Test
    void theBlocksFedFromTheWppsExpandBackToTheThreadsBlocks() {
        for (int layers = 0; layers <= 3; layers++) {
            StrataPipeline p = new StrataPipeline(layers, 2048);
            BlockFeed feed = new BlockFeed(p, Long.MAX_VALUE, 1);
            for (int t = 0; t < trace.threadCount(); t++) {
                List<long[]> top = new ArrayList<>();
                var thread = p.beginThread((id, trip) -> top.add(new long[] {id, trip}), 0);
                feed.feed(trace.grammars(t), thread);
                thread.finish();
                List<Integer> back = new ArrayList<>();
                for (long[] r : top) p.tables().expand(layers - 1, (int) r[0], r[1], back::add);
                assertThat(back).as("thread %d, %d layers", t, layers).isEqualTo(blocksOf(t));
            }
        }
    }

    @Test
    void statisticsAddUpAndTheLoopIsTheHottestPath() {
        StrataResult r = new StrataAnalysis(new StrataOptions(3, 64L << 20, 2048, 1000, 8, -1, true)).analyze(trace);
        long blocks = blocksOf(0).size() + blocksOf(1).size();
        assertThat(r.blocks()).isEqualTo(blocks).isEqualTo(OUTER * (2 + 2 * INNER) + 3000);
        assertThat(r.threads()).extracting(StrataResult.ThreadRow::blocks).containsExactly((long) blocksOf(0).size(), 3000L);
        Level paths = r.paths();
        assertThat(paths.inputs()).isEqualTo(blocks);
        assertThat(r.hottest().stream().mapToLong(HotPath::blocks).sum()).isEqualTo(blocks); // --top covers every path
        assertThat(r.hottest().stream().mapToDouble(HotPath::share).sum()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(paths.unique()).isEqualTo(r.hottest().size());
        // isomer families partition the paths: their blocks add up to all blocks once per family
        java.util.Map<Integer, Long> families = new java.util.HashMap<>();
        for (HotPath p : r.hottest()) {
            assertThat(p.isomers().rotations()).isBetween(1, p.isomers().reorderings());
            assertThat(p.isomers().rotationBlocks()).isGreaterThanOrEqualTo(p.blocks());
            assertThat(p.isomers().rotationFamily()).isLessThanOrEqualTo(p.id());
            families.put(p.isomers().rotationFamily(), p.isomers().rotationBlocks());
        }
        assertThat(families.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(blocks);
        for (int k = 1; k < r.levels().size(); k++) {
            Level below = r.levels().get(k - 1), here = r.levels().get(k);
            assertThat(here.inputs()).as(here.name()).isEqualTo(below.runs());
            assertThat(here.complete()).isTrue();
            assertThat(here.representation()).isPositive();
        }
        // inner loop: blocks 2,3 then 2,4 alternate → path [2,3] / [4? ...]: the hottest path lies in the loop body, in Loops.run
        HotPath hot = r.hottest().get(0);
        assertThat(hot.code()).allSatisfy(b -> assertThat(b.entry().method()).isEqualTo("run"));
        assertThat(hot.code()).extracting(StrataResult.Block::id).containsAnyOf(2, 3, 4);
        assertThat(r.threads().get(0).temporal()).hasSize(4);
        assertThat(r.threads().get(0).temporal().get(0)).hasSize(8);
        assertThat(r.uniqueStrata()).hasSize(3);
        for (List<StrataResult.UniqueStratum> layer : r.uniqueStrata()) {
            for (StrataResult.UniqueStratum s : layer) { // a family is named by its smallest id; one of a kind names itself
                assertThat(s.rotations()).as("S%d of layer %d", s.id(), s.layer()).isPositive();
                assertThat(s.rotationFamily()).isLessThanOrEqualTo(s.id());
                if (s.rotations() == 1) assertThat(s.rotationFamily()).isEqualTo(s.id());
            }
        }
    }

    @Test
    void oneThreadAndPathsOnly() {
        StrataResult r = new StrataAnalysis(StrataOptions.hotPaths(5, 1)).analyze(trace);
        assertThat(r.threads()).singleElement().satisfies(t -> assertThat(t.name()).isEqualTo("walker"));
        assertThat(r.blocks()).isEqualTo(3000);
        assertThat(r.levels()).hasSize(1);
        assertThat(r.hottest()).hasSize(5);
        assertThat(r.hottest().get(0).blocks()).isGreaterThanOrEqualTo(r.hottest().get(4).blocks());
    }

    @Test
    void aTinyBudgetGivesUpLayersFromTheTop() {
        // strata up to 2^18 pairs long: each layer's per-thread set takes 6 MB, over the 1 MB budget, so
        // every layer is given up, from the top, and the paths stay complete
        StrataResult r = new StrataAnalysis(new StrataOptions(4, 1 << 20, 1 << 18, 3, 0, -1, true)).analyze(trace);
        assertThat(r.paths().complete()).isTrue();
        assertThat(r.paths().representation()).isPositive();
        assertThat(r.peakBytes()).isGreaterThan(1 << 20);
        assertThat(r.levels().subList(1, 5)).allSatisfy(l -> {
            assertThat(l.complete()).isFalse();
            assertThat(l.representation()).isEqualTo(-1);
        });
        // with room for them, the same layers are all built
        StrataResult roomy = new StrataAnalysis(new StrataOptions(4, 256L << 20, 1 << 18, 3, 0, -1, false)).analyze(trace);
        assertThat(roomy.levels()).allSatisfy(l -> assertThat(l.complete()).isTrue());
        assertThat(roomy.paths()).isEqualTo(new Level(-1, r.paths().inputs(), r.paths().executions(), r.paths().runs(), r.paths().unique(),
                r.paths().tableElements(), r.paths().longestRun(), r.paths().tableBytes(), -1, -1, -1, -1));
    }

    @Test
    void badThreadAndModeWithoutControlFlowAreErrors() throws Exception {
        assertThatThrownBy(() -> new StrataAnalysis(StrataOptions.hotPaths(5, 7)).analyze(trace))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no thread 7").hasMessageContaining("2 threads (0..1)");
        Path dor = dir.resolve("dor.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(dor, RecorderConfig.defaults(TraceMode.DOR))) {
            ThreadRecorder main = rec.beginThread("main", TraceRecorder.defaultThreadObject(Thread.currentThread()), false);
            main.block(1);
            main.end();
        }
        assertThatThrownBy(() -> new StrataAnalysis().analyze(TraceView.open(dor)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mode dor");
        assertThatThrownBy(() -> new StrataOptions(17, 1 << 20, 2048, 1, 1, -1, false)).hasMessageContaining("--layers 17");
    }

    static final RunSink IGNORE = (id, trip) -> {};
}
