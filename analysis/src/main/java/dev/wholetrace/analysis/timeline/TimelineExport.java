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
    private final Long from;
    private final Long to;

    public TimelineExport() {
        this(DEFAULT_MAX_DRAWN);
    }

    public TimelineExport(long maxDrawn) {
        this(maxDrawn, null, null);
    }

    /**
     * @param from the first entry of S_synch to draw (null: 0)
     * @param to   the last entry to draw, included (null: the last of the trace)
     */
    public TimelineExport(long maxDrawn, Long from, Long to) {
        super("timeline", "the execution as a timeline: segments, sync operations, lock holdings, happens-before flows");
        if (maxDrawn < 1) throw new IllegalArgumentException("the limit of sync operations drawn must be at least 1, not " + maxDrawn);
        if (from != null && from < 0) throw new IllegalArgumentException("--from must be at least 0, not " + from);
        if (from != null && to != null && to < from) throw new IllegalArgumentException("--to " + to + " is before --from " + from);
        this.maxDrawn = maxDrawn;
        this.from = from;
        this.to = to;
    }

    @Override
    public Timeline analyze(TraceView trace) {
        int size = trace.syncOrder().size();
        if (size > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("the trace has too many sync operations");
        if (from != null && from >= size || to != null && to >= size) {
            throw new IllegalArgumentException("the window " + (from == null ? 0 : from) + ".." + (to == null ? size - 1 : to)
                    + " lies outside the trace's sync order (entries 0.." + (size - 1) + ")");
        }
        return new Timeline(trace, maxDrawn, from == null ? 0 : from.intValue(), to == null ? size - 1 : to.intValue());
    }
}
