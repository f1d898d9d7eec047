package dev.wholetrace.report.deps;

import dev.wholetrace.analysis.deps.DepsResult;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;

/** The formats {@code deps} writes in. */
public final class DepsFormats {
    private DepsFormats() {}

    public static final FormatRegistry<ReportWriter<DepsResult>> DEPS = new FormatRegistry<ReportWriter<DepsResult>>("deps")
            .register(OutputFormat.TEXT, new DepsText())
            .register(OutputFormat.JSON.describedAs("JSON: one object"), new DepsJson());
}
