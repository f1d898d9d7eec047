package dev.wholetrace.report.verify;

import dev.wholetrace.analysis.verify.Verification;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;

/** The formats {@code verify} writes in. */
public final class VerifyFormats {
    private VerifyFormats() {}

    public static final FormatRegistry<ReportWriter<Verification>> FORMATS = new FormatRegistry<ReportWriter<Verification>>("verify")
            .register(OutputFormat.TEXT, new VerifyText())
            .register(OutputFormat.JSON.describedAs("JSON: one object"), new VerifyJson());
}
