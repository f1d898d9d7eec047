package dev.wholetrace.report.stats;

import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;

/** The formats {@code stats} writes in. */
public final class StatsFormats {
    private StatsFormats() {}

    public static final FormatRegistry<ReportWriter<StatsReport>> FORMATS = new FormatRegistry<ReportWriter<StatsReport>>("stats")
            .register(OutputFormat.TEXT, new StatsText())
            .register(OutputFormat.JSON.describedAs("JSON: one object"), new StatsJson());
}
