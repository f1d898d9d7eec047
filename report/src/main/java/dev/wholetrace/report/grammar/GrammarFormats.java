package dev.wholetrace.report.grammar;

import dev.wholetrace.analysis.grammar.GrammarSummary;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;

/** The formats {@code grammar} writes in. */
public final class GrammarFormats {
    private GrammarFormats() {}

    public static final FormatRegistry<ReportWriter<GrammarSummary>> FORMATS = new FormatRegistry<ReportWriter<GrammarSummary>>("grammar")
            .register(OutputFormat.TEXT, new GrammarText())
            .register(OutputFormat.JSON.describedAs("JSON: one object"), new GrammarJson());
}
