package dev.wholetrace.report.races;

import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;
import java.util.List;

/** The formats {@code races} writes in. */
public final class RaceFormats {
    private RaceFormats() {}

    public static final FormatRegistry<ReportWriter<RaceFindings>> FORMATS = new FormatRegistry<ReportWriter<RaceFindings>>("races")
            .register(OutputFormat.TEXT, new RacesText())
            .register(OutputFormat.JSON, new RacesJson())
            .register(new OutputFormat("sarif", List.of(), "SARIF 2.1.0, for code-scanning tools: one result per race"), new RacesSarif());
}
