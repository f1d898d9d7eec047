package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.cli.io.CheckedOutputStream;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.html.HtmlReport;
import dev.wholetrace.report.stats.StatsReport;
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

/** {@code wholetrace report FILE -o report.html}: one self-contained HTML page about a trace. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write an HTML report of a recorded trace (.wtrace): one self-contained page that opens from disk "
                    + "without network (the charting library, Apache ECharts, is inlined; about 1 MB).",
                "",
                "Sections: a summary (program, mode, threads, events and sync operations, file size against the raw "
                    + "trace), events by kind (chart and table), per thread its events and sizes, and the compression "
                    + "breakdown: the file's bytes per component (WPP, address streams, S_synch, synch_cnt, symbols, "
                    + "metadata, framing; as in 'wholetrace stats') and per thread. Above " + HtmlReport.MAX_THREADS
                    + " threads the per-thread chart shows the largest ones and sums the others, and says so.",
                "",
                "For the timeline of the execution see 'wholetrace export --format perfetto'."},
        footer = {"", "Examples:",
                "  wholetrace report run.wtrace -o report.html",
                "  wholetrace report run.wtrace -o report.html --force   # replace report.html"})
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "write here instead of standard output (an existing file only with --force)")
    Path out;

    @Mixin
    ForceOption force;

    @Override
    public Integer call() throws Exception {
        OutputFile target = out == null ? null : OutputFile.check(out, force.force(), input);
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        StatsReport report = new StatsReport(input.getFileName().toString(), trace, new StatsAnalysis().analyze(trace));
        HtmlReport writer = new HtmlReport();
        if (target != null) {
            target.writeStream(stream -> {
                CheckedOutputStream checked = new CheckedOutputStream(stream);
                PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(checked, StandardCharsets.UTF_8), 1 << 16));
                writer.write(report, w);
                w.flush();
                if (w.checkError()) throw checked.error() != null ? checked.error() : new IOException("cannot write " + out);
            });
        } else {
            PrintWriter w = spec.commandLine().getOut();
            writer.write(report, w);
            w.flush();
        }
        return 0;
    }
}
