package dev.wholetrace.cli.commands;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace export FILE --format std}: the execution as RAPID's STD text trace. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a recorded execution (CDR or ALL mode) in another tool's format.",
                "",
                "std (the default): RAPID's standard format, one event per line, THREAD|OP(ARG)|LOCATION, so "
                    + "that other race detectors can cross-check 'wholetrace races'. Threads are T<index>; "
                    + "accesses r(V<object>_<offset>)/w(...); the location is the instruction id (the code map: "
                    + "'wholetrace dump'); the events are interleaved in one order consistent with every "
                    + "thread's program order and the sync order. STD has only locks and fork/join, so the "
                    + "other sync kinds become lock operations that carry the same happens-before edges:",
                "  lock/unlock (also read/write locks)  acq(L<object>) / rel(L<object>)",
                "  fork / join of a thread              fork(T<child>) / join(T<child>)",
                "  any other release or acquire         acq+rel of S<object>[_<phase>]",
                "  a barrier episode                    acq+rel of B<object>_<episode>, twice",
                "A release or acquire is written at the operation. A barrier episode is written at its first "
                    + "pass as every participant's acq+rel (its arrival), then at each pass as that participant's "
                    + "acq+rel again (its departure).",
                "",
                "A release or acquire written as a lock's acq+rel also orders an earlier acquire before a "
                    + "later release of the same object, and read locks order their readers: STD can express no "
                    + "weaker edge, so the export may hide a race the trace shows, never invent one."},
        footer = {"", "Examples:",
                "  wholetrace export run.wtrace -o run.std",
                "  java -cp rapid.jar HB -f std -p run.std"})
public final class ExportCommand implements Callable<Integer>, FormatOption.Formatted {
    /** The formats an execution can be exported in. */
    static final FormatRegistry<ReportWriter<ParallelTrace>> FORMATS = new FormatRegistry<ReportWriter<ParallelTrace>>("export")
            .register(OutputFormat.STD, (trace, w) -> new Std(trace, w).write());

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Mixin
    FormatOption format;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "write here instead of standard output")
    Path out;

    @Override
    public FormatRegistry<?> formats() {
        return FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        ReportWriter<ParallelTrace> writer = FORMATS.writer(format.resolve(FORMATS));
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        if (!trace.mode().streams) {
            throw new IllegalArgumentException("the STD export needs a CDR or ALL trace (instructions and addresses), not " + trace.mode().label());
        }
        if (out != null) {
            try (PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(out), StandardCharsets.UTF_8), 1 << 16))) {
                writer.write(trace, w);
                if (w.checkError()) throw new IOException("cannot write " + out);
            }
        } else {
            PrintWriter w = spec.commandLine().getOut();
            writer.write(trace, w);
            w.flush();
        }
        return 0;
    }

    /** One pass over S_synch; before each entry, its thread's events since its previous sync operation. */
    private static final class Std {
        private final ParallelTrace trace;
        private final Writer w;
        private final List<Iterator<Event>> events = new ArrayList<>();
        private final Map<Long, Integer> threadOfObject = new HashMap<>();

        Std(ParallelTrace trace, Writer w) {
            this.trace = trace;
            this.w = w;
            for (ThreadInfo t : trace.threads()) {
                events.add(trace.thread(t.index()).events());
                threadOfObject.put(t.object(), t.index());
            }
        }

        void write() throws IOException {
            SyncOrder order = trace.syncOrder();
            for (int i = 0; i < order.size(); i++) {
                int t = order.thread(i);
                Event sync = dataUntilSync(t);
                if (sync == null) throw new IllegalStateException("thread " + t + " has fewer sync operations than the sync order says");
                sync(i, t, sync);
            }
            for (int t = 0; t < events.size(); t++) {
                if (dataUntilSync(t) != null) throw new IllegalStateException("thread " + t + " has more sync operations than the sync order says");
            }
        }

        /** Writes thread t's accesses up to its next sync operation and returns that operation (null at its end). */
        private Event dataUntilSync(int t) throws IOException {
            Iterator<Event> it = events.get(t);
            while (it.hasNext()) {
                Event e = it.next();
                switch (e.type()) {
                    case SYNC -> {
                        return e;
                    }
                    case LOAD -> line(t, "r", variable(e.address()), e.id());
                    case STORE -> line(t, "w", variable(e.address()), e.id());
                    case BLOCK -> { }
                }
            }
            return null;
        }

        private void sync(int i, int t, Event e) throws IOException {
            SyncOrder order = trace.syncOrder();
            int site = e.id();
            switch (e.kind()) {
                case LOCK -> line(t, "acq", "L" + e.object(), site);
                case UNLOCK -> line(t, "rel", "L" + e.object(), site);
                case FORK, JOIN -> {
                    Integer child = threadOfObject.get(e.object());
                    if (child != null) line(t, e.kind() == SyncKind.FORK ? "fork" : "join", "T" + child, site);
                    else pair(t, "S" + e.object(), site); // a thread that recorded nothing
                }
                case THREAD_BEGIN, THREAD_END -> {
                    if (!threadOfObject.containsKey(e.object()) || threadOfObject.get(e.object()) != t) pair(t, "S" + e.object(), site);
                    // a thread's own begin and end are implied by fork and join
                }
                case BARRIER -> {
                    String lock = "B" + e.object() + "_" + e.aux();
                    if (order.firstOfEpisode(i)) for (int p : order.episodeParticipants(i)) pair(p, lock, site); // every arrival
                    pair(t, lock, site); // this departure
                }
                case LATCH_COUNT_DOWN, LATCH_AWAIT -> pair(t, "S" + e.object() + "_" + e.aux(), site);
                default -> pair(t, "S" + e.object(), site);
            }
        }

        private void pair(int t, String lock, int site) throws IOException {
            line(t, "acq", lock, site);
            line(t, "rel", lock, site);
        }

        private static String variable(long address) {
            return "V" + Addresses.object(address) + "_" + Addresses.offset(address);
        }

        private void line(int t, String op, String arg, int location) throws IOException {
            w.write("T" + t + "|" + op + "(" + arg + ")|" + location + "\n");
        }
    }
}
