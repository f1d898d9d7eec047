package dev.wholetrace.analysis.timeline;

import dev.wholetrace.model.event.TraceClock;

/**
 * What a timeline's horizontal axis measures. Either way every operation owns an interval of
 * {@link TimeAxis#POSITION} nanoseconds, inside which its slices sit at the fixed offsets of {@link
 * TimeAxis}, so slices nest strictly and flows point forward.
 */
public enum TimelineAxis {
    /** The sync order: operation i of S_synch at (i+1) µs, whatever its time. Every trace has it. */
    ORDER("time is the sync order, not wall-clock time: sync operation i of S_synch (ticket order) occupies [(i+1) µs, (i+2) µs); a "
            + "segment's width is how many sync operations the whole program did meanwhile (docs/timeline.md)"),
    /**
     * The recording's clock (format version 5 on): each operation at the time its ticket was
     * taken, interpolated between the clock's samples (about 1 ms apart), or 1 µs after the
     * previous operation when that is later: a burst of more than one operation per microsecond is
     * drawn stretched, and the operation's {@code clock_us} argument keeps the recorded time.
     */
    CLOCK("time is the recording's clock (ns since its start), interpolated between samples about 1 ms apart; operations closer than "
            + "1 µs are drawn 1 µs apart, so a dense burst is stretched (each operation's clock_us is its recorded time; docs/timeline.md)");

    private final String description;

    TimelineAxis(String description) {
        this.description = description;
    }

    /** The sentence a file's metadata carries. */
    public String description() {
        return description;
    }

    /** Where each entry goes on this axis, for one replay (entries asked in increasing order). */
    Scale scale(TraceClock clock, int from) {
        return this == ORDER ? new Scale(null, TimeAxis.slot(from - 1L)) : new Scale(clock, 0);
    }

    /** The slots of one replay: stateful, since the clock axis keeps operations at least an interval apart. */
    static final class Scale {
        private final TraceClock clock;
        private long last;
        private long maxStretch;

        private Scale(TraceClock clock, long start) {
            this.clock = clock;
            this.last = start;
        }

        /** Where the interval before the window's first entry starts (threads without operations are drawn there). */
        long beforeFirst() {
            return clock == null ? TimeAxis.slot(-1) : 0;
        }

        /** Where entry {@code i}, with {@code ticket}, starts; entries come in increasing order. */
        long slot(long i, long ticket) {
            if (clock == null) return last = TimeAxis.slot(i);
            long recorded = clock.nanos(ticket);
            long at = Math.max(recorded, last + TimeAxis.POSITION);
            maxStretch = Math.max(maxStretch, at - recorded);
            return last = at;
        }

        /** Where the interval after the last entry given starts. */
        long afterLast() {
            return last + TimeAxis.POSITION;
        }

        /** How much later than its recorded time an operation was drawn at most (0 on the order axis). */
        long maxStretchNanos() {
            return maxStretch;
        }
    }
}
