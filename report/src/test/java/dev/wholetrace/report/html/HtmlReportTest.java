package dev.wholetrace.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.report.stats.StatsReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report is one self-contained page: the library and the page script inlined, nothing
 * fetched, the data the charts read embedded as JSON that agrees with the trace, the tables there
 * without script, names escaped, and above the thread limit the page says what it summed.
 */
class HtmlReportTest {
    @TempDir
    Path dir;

    /** A trace of {@code threads} threads (beside the main one) named {@code name + index}, each with a few events. */
    private ParallelTrace record(String file, int threads, String name) throws Exception {
        return record(file, threads, name, TraceMode.CDR);
    }

    private ParallelTrace record(String file, int threads, String name, TraceMode mode) throws Exception {
        return record(file, threads, name, mode, true);
    }

    /** {@code numbered} false: every thread is called {@code name}, as a pool's virtual threads are all unnamed. */
    private ParallelTrace record(String file, int threads, String name, TraceMode mode, boolean numbered) throws Exception {
        Path path = dir.resolve(file);
        try (TraceRecorder rec = TraceRecorder.open(path, RecorderConfig.defaults(mode))) {
            ThreadRecorder main = rec.thread();
            main.block(1);
            main.lock(3, 77);
            main.store(2, Addresses.of(5, 8));
            main.unlock(4, 77);
            List<Thread> started = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int k = t;
                Thread th = new Thread(() -> {
                    ThreadRecorder r = rec.thread();
                    for (int i = 0; i <= k % 5; i++) r.block(1 + i);
                    r.lock(3, 77);
                    r.load(5, Addresses.of(5, 8));
                    r.unlock(4, 77);
                    r.end();
                }, numbered ? name + k : name);
                th.start();
                th.join(); // one at a time: the thread numbers follow k
                started.add(th);
            }
        }
        return ParallelTrace.open(path);
    }

    private static String html(ParallelTrace trace, String file) throws Exception {
        return html(trace, file, new HtmlReport());
    }

    private static String html(ParallelTrace trace, String file, HtmlReport report) throws Exception {
        StringWriter s = new StringWriter();
        try (PrintWriter w = new PrintWriter(s)) {
            report.write(new StatsReport(file, trace, new StatsAnalysis().analyze(trace)), w);
        }
        return s.toString();
    }

    private static JsonNode data(String html) throws Exception {
        String data = scripts(html).get(0);
        return new ObjectMapper().readTree(data.substring(data.indexOf('\u0000') + 1));
    }

    private static List<String> scripts(String html) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<script([^>]*)>(.*?)</script>", Pattern.DOTALL).matcher(html);
        while (m.find()) out.add(m.group(1) + "\u0000" + m.group(2));
        return out;
    }

    /** Both formats announce each of their sections as it starts, numbered, and pass the race detector's phases on. */
    @Test
    void eachSectionIsAnnouncedToTheProgressLine() throws Exception {
        ParallelTrace trace = record("two.wtrace", 2, "worker-");
        List<String> seen = new ArrayList<>();
        ReportProgress progress = new ReportProgress() {
            @Override
            public void section(String name, int index, int count) {
                seen.add(index + "/" + count + " " + name);
            }

            @Override
            public void at(String phase, long done, long total) {
                if (!seen.get(seen.size() - 1).equals("  " + phase)) seen.add("  " + phase); // each phase of the detector once
            }
        };
        HtmlReport report = new HtmlReport(HtmlReport.Options.defaults(), progress);
        html(trace, "two.wtrace", report);
        assertSections(seen, "1/7 sequence chart", "2/7 races", "3/7 hot methods and paths", "4/7 phases", "5/7 dependences", "6/7 grammar explorer",
                "7/7 writing the page");
        seen.clear();
        report.writeJson(new StatsReport("two.wtrace", trace, new StatsAnalysis().analyze(trace)), new PrintWriter(new StringWriter()));
        assertSections(seen, "1/7 sequence chart", "2/7 grammar explorer", "3/7 races", "4/7 hot methods and paths", "5/7 phases", "6/7 dependences",
                "7/7 writing the page");
    }

    /** {@code seen} is the sections in this order, the race detector's phases (indented) right after the races section and nowhere else. */
    private static void assertSections(List<String> seen, String... sections) {
        assertThat(seen.stream().filter(l -> !l.startsWith("  "))).containsExactly(sections);
        int races = seen.indexOf(java.util.Arrays.stream(sections).filter(l -> l.endsWith(" races")).findFirst().orElseThrow());
        int next = races + 1;
        while (next < seen.size() && seen.get(next).startsWith("  ")) next++;
        assertThat(next).as("the detector's phases under races: " + seen).isGreaterThan(races + 1);
        assertThat(seen.subList(races + 1, next)).as(seen.toString()).allSatisfy(l -> assertThat(l).isIn("  happens-before", "  reading accesses", "  comparing"));
        assertThat(seen.stream().filter(l -> l.startsWith("  ")).count()).isEqualTo(next - races - 1);
    }

    @Test
    void theReportIsOneSelfContainedPageWithTheChartsDataAndTables() throws Exception {
        ParallelTrace trace = record("two.wtrace", 2, "worker-");
        String html = html(trace, "two.wtrace");
        assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</body></html>" + System.lineSeparator());
        // nothing is loaded from elsewhere: the page's markup (scripts' bodies aside) has no src or href, no link
        String markup = html.replaceAll("(?s)(<script[^>]*>).*?</script>", "$1</script>");
        assertThat(Pattern.compile("\\s(src|href)\\s*=|<link|<iframe|@import", Pattern.CASE_INSENSITIVE).matcher(markup).find()).isFalse();
        List<String> scripts = scripts(html);
        assertThat(scripts).hasSize(3);
        assertThat(scripts.get(0)).startsWith(" type=\"application/json\" id=\"wholetrace-data\"");
        assertThat(scripts.get(1)).contains("echarts").hasSizeGreaterThan(500_000); // the library itself, inlined
        assertThat(scripts.get(2)).contains("echarts.init", "wholetrace-data");
        JsonNode data = new ObjectMapper().readTree(scripts.get(0).substring(scripts.get(0).indexOf('\u0000') + 1));
        assertThat(data.get("threadNames")).hasSize(trace.threadCount());
        long stores = 0, locks = 0;
        for (JsonNode k : data.get("eventKinds")) {
            if (k.get("kind").asText().equals("stores")) stores = k.get("count").asLong();
            if (k.get("kind").asText().equals("lock")) locks = k.get("count").asLong();
        }
        assertThat(stores).isEqualTo(1);
        assertThat(locks).isEqualTo(3);
        long componentBytes = 0;
        for (JsonNode c : data.get("components")) componentBytes += c.get("bytes").asLong();
        assertThat(componentBytes).as("the components add up to the file").isEqualTo(trace.fileBytes());
        for (String id : List.of("chart-events", "chart-components", "chart-threads", "summary", "compression")) assertThat(html).contains("id=\"" + id + "\"");
        assertThat(html).contains("<th>threads</th><td>3</td>", "<th>sync operations</th><td>" + trace.syncOrder().size() + "</td>", "worker-1");
        assertThat(html).doesNotContain("threads-aggregated");
    }

    @Test
    void namesAreEscapedAndNothingInTheDataCanCloseItsScript() throws Exception {
        ParallelTrace trace = record("evil.wtrace", 1, "</script><b>x&y");
        String html = html(trace, "a<b>.wtrace");
        assertThat(html).contains("&lt;/script&gt;&lt;b&gt;x&amp;y0", "a&lt;b&gt;.wtrace").doesNotContain("<b>x");
        assertThat(scripts(html)).hasSize(3); // a name did not end a script element early
        String data = scripts(html).get(0);
        assertThat(new ObjectMapper().readTree(data.substring(data.indexOf('\u0000') + 1)).get("threadNames").get(1).asText())
                .isEqualTo("1 </script><b>x&y0");
    }

    @Test
    void aboveTheThreadLimitThePerThreadChartSumsTheRestAndSaysSo() throws Exception {
        ParallelTrace trace = record("many.wtrace", HtmlReport.MAX_THREADS + 5, "w");
        String html = html(trace, "many.wtrace");
        assertThat(html).contains("id=\"threads-aggregated\"", "the other " + (trace.threadCount() - HtmlReport.MAX_THREADS));
        String data = scripts(html).get(0);
        JsonNode json = new ObjectMapper().readTree(data.substring(data.indexOf('\u0000') + 1));
        assertThat(json.get("threadNames")).hasSize(HtmlReport.MAX_THREADS + 1);
        assertThat(json.get("threadNames").get(HtmlReport.MAX_THREADS).asText()).isEqualTo((trace.threadCount() - HtmlReport.MAX_THREADS) + " other threads");
        // every thread still has its row, in the table or under its collapsed continuation
        assertThat(html.split("<tr><td>", -1).length - 1).isGreaterThanOrEqualTo(trace.threadCount());
    }

    @Test
    void aboveTheThreadLimitTheThreadsTableGroupsTheRestByNameAndListsThemCollapsed() throws Exception {
        int extra = 30;
        ParallelTrace trace = record("pool.wtrace", HtmlReport.MAX_THREADS + extra - 1, "pool-worker", TraceMode.CDR, false);
        String html = html(trace, "pool.wtrace");
        String table = html.substring(html.indexOf("id=\"threads\""), html.indexOf("</table>", html.indexOf("id=\"threads\"")));
        assertThat(table.split("<tr><td>", -1).length - 1).isEqualTo(HtmlReport.MAX_THREADS);
        assertThat(table).contains("<tr class=\"thread-group\"><td></td><td class=\"text\">pool-worker \u00d7 " + extra + "</td>");
        String rest = html.substring(html.indexOf("id=\"threads-rest\""), html.indexOf("</details>"));
        assertThat(rest.split("<tr><td>", -1).length - 1).isEqualTo(extra);
        assertThat(rest).contains("<tr><td>" + HtmlReport.MAX_THREADS + "</td>", "<tr><td>" + (trace.threadCount() - 1) + "</td>");
    }

    @Test
    void theSequenceChartHasEveryOperationAndEachHandOverOnce() throws Exception {
        ParallelTrace trace = record("two.wtrace", 2, "worker-");
        String html = html(trace, "two.wtrace");
        assertThat(html).contains("id=\"chart-sync\"").doesNotContain("id=\"sync-aggregated\"");
        JsonNode sync = data(html).get("sync");
        assertThat(sync.get("aggregated").asBoolean()).isFalse();
        assertThat(sync.get("threads")).hasSize(3);
        assertThat(sync.get("ops")).hasSize(trace.syncOrder().size());
        // the lock goes main -> worker-0 -> worker-1: two hand-overs, each from an unlock to the next lock on another thread
        JsonNode arrows = sync.get("arrows");
        assertThat(arrows).hasSize(2);
        List<String> kinds = new ArrayList<>();
        sync.get("kinds").forEach(k -> kinds.add(k.asText()));
        for (JsonNode a : arrows) {
            assertThat(a.get(1).asInt()).isNotEqualTo(a.get(3).asInt());
            assertThat(a.get(0).asLong()).isLessThan(a.get(2).asLong());
            assertThat(kinds.get(sync.get("ops").get(a.get(0).asInt()).get(2).asInt())).isEqualTo("unlock");
            assertThat(kinds.get(sync.get("ops").get(a.get(2).asInt()).get(2).asInt())).isEqualTo("lock");
        }
        assertThat(sync.get("holds")).as("one holding per lock/unlock pair").hasSize(3);
    }

    @Test
    void aboveTheLimitTheSequenceChartAggregatesAndSaysSo() throws Exception {
        ParallelTrace trace = record("two.wtrace", 2, "worker-");
        String html = html(trace, "two.wtrace", new HtmlReport(new HtmlReport.Options(2, true, List.of())));
        assertThat(html).contains("id=\"sync-aggregated\"", trace.syncOrder().size() + " sync operations, more than the 2 drawn one by one");
        JsonNode sync = data(html).get("sync");
        assertThat(sync.get("aggregated").asBoolean()).isTrue();
        assertThat(sync.get("ops")).isEmpty();
        long operations = 0;
        for (JsonNode b : sync.get("bins")) operations += b.get(3).asLong();
        assertThat(operations).as("every operation in some bin").isEqualTo(trace.syncOrder().size());
    }

    @Test
    void withoutRacesThePageSaysSoAndACorTraceSaysWhyItHasNone() throws Exception {
        ParallelTrace cdr = record("two.wtrace", 2, "worker-");
        assertThat(html(cdr, "two.wtrace")).contains("id=\"no-races\"").doesNotContain("id=\"race-table\"", "races-unavailable");
        ParallelTrace cor = record("cor.wtrace", 2, "worker-", TraceMode.COR);
        assertThat(html(cor, "cor.wtrace")).contains("id=\"races-unavailable\"", "recorded in mode COR", "--mode cdr")
                .doesNotContain("id=\"no-races\"");
        // hot blocks and the grammar explorer need no accesses
        assertThat(html(cor, "cor.wtrace")).contains("id=\"hot-blocks\"", "id=\"hot-paths\"", "id=\"explorer\"");
        // DOR keeps no blocks: no hot section, no races; the explorer shows its data WPP (accesses by address)
        ParallelTrace dor = record("dor.wtrace", 2, "worker-", TraceMode.DOR);
        String page = html(dor, "dor.wtrace");
        assertThat(page).contains("id=\"hot-unavailable\"", "recorded in mode DOR", "id=\"races-unavailable\"", "id=\"explorer\"")
                .doesNotContain("id=\"hot-blocks\"");
        List<String> labels = new ArrayList<>();
        data(page).get("grammar").get("code").forEach(c -> labels.add(c.get(1).asText()));
        assertThat(labels).contains("store @" + Long.toHexString(Addresses.of(5, 8)), "lock");
    }

    @Test
    void theGrammarExplorerEmbedsEachThreadsTopRulesWithinItsBounds() throws Exception {
        ParallelTrace trace = record("many.wtrace", HtmlReport.MAX_THREADS + 5, "w");
        JsonNode grammar = data(html(trace, "many.wtrace")).get("grammar");
        GrammarExplorer.Limits limits = GrammarExplorer.Limits.DEFAULT;
        assertThat(grammar.get("threads")).hasSize(limits.threads());
        for (JsonNode t : grammar.get("threads")) {
            JsonNode rules = t.get("rules");
            assertThat(rules.size()).isLessThanOrEqualTo(limits.rules() + limits.top());
            assertThat(t.get("top")).isNotEmpty().hasSizeLessThanOrEqualTo(limits.top());
            // the top rule of a thread of one grammar is its start rule: all its events, its sync operations
            JsonNode start = rules.get(t.get("top").get(0).asText());
            assertThat(start.get(0).asLong()).isEqualTo(trace.eventCount(t.get("thread").asInt()));
            assertThat(start.get(1).asLong()).isEqualTo(trace.syncCount(t.get("thread").asInt()));
            rules.fields().forEachRemaining(r -> {
                assertThat(r.getValue().get(3).size()).isLessThanOrEqualTo(limits.body());
                for (JsonNode sym : r.getValue().get(3)) {
                    if (sym.asInt() >= 0) assertThat(sym.asInt()).isLessThan(grammar.get("code").size());
                }
            });
        }
    }

    @Test
    void theClockPutsTheOrderOnATimeAxisAndATraceWithoutOneSaysSo() throws Exception {
        ParallelTrace trace = record("two.wtrace", 2, "worker-");
        assertThat(trace.clock().known()).isTrue();
        String html = html(trace, "two.wtrace");
        assertThat(html).contains("id=\"sync-clock\"", "id=\"sync-axis-time\"");
        JsonNode clock = data(html).get("sync").get("clock");
        assertThat(clock.get("known").asBoolean()).isTrue();
        JsonNode along = clock.get("along");
        int n = trace.syncOrder().size();
        assertThat(along.get(0).get(0).asLong()).isZero();
        assertThat(along.get(along.size() - 1).get(0).asLong()).as("the end of the last position").isEqualTo(n);
        for (int k = 1; k < along.size(); k++) {
            assertThat(along.get(k).get(0).asLong()).isGreaterThan(along.get(k - 1).get(0).asLong());
            assertThat(along.get(k).get(1).asLong()).isGreaterThanOrEqualTo(along.get(k - 1).get(1).asLong());
        }
        for (int k = 0; k + 1 < along.size(); k++) {
            long i = along.get(k).get(0).asLong();
            assertThat(along.get(k).get(1).asLong()).isEqualTo(trace.clock().nanos(trace.syncOrder().ticket((int) i)) / 1000);
        }
        // each operation's error bar: the clock's bounds, around the interpolated time the axis puts it at
        JsonNode ops = data(html).get("sync").get("ops");
        for (JsonNode o : ops) {
            long ticket = trace.syncOrder().ticket(o.get(1).asInt());
            assertThat(o.get(5).asLong()).isEqualTo(trace.clock().earliest(ticket) / 1000);
            assertThat(o.get(6).asLong()).isEqualTo(trace.clock().latest(ticket) / 1000);
            assertThat(trace.clock().nanos(ticket)).isBetween(trace.clock().earliest(ticket), trace.clock().latest(ticket));
        }
        // a trace of format version 3 (recorder's test resources) has no clock: the page says so, the rest is there
        ParallelTrace old = ParallelTrace.open(Path.of("../recorder/src/test/resources/traces/v3-checkpointed-cdr.wtrace"));
        String page = html(old, "v3.wtrace");
        assertThat(page).contains("The trace has no clock").doesNotContain("sync-axis-time");
        assertThat(data(page).get("sync").get("clock").get("along")).isEmpty();
        assertThat(data(page).get("sync").get("ops")).hasSize(old.syncOrder().size());
        for (JsonNode o : data(page).get("sync").get("ops")) assertThat(o).as("no clock, no error bar").hasSize(5);
    }
}
