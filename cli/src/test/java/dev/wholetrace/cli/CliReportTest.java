package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
        // every analysis has its section: phases (as 'phases') and the dependences (as 'deps'): from a CDR trace only with --deps
        assertThat(html).contains("id=\"phases-table\"", "id=\"deps-unavailable\"", "add --deps").doesNotContain("id=\"deps-table\"");
        Path withDeps = dir.resolve("deps.html");
        assertThat(Cli.run("report", sor.toString(), "-o", withDeps.toString(), "--deps").exit()).isZero();
        assertThat(Files.readString(withDeps)).contains("id=\"deps-table\"", "recovered from the address trace");
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

    /** Drilling into an aggregated chart: --from/--to draw one stretch of the order one by one, and the page says which. */
    @Test
    void aWindowOfTheOrderIsDrawnOneByOne() throws Exception {
        Map<String, Object> whole = JsonText.object(ok("report", sor.toString(), "--format", "json", "--no-races").strip());
        long operations = (Long) JsonText.at(whole, "charts.sync.operations");
        assertThat(operations).isGreaterThan(20);
        long from = operations / 4;
        long to = from + 9;
        Map<String, Object> window = JsonText.object(ok("report", sor.toString(), "--format", "json", "--no-races", "--max-ops", "10",
                "--from", Long.toString(from), "--to", Long.toString(to)).strip());
        assertThat(JsonText.at(window, "charts.sync.aggregated")).isEqualTo(false);
        assertThat(JsonText.at(window, "charts.sync.from")).isEqualTo(from);
        assertThat(JsonText.at(window, "charts.sync.to")).isEqualTo(to);
        @SuppressWarnings("unchecked") List<List<Object>> ops = (List<List<Object>>) JsonText.at(window, "charts.sync.ops");
        assertThat(ops).hasSize(10);
        for (List<Object> o : ops) assertThat((Long) o.get(1)).isBetween(from, to);
        Path out = dir.resolve("window.html");
        assertThat(Cli.run("report", sor.toString(), "-o", out.toString(), "--from", Long.toString(from), "--to", Long.toString(to)).exit()).isZero();
        assertThat(Files.readString(out)).contains("id=\"sync-window\"", "entries " + from + " to " + to);
        Cli backwards = Cli.run("report", sor.toString(), "--from", "9", "--to", "3");
        assertThat(backwards.exit()).isEqualTo(2);
        assertThat(backwards.errLines()).singleElement().asString().contains("--to 3 is before --from 9");
    }

    private static String ok(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return r.out();
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
