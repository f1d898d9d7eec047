package dev.wholetrace.report.std;

import dev.wholetrace.analysis.std.StdEvents;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;

/**
 * RAPID's STD text trace: one line per event, {@code THREAD|OP(TARGET)|LOCATION}, in the order
 * {@link StdEvents} yields them (the mapping of sync kinds to STD's operations is the analysis').
 */
public final class StdText implements ReportWriter<StdEvents> {
    @Override
    public void write(StdEvents events, PrintWriter w) {
        StringBuilder line = new StringBuilder(64);
        events.forEach(e -> {
            line.setLength(0);
            line.append('T').append(e.thread()).append('|').append(e.op().label).append('(');
            e.target().appendName(line).append(")|").append(e.location()).append('\n');
            w.append(line);
        });
    }
}
