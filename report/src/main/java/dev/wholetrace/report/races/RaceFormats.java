package dev.wholetrace.report.races;

import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;

/** The formats {@code races} writes in. */
public final class RaceFormats {
    private RaceFormats() {}

    public static final FormatRegistry<ReportWriter<RaceFindings>> FORMATS = new FormatRegistry<ReportWriter<RaceFindings>>("races")
            .register(OutputFormat.TEXT, new RacesText())
            .register(OutputFormat.JSON, new RacesJson());
}
