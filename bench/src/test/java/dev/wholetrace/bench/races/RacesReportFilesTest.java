package dev.wholetrace.bench.races;

import dev.wholetrace.bench.ReportFiles;
import dev.wholetrace.bench.races.RacesCommand.Detection;
import dev.wholetrace.bench.races.RacesCommand.KernelRow;
import dev.wholetrace.bench.races.RacesCommand.SuiteRow;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The race benchmark's files, for fixed measurements (see {@link ReportFiles}). */
class RacesReportFilesTest {
    @Test
    void races() throws IOException {
        List<KernelRow> kernels = List.of(new KernelRow("sor", 4, 64, 12_345_678, 9_876_543, 456_789, new Detection(0.41, 80L << 20, 0, 0, 0.3),
                new Detection(1.5, 120L << 20, 0, 0, 0.75), new Detection(12.25, 900L << 20, 0, 0, 6.5)));
        List<SuiteRow> suite = List.of(new SuiteRow("RacyCounterYes", 1_234, 2, 5_000, 1), new SuiteRow("LostUpdateYes", 987, 1, 1, 0));
        RacesReport report = new RacesReport(ReportFiles.MACHINE, " --quick", kernels, suite, 77.0, "before the kernels 1.00 2.00 3.00, after them 4.00 5.00 6.00");
        ReportFiles.expect("races", report.markdown(), report.csv());
    }
}
