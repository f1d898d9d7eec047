package dev.wholetrace.model.strata;

import java.util.Arrays;

/**
 * Holds [id, trip] runs until {@link #drain} passes them on, in order, to the next sink: the
 * recorder's STRATA encoder puts one between its path builder and layer 0 and drains it once per
 * buffer of events. Why: with layer 0 called from the path builder, the JIT inlined layer 0 and
 * the SEQUITUR grammar behind it into the builder's compiled methods (PathBuilder.addOther and
 * PathBuilder.completed, 65 and 67 KB of machine code each on Water, each compiled again after
 * every deoptimisation), so C2 compiled the grammar two or three times over and STRATA took
 * longer than COR to reach steady state (docs/results/strata.md, session 42). Through the batch
 * the builder's call is a store; layer 0 and the grammar are compiled once, in the drain loop,
 * and run over a batch of runs at a time. The sink sees the same runs in the same order, so
 * nothing stored changes. No allocation once the array has grown to a buffer's runs.
 */
public final class RunBatch implements RunSink {
    private final RunSink next;
    private long[] runs = new long[1024];
    private int size;

    public RunBatch(RunSink next) {
        this.next = next;
    }

    @Override
    public void run(int id, long trip) {
        if (size == runs.length) runs = Arrays.copyOf(runs, 2 * size);
        runs[size++] = Runs.pair(id, trip);
    }

    /** Passes the runs held to the next sink, in the order they came. */
    public void drain() {
        long[] r = runs;
        RunSink s = next;
        for (int k = 0, n = size; k < n; k++) s.run(Runs.id(r[k]), Runs.trip(r[k]));
        size = 0;
    }

    /** The layer below ended: the runs held go on, then the next sink finishes. */
    @Override
    public void finish() {
        drain();
        next.finish();
    }
}
