package dev.wholetrace.analysis.strata;

import dev.wholetrace.analysis.NamedAnalysis;
import dev.wholetrace.analysis.strata.StrataResult.Block;
import dev.wholetrace.analysis.strata.StrataResult.HotPath;
import dev.wholetrace.analysis.strata.StrataResult.Level;
import dev.wholetrace.analysis.strata.StrataResult.Run;
import dev.wholetrace.analysis.strata.StrataResult.ThreadRow;
import dev.wholetrace.analysis.strata.StrataResult.UniqueStratum;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.strata.RunSink;
import dev.wholetrace.model.strata.RunTally;
import dev.wholetrace.model.strata.Runs;
import dev.wholetrace.model.strata.SequenceTable;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.model.strata.StrataTables;
import dev.wholetrace.reader.TraceView;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.IntStream;

/**
 * The strata paper's dynamic whole-program profile, computed from a recorded trace: each thread's
 * block sequence (its control WPP expanded a buffer at a time, never held whole) cut into cyclic
 * paths with trip counts, then stratum layers 0..N-1 over the runs, under a memory budget
 * ({@link StrataOptions}); the paths and strata tables are shared by the threads, so an id means
 * the same in every thread. Needs a control WPP (COR, CDR, ALL). docs/strata.md.
 */
public final class StrataAnalysis extends NamedAnalysis<StrataResult> {
    private static final RunSink NOWHERE = (id, trip) -> {};
    /** Budget checks happen every this many buffers of terminals (of 4096 each). */
    private static final int CHECK_EVERY = 16;

    private final StrataOptions options;

    public StrataAnalysis() {
        this(StrataOptions.defaults());
    }

    public StrataAnalysis(StrataOptions options) {
        super("strata", "cyclic paths with trip counts and stratum layers over them (strata-dwpp): hot paths, per-layer statistics, temporal strata");
        this.options = options;
    }

