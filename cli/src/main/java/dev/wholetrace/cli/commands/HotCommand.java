package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.strata.StrataOptions;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.strata.StrataFormats;
import dev.wholetrace.report.strata.StrataReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace hot}: the hottest cyclic paths of a recorded trace, with their code (strata-dwpp). */
@Command(name = "hot", mixinStandardHelpOptions = true,
        description = {"The hottest paths of a recorded trace (.wtrace), with their code.",
                "",
                "Each thread's blocks are cut into cyclic paths as the strata paper's ExtendPath does: a path "
                    + "ends when a block already in it comes again (that block starts the next path), and "
                    + "immediate repetitions of a path count as its trip count. Paths are numbered once for the "
                    + "whole trace (the same path in two threads has one id). A path's heat is its executions × "
                    + "its length, the blocks it accounts for; its share is that of all blocks executed.",
                "",
                "Per path: executions (trip counts added up), runs (how often it was entered afresh), the "
                    + "longest run, its length, its methods with the source lines it covers, then each block "
                    + "with its place and bytecode, and its isomers: the paths that are rotations of it (one "
                    + "loop entered at another block) with the share they run together, and those with the same "
                    + "blocks in another order. Needs a control WPP: COR, CDR, ALL or STRATA. The WPPs are expanded "
                    + "as they are read; no thread's blocks are held. A STRATA recording that 'record' or "
                    + "'recompress' re-packed stores the top 10 (its STRATA_OUTPUTS section): they are read "
                    + "from there, for every thread and --top up to 10, unless --recompute. 'wholetrace strata' "
                    + "adds the layers."},
        footer = {"", "Examples:",
                "  wholetrace hot sor.wtrace",
                "  wholetrace hot sor.wtrace --top 3 --thread 1",
                "  wholetrace hot sor.wtrace --format json | jq '.hottest[0].where'"})
public final class HotCommand implements Callable<Integer>, FormatOption.Formatted {
    static final int MAX_TOP = 10_000;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Option(names = "--top", defaultValue = "10", paramLabel = "N", description = "how many paths to list, 0..10000 (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--thread", paramLabel = "T", description = "only thread T's paths (default: every thread's)")
    Integer thread;

    @Mixin
    StoredStrataSource source;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return StrataFormats.HOT;
    }

    @Override
    public Integer call() throws Exception {
        if (top < 0 || top > MAX_TOP) throw new IllegalArgumentException("--top must be 0 to " + MAX_TOP + ", not " + top);
        if (thread != null && thread < 0) throw new IllegalArgumentException("--thread must be >= 0, not " + thread);
        ReportWriter<StrataReport> writer = StrataFormats.HOT.writer(format.resolve(StrataFormats.HOT));
        PrintWriter out = spec.commandLine().getOut();
        int only = thread == null ? -1 : thread;
        writer.write(source.strata(input, StrataOptions.hotPaths(top, only), -1, spec.commandLine().getErr()), out);
        out.flush();
        return 0;
    }
}
