package dev.wholetrace.analysis.timeline;

/**
 * The time axis of a timeline ({@link TimelineAxis}: the sync order, or the recording's clock). On
 * the order axis entry i of S_synch (the sync order) owns the interval [{@link #slot}(i), slot(i) +
 * {@link #POSITION}) of "nanoseconds"; on the clock axis an interval as wide from its time on,
 * and everything drawn about that operation lies inside it at a fixed offset, so that every slice
 * on a thread's track nests strictly (no two boundaries of one track share a timestamp) and a flow
 * always points forward. A thread's segment between its sync operations k-1 and k runs from the end
 * of k-1's interval to the start of k's, so on the order axis its width says how many sync
 * operations the whole program did meanwhile, not how long it took. docs/timeline.md draws the offsets.
 */
public final class TimeAxis {
    private TimeAxis() {}

    /** Nanoseconds per position of S_synch (shown as 1 µs per sync operation). */
    public static final long POSITION = 1000;
    /** Lock holdings nested deeper than this on one thread are counted, not drawn. */
    public static final int MAX_HOLD_DEPTH = 40;

    // offsets inside an operation's interval, in the order they are written
    /** At a thread's first operation in a window: the locks it took before the window and still holds (+k). */
    static final long WINDOW_RESUME = 10;
    /** The thread's segment 0 (before its first operation), or the segment that began before the window, begins. */
    static final long FIRST_SEGMENT_BEGIN = 50;
    /** The segment that ends at this operation ends. */
    static final long SEGMENT_END = 100;
    /** Holdings opened after the one an unlock lets go are suspended (innermost first, +k). */
    static final long SUSPEND = 200;
    /** A lock's holding begins. */
    static final long HOLD_BEGIN = 300;
    /** The operation's own slice. */
    static final long OP_BEGIN = 400;
    /** Where the flows of the operation are anchored (inside its slice). */
    public static final long FLOW = 500;
    static final long OP_END = 600;
    /** An unlock's holding ends. */
    static final long HOLD_END = 700;
    /** The suspended holdings resume (outermost first, +k). */
    static final long RESUME = 750;
    /** The segment after the operation begins. */
    static final long SEGMENT_BEGIN = 900;
    /** After a thread's last operation: its last segment ends ... */
    static final long LAST_SEGMENT_END = 950;
    /** ... and the holdings still open are closed (innermost first, +k). */
    static final long CLOSE_OPEN = 955;

    /** In the interval after a window's last entry: the segments still open end ... */
    static final long WINDOW_END_SEGMENT = 20;
    /** ... and the holdings still open are closed (innermost first, +k). */
    static final long WINDOW_CLOSE = 30;

    /** Where entry {@code i} of S_synch starts on the order axis; -1 is the interval before the first entry. */
    public static long slot(long i) {
        return (i + 1) * POSITION;
    }

    /** The entry of S_synch whose interval holds {@code ns} on the order axis (-1 before the first). */
    public static long position(long ns) {
        return ns / POSITION - 1;
    }
}