    @Override
    public StrataResult analyze(TraceView trace) {
        if (!trace.mode().control) {
            throw new IllegalArgumentException("strata need the blocks a thread executed: " + trace.file().getFileName() + " was recorded in mode "
                    + trace.mode().label() + ", which keeps no control flow (record with --mode cor, cdr or all)");
        }
        int n = trace.threadCount();
        if (options.thread() >= n || options.thread() < -1) {
            throw new IllegalArgumentException("no thread " + options.thread() + ": " + trace.file().getFileName() + " has "
                    + (n == 1 ? "1 thread (0)" : n + " threads (0.." + (n - 1) + ")"));
        }
        List<Source> threads = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            if (options.thread() >= 0 && t != options.thread()) continue;
            int thread = t;
            threads.add(new Source(t, trace.threads().get(t).label(), (feed, pipeline) -> feed.feed(trace.grammars(thread), pipeline)));
        }
        return run(trace.mode().label(), threads, trace.code());
    }

    /**
     * The analysis of one block sequence that is no recorded trace: an imported valgrind lackey
     * superblock trace, its superblocks (numbered in order of first appearance) as the blocks, one
     * thread, no code map. {@code mode} labels it in the result.
     */
    public StrataResult analyze(String mode, String name, int[] blocks) {
        return run(mode, List.of(new Source(0, name, (feed, pipeline) -> feed.feed(blocks, pipeline))), new CodeMap());
    }

    /** One thread's blocks: how to feed them to its pipeline. */
    private record Source(int thread, String name, BiConsumer<BlockFeed, StrataPipeline.ThreadPipeline> blocks) {}

    private StrataResult run(String mode, List<Source> sources, CodeMap code) {
        StrataPipeline pipeline = new StrataPipeline(options.layers(), options.maxLength());
        DeflatedSize[] runSizes = watchSizes(pipeline);
        BlockFeed feed = new BlockFeed(pipeline, options.memoryBytes(), CHECK_EVERY);
        List<ThreadRow> rows = new ArrayList<>();
        long blocks = 0;
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        boolean timed = cpu.isCurrentThreadCpuTimeSupported();
        long cpuStart = timed ? cpu.getCurrentThreadCpuTime() : 0;
        long start = System.nanoTime();
        for (Source s : sources) {
            StrataPipeline.ThreadPipeline thread = pipeline.beginThread(NOWHERE, options.sampleFrom(), options.sample());
            s.blocks().accept(feed, thread);
            thread.finish();
            blocks += thread.blocks();
            rows.add(new ThreadRow(s.thread(), s.name(), thread.blocks(), samples(pipeline)));
        }
        long nanos = System.nanoTime() - start;
        long cpuNanos = timed ? cpu.getCurrentThreadCpuTime() - cpuStart : -1;
        long[][] blockLengths = blockLengths(pipeline);
        return new StrataResult(mode, blocks, nanos, cpuNanos, Math.max(feed.peakBytes(), pipeline.bytes()), options, rows,
                levels(pipeline, blocks, runSizes), hottest(pipeline, code, blocks), uniqueStrata(pipeline, blockLengths));
    }

    private DeflatedSize[] watchSizes(StrataPipeline pipeline) {
        if (!options.sizes()) return null;
        DeflatedSize[] sizes = new DeflatedSize[options.layers() + 1];
        for (int level = -1; level < options.layers(); level++) {
            DeflatedSize d = new DeflatedSize();
            sizes[level + 1] = d;
            pipeline.tally(level).watch((id, trip) -> {
                d.add(id);
                d.add(trip);
            });
        }
        return sizes;
    }

    /** The first runs of each level in the thread just finished. */
    private static List<List<Run>> samples(StrataPipeline pipeline) {
        List<List<Run>> all = new ArrayList<>();
        for (int level = -1; level < pipeline.layers(); level++) {
            List<Run> runs = new ArrayList<>();
            for (long pair : pipeline.tally(level).sample()) runs.add(new Run(Runs.id(pair), Runs.trip(pair)));
            all.add(List.copyOf(runs));
        }
        return List.copyOf(all);
    }

    private static List<Level> levels(StrataPipeline pipeline, long blocks, DeflatedSize[] runSizes) {
        List<Level> levels = new ArrayList<>();
        long tablesBelow = 0;
        for (int level = -1; level < pipeline.layers(); level++) {
            SequenceTable table = pipeline.tables().layer(level);
            RunTally tally = pipeline.tally(level);
            long givenUp = level < 0 ? -1 : pipeline.givenUpAt(level);
            long inputs = level < 0 ? blocks : givenUp >= 0 ? givenUp : pipeline.tally(level - 1).runs();
            long runsDeflated = -1, tableDeflated = -1, representation = -1;
            if (runSizes != null) {
                long r = runSizes[level + 1].finish();
                if (givenUp < 0) { // a layer given up has no table left to measure, nor any above it
                    tableDeflated = deflatedTable(table, level < 0);
                    tablesBelow += tableDeflated;
                    runsDeflated = r;
                    representation = r + tablesBelow;
                }
            }
            int unique = level < 0 ? table.size() : pipeline.uniqueAtEnd(level);
            long elements = level < 0 ? table.elements() : pipeline.tableElementsAtEnd(level);
            long bytes = level < 0 ? table.bytes() : pipeline.tableBytesAtEnd(level);
            levels.add(new Level(level, inputs, tally.executions(), tally.runs(), unique, elements, tally.longestRun(),
                    bytes, givenUp, runsDeflated, givenUp < 0 ? tableDeflated : -1, representation));
        }
        return List.copyOf(levels);
    }

    /** A table written as varints (per sequence its length, then its elements; a pair as id and trip count), deflated. */
    private static long deflatedTable(SequenceTable table, boolean paths) {
        DeflatedSize d = new DeflatedSize();
        for (int id = 0; id < table.size(); id++) {
            int len = table.length(id);
            d.add(len);
            for (int i = 0; i < len; i++) {
                long e = table.element(id, i);
                if (paths) {
                    d.add(e);
                } else {
                    d.add(Runs.id(e));
                    d.add(Runs.trip(e));
                }
            }
        }
        return d.finish();
    }

    private List<HotPath> hottest(StrataPipeline pipeline, CodeMap code, long blocks) {
        SequenceTable paths = pipeline.tables().paths();
        RunTally tally = pipeline.tally(-1);
        List<HotPath> hot = new ArrayList<>();
        int[] order = IntStream.range(0, paths.size()).boxed()
                .sorted(Comparator.comparingLong((Integer id) -> -tally.executions(id) * paths.length(id)).thenComparingInt(id -> id))
                .limit(options.top()).mapToInt(Integer::intValue).toArray();
        int[] rotationOf = Isomers.rotationFamilies(paths);
        int[] reorderingOf = Isomers.reorderingFamilies(paths);
        int[] rotations = Isomers.sizes(rotationOf);
        int[] reorderings = Isomers.sizes(reorderingOf);
        long[] rotationBlocks = new long[paths.size()];
        for (int id = 0; id < paths.size(); id++) rotationBlocks[rotationOf[id]] += tally.executions(id) * paths.length(id);
        for (int id : order) {
            int len = paths.length(id);
            List<Block> body = new ArrayList<>(len);
            for (int i = 0; i < len; i++) {
                int b = (int) paths.element(id, i);
                body.add(new Block(b, code.block(b)));
            }
            long covered = tally.executions(id) * len;
            int family = rotationOf[id];
            StrataResult.Isomerism isomers = new StrataResult.Isomerism(family, rotations[family], rotationBlocks[family],
                    blocks == 0 ? 0 : (double) rotationBlocks[family] / blocks, reorderings[reorderingOf[id]]);
            hot.add(new HotPath(id, tally.executions(id), tally.runs(id), tally.longestRun(id), len, covered, blocks == 0 ? 0 : (double) covered / blocks,
                    List.copyOf(body), isomers));
        }
        return List.copyOf(hot);
    }

    /** Per level (paths first), the blocks one execution of each id stands for. */
    private static long[][] blockLengths(StrataPipeline pipeline) {
        StrataTables tables = pipeline.tables();
        long[][] lengths = new long[pipeline.layers() + 1][];
        SequenceTable paths = tables.paths();
        lengths[0] = new long[paths.size()];
        for (int id = 0; id < paths.size(); id++) lengths[0][id] = paths.length(id);
        for (int layer = 0; layer < pipeline.layers(); layer++) {
            SequenceTable t = tables.layer(layer);
            long[] below = lengths[layer];
            long[] here = new long[t.size()];
            for (int id = 0; id < t.size(); id++) {
                long sum = 0;
                for (int i = 0, len = t.length(id); i < len; i++) {
                    long e = t.element(id, i);
                    sum += Runs.trip(e) * below[Runs.id(e)];
                }
                here[id] = sum;
            }
            lengths[layer + 1] = here;
        }
        return lengths;
    }

    private List<List<UniqueStratum>> uniqueStrata(StrataPipeline pipeline, long[][] blockLengths) {
        List<List<UniqueStratum>> all = new ArrayList<>();
        for (int layer = 0; layer < pipeline.layers(); layer++) {
            SequenceTable t = pipeline.tables().layer(layer);
            RunTally tally = pipeline.tally(layer);
            long[] lengths = blockLengths[layer + 1];
            int[] order = IntStream.range(0, t.size()).boxed()
                    .sorted(Comparator.comparingLong((Integer id) -> -tally.executions(id) * lengths[id]).thenComparingInt(id -> id))
                    .limit(options.top()).mapToInt(Integer::intValue).toArray();
            int[] family = Isomers.rotationFamilies(t);
            int[] rotations = Isomers.sizes(family);
            List<UniqueStratum> strata = new ArrayList<>();
            for (int id : order) {
                List<Run> elements = new ArrayList<>();
                for (long e : t.sequence(id)) elements.add(new Run(Runs.id(e), Runs.trip(e)));
                strata.add(new UniqueStratum(layer, id, tally.executions(id), tally.runs(id), lengths[id], List.copyOf(elements), family[id],
                        rotations[family[id]]));
            }
            all.add(List.copyOf(strata));
        }
        return List.copyOf(all);
    }
}
