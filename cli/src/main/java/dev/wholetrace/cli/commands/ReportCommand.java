package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.report.html.ReportProgress;
import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.analysis.timeline.WindowBound;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.html.HtmlReport;
import dev.wholetrace.report.stats.StatsReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
                    + "trace), events by kind (chart and table), per thread its events and sizes; the synchronization "
                    + "as a message-sequence chart (thread lines, sync operations, locks held, an arrow per happens-before "
                    + "hand-over, barrier episodes; zoom and pan), drawn one by one up to --max-ops sync operations and "
                    + "aggregated into bins above; the races (CDR and ALL: both places, dynamic counts, artifact chains; "
                    + "as 'wholetrace races'); hot methods, blocks and paths (as 'wholetrace hot'); program phases (as 'wholetrace phases'); the memory dependences (as 'wholetrace deps': from an eWPP, or with --deps from CDR/ALL); a grammar explorer "
                    + "(each thread's top rules, expanded on click down to the code of each block, access and sync "
                    + "operation; bounded: " + "16 threads, 12 top rules, 300 rules a thread, 64 symbols a body); and the "
                    + "compression breakdown: the file's bytes per component (WPP, address streams, S_synch, synch_cnt, "
                    + "symbols, metadata, framing; as in 'wholetrace stats') and per thread. Above " + HtmlReport.MAX_THREADS
                    + " threads the per-thread chart shows the largest ones and sums the others, and says so.",
                "",
                "Every timeline operation drawn: 'wholetrace export --format perfetto'. The same content for a program: --format json "
                    + "(one JSON document: the summary, the charts' data, and the races, hot section, phases and dependences as "
                    + "'races', 'hot', 'phases' and 'deps' write them with --format json)."},
        footer = {"", "Examples:",
                "  wholetrace report run.wtrace -o report.html",
                "  wholetrace report run.wtrace -o report.html --force   # replace report.html",
                "  wholetrace report run.wtrace -o report.html --max-ops 20000   # draw more of the sequence chart",
                "  wholetrace report run.wtrace -o window.html --from 120000 --to 124999   # one stretch of the order, one by one",
                "  wholetrace report big.wtrace -o report.html --no-races   # skip the race detector",
                "  wholetrace report run.wtrace --format json | jq .summary   # the same content for a script"})
public final class ReportCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "write here instead of standard output (an existing file only with --force)")
    Path out;

    @Mixin
    ForceOption force;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return HtmlReport.FORMATS;
    }

    @Option(names = "--max-ops", paramLabel = "N", defaultValue = "" + HtmlReport.DEFAULT_MAX_OPS,
            description = "sync operations the sequence chart draws one by one; above, it aggregates them (default: ${DEFAULT-VALUE})")
    long maxOps;

    @Option(names = "--from", paramLabel = "I|TIME", description = "the sequence chart draws the sync order from its entry I on, or from "
            + "the first operation at or after TIME since the recording's start (1.5s, 250ms, 40us) (default: the first); "
            + "the other sections cover the whole trace")
    String from;

    @Option(names = "--to", paramLabel = "J|TIME", description = "the sequence chart draws up to entry J, included, or up to the last "
            + "operation at or before TIME (default: the last)")
    String to;

    @Option(names = "--deps", negatable = true, description = "--deps: recover the memory dependences from a CDR/ALL trace too (a pass "
            + "over every load, as 'wholetrace deps'); --no-deps: not even from an eWPP (default: from an eWPP only)")
    Boolean deps;

    @Option(names = "--no-races", description = "leave the races out (the race detector reads every access)")
    boolean noRaces;

    @Option(names = "--classpath", split = ":", paramLabel = "PATH", description = "where else to look for the program's class files, for the races' artifacts and array names (as 'races --classpath')")
    List<Path> classpath = new ArrayList<>();

    /** The report's sections as the progress line's steps, the race detector's phases within its step. */
    static ReportProgress steps(Progress progress) {
        return new ReportProgress() {
            @Override
            public void section(String name, int index, int count) {
                progress.step(name, index, count);
            }

            @Override
            public void at(String phase, long done, long total) {
                progress.at(phase, done, total);
            }
        };
    }

    @Override
    public Integer call() throws Exception {
        OutputFormat outputFormat = format.resolve(HtmlReport.FORMATS);
        HtmlReport.Options options = new HtmlReport.Options(maxOps, !noRaces, classpath,
                from == null ? null : WindowBound.parse("--from", from), to == null ? null : WindowBound.parse("--to", to), deps);
        OutputFile target = out == null ? null : OutputFile.check(out, force.force(), input);
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        // after reading, the sections take up to minutes on a big trace: one progress step each
        try (Progress progress = new Progress(spec.commandLine().getErr(), "report " + input.getFileName(), 0)) {
            ReportWriter<StatsReport> writer = new HtmlReport(options, steps(progress)).writer(outputFormat);
            progress.step("counting events and bytes", 0, 0);
            StatsReport report = new StatsReport(input.getFileName().toString(), trace, new StatsAnalysis().analyze(trace));
            if (target != null) {
                target.writeText(w -> writer.write(report, w));
            } else {
                PrintWriter w = spec.commandLine().getOut();
                writer.write(report, w);
                w.flush();
            }
        }
        return 0;
    }
}
