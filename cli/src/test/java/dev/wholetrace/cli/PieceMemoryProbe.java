package dev.wholetrace.cli;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.reader.ParallelTrace;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Iterator;

/**
 * Run in a JVM of its own by {@link BoundedPiecesTest}: opens a trace, reads every thread's events
 * once (a sequential pass, as stats, dump and export make), then prints the live heap after full
 * collections, the pieces the pass decoded again from the file and how many pieces there are:
 * {@code live=BYTES decodes=N pieces=M events=E}.
 */
final class PieceMemoryProbe {
    private PieceMemoryProbe() {}

    public static void main(String[] args) throws Exception {
        ParallelTrace trace = ParallelTrace.open(Path.of(args[0]));
        long before = trace.pieceDecodes();
        long events = 0;
        int pieces = 0;
        for (int t = 0; t < trace.threadCount(); t++) {
            pieces += trace.thread(t).pieceCount();
            for (Iterator<Event> it = trace.events(t); it.hasNext(); it.next()) events++;
        }
        long decodes = trace.pieceDecodes() - before;
        for (int i = 0; i < 3; i++) System.gc();
        long live = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        System.out.println("live=" + live + " decodes=" + decodes + " pieces=" + pieces + " events=" + events + " reachable=" + (trace.eventCount() > 0));
    }
}
