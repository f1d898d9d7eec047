package dev.wholetrace.report.events;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * One line per S_synch entry or per event of a thread, in one format (dump, segment and the demo
 * share these, so their formats cannot drift apart). A visitor in the style of JaCoCo's report
 * formatters: the caller walks the trace and decides what to print; a subclass only renders the
 * line it is given. Adding a format is one subclass and one registration in {@link #FORMATS}.
 */
public abstract class EventLines {
    /** The formats of event lines: text, and JSON lines (one object per line; "jsonl" names it too). */
    public static final FormatRegistry<Function<ParallelTrace, EventLines>> FORMATS =
            new FormatRegistry<Function<ParallelTrace, EventLines>>("event")
                    .register(OutputFormat.TEXT, TextEventLines::new)
                    .register(OutputFormat.JSON.describedAs("JSON lines: one object per line"), JsonEventLines::new);

    protected final ParallelTrace trace;
    private final Map<Long, Integer> threadOfObject = new HashMap<>();

    protected EventLines(ParallelTrace trace) {
        this.trace = trace;
        for (ThreadInfo t : trace.threads()) threadOfObject.putIfAbsent(t.object(), t.index());
    }

    /** The line of S_synch entry {@code index}. */
    public abstract String syncEntry(int index);

    /**
     * The line of one event of a thread.
     *
     * @param pos       its number among the thread's events
     * @param op        the thread's number of its next sync operation (this one's, if it is one)
     * @param syncIndex the S_synch entry of a sync operation (-1 otherwise)
     */
    public abstract String event(int thread, long pos, Event e, long op, int syncIndex);

    /** The line before a segment's events. */
    public abstract String segment(SegmentHeader h);

    /** The thread whose begin/end object {@code object} is, or null. */
    protected final Integer threadOfObject(long object) {
        return threadOfObject.get(object);
    }

    protected static String label(SyncKind k) {
        return k == null ? "?" : k.label;
    }
}
