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

/**
 * {@code wholetrace hot} and {@code strata} on a kernel recorded under the agent (SOR, COR mode):
 * the hottest path is SOR's sweep, the paths account for every block {@code stats} counts, each
 * layer consumes exactly the runs of the one below; JSON; bad input is one line and exit 2.
 */
class CliStrataTest {
    @TempDir
    static Path dir;
    static Path sor;

    @BeforeAll
    static void record() {
        sor = dir.resolve("sor.wtrace");
        Cli r = Cli.run("workload", "sor", "--threads", "2", "--size", "24", "--steps", "3", "-o", sor.toString(), "--mode", "cor",
                "--agent", CliWorkloadTest.AGENT.toString(), "--workloads", CliWorkloadTest.WORKLOADS.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
    }

    static Cli ok(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).as(r.toString()).isEmpty();
        return r;
    }

    static long blocksByStats() {
        return (Long) JsonText.at(JsonText.object(ok("stats", sor.toString(), "--format", "json").out()), "total.events.blocks");
    }

    @Test
    void hotListsTheSweepFirstWithItsCode() {
        String out = ok("hot", sor.toString(), "--top", "3").out();
        assertThat(out).contains("blocks   " + blocksByStats() + " executed").contains("the 3 hottest paths");
        String first = out.substring(out.indexOf("#1 "), out.indexOf("#2 "));
        assertThat(first).contains("in dev.wholetrace.workloads.kernels.Sor.sweep lines ").contains("Sor.sweep:").contains("bci ");
    }

    @Test
    @SuppressWarnings("unchecked")
    void hotJsonHasEveryBlockOfEachPathAndSharesThatAddUp() {
        Map<String, Object> o = JsonText.object(ok("hot", sor.toString(), "--top", "10000", "--format", "json").out());
        long blocks = blocksByStats();
        assertThat(o.get("blocks")).isEqualTo(blocks);
        List<Map<String, Object>> hot = (List<Map<String, Object>>) o.get("hottest");
        assertThat((long) hot.size()).isEqualTo(JsonText.at(o, "paths.unique"));
        long covered = 0;
        for (Map<String, Object> p : hot) {
            covered += (Long) p.get("blocks");
            assertThat((List<?>) p.get("code")).hasSize(((Long) p.get("length")).intValue());
            assertThat((Long) p.get("blocks")).isEqualTo((Long) p.get("executions") * (Long) p.get("length"));
        }
        assertThat(covered).isEqualTo(blocks);
        Map<String, Object> block = ((List<Map<String, Object>>) hot.get(0).get("code")).get(0);
        assertThat((String) block.get("class")).startsWith("dev.wholetrace.workloads.kernels.");
        assertThat(block).containsKeys("method", "line", "bci", "text");
    }

    @Test
    void hotOfOneThread() {
        String out = ok("hot", sor.toString(), "--thread", "1", "--top", "1").out();
        assertThat(out).contains("threads  thread 1 (").contains(" only");
    }

    @Test
    @SuppressWarnings("unchecked")
    void strataLevelsChainAndTheTextShowsTheSixOutputs() {
        String text = ok("strata", sor.toString(), "--layers", "3", "--top", "2").out();
        assertThat(text).contains("path and strata statistics", "paths ", "layer 0 ", "layer 2 ", "hottest paths by executions × length (path details)",
                "unique strata of layer 0", "temporal strata of layer 0", "Sor.sweep");
        Map<String, Object> o = JsonText.object(ok("strata", sor.toString(), "--layers", "3", "--format", "json").out());
        List<Map<String, Object>> levels = (List<Map<String, Object>>) o.get("levels");
        assertThat(levels).extracting(l -> l.get("layer")).containsExactly(-1L, 0L, 1L, 2L);
        assertThat(levels.get(0).get("inputs")).isEqualTo(blocksByStats());
        for (int k = 1; k < levels.size(); k++) {
            assertThat(levels.get(k).get("inputs")).isEqualTo(levels.get(k - 1).get("runs"));
            assertThat(levels.get(k).get("complete")).isEqualTo(true);
            assertThat((Long) levels.get(k).get("sizeHere")).isPositive();
        }
        List<Map<String, Object>> threads = (List<Map<String, Object>>) o.get("threads");
        assertThat(threads).isNotEmpty();
        assertThat((List<?>) threads.get(0).get("temporal")).hasSize(4);
        assertThat((List<?>) o.get("uniqueStrata")).isNotEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTemporalStrataPageThroughEveryRun() {
        String first = ok("strata", sor.toString(), "--layer", "-1", "--sample", "30", "--format", "json").out();
        String page = ok("strata", sor.toString(), "--layer", "-1", "--from", "10", "--sample", "12", "--format", "json").out();
        List<Map<String, Object>> a = (List<Map<String, Object>>) JsonText.object(first).get("threads");
        List<Map<String, Object>> b = (List<Map<String, Object>>) JsonText.object(page).get("threads");
        for (int t = 0; t < a.size(); t++) {
            List<Object> all = (List<Object>) ((List<Map<String, Object>>) a.get(t).get("temporal")).get(0).get("runs");
            Object paged = ((List<Map<String, Object>>) b.get(t).get("temporal")).get(0).get("runs");
            assertThat(paged).as("thread %d", t).isEqualTo(all.subList(Math.min(10, all.size()), Math.min(22, all.size())));
        }
        String text = ok("strata", sor.toString(), "--layer", "-1", "--from", "10", "--sample", "30").out();
        assertThat(text).contains("temporal strata of the paths, runs 10 to 39 of each thread:", "next page: --from 40 --sample 30");
        assertThat(text).doesNotContain("more"); // a page is printed whole, 24 runs a line
        assertThat(ok("strata", sor.toString(), "--sample", "0").out()).contains("temporal strata of layer 0: none asked (--sample 0)");
        assertThat(Cli.run("strata", sor.toString(), "--from", "-1").exit()).isEqualTo(2);
    }

    @Test
    void helpHasExamples() {
        assertThat(ok("hot", "--help").out()).contains("Examples:", "wholetrace hot sor.wtrace --top 3 --thread 1", "Formats");
        assertThat(ok("strata", "--help").out()).contains("Examples:", "--layers", "--strata-memory", "Formats");
    }

    @Test
    void badInputIsOneLineAndExitCode2() throws Exception {
        Path dor = Traces.twoThreads(dir.resolve("dor.wtrace"), TraceMode.DOR);
        Path junk = Files.writeString(dir.resolve("junk.wtrace"), "not a trace");
        String[][] bad = {
                {"hot", dir.resolve("missing.wtrace").toString()},
                {"hot", junk.toString()},
                {"hot", sor.toString(), "--top", "-1"},
                {"hot", sor.toString(), "--thread", "9"},
                {"hot", dor.toString()},
                {"strata", sor.toString(), "--layers", "17"},
                {"strata", sor.toString(), "--layers", "2", "--layer", "2"},
                {"strata", sor.toString(), "--strata-memory", "0"},
                {"strata", sor.toString(), "--format", "xml"},
        };
        for (String[] args : bad) {
            Cli r = Cli.run(args);
            assertThat(r.exit()).as(r.toString()).isEqualTo(2);
            assertThat(r.errLines()).as(r.toString()).singleElement().asString().startsWith("wholetrace: ");
            assertThat(r.out()).as(r.toString()).isEmpty();
        }
        assertThat(Cli.run("hot", sor.toString(), "--thread", "9").err()).contains("no thread 9");
        assertThat(Cli.run("hot", dor.toString()).err()).contains("mode dor");
    }
}
