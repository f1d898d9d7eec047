package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.strata.PhaseAnalysis;
import dev.wholetrace.analysis.strata.PhaseResult;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.strata.StrataFormats;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code wholetrace phases}: program phases, where a thread's hot path set changes (strata-dwpp's future work). */
@Command(name = "phases", mixinStandardHelpOptions = true,
        description = {"Program phases of a recorded trace (.wtrace): where a thread's hot path set changes.",
                "",
                "Each thread's blocks are cut into cyclic paths (as 'hot' does) and into windows of --window "
                    + "blocks. A window's hot set is its most executed paths (by blocks) that cover 80%% of it, at "
                    + "most --hot of them; a new phase starts at a window whose hot set shares less than "
                    + "--threshold of its paths with the previous window's (Jaccard similarity). Per phase: its "
                    + "events (numbered as in 'dump --thread T'), its blocks, the 'dump' options that show it "
                    + "(the thread's sync operations just before and after it, for --sync-from/--sync-to; "
                    + "'segment' takes the same), and its hot paths with their share of the phase's blocks and "
                    + "where they start. A phase boundary is placed to a window. Needs a control WPP: COR, CDR, "
                    + "ALL or STRATA. A STRATA recording that 'record' or 'recompress' re-packed stores the "
                    + "phases for the defaults (every thread, default window, threshold and --hot; its "
                    + "STRATA_OUTPUTS section): they are read from there unless --recompute."},
        footer = {"", "Examples:",
                "  wholetrace phases run.wtrace",
                "  wholetrace phases run.wtrace --thread 1 --window 5000 --threshold 0.3",
                "  wholetrace phases run.wtrace --format json | jq '.threads[0].phases[].firstEvent'"})
public final class PhasesCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Option(names = "--thread", paramLabel = "T", description = "only thread T (default: every thread)")
    Integer thread;

    @Option(names = "--window", defaultValue = "0", paramLabel = "BLOCKS",
            description = "blocks per window (default 0: a thread's events / 100, at least 1000)")
    int window;

    @Option(names = "--threshold", defaultValue = "" + PhaseAnalysis.DEFAULT_THRESHOLD, paramLabel = "J",
            description = "a phase starts where consecutive windows' hot sets are less similar than this, 0..1 (default: ${DEFAULT-VALUE})")
    double threshold;

    @Option(names = "--hot", defaultValue = "" + PhaseAnalysis.DEFAULT_HOT, paramLabel = "K", description = "most paths in a hot set, >= 1 (default: ${DEFAULT-VALUE})")
    int hot;

    @Mixin
    StoredStrataSource source;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return StrataFormats.PHASES;
    }

    @Override
    public Integer call() throws Exception {
        if (thread != null && thread < 0) throw new IllegalArgumentException("--thread must be >= 0, not " + thread);
        ReportWriter<PhaseResult> writer = StrataFormats.PHASES.writer(format.resolve(StrataFormats.PHASES));
        int only = thread == null ? -1 : thread;
        PhaseAnalysis analysis = new PhaseAnalysis(window, only, threshold, hot);
        PrintWriter out = spec.commandLine().getOut();
        writer.write(source.phases(input, analysis, only, spec.commandLine().getErr()), out);
        out.flush();
        return 0;
    }
}
