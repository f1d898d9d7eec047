package dev.wholetrace.cli.commands;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.events.EventLines;
import dev.wholetrace.report.events.SegmentHeader;
import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.util.Iterator;

/**
 * Prints S_synch entries and a thread's events, one line each, in a format of
 * {@link EventLines#FORMATS} (dump, segment and the demo share it). Streams: each event is
 * rendered and written as it comes from the iterator, so a thread of any length needs constant
 * memory. Stops after {@code limit} lines, or when the reader of the output has gone away
 * ({@code ... | head}), instead of expanding the rest of the trace for nobody.
 */
final class EventPrinter implements AutoCloseable {
    /** How often (in lines) to check whether the output is still being read. */
    private static final int CHECK_EVERY = 4096;

    private final ParallelTrace trace;
    private final EventLines lines;
    private final PrintWriter out;
    private final long limit;
    private long printed;
    private boolean outputClosed;
    private boolean blocksOnly;

    /** @param limit lines to print at most (headers excluded); Long.MAX_VALUE for all */
    EventPrinter(ParallelTrace trace, PrintWriter out, OutputFormat format, long limit) {
        this.trace = trace;
        this.lines = EventLines.FORMATS.writer(format).apply(trace);
        // Our own buffer: the command line's writer flushes on every line, too slow for millions.
        this.out = new PrintWriter(new BufferedWriter(out, 1 << 16), false);
        this.limit = limit;
    }

    /** Prints only the threads' basic blocks (--view blocks); numbering still counts every event. */
    EventPrinter blocksOnly(boolean only) {
        blocksOnly = only;
        return this;
    }

    /** Whether nothing more will be printed: the limit is reached or the output was closed. */
    boolean done() {
        return printed >= limit || outputClosed;
    }

    /** Lines printed so far (headers excluded). */
    long printed() {
        return printed;
    }

    /** The line before a segment's events (not counted against the limit). */
    void header(SegmentHeader h) {
        out.println(lines.segment(h));
    }

    /** S_synch entries {@code from..to} (both included). */
    void entries(int from, int to) {
        for (int i = from; i <= to && !done(); i++) emit(lines.syncEntry(i));
    }

    /**
     * The events of thread {@code t} that {@code events} yields, the first of which is the
     * thread's event number {@code firstPosition}; {@code firstOp} is the number of the first sync
     * operation among them.
     */
    void events(ThreadTrace t, Iterator<Event> events, long firstPosition, long firstOp) {
        long pos = firstPosition;
        long op = firstOp;
        int thread = t.info().index();
        while (!done() && events.hasNext()) {
            Event e = events.next();
            int syncIndex = -1;
            if (e.isSync()) syncIndex = trace.syncOrder().indexOfTicket(t.ticket(op));
            if (!blocksOnly || e.type() == Event.Type.BLOCK) emit(lines.event(thread, pos, e, op, syncIndex));
            if (e.isSync()) op++;
            pos++;
        }
    }

    @Override
    public void close() {
        out.flush();
    }

    private void emit(String line) {
        out.println(line);
        if (++printed % CHECK_EVERY == 0 && out.checkError()) outputClosed = true;
    }
}
