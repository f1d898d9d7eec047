package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.report.stats.StatsFormats;
import dev.wholetrace.report.stats.StatsReport;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace stats}: what a recorded trace holds and what each part costs (Tables 3–5). */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = {"Describe a recorded trace (.wtrace): events and sizes per thread.",
                "",
                "Events by kind and the compressed size of each component, per thread and in total, with "
                    + "each size as a percentage of the raw trace, as in parallel-wpp-compression Tables 3-5. "
                    + "Events are counted on the grammars, without expanding them. 'raw' is what the events "
                    + "would take as fixed-width records: block 4 bytes, load/store 13 (9 in DOR), sync "
                    + "operation 21.",
                "",
                "Components (each is the bytes its sections take in the file):",
                "  WPP        the per-thread WPPs (CONTROL sections; DATA in DOR mode)",
                "  data       the Diff∘RLE∘SEQ address streams (CDR, ALL)",
                "  DOR WPP    the data WPPs that ALL mode keeps as well",
                "  S_synch    the sync order of all threads (whole trace only)",
                "  synch_cnt  the sync counts of the WPP edges",
                "  symbols    the per-thread symbol tables",
                "  metadata   properties, threads, code map (whole trace only)",
                "  framing    file header, CHUNK_END and END (whole trace only)",
                "  unread     the partial chunk of an unfinished recording, if any",
                "The total row adds up to the file size exactly. Beyond 64 threads the text shows the 64 "
                    + "with the most events and sums the others in one row; --format json lists every thread."},
        footer = {"", "Examples:",
                "  wholetrace stats run.wtrace",
                "  wholetrace stats run.wtrace --format json | jq '.total.bytes'"})
public final class StatsCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Mixin
    FormatOption.WithJsonAlias format;

    @Override
    public FormatRegistry<?> formats() {
        return StatsFormats.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        ReportWriter<StatsReport> writer = StatsFormats.FORMATS.writer(format.resolve(StatsFormats.FORMATS));
        PrintWriter out = spec.commandLine().getOut();
        ParallelTrace trace = TraceFiles.openWithCode(input, spec.commandLine().getErr());
        writer.write(new StatsReport(input.toString(), trace, new StatsAnalysis().analyze(trace)), out);
        out.flush();
        return 0;
    }
}
