package dev.wholetrace.model.strata;

import java.util.Arrays;

/**
 * Counts the runs one layer emits, per id and in total, and passes them on: executions (the sum
 * of trip counts) and runs per id, the longest run. One per layer, shared by the threads of a
 * trace; the sink it passes to is the current thread's next layer.
 */
public final class RunTally implements RunSink {
    private RunSink next;
    private RunSink watcher;
    private long[] executions = new long[64];
    private long[] runsOf = new long[64];
    private long[] longestOf = new long[64];
    private long runs;
    private long total;
    private long longest;
    private long[] sample = new long[0];
    private int sampled;
    /** Runs still to let pass before the sample starts (paging through a thread's temporal sequence). */
    private long skip;

    public RunTally(RunSink next) {
        this.next = next;
    }

    @Override
    public void run(int id, long trip) {
        if (id >= executions.length) {
            int n = Math.max(id + 1, executions.length * 2);
            executions = Arrays.copyOf(executions, n);
            runsOf = Arrays.copyOf(runsOf, n);
            longestOf = Arrays.copyOf(longestOf, n);
        }
        executions[id] += trip;
        runsOf[id]++;
        if (trip > longestOf[id]) longestOf[id] = trip;
        runs++;
        total += trip;
        if (trip > longest) longest = trip;
        if (skip > 0) skip--;
        else if (sampled < sample.length) sample[sampled++] = Runs.pair(id, Math.min(trip, Runs.MAX_TRIP));
        if (watcher != null) watcher.run(id, trip);
        next.run(id, trip);
    }

    @Override
    public void finish() {
        next.finish();
    }

    /** Sends the runs to {@code sink} from now on (the next thread's layer, or a collector). */
    public void passTo(RunSink sink) {
        next = sink;
    }

    /** Shows every run to {@code watcher} too, before passing it on (a size measurement, say); its finish is never called. */
    public void watch(RunSink watcher) {
        this.watcher = watcher;
    }

    /**
     * Keeps the {@code limit} runs after the next {@code from} (a page of the thread's temporal
     * sequence; the sequence of one thread begins), dropping those kept before.
     */
    public void startSample(long from, int limit) {
        if (from < 0) throw new IllegalArgumentException("sample start " + from + " < 0");
        sample = new long[limit];
        sampled = 0;
        skip = from;
    }

    /** The runs kept since {@link #startSample}, as pairs ({@link Runs#pair}). */
    public long[] sample() {
        return java.util.Arrays.copyOf(sample, sampled);
    }

    /** Executions of sequence {@code id}: the sum of its trip counts. */
    public long executions(int id) {
        return id < executions.length ? executions[id] : 0;
    }

    /** Runs ([id, tripcount] pairs) of sequence {@code id}. */
    public long runs(int id) {
        return id < runsOf.length ? runsOf[id] : 0;
    }

    /** The largest trip count of one run of sequence {@code id}. */
    public long longestRun(int id) {
        return id < longestOf.length ? longestOf[id] : 0;
    }

    /** Runs emitted. */
    public long runs() {
        return runs;
    }

    /** Executions of all sequences (the sum of all trip counts). */
    public long executions() {
        return total;
    }

    /** The largest trip count of one run. */
    public long longestRun() {
        return longest;
    }

    /** Bytes of the per-id counters. */
    public long bytes() {
        return 24L * executions.length;
    }
}
