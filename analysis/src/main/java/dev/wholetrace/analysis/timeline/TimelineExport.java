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
    private final WindowBound from;
    private final WindowBound to;
    private final TimelineAxis axis;

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
        this(maxDrawn, from == null ? null : WindowBound.entry(from), to == null ? null : WindowBound.entry(to), TimelineAxis.ORDER);
    }

    /**
     * @param from the first entry of S_synch to draw, or the time from which on (null: 0)
     * @param to   the last entry to draw, included, or the time up to which (null: the last of the trace)
     * @param axis what the horizontal axis measures ({@link TimelineAxis#CLOCK} needs a trace with a clock)
     */
    public TimelineExport(long maxDrawn, WindowBound from, WindowBound to, TimelineAxis axis) {
        super("timeline", "the execution as a timeline: segments, sync operations, lock holdings, happens-before flows");
        if (maxDrawn < 1) throw new IllegalArgumentException("the limit of sync operations drawn must be at least 1, not " + maxDrawn);
        if (from != null && from.value() < 0) throw new IllegalArgumentException("--from must be at least 0, not " + from);
        if (from != null && to != null && from.time() == to.time() && to.value() < from.value()) {
            throw new IllegalArgumentException("--to " + to + " is before --from " + from);
        }
        this.maxDrawn = maxDrawn;
        this.from = from;
        this.to = to;
        this.axis = axis;
    }

    @Override
    public Timeline analyze(TraceView trace) {
        if (axis == TimelineAxis.CLOCK && !trace.clock().known()) {
            throw new IllegalArgumentException("the trace has no clock (recorded before .wtrace version 5): draw it on the order axis");
        }
        int size = trace.syncOrder().size();
        if (size > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("the trace has too many sync operations");
        boolean byTime = from != null && from.time() || to != null && to.time();
        long first = from == null ? 0 : from.resolve(trace.syncOrder(), trace.clock(), true);
        long last = to == null ? size - 1 : to.resolve(trace.syncOrder(), trace.clock(), false);
        String window = (from == null ? "0" : from) + ".." + (to == null ? String.valueOf(size - 1) : to);
        if (byTime && (first < 0 || last < 0 || first > last)) {
            throw new IllegalArgumentException("no sync operation in the window " + window + (size == 0 ? " (the trace has none)"
                    : " (the trace's lie between " + WindowBound.seconds(trace.clock().nanos(trace.syncOrder().ticket(0))) + " and "
                    + WindowBound.seconds(trace.clock().nanos(trace.syncOrder().ticket(size - 1))) + " on the recording's clock)"));
        }
        if (first >= size || last >= size) {
            throw new IllegalArgumentException("the window " + window + " lies outside the trace's sync order (entries 0.." + (size - 1) + ")");
        }
        return new Timeline(trace, maxDrawn, (int) first, (int) last, axis);
    }
}
