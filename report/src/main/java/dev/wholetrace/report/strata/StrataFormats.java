package dev.wholetrace.report.strata;

import dev.wholetrace.analysis.strata.PhaseResult;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;

/** The formats {@code strata} and {@code hot} write in. */
public final class StrataFormats {
    private StrataFormats() {}

    public static final FormatRegistry<ReportWriter<StrataReport>> STRATA = new FormatRegistry<ReportWriter<StrataReport>>("strata")
            .register(OutputFormat.TEXT, new StrataText())
            .register(OutputFormat.JSON.describedAs("JSON: one object"), new StrataJson(true));

    public static final FormatRegistry<ReportWriter<StrataReport>> HOT = new FormatRegistry<ReportWriter<StrataReport>>("hot")
            .register(OutputFormat.TEXT, new HotText())
            .register(OutputFormat.JSON.describedAs("JSON: one object"), new StrataJson(false));

    public static final FormatRegistry<ReportWriter<PhaseResult>> PHASES = new FormatRegistry<ReportWriter<PhaseResult>>("phases")
            .register(OutputFormat.TEXT, new PhasesText())
            .register(OutputFormat.JSON.describedAs("JSON: one object"), new PhasesJson());
}
