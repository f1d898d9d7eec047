package dev.wholetrace.simulate.tx.correspond;

import dev.wholetrace.simulate.tx.interp.Trace;

/** {@link ThreadEvents} over an in-memory {@link Trace}; counts the events it hands out. */
public final class TraceEvents implements ThreadEvents {
    private final Trace trace;
    private final int[][] byThread;
    private final int thread;
    private final long[] reads;
    private int pos = -1;

    private TraceEvents(Trace trace, int[][] byThread, int thread, long[] reads) {
        this.trace = trace;
        this.byThread = byThread;
        this.thread = thread;
        this.reads = reads;
    }

    /** The main thread of {@code t}; {@code reads[0]} counts every event read from any of its threads. */
    public static TraceEvents of(Trace t, long[] reads) {
        int[] counts = new int[t.threads()];
        for (int e = 0; e < t.size(); e++) counts[t.thread(e)]++;
        int[][] by = new int[t.threads()][];
        for (int i = 0; i < by.length; i++) by[i] = new int[counts[i]];
        int[] fill = new int[t.threads()];
        for (int e = 0; e < t.size(); e++) by[t.thread(e)][fill[t.thread(e)]++] = e;
        return new TraceEvents(t, by, 0, reads);
    }

    @Override
    public boolean next() {
        if (pos + 1 >= byThread[thread].length) {
            pos = byThread[thread].length;
            return false;
        }
        pos++;
        reads[0]++;
        return true;
    }

    private int ev() { return byThread[thread][pos]; }

    @Override
    public int stmt() { return trace.stmt(ev()); }

    @Override
    public long value() { return trace.value(ev()); }

    @Override
    public int instructions() { return trace.instructions(ev()); }

    @Override
    public ThreadEvents[] children() {
        int[] kids = trace.children(ev());
        ThreadEvents[] out = new ThreadEvents[kids.length];
        for (int i = 0; i < kids.length; i++) out[i] = new TraceEvents(trace, byThread, kids[i], reads);
        return out;
    }

    @Override
    public String name() { return "thread " + thread; }
}
