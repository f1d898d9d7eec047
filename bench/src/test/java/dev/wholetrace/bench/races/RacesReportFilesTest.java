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
        List<KernelRow> kernels = List.of(new KernelRow("sor", 4, 64, 10, 12_345_678, 9_876_543, 456_789, new Detection(0.41, 80L << 20, 0, 0, 0.3),
                        new Detection(1.5, 120L << 20, 0, 0, 0.75, 30_000, 3, 90L << 20), new Detection(12.25, 900L << 20, 0, 0, 6.5), "512m",
                        new Detection(1.75, 100L << 20, 0, 0, 0.8, 30_000, 3, 60L << 20), new Detection(13.5, 450L << 20, 0, 0, 7.0, 0, 0, 400L << 20),
                        new Detection(1.8, 110L << 20, 0, 0, 0.85, 40_000, 1, 70L << 20)),
                new KernelRow("mp3d", 4, 50_000, 20, 40_000_000, 30_000_000, 9_000_000, new Detection(0.5, 150L << 20, 0, 0, 0.7),
                        new Detection(9.0, 900L << 20, 0, 0, 10.0, 450_000, 80, 300L << 20), new Detection(12.0, 1100L << 20, 0, 0, 14.0), "512m",
                        new Detection(10.0, 250L << 20, 0, 0, 11.0, 450_000, 80, -1), null, null));
        List<SuiteRow> suite = List.of(new SuiteRow("RacyCounterYes", 1_234, 2, 5_000, 1), new SuiteRow("LostUpdateYes", 987, 1, 1, 0));
        RacesReport report = new RacesReport(ReportFiles.MACHINE, " --quick", kernels, suite, 77.0, "before the kernels 1.00 2.00 3.00, after them 4.00 5.00 6.00");
        ReportFiles.expect("races", report.markdown(), report.csv());
    }
}
