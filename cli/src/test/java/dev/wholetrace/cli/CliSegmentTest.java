package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wholetrace segment}: random access through the sync counts, checked against dump. */
class CliSegmentTest {
    @TempDir
    static Path dir;

    static String two;
    static String sor;
    static String sorAll;
    static String sorDor;

    @BeforeAll
    static void record() throws Exception {
        two = Traces.twoThreads(dir.resolve("two.wtrace"), TraceMode.CDR).toString();
        sor = Traces.sor(dir.resolve("sor.wtrace"), TraceMode.CDR, 26, 3).toString();
        sorAll = Traces.sor(dir.resolve("sor-all.wtrace"), TraceMode.ALL, 18, 2).toString();
        sorDor = Traces.sor(dir.resolve("sor-dor.wtrace"), TraceMode.DOR, 18, 2).toString();
    }

    static List<String> out(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).as(r.toString()).isEmpty();
        return r.out().lines().toList();
    }

    @Test
    void header() {
        List<String> s = out("segment", two, "--thread", "1", "1", "2");
        assertThat(s).hasSize(4);
        assertThat(s.get(0)).startsWith("segment  thread 1 (worker), sync ops 1..2: events 3..5 (3 events); lowest common rule R")
                .contains(" of chunk 1's WPP (");
        assertThat(s.subList(1, 4)).isEqualTo(out("dump", two, "--thread", "1").subList(3, 6));

        List<String> across = out("segment", two, "--thread", "1", "99", "102");
        assertThat(across.get(0)).isEqualTo("segment  thread 1 (worker), sync ops 99..102: events 248..255 (8 events); "
                + "spans chunks 1..2 (no common rule): from event 248 of chunk 1's WPP to event 4 of chunk 2's");
        assertThat(across.subList(1, across.size())).isEqualTo(out("dump", two, "--thread", "1").subList(248, 256));
    }

    @Test
    void jsonHeaderAndEvents() {
        List<String> s = out("segment", two, "--thread", "1", "99", "102", "--format", "jsonl");
        assertThat(s).hasSize(9);
        Map<String, Object> h = JsonText.object(s.get(0));
        assertThat(h).containsEntry("type", "segment").containsEntry("thread", 1L).containsEntry("name", "worker")
                .containsEntry("from", 99L).containsEntry("to", 102L).containsEntry("firstEvent", 248L)
                .containsEntry("lastEvent", 255L).containsEntry("events", 8L).containsEntry("firstChunk", 1L)
                .containsEntry("lastChunk", 2L).containsEntry("rule", null);
        assertThat(s.subList(1, 9)).isEqualTo(out("dump", two, "--thread", "1", "--format", "jsonl").subList(248, 256));
        Map<String, Object> inOne = JsonText.object(out("segment", two, "--thread", "1", "1", "2", "--format", "jsonl").get(0));
        assertThat(inOne).containsEntry("firstChunk", 1L).containsEntry("lastChunk", 1L).containsKeys("rule", "ruleLength", "fromInRule", "toInRule");
        assertThat((Long) inOne.get("toInRule") - (Long) inOne.get("fromInRule")).isEqualTo(2);
    }

    /** Every segment of a few threads equals the matching slice of the full dump, and dump's own range. */
    @Test
    void segmentsEqualDumpSlices() throws Exception {
        for (String file : List.of(sor, sorAll, sorDor)) {
            ParallelTrace trace = ParallelTrace.open(Path.of(file));
            for (int t : new int[] {0, 1, 3}) {
                ThreadTrace tt = trace.thread(t);
                List<String> full = out("dump", file, "--thread", Integer.toString(t));
                assertThat(full).hasSize((int) tt.eventCount());
                long ops = tt.syncCount();
                long[][] ranges = {{0, 0}, {0, ops - 1}, {1, 2}, {2, 3}, {ops / 2, ops / 2 + 1}, {ops - 2, ops - 1}, {1, ops / 3}};
                for (long[] r : ranges) {
                    String m = Long.toString(r[0]);
                    String n = Long.toString(r[1]);
                    List<String> seg = out("segment", file, "--thread", Integer.toString(t), m, n);
                    List<String> events = seg.subList(1, seg.size());
                    int from = (int) tt.syncPosition(r[0]);
                    int to = (int) tt.syncPosition(r[1]);
                    String what = file + " thread " + t + " ops " + m + ".." + n;
                    assertThat(seg.get(0)).as(what).contains("sync ops " + m + ".." + n + ": events " + from + ".." + to + " (" + (to - from + 1) + " events)");
                    assertThat(events).as(what).isEqualTo(full.subList(from, to + 1));
                    assertThat(out("dump", file, "--thread", Integer.toString(t), "--sync-from", m, "--sync-to", n)).as(what).isEqualTo(events);
                    assertThat(events.get(0).trim().split("\\s+")).as(what).contains("op", m);
                }
            }
        }
    }

    @Test
    void help() {
        Cli r = Cli.run("segment", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Usage: wholetrace segment", "FILE", "--thread", "M", "N", "--format", "lowest common rule",
                "Algorithm 1", "Examples:");
    }
}
