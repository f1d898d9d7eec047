package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.std.StdEvents;
import dev.wholetrace.analysis.std.StdExport;
import dev.wholetrace.reader.ParallelTrace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace export FILE --format std}: the execution as RAPID's STD text trace. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a recorded execution (CDR or ALL mode) in another tool's format.",
                "",
                "--format std: RAPID's standard format, one event per line, THREAD|OP(ARG)|LOCATION,",
                "so that other race detectors can cross-check 'wholetrace races'. Threads are T<index>;",
                "accesses r(V<object>_<offset>)/w(...); the location is the instruction id (the",
                "code map: 'wholetrace dump'); the events are interleaved in one order consistent",
                "with every thread's program order and the sync order. STD has only locks and",
                "fork/join, so the other sync kinds become lock operations that carry the same",
                "happens-before edges:",
                "  lock/unlock (also read/write locks)   acq(L<object>) / rel(L<object>)",
                "  fork / join of a thread               fork(T<child>) / join(T<child>)",
                "  any other release or acquire          acq(S<object>[_<phase>]) rel(...) at the operation",
                "  a barrier episode                     at its first pass, every participant's",
                "                                        acq+rel of B<object>_<episode> (arrival),",
                "                                        then at each pass that participant's",
                "                                        acq+rel again (departure)",
                "A release or acquire written as a lock's acq+rel also orders an earlier acquire",
                "before a later release of the same object, and read locks order their readers:",
                "STD can express no weaker edge, so the export may hide a race the trace shows, never",
                "invent one."},
        footer = {"", "Examples:",
                "  wholetrace export run.wtrace --format std -o run.std",
                "  java -cp rapid.jar HB -f std -p run.std"})
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Option(names = "--format", required = true, paramLabel = "FORMAT", description = "std (RAPID's standard format)")
    String format;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "write here instead of standard output")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (!format.equals("std")) throw new IllegalArgumentException("unknown export format '" + format + "' (std)");
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        StdEvents events = new StdExport().analyze(trace);
        if (out != null) {
            try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(out), StandardCharsets.UTF_8), 1 << 16)) {
                write(events, w);
            }
        } else {
            PrintWriter w = spec.commandLine().getOut();
            write(events, w);
            w.flush();
        }
        return 0;
    }

    /** One line per event: THREAD|OP(TARGET)|LOCATION. */
    private static void write(StdEvents events, Writer w) throws IOException {
        StringBuilder line = new StringBuilder(64);
        events.forEach(e -> {
            line.setLength(0);
            line.append('T').append(e.thread()).append('|').append(e.op().label).append('(');
            e.target().appendName(line).append(")|").append(e.location()).append('\n');
            w.append(line);
        });
    }
}
