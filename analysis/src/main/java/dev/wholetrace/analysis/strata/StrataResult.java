package dev.wholetrace.analysis.strata;

import dev.wholetrace.model.event.CodeEntry;
import java.util.List;

/**
 * What {@link StrataAnalysis} found: the six outputs of the strata paper's §III.D as a model —
 * temporal strata (per thread, the first runs of each layer), unique strata (the most executed of
 * each layer, with their elements), path details and the hottest paths (blocks with their code),
 * path statistics and strata statistics (one {@link Level} per layer) — and what it cost.
 *
 * @param mode        the trace's mode label
 * @param blocks      blocks executed by the threads analysed
 * @param nanos       wall time of the pass (expanding the WPPs and building paths and strata); -1 when not
 *                    kept ({@link #untimed}: the outputs a trace stores)
 * @param cpuNanos    CPU time of the thread that made the pass (-1 where the JVM cannot tell, or not
 *                    kept): on a busy machine the figure that says what the pass costs
 * @param peakBytes   the most the tables and per-thread state took at any check
 * @param options     what was asked
 * @param threads     per thread analysed: its blocks and temporal strata
 * @param levels      the paths (layer -1) then layers 0..N-1: the paper's Tables 3 and 4
 * @param hottest     the hottest paths by executions × length, the hottest first
 * @param uniqueStrata per layer 0..N-1, its most executed strata by blocks covered
 */
public record StrataResult(String mode, long blocks, long nanos, long cpuNanos, long peakBytes, StrataOptions options, List<ThreadRow> threads,
                           List<Level> levels, List<HotPath> hottest, List<List<UniqueStratum>> uniqueStrata) {

    /** Blocks per second of the pass, or 0 when its time is not kept. */
    public double blocksPerSecond() {
        return nanos <= 0 ? 0 : blocks * 1e9 / nanos;
    }

    /** Whether the pass's time is known (not for the outputs a trace stores). */
    public boolean timed() {
        return nanos >= 0;
    }

    /**
     * This result without the pass's wall and CPU time (both -1): what a trace stores. The times
     * are the one thing in it that two computations over the same trace do not share, so keeping
     * them made two re-packs of one file differ in bytes; and they time the re-pack's pass, not
     * anything a reader of the trace does.
     */
    public StrataResult untimed() {
        return new StrataResult(mode, blocks, -1, -1, peakBytes, options, threads, levels, hottest, uniqueStrata);
    }

    /** Blocks per second of CPU time of the pass, or 0 when it was not measured. */
    public double blocksPerCpuSecond() {
        return cpuNanos <= 0 ? 0 : blocks * 1e9 / cpuNanos;
    }

    /** The paths' statistics (layer -1). */
    public Level paths() {
        return levels.get(0);
    }

    /** [id, tripcount]: {@code trip} consecutive executions of path or stratum {@code id}. */
    public record Run(int id, long trip) {}

    /**
     * One thread analysed.
     *
     * @param temporal per level (paths, then layers 0..N-1), the first runs it emitted in this thread
     */
    public record ThreadRow(int thread, String name, long blocks, List<List<Run>> temporal) {}

    /**
     * The statistics of one level: the paths (layer -1) or a stratum layer.
     *
     * @param layer          -1 for the paths, else the stratum layer
     * @param inputs         elements that came in: blocks for the paths, the runs of the level below for a layer
     * @param executions     cycles completed: path or stratum executions, repetitions included
     * @param runs           [id, tripcount] runs emitted (what the level above, or the file, receives)
     * @param unique         distinct paths or strata (the table's size)
     * @param tableElements  elements of all distinct ones together
     * @param longestRun     the largest trip count of one run
     * @param tableBytes     memory of the table while built
     * @param givenUpAt      -1, or the inputs it had when the memory budget made it be given up (statistics partial)
     * @param runsDeflated   its runs as varints, zlib-compressed (bytes; -1 when not measured)
     * @param tableDeflated  its table as varints, zlib-compressed (bytes; -1 when not measured)
     * @param representation what the trace takes stopped at this level: its runs plus the tables of it and
     *                       every level below, all deflated (bytes; -1 when not measured)
     */
    public record Level(int layer, long inputs, long executions, long runs, int unique, long tableElements, long longestRun,
                        long tableBytes, long givenUpAt, long runsDeflated, long tableDeflated, long representation) {
        public boolean complete() {
            return givenUpAt < 0;
        }

        /** Elements per executed path or stratum (the paper's mean path length for the paths). */
        public double meanLength() {
            return executions == 0 ? 0 : (double) inputs / executions;
        }

        /** Executions that repeated the one just before (executions − runs): what trip counts saved. */
        public long repeats() {
            return executions - runs;
        }

        public String name() {
            return layer < 0 ? "paths" : "layer " + layer;
        }
    }

    /**
     * A hot path: a cycle of blocks with how often it ran.
     *
     * @param executions how often it ran (its trip counts added up)
     * @param runs       [id, tripcount] runs it appeared in
     * @param blocks     blocks it executed: executions × its length
     * @param share      {@code blocks} as a fraction of all blocks executed
     * @param code       its blocks in order, with their code (entry null for a block the code map lacks)
     * @param isomers    the paths that are its rotations or reorderings (the paper's isomers)
     */
    public record HotPath(int id, long executions, long runs, long longestRun, int length, long blocks, double share, List<Block> code,
                          Isomerism isomers) {}

    /**
     * A path's isomers: the paths that are rotations of it (the same loop entered at another block:
     * ABCD, BCDA) and those with the same blocks in any order (ABCD, ACBD), itself included.
     *
     * @param rotationFamily  the smallest id among its rotations (the family's name)
     * @param rotations       paths in its rotation family
     * @param rotationBlocks  blocks all of them executed together
     * @param rotationShare   {@code rotationBlocks} as a fraction of all blocks
     * @param reorderings     paths with its blocks in any order (rotations included)
     */
    public record Isomerism(int rotationFamily, int rotations, long rotationBlocks, double rotationShare, int reorderings) {}

    /** A block of a path and what the code map says of it. */
    public record Block(int id, CodeEntry entry) {}

    /**
     * A distinct stratum of a layer.
     *
     * @param blockLength blocks one execution stands for
     * @param elements    its [id, tripcount] pairs (ids of the level below)
     * @param rotationFamily the smallest id among the layer's strata that are rotations of it (its
     *                       isomers across the layer: one cycle entered at another element)
     * @param rotations   strata of the layer in its rotation family, itself included
     */
    public record UniqueStratum(int layer, int id, long executions, long runs, long blockLength, List<Run> elements, int rotationFamily,
                                int rotations) {}
}
