package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wholetrace report}: the page written, help with examples, bad input one line with exit 2 (the page itself: report's HtmlReportTest, HtmlReportBrowserTest). */
class CliReportTest {
    @TempDir
    static Path dir;
    static Path sor;

    @BeforeAll
    static void record() throws Exception {
        sor = Traces.sor(dir.resolve("sor.wtrace"), TraceMode.CDR, 18, 2);
    }

    @Test
    void writesOneSelfContainedPage() throws Exception {
        Path out = dir.resolve("report.html");
        Cli r = Cli.run("report", sor.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        String html = Files.readString(out);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("id=\"wholetrace-data\"", "echarts", "sor.wtrace", "Compression");
        assertThat(html).contains("id=\"chart-sync\"", "id=\"races\"", "id=\"hot-paths\"", "id=\"explorer\"");
        Cli again = Cli.run("report", sor.toString(), "-o", out.toString());
        assertThat(again.exit()).isEqualTo(2);
        assertThat(again.errLines()).singleElement().asString().contains("exists; add --force");
        assertThat(Cli.run("report", sor.toString(), "-o", out.toString(), "--force").exit()).isZero();
    }

    @Test
    void theSequenceChartLimitAndTheRacesAreOptions() throws Exception {
        Path out = dir.resolve("limited.html");
        Cli r = Cli.run("report", sor.toString(), "-o", out.toString(), "--max-ops", "3", "--no-races");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(Files.readString(out)).contains("id=\"sync-aggregated\"", "more than the 3 drawn one by one", "Not looked for (--no-races)")
                .doesNotContain("id=\"no-races\"", "id=\"race-table\"");
        Cli zero = Cli.run("report", sor.toString(), "-o", dir.resolve("zero.html").toString(), "--max-ops", "0");
        assertThat(zero.exit()).isEqualTo(2);
        assertThat(zero.errLines()).singleElement().asString().contains("--max-ops must be at least 1");
        assertThat(dir.resolve("zero.html")).doesNotExist();
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        Cli missing = Cli.run("report", dir.resolve("nosuch.wtrace").toString(), "-o", dir.resolve("x.html").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.errLines()).hasSize(1);
        Cli noFile = Cli.run("report");
        assertThat(noFile.exit()).isEqualTo(2);
        assertThat(noFile.errLines()).hasSize(1);
    }

    @Test
    void helpHasAnExample() {
        Cli r = Cli.run("report", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Examples:", "wholetrace report run.wtrace -o report.html", "without network", "--max-ops 20000", "--no-races");
    }
}
