package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.std.StdEvents;
import dev.wholetrace.cli.io.CheckedOutputStream;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.analysis.std.StdExport;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.std.StdFormats;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
                "  lock/unlock, write lock/unlock       acq(L<object>) / rel(L<object>)",
                "  read lock/unlock of thread t         acq(R<object>_<t>) / rel(R<object>_<t>)",
                "  (a write lock also takes R<object>_<r> of every thread r that read-locks the object)",
                "  fork / join of a thread              fork(T<child>) / join(T<child>)",
                "  volatile, semaphore, task, class init: an acquire by thread r is acq+rel of A<object>_<r>;",
                "    a release is acq+rel of A<object>_<r> for every thread r that acquires the object",
                "  any other release or acquire         acq+rel of S<object>[_<phase>]",
                "  a barrier episode                    acq+rel of B<object>_<episode>, twice",
                "A release or acquire is written at the operation, a thread's accesses before its next "
                    + "one (after its last one: right after it). A barrier episode is written at its first "
                    + "pass as every participant's accesses before the barrier and acq+rel (its arrival), then "
                    + "at each pass as that participant's acq+rel again (its departure). Locks form a "
                    + "well-formed lock trace, as RAPID's WCP, SHB and LockSet engines require: readers hold "
                    + "distinct locks, nested acquires are not written (docs/races.md).",
                "",
                "A release or acquire written as a lock's acq+rel also orders an earlier acquire before a "
                    + "later release of the same object: STD can express no weaker edge, so the export may hide "
                    + "a race the trace shows, never invent one."},
        footer = {"", "Examples:",
                "  wholetrace export run.wtrace -o run.std",
                "  wholetrace export run.wtrace -o run.std --force   # replace run.std",
                "  java -cp rapid.jar HB -f std -p run.std"})
public final class ExportCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Mixin
    FormatOption format;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "write here instead of standard output (an existing file only with --force)")
    Path out;

    @Mixin
    ForceOption force;

    @Override
    public FormatRegistry<?> formats() {
        return StdFormats.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        ReportWriter<StdEvents> writer = StdFormats.FORMATS.writer(format.resolve(StdFormats.FORMATS));
        OutputFile target = out == null ? null : OutputFile.check(out, force.force(), input);
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        StdEvents events = new StdExport().analyze(trace);
        if (target != null) {
            target.writeStream(stream -> {
                CheckedOutputStream checked = new CheckedOutputStream(stream);
                PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(checked, StandardCharsets.UTF_8), 1 << 16));
                writer.write(events, w);
                w.flush();
                if (w.checkError()) throw checked.error() != null ? checked.error() : new IOException("cannot write " + out);
            });
        } else {
            PrintWriter w = spec.commandLine().getOut();
            writer.write(events, w);
            w.flush();
        }
        return 0;
    }
}
