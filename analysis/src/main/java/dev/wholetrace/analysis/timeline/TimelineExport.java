package dev.wholetrace.analysis.timeline;

import dev.wholetrace.analysis.NamedAnalysis;
import dev.wholetrace.reader.TraceView;

/**
 * The execution as a timeline for trace viewers ({@link Timeline}): works on any mode, since it
 * reads only the sync order and the threads' sync positions. {@code maxDrawn} bounds the output:
 * above that many sync operations they are aggregated.
 */
public final class TimelineExport extends NamedAnalysis<Timeline> {
    /** The default limit of sync operations drawn one by one. */
    public static final long DEFAULT_MAX_DRAWN = 200_000;

    private final long maxDrawn;

    public TimelineExport() {
        this(DEFAULT_MAX_DRAWN);
    }

    public TimelineExport(long maxDrawn) {
        super("timeline", "the execution as a timeline: segments, sync operations, lock holdings, happens-before flows");
        if (maxDrawn < 1) throw new IllegalArgumentException("the limit of sync operations drawn must be at least 1, not " + maxDrawn);
        this.maxDrawn = maxDrawn;
    }

    @Override
    public Timeline analyze(TraceView trace) {
        if (trace.syncOrder().size() > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("the trace has too many sync operations");
        return new Timeline(trace, maxDrawn);
    }
}
