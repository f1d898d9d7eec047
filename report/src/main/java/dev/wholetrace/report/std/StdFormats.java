package dev.wholetrace.report.std;

import dev.wholetrace.analysis.std.StdEvents;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;

/** The formats {@code export} writes an execution in. */
public final class StdFormats {
    private StdFormats() {}

    public static final FormatRegistry<ReportWriter<StdEvents>> FORMATS = new FormatRegistry<ReportWriter<StdEvents>>("export")
            .register(OutputFormat.STD, new StdText());
}
