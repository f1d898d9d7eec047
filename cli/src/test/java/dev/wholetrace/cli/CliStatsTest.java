package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code wholetrace stats}: exact event counts, sizes that add up to the file, JSON. */
class CliStatsTest {
    @TempDir
    static Path dir;

    static final Map<TraceMode, Path> twoThreads = new EnumMap<>(TraceMode.class);
    static Path sor;

    // RedBlackSor(4 threads, N × N, ITER iterations): every count follows from the loop bounds.
    static final int N = 34;
    static final int ITER = 3;

    @BeforeAll
    static void record() throws Exception {
        for (TraceMode m : TraceMode.values()) twoThreads.put(m, Traces.twoThreads(dir.resolve("two-" + m.label() + ".wtrace"), m));
        sor = Traces.sor(dir.resolve("sor.wtrace"), TraceMode.CDR, N, ITER);
    }

    static Cli ok(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).as(r.toString()).isEmpty();
        return r;
    }

    @Test
    void headerLines() throws Exception {
        Path f = twoThreads.get(TraceMode.CDR);
        String out = ok("stats", f.toString()).out();
        assertThat(out).contains("file        " + f + " (").contains(Files.size(f) + " bytes)")
                .contains("mode        cdr: control + data").contains("status      complete")
                .contains("chunks      3").contains("threads     2").contains("sync ops    " + Traces.SYNC_OPS + " (S_synch entries)")
                .contains("events      " + (6 + Traces.WORKER_EVENTS)).contains("code map    2 blocks, 4 instructions")
                .contains("properties  ").contains("program=twoThreads").contains("mode=cdr");
    }

    @ParameterizedTest
    @EnumSource(TraceMode.class)
    void exactEventCountsPerThread(TraceMode mode) {
        String out = ok("stats", twoThreads.get(mode).toString()).out();
        var events = TextTables.table(out, "events by kind");
        int it = Traces.ITERATIONS;
        long blocks = mode.control ? it : 0;
        long accesses = mode.keepsAccesses() ? it : 0;
        assertThat(TextTables.number(events, "1 worker", "blocks")).isEqualTo(blocks);
        assertThat(TextTables.number(events, "1 worker", "loads")).isEqualTo(accesses);
        assertThat(TextTables.number(events, "1 worker", "stores")).isEqualTo(accesses);
        assertThat(TextTables.number(events, "1 worker", "sync")).isEqualTo(2 + 2 * it);
        assertThat(TextTables.number(events, "1 worker", "lock")).isEqualTo(it);
        assertThat(TextTables.number(events, "1 worker", "unlock")).isEqualTo(it);
        assertThat(TextTables.number(events, "1 worker", "begin")).isEqualTo(1);
        assertThat(TextTables.number(events, "1 worker", "end")).isEqualTo(1);
        assertThat(TextTables.number(events, "1 worker", "fork")).isZero();
        assertThat(TextTables.number(events, "1 worker", "total")).isEqualTo(blocks + 2 * accesses + 2 + 2 * it);
        assertThat(TextTables.number(events, "0 main", "blocks")).isEqualTo(mode.control ? 2 : 0);
        assertThat(TextTables.number(events, "0 main", "fork")).isEqualTo(1);
        assertThat(TextTables.number(events, "0 main", "join")).isEqualTo(1);
        assertThat(TextTables.number(events, "0 main", "total")).isEqualTo((mode.control ? 2 : 0) + 4);
        assertThat(TextTables.number(events, "total", "sync")).isEqualTo(Traces.SYNC_OPS);
        assertThat(events.get("total")).doesNotContainKey("barrier"); // only kinds that occur get a column

        var sizes = TextTables.table(out, "sizes in bytes");
        long access = mode.controlAccesses() ? 13 : mode.dataWpp ? 9 : 0; // CDR, ALL and EWPP: kind, instruction, address
        assertThat(TextTables.number(sizes, "1 worker", "raw")).isEqualTo(blocks * 4 + 2 * accesses * access + (2 + 2 * it) * 21);
        assertThat(TextTables.number(sizes, "0 main", "raw")).isEqualTo((mode.control ? 2 : 0) * 4 + 4 * 21);
    }

    @ParameterizedTest
    @EnumSource(TraceMode.class)
    void componentsAddUpToTheFileSize(TraceMode mode) throws Exception {
        Path f = twoThreads.get(mode);
        long size = Files.size(f);
        String out = ok("stats", f.toString()).out();
        var sizes = TextTables.table(out, "sizes in bytes");
        Map<String, String> total = sizes.get("total");
        assertThat(Long.parseLong(total.get("total"))).isEqualTo(size);
        long sum = 0;
        for (Map.Entry<String, String> c : total.entrySet()) {
            if (!c.getKey().equals("raw") && !c.getKey().equals("total")) sum += Long.parseLong(c.getValue());
        }
        assertThat(sum).as(out).isEqualTo(size);
        // the thread rows add up to the total row in every per-thread component
        for (String c : List.of("WPP", "synch_cnt", "symbols")) {
            assertThat(TextTables.number(sizes, "0 main", c) + TextTables.number(sizes, "1 worker", c)).isEqualTo(TextTables.number(sizes, "total", c));
        }
        assertThat(sizes.get("1 worker").get("S_synch")).isEqualTo("-");
        assertThat(total.keySet()).containsSequence("raw", "WPP");
        assertThat(total.containsKey("data")).isEqualTo(mode.controlAccesses()); // EWPP: its check signatures
        assertThat(total.containsKey("DOR WPP")).isEqualTo(mode == TraceMode.ALL);
        assertThat(total).doesNotContainKey("unread");
        assertThat(TextTables.table(out, "% of raw").get("total")).containsKeys("WPP", "S_synch", "synch_cnt", "total");

        Map<String, Object> json = JsonText.object(ok("stats", f.toString(), "--json").out().strip());
        assertThat(json.get("fileBytes")).isEqualTo(size);
        @SuppressWarnings("unchecked")
        Map<String, Object> bytes = (Map<String, Object>) JsonText.at(json, "total.bytes");
        long jsonSum = 0;
        for (Map.Entry<String, Object> e : bytes.entrySet()) if (!e.getKey().equals("total")) jsonSum += (Long) e.getValue();
        assertThat(jsonSum).isEqualTo(size);
        assertThat(bytes.get("total")).isEqualTo(size);
        assertThat(bytes.keySet()).containsExactly("wpp", "data", "dorWpp", "sSynch", "synchCnt", "symbols", "metadata", "framing", "unread", "total");
    }

    @Test
    void json() {
        Map<String, Object> j = JsonText.object(ok("stats", twoThreads.get(TraceMode.CDR).toString(), "--json").out().strip());
        assertThat(j).containsEntry("mode", "cdr").containsEntry("complete", true).containsEntry("chunks", 3L)
                .containsEntry("threadCount", 2L).containsEntry("syncOps", (long) Traces.SYNC_OPS)
                .containsEntry("events", (long) (6 + Traces.WORKER_EVENTS)).containsEntry("ignoredBytes", 0L);
        assertThat(JsonText.at(j, "properties.program")).isEqualTo("twoThreads");
        List<?> threads = (List<?>) j.get("threads");
        assertThat(threads).hasSize(2);
        @SuppressWarnings("unchecked")
        Map<String, Object> worker = (Map<String, Object>) threads.get(1);
        assertThat(worker).containsEntry("thread", 1L).containsEntry("name", "worker").containsEntry("rawBytes", 7242L);
        assertThat(JsonText.at(worker, "events.blocks")).isEqualTo(100L);
        assertThat(JsonText.at(worker, "events.sync.lock")).isEqualTo(100L);
        assertThat(JsonText.at(worker, "events.syncTotal")).isEqualTo(202L);
        assertThat(JsonText.at(worker, "events.total")).isEqualTo((long) Traces.WORKER_EVENTS);
        assertThat(((Map<?, ?>) JsonText.at(worker, "bytes")).keySet().stream().map(Object::toString).toList()).doesNotContain("sSynch", "metadata", "framing");
        assertThat(JsonText.at(j, "total.events.sync.fork")).isEqualTo(1L);
    }

    @Test
    void redBlackSorCountsFollowFromTheLoops() throws Exception {
        String out = ok("stats", sor.toString()).out();
        var events = TextTables.table(out, "events by kind");
        int inner = N - 2;
        long blocks = 1 + 4 * 2 + (long) ITER * (4 * 3 + 2 * inner + (long) inner * inner);
        assertThat(TextTables.number(events, "total", "blocks")).isEqualTo(blocks);
        assertThat(TextTables.number(events, "total", "loads")).isEqualTo((long) ITER * (4L * inner * inner + 4));
        assertThat(TextTables.number(events, "total", "stores")).isEqualTo((long) ITER * ((long) inner * inner + 4));
        assertThat(TextTables.number(events, "total", "barrier")).isEqualTo(4 * 3 * ITER);
        assertThat(TextTables.number(events, "total", "lock")).isEqualTo(4 * ITER);
        assertThat(TextTables.number(events, "total", "fork")).isEqualTo(4);
        assertThat(TextTables.number(events, "total", "begin")).isEqualTo(5);
        assertThat(TextTables.number(events, "total", "end")).isEqualTo(4);
        assertThat(TextTables.number(events, "total", "sync")).isEqualTo(4 + 4 + 5 + 4 + 4 * 5 * ITER);
        assertThat(events).hasSize(6).containsKey("0 main");
        assertThat(out).contains("threads     5").contains("sync ops    " + (17 + 20 * ITER) + " (S_synch entries)");
        var sizes = TextTables.table(out, "sizes in bytes");
        assertThat(TextTables.number(sizes, "total", "total")).isEqualTo(Files.size(sor));
        assertThat(TextTables.number(sizes, "total", "data")).isPositive();
        assertThat(TextTables.number(sizes, "total", "S_synch")).isPositive();
    }

    @Test
    void help() {
        Cli r = ok("stats", "--help");
        assertThat(r.out()).contains("Usage: wholetrace stats", "FILE", "--json", "Tables 3-5", "S_synch", "synch_cnt", "Examples:");
        assertThat(ok("help", "stats").out()).isEqualTo(r.out());
        assertThat(ok("--help").out()).contains("stats", "dump", "segment");
    }

    /**
     * A long property (an eWPP recording's {@code ewpp.filter} runs to kilobytes) is cut in the text
     * after 160 characters, with the number of bytes left out and where to see them; JSON keeps it whole.
     */
    @Test
    void longPropertiesAreAbbreviatedInTextButWholeInJson() throws Exception {
        String value = "x".repeat(159) + "é" + "y".repeat(7_000); // the cut falls after the two-byte é
        Path f = dir.resolve("long-property.wtrace");
        try (dev.wholetrace.recorder.TraceRecorder rec = dev.wholetrace.recorder.TraceRecorder.open(f,
                dev.wholetrace.recorder.RecorderConfig.defaults(TraceMode.COR).withProperty("long", value))) {
            rec.beginThread("main", 1, false).end();
        }
        String out = ok("stats", f.toString()).out();
        String line = out.lines().filter(l -> l.contains("long=")).findFirst().orElseThrow();
        assertThat(line).endsWith("long=" + "x".repeat(159) + "é... (7000 more bytes; --format json shows the whole value)");
        assertThat(JsonText.at(JsonText.object(ok("stats", f.toString(), "--format", "json").out().strip()), "properties.long")).isEqualTo(value);
    }

    /**
     * A recording of many threads (a service on virtual threads records thousands) shows the 64
     * busiest in the text tables and sums the rest into one row, so the totals stay readable; the
     * sums and the file-size total are exact, and JSON still lists every thread.
     */
    @Test
    void manyThreadsAreSummedBeyondTheBusiest() throws Exception {
        Path f = dir.resolve("many-threads.wtrace");
        int threads = 100;
        try (dev.wholetrace.recorder.TraceRecorder rec = dev.wholetrace.recorder.TraceRecorder.open(f,
                dev.wholetrace.recorder.RecorderConfig.defaults(TraceMode.COR))) {
            rec.defineBlock(new dev.wholetrace.model.event.CodeEntry(1, "demo.Main", "run", "()V", 10, 0, "run"));
            for (int i = 0; i < threads; i++) {
                int blocks = i + 1; // thread i runs i + 1 blocks: the busiest 64 are threads 36 to 99
                Thread t = new Thread(() -> {
                    dev.wholetrace.recorder.ThreadRecorder r = rec.beginThread("t" + blocks, blocks, false);
                    for (int b = 0; b < blocks; b++) r.block(1);
                    r.end();
                });
                t.start();
                t.join();
            }
        }
        String out = ok("stats", f.toString()).out();
        assertThat(out).contains("threads     100 (the tables show the 64 with the most events and sum the other 36 in one row;");
        var events = TextTables.table(out, "events by kind");
        assertThat(events).hasSize(64 + 2).containsKeys("36 t37", "99 t100", "36 other threads", "total").doesNotContainKey("35 t36");
        assertThat(TextTables.number(events, "36 other threads", "blocks")).isEqualTo(36 * 37 / 2);
        assertThat(TextTables.number(events, "total", "blocks")).isEqualTo(100 * 101 / 2);
        var sizes = TextTables.table(out, "sizes in bytes");
        assertThat(TextTables.number(sizes, "total", "total")).isEqualTo(Files.size(f));
        long shown = 0;
        for (var row : sizes.entrySet()) if (!row.getKey().equals("total")) shown += Long.parseLong(row.getValue().get("raw"));
        assertThat(shown).isEqualTo(TextTables.number(sizes, "total", "raw"));
        assertThat(ok("stats", f.toString(), "--format", "json").out()).contains("\"t1\"").contains("\"t36\"");
    }
}
