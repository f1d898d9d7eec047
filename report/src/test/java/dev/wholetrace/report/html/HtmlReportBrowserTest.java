package dev.wholetrace.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.report.stats.StatsReport;
import java.io.File;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * The HTML report in a real browser: Debian's chromium, driven through Debian's chromium-driver
 * (never a downloaded browser build; .ci/run installs both), with every network request refused.
 * The charts render (ECharts draws an SVG into each), the sequence chart draws every sync operation
 * and its hand-over, the race table lists the race with both places, the grammar explorer expands a
 * rule on click and shows a terminal's code, and the console has no error. Skipped where
 * /usr/bin/chromedriver is not installed.
 */
class HtmlReportBrowserTest {
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final Path BROWSER = Path.of("/usr/bin/chromium");

    @TempDir
    Path dir;

    @Test
    void theChartsRenderOfflineWithoutConsoleErrors() throws Exception {
        assumeTrue(Files.isExecutable(DRIVER) && Files.isExecutable(BROWSER), "Debian's chromium and chromium-driver are not installed");
        Path trace = dir.resolve("run.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(trace, RecorderConfig.defaults(TraceMode.CDR))) {
            for (int b = 1; b <= 7; b++) rec.defineBlock(new CodeEntry(b, "demo.Shop", "sell", "()V", 10 + b, 4 * b, "ALOAD 0 GETFIELD demo.Shop.stock"));
            rec.defineInstruction(new CodeEntry(2, "demo.Shop", "sell", "()V", 21, 40, "PUTFIELD demo.Shop.stock"));
            rec.defineInstruction(new CodeEntry(3, "demo.Shop", "sell", "()V", 20, 38, "MONITORENTER"));
            rec.defineInstruction(new CodeEntry(4, "demo.Shop", "sell", "()V", 22, 44, "MONITOREXIT"));
            rec.defineInstruction(new CodeEntry(5, "demo.Audit", "count", "()V", 7, 3, "GETFIELD demo.Shop.stock"));
            ThreadRecorder main = rec.thread();
            for (int i = 0; i < 50; i++) {
                main.block(1 + i % 7);
                main.lock(3, 77);
                main.store(2, Addresses.of(5, 8L * (i % 4)));
                main.unlock(4, 77);
            }
            Thread worker = new Thread(() -> {
                ThreadRecorder r = rec.thread();
                for (int i = 0; i < 30; i++) {
                    r.block(1);
                    r.load(5, Addresses.of(5, 8)); // unlocked: races with main's stores
                }
                r.lock(3, 77); // main's last unlock hands the lock over: one arrow
                r.unlock(4, 77);
                r.end();
            }, "worker");
            worker.start();
            worker.join();
        }
        ParallelTrace read = ParallelTrace.open(trace);
        Path page = dir.resolve("report.html");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(page, StandardCharsets.UTF_8))) {
            new HtmlReport().write(new StatsReport("run.wtrace", read, new StatsAnalysis().analyze(read)), w);
        }

        ChromeDriver driver = browser("1200,1600");
        try {
            driver.get(page.toUri().toString());
            for (String id : List.of("chart-events", "chart-components", "chart-threads")) {
                WebElement chart = driver.findElement(By.id(id));
                assertThat(chart.getAttribute("data-drawn")).as(id + " was drawn").isEqualTo("true");
                assertThat(chart.findElements(By.tagName("svg"))).as(id + " has its SVG").isNotEmpty();
                assertThat(chart.findElements(By.cssSelector("svg path")).size()).as(id + " draws shapes").isGreaterThan(3);
            }
            assertThat(driver.findElement(By.id("threads")).findElements(By.cssSelector("tbody tr"))).hasSize(read.threadCount());
            assertThat(driver.findElement(By.id("chart-threads")).getText()).contains("worker");

            // the sequence chart: every sync operation drawn (canvas), the hand-over main -> worker as an arrow
            WebElement sync = driver.findElement(By.id("chart-sync"));
            assertThat(sync.getAttribute("data-drawn")).isEqualTo("true");
            assertThat(sync.findElements(By.tagName("canvas"))).isNotEmpty();
            assertThat(sync.getAttribute("data-operations")).isEqualTo(Integer.toString(read.syncOrder().size()));
            assertThat(Integer.parseInt(sync.getAttribute("data-arrows"))).isGreaterThanOrEqualTo(1);
            // the recording's clock puts the same chart on a time axis
            assertThat(read.clock().known()).isTrue();
            assertThat(sync.getAttribute("data-axis")).isEqualTo("order");
            assertThat(sync.getAttribute("data-error-bars")).isEqualTo("0");
            driver.findElement(By.id("sync-axis-time")).click();
            assertThat(sync.getAttribute("data-axis")).isEqualTo("time");
            // there, every operation has its error bar: the clock samples around it
            assertThat(sync.getAttribute("data-error-bars")).isEqualTo(Integer.toString(read.syncOrder().size()));

            // the race: both places, the dynamic count
            List<WebElement> races = driver.findElements(By.cssSelector("#race-table tbody tr"));
            assertThat(races).hasSize(1);
            assertThat(races.get(0).getText()).contains("Shop.sell line 21", "demo/Shop.java", "Audit.count line 7", "demo/Audit.java", "Shop.stock", "write", "read");

            // the grammar explorer: a click expands the top rule, a click on a terminal shows its code
            WebElement explorer = driver.findElement(By.id("explorer"));
            assertThat(explorer.getAttribute("data-drawn")).isEqualTo("true");
            assertThat(explorer.findElements(By.cssSelector("#explorer-thread option"))).hasSize(read.threadCount());
            assertThat(explorer.findElements(By.cssSelector(".body .sym"))).as("nothing expanded before a click").isEmpty();
            WebElement top = explorer.findElements(By.cssSelector(".rule-head")).get(0);
            top.click();
            List<WebElement> symbols = explorer.findElements(By.cssSelector(".body .sym"));
            assertThat(symbols).as("the rule's body").isNotEmpty();
            WebElement block = explorer.findElements(By.cssSelector(".body .sym.block")).get(0);
            assertThat(block.getText()).startsWith("B");
            block.click();
            assertThat(driver.findElement(By.id("explorer-code")).getText()).contains("demo.Shop.sell:1", "ALOAD 0 GETFIELD demo.Shop.stock");
            List<WebElement> rules = explorer.findElements(By.cssSelector(".body .sym.rule-ref:not(.missing)"));
            if (!rules.isEmpty()) { // a rule in the body expands in turn
                int before = explorer.findElements(By.cssSelector(".body")).size();
                rules.get(0).click();
                assertThat(explorer.findElements(By.cssSelector(".body")).size()).isGreaterThan(before);
            }
            List<LogEntry> errors = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
            assertThat(errors).as("console warnings and errors").isEmpty();
            File shot = driver.getScreenshotAs(OutputType.FILE);
            Files.copy(shot.toPath(), dir.resolve("report.png"));
            String out = System.getProperty("wholetrace.screenshot");
            if (out != null) Files.copy(shot.toPath(), Path.of(out), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } finally {
            driver.quit();
        }
    }

    /**
     * A race between accesses of long qualified names, in a window so narrow that the race table
     * must wrap them: every line of a name ends at a dot or a slash (where the cell offers a break),
     * none inside a word (session 45: "QuoteService.quotesSer|ved").
     */
    @Test
    void theRaceTableWrapsNamesAtDotsNeverInsideAWord() throws Exception {
        assumeTrue(Files.isExecutable(DRIVER) && Files.isExecutable(BROWSER), "Debian's chromium and chromium-driver are not installed");
        Path trace = dir.resolve("quotes.wtrace");
        String owner = "com.example.marketdata.quotes.QuoteService", field = owner + ".quotesServedSinceStartup";
        try (TraceRecorder rec = TraceRecorder.open(trace, RecorderConfig.defaults(TraceMode.CDR))) {
            rec.defineBlock(new CodeEntry(1, owner, "recordQuoteServedToSubscriber", "()V", 10, 0, "ALOAD 0 GETFIELD " + field));
            rec.defineInstruction(new CodeEntry(2, owner, "recordQuoteServedToSubscriber", "()V", 11, 4, "PUTFIELD " + field));
            rec.defineInstruction(new CodeEntry(3, owner, "reportQuotesServedToMonitoring", "()V", 20, 3, "GETFIELD " + field));
            ThreadRecorder main = rec.thread();
            main.block(1);
            main.store(2, Addresses.of(5, 8));
            Thread reader = new Thread(() -> {
                ThreadRecorder r = rec.thread();
                r.block(1);
                r.load(3, Addresses.of(5, 8));
                r.end();
            }, "monitoring");
            reader.start();
            reader.join();
        }
        ParallelTrace read = ParallelTrace.open(trace);
        Path page = dir.resolve("quotes.html");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(page, StandardCharsets.UTF_8))) {
            new HtmlReport().write(new StatsReport("quotes.wtrace", read, new StatsAnalysis().analyze(read)), w);
        }
        ChromeDriver driver = browser("480,1600");
        try {
            driver.get(page.toUri().toString());
            assertThat(driver.findElements(By.cssSelector("#race-table tbody tr"))).hasSize(1);
            // where each name's text wraps, from its characters' boxes: a line starts where a box's top moves down
            @SuppressWarnings("unchecked")
            List<String> breaks = (List<String>) driver.executeScript(
                    "const out = [];"
                    + "for (const code of document.querySelectorAll('#race-table code')) {"
                    + "  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT); let top = null, prev = '', n;"
                    + "  while ((n = walker.nextNode())) for (let i = 0; i < n.length; i++) {"
                    + "    const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1); const box = r.getClientRects()[0];"
                    + "    if (box && top !== null && box.top > top + 2) out.push(prev + '|' + n.data[i]);"
                    + "    if (box) top = box.top;"
                    + "    prev = n.data[i];"
                    + "  }"
                    + "}"
                    + "return out;");
            assertThat(driver.findElement(By.id("race-table")).getText()).contains("QuoteService.quotesServedSinceStartup", "QuoteService.recordQuoteServedToSubscriber");
            assertThat(breaks).as("the window is narrow enough to wrap the names").isNotEmpty();
            assertThat(breaks).as("each wrap: the character before | the one after").allSatisfy(b -> assertThat(b).matches("[./\\s]\\|.|.\\|\\s"));
        } finally {
            driver.quit();
        }
    }

    /** Headless chromium with the network off and the console logged, its window {@code size} ("WIDTH,HEIGHT"). */
    private static ChromeDriver browser(String size) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=" + size,
                // the network is off: every host resolves nowhere and every request goes to a closed proxy
                "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }
}
