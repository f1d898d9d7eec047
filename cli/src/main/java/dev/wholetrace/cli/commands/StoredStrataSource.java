package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.strata.PhaseAnalysis;
import dev.wholetrace.analysis.strata.PhaseResult;
import dev.wholetrace.analysis.strata.StoredStrata;
import dev.wholetrace.analysis.strata.StrataAnalysis;
import dev.wholetrace.analysis.strata.StrataOptions;
import dev.wholetrace.analysis.strata.StrataResult;
import dev.wholetrace.report.strata.StrataReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where {@code hot}, {@code strata} and {@code phases} get their figures (a picocli mixin with
 * {@code --recompute}): from the trace's STRATA_OUTPUTS section when it holds what is asked
 * ({@link StoredStrata}: a STRATA recording re-packed by {@code record} or {@code recompress}),
 * otherwise computed from the WPPs.
 */
public final class StoredStrataSource {
    @Option(names = "--recompute", description = "compute from the WPPs even when the trace stores these figures (STRATA_OUTPUTS)")
    boolean recompute;

    /** The strata analysis with {@code options} of {@code input}, stored or computed. */
    StrataReport strata(Path input, StrataOptions options, int layer, PrintWriter err) throws IOException {
        StrataResult served = recompute ? null : StoredStrata.storedStrata(input, options);
        if (served != null) return new StrataReport(input.toString(), served, layer, true);
        int only = options.thread();
        var trace = TraceFiles.open(input, t -> only < 0 || t == only, err);
        return new StrataReport(input.toString(), new StrataAnalysis(options).analyze(trace), layer, false);
    }

    /** {@code analysis} of {@code input} (thread {@code thread}, or -1 for all), stored or computed. */
    PhaseResult phases(Path input, PhaseAnalysis analysis, int thread, PrintWriter err) throws IOException {
        PhaseResult served = recompute ? null : StoredStrata.storedPhases(input, analysis);
        if (served != null) return served;
        return analysis.analyze(TraceFiles.open(input, t -> thread < 0 || t == thread, err));
    }
}
