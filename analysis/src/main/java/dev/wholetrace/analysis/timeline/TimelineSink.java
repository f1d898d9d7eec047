package dev.wholetrace.analysis.timeline;

import java.io.IOException;

/**
 * Receives a {@link Timeline} in time order: timestamps never decrease across calls, and on each
 * thread's track the slices nest (every {@link #end} closes the slice begun last and still open on
 * that thread). Times are nanoseconds on the axis of {@link TimeAxis}. The {@link Slice} passed to
 * {@link #begin} is reused by the caller: read it during the call.
 */
public interface TimelineSink {
    /** Called once, first: what the timeline shows and how. */
    void start(TimelineInfo info) throws IOException;

    /** A slice begins on thread {@code thread}'s track; its flows attach to it. */
    void begin(int thread, long ns, Slice slice) throws IOException;

    /** The innermost open slice of the thread ends. */
    void end(int thread, long ns) throws IOException;

    /** The thread's event-rate counter takes a new value (events per sync-order position). */
    void counter(int thread, long ns, double eventsPerPosition) throws IOException;

    /** Called once, last: the totals (what was not drawn and why). */
    void finish(TimelineSummary summary) throws IOException;
}
