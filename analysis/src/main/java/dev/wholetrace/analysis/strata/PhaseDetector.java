package dev.wholetrace.analysis.strata;

import dev.wholetrace.model.strata.PathBuilder;
import dev.wholetrace.model.strata.RunSink;
import dev.wholetrace.model.strata.SequenceTable;
import dev.wholetrace.model.strata.StrataPipeline;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Program phases of one thread from its cyclic paths: the thread's blocks are cut into windows
 * of {@code window} blocks; a window's <em>hot set</em> is its most executed paths (by blocks
 * covered) that together cover {@code coverage} of it, at most {@code maxHot}; a new phase starts
 * at a window whose hot set is less similar than {@code threshold} (Jaccard: shared paths over
 * paths in either) to the previous window's.
 *
 * <p>Runs come out of the path builder late (a loop's run when the loop ends), but they tile the
 * block sequence in order, so each run's blocks are put back into the windows they ran in
 * exactly. Per block: the path builder and a counter; per run: a few array updates. No object
 * per block or run.
 */
final class PhaseDetector implements RunSink {
    /** One phase: blocks {@code [firstBlock, firstBlock + blocks)}, starting at event {@code firstEvent}; its hot paths by blocks. */
    record Phase(long firstBlock, long blocks, long firstEvent, int[] hotPaths, long[] hotBlocks) {}

    private final SequenceTable paths;
    private final PathBuilder builder;
    private final int window;
    private final int maxHot;
    private final double coverage;
    private final double threshold;
    private long fed;
    private long emitted;
    private long[] windowStartEvent = new long[64];
    private long[] windowBlocks = new long[64]; // per path: blocks in the open window
    private int[] windowTouched = new int[64];
    private int windowTouchedCount;
    private long[] phaseBlocks = new long[64]; // per path: blocks in the open phase
    private int[] phaseTouched = new int[64];
    private int phaseTouchedCount;
    private int[] previousHot = new int[0];
    private long phaseFirstBlock;
    private long phaseFirstEvent;
    private final List<Phase> phases = new ArrayList<>();

    /**
     * @param paths     the path table (shared by the threads of a trace: ids are the trace's)
     * @param window    blocks per window (≥ 1)
     * @param maxHot    most paths in a hot set (≥ 1)
     * @param coverage  share of a window's blocks its hot set covers, (0, 1]
     * @param threshold Jaccard similarity below which a new phase starts, [0, 1]
     */
    PhaseDetector(SequenceTable paths, int window, int maxHot, double coverage, double threshold) {
        if (window < 1 || maxHot < 1 || !(coverage > 0 && coverage <= 1) || !(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("phase detector: window " + window + ", hot " + maxHot + ", coverage " + coverage + ", threshold " + threshold);
        }
        this.paths = paths;
        this.builder = new PathBuilder(paths, this, StrataPipeline.DEFAULT_MAX_LENGTH);
        this.window = window;
        this.maxHot = maxHot;
        this.coverage = coverage;
        this.threshold = threshold;
    }

    /** The thread executed block {@code block}, its event number {@code event}. */
    public void block(int block, long event) {
        if (fed % window == 0) {
            int w = (int) (fed / window);
            if (w == windowStartEvent.length) windowStartEvent = Arrays.copyOf(windowStartEvent, w * 2);
            windowStartEvent[w] = event;
        }
        fed++;
        builder.add(block);
    }

    /** A run of the path builder: its blocks go back to the windows they ran in. */
    @Override
    public void run(int id, long trip) {
        long covered = trip * paths.length(id);
        while (covered > 0) {
            long w = emitted / window;
            long take = Math.min(covered, (w + 1) * window - emitted);
            count(id, take);
            emitted += take;
            covered -= take;
            if (emitted % window == 0) closeWindow((int) w);
        }
    }

    private void count(int id, long blocks) {
        if (id >= windowBlocks.length) {
            int n = Math.max(id + 1, windowBlocks.length * 2);
            windowBlocks = Arrays.copyOf(windowBlocks, n);
            phaseBlocks = Arrays.copyOf(phaseBlocks, n);
        }
        if (windowBlocks[id] == 0) windowTouched = push(windowTouched, windowTouchedCount++, id);
        windowBlocks[id] += blocks;
        if (phaseBlocks[id] == 0) phaseTouched = push(phaseTouched, phaseTouchedCount++, id);
        phaseBlocks[id] += blocks;
    }

    private static int[] push(int[] a, int at, int v) {
        if (at == a.length) a = Arrays.copyOf(a, a.length * 2);
        a[at] = v;
        return a;
    }

    /** Window {@code w} is complete: its hot set decides whether a phase starts with it. */
    private void closeWindow(int w) {
        long total = 0;
        for (int i = 0; i < windowTouchedCount; i++) total += windowBlocks[windowTouched[i]];
        int[] hot = hottest(windowBlocks, windowTouched, windowTouchedCount, total);
        long start = (long) w * window;
        if (w > 0 && jaccard(previousHot, hot) < threshold) {
            // the window's blocks were counted into the open phase already: move them to the new one
            for (int i = 0; i < windowTouchedCount; i++) phaseBlocks[windowTouched[i]] -= windowBlocks[windowTouched[i]];
            endPhase(start);
            phaseFirstBlock = start;
            phaseFirstEvent = windowStartEvent[w];
            for (int i = 0; i < windowTouchedCount; i++) count2phase(windowTouched[i], windowBlocks[windowTouched[i]]);
        }
        previousHot = hot;
        for (int i = 0; i < windowTouchedCount; i++) windowBlocks[windowTouched[i]] = 0;
        windowTouchedCount = 0;
    }

    private void count2phase(int id, long blocks) {
        if (phaseBlocks[id] == 0) phaseTouched = push(phaseTouched, phaseTouchedCount++, id);
        phaseBlocks[id] += blocks;
    }

    /** The open phase ends before block {@code end}: recorded with its hot paths, and its counts cleared. */
    private void endPhase(long end) {
        long total = 0;
        for (int i = 0; i < phaseTouchedCount; i++) total += phaseBlocks[phaseTouched[i]];
        int[] hot = hottest(phaseBlocks, phaseTouched, phaseTouchedCount, total);
        long[] hotBlocks = new long[hot.length];
        for (int i = 0; i < hot.length; i++) hotBlocks[i] = phaseBlocks[hot[i]];
        if (end > phaseFirstBlock) phases.add(new Phase(phaseFirstBlock, end - phaseFirstBlock, phaseFirstEvent, hot, hotBlocks));
        for (int i = 0; i < phaseTouchedCount; i++) phaseBlocks[phaseTouched[i]] = 0;
        phaseTouchedCount = 0;
    }

    /** The most executed ids of {@code touched} covering {@code coverage} of {@code total}, at most maxHot, the hottest first. */
    private int[] hottest(long[] blocks, int[] touched, int n, long total) {
        int[] ids = Arrays.copyOf(touched, n);
        // selection of the few largest: n is the window's distinct paths, maxHot small
        int k = 0;
        long covered = 0;
        while (k < Math.min(maxHot, n) && covered < coverage * total) {
            int best = k;
            for (int i = k + 1; i < n; i++) if (blocks[ids[i]] > blocks[ids[best]] || blocks[ids[i]] == blocks[ids[best]] && ids[i] < ids[best]) best = i;
            int t = ids[k];
            ids[k] = ids[best];
            ids[best] = t;
            covered += blocks[ids[k]];
            k++;
        }
        return Arrays.copyOf(ids, k);
    }

    static double jaccard(int[] a, int[] b) {
        if (a.length == 0 && b.length == 0) return 1;
        int common = 0;
        for (int x : a) for (int y : b) if (x == y) common++;
        return (double) common / (a.length + b.length - common);
    }

    /** The thread ended: the last runs are placed, and the phases returned in order. */
    public List<Phase> end() {
        builder.finish();
        if (emitted % window != 0) closeWindow((int) (emitted / window));
        endPhase(emitted);
        return phases;
    }

    /** Blocks fed. */
    public long blocks() {
        return fed;
    }
}
