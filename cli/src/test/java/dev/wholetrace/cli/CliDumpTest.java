package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wholetrace dump}: S_synch and per-thread events, as text and JSON lines. */
class CliDumpTest {
    @TempDir
    static Path dir;

    static String cdr;
    static String dor;

    @BeforeAll
    static void record() throws Exception {
        cdr = Traces.twoThreads(dir.resolve("two-cdr.wtrace"), TraceMode.CDR).toString();
        dor = Traces.twoThreads(dir.resolve("two-dor.wtrace"), TraceMode.DOR).toString();
    }

    /** Runs a command that must succeed quietly; returns its output lines with runs of blanks squeezed. */
    static List<String> lines(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).as(r.toString()).isEmpty();
        return r.out().lines().map(l -> l.trim().replaceAll("\\s+", " ")).toList();
    }

    @Test
    void syncOrder() {
        List<String> s = lines("dump", cdr);
        assertThat(s).hasSize(Traces.SYNC_OPS);
        assertThat(s.subList(0, 6)).containsExactly(
                "0 thread 0 op 0 begin object thread 0",
                "1 thread 0 op 1 fork object thread 1 site 30",
                "2 thread 1 op 0 begin object thread 1",
                "3 thread 1 op 1 lock object 7 site 20 demo.Main.work:23 MONITORENTER",
                "4 thread 1 op 2 unlock object 7 site 21 demo.Main.work:24 MONITOREXIT",
                "5 thread 1 op 3 lock object 7 site 20 demo.Main.work:23 MONITORENTER");
        assertThat(s.subList(Traces.SYNC_OPS - 3, Traces.SYNC_OPS)).containsExactly(
                "203 thread 1 op 201 end object thread 1",
                "204 thread 0 op 2 join object thread 1 site 31",
                "205 thread 0 op 3 end object thread 0");
        assertThat(lines("dump", dor)).isEqualTo(s); // S_synch does not depend on the mode
    }

    @Test
    void syncOrderRange() {
        assertThat(lines("dump", cdr, "--sync-from", "3", "--sync-to", "4")).containsExactly(
                "3 thread 1 op 1 lock object 7 site 20 demo.Main.work:23 MONITORENTER",
                "4 thread 1 op 2 unlock object 7 site 21 demo.Main.work:24 MONITOREXIT");
        assertThat(lines("dump", cdr, "--sync-from", "204")).hasSize(2).first().asString().startsWith("204 ");
        assertThat(lines("dump", cdr, "--sync-to", "1")).hasSize(2);
        assertThat(lines("dump", cdr, "--limit", "3")).hasSize(3);
        assertThat(lines("dump", cdr, "--limit", "0")).isEmpty();
    }

    @Test
    void threadEvents() {
        List<String> w = lines("dump", cdr, "--thread", "1");
        assertThat(w).hasSize(Traces.WORKER_EVENTS);
        assertThat(w.subList(0, 7)).containsExactly(
                "0 sync begin op 0 S_synch 2 object thread 1",
                "1 block 2 demo.Main.work:20 work: loop body",
                "2 load 10 5+0 demo.Main.work:21 IALOAD a[i]",
                "3 sync lock op 1 S_synch 3 object 7 site 20 demo.Main.work:23 MONITORENTER",
                "4 store 11 6+0 demo.Main.work:22 IASTORE b[i]",
                "5 sync unlock op 2 S_synch 4 object 7 site 21 demo.Main.work:24 MONITOREXIT",
                "6 block 2 demo.Main.work:20 work: loop body");
        for (int i = 0; i < Traces.ITERATIONS; i++) {
            assertThat(w.get(2 + 5 * i)).startsWith((2 + 5 * i) + " load 10 5+" + 4 * i + " ");
            assertThat(w.get(4 + 5 * i)).startsWith((4 + 5 * i) + " store 11 6+" + 4 * i + " ");
            assertThat(w.get(3 + 5 * i)).startsWith((3 + 5 * i) + " sync lock op " + (1 + 2 * i) + " S_synch " + (3 + 2 * i) + " ");
        }
        assertThat(w.get(Traces.WORKER_EVENTS - 1)).isEqualTo("501 sync end op 201 S_synch 203 object thread 1");
        assertThat(lines("dump", cdr, "--thread", "0")).containsExactly(
                "0 sync begin op 0 S_synch 0 object thread 0",
                "1 block 1 demo.Main.main:10 main: fork, join",
                "2 sync fork op 1 S_synch 1 object thread 1 site 30",
                "3 sync join op 2 S_synch 204 object thread 1 site 31",
                "4 block 1 demo.Main.main:10 main: fork, join",
                "5 sync end op 3 S_synch 205 object thread 0");
    }

    @Test
    void threadEventsInDorHaveNoBlocksNorInstructions() {
        List<String> w = lines("dump", dor, "--thread", "1");
        assertThat(w).hasSize(2 + 4 * Traces.ITERATIONS);
        assertThat(w.subList(0, 5)).containsExactly(
                "0 sync begin op 0 S_synch 2 object thread 1",
                "1 load - 5+0",
                "2 sync lock op 1 S_synch 3 object 7 site 20 demo.Main.work:23 MONITORENTER",
                "3 store - 6+0",
                "4 sync unlock op 2 S_synch 4 object 7 site 21 demo.Main.work:24 MONITOREXIT");
    }

    @Test
    void threadRangeAndLimit() {
        List<String> all = lines("dump", cdr, "--thread", "1");
        assertThat(lines("dump", cdr, "--thread", "1", "--sync-from", "1", "--sync-to", "2")).isEqualTo(all.subList(3, 6));
        assertThat(lines("dump", cdr, "--thread", "1", "--sync-from", "200")).isEqualTo(all.subList(500, 502));
        assertThat(lines("dump", cdr, "--thread", "1", "--sync-to", "1")).isEqualTo(all.subList(0, 4));
        assertThat(lines("dump", cdr, "--thread", "1", "--limit", "7")).isEqualTo(all.subList(0, 7));
        assertThat(lines("dump", cdr, "--thread", "1", "--sync-from", "99", "--sync-to", "102", "--limit", "2")).isEqualTo(all.subList(248, 250));
    }

    @Test
    void jsonLines() {
        List<String> s = lines("dump", cdr, "--format", "jsonl");
        assertThat(s).hasSize(Traces.SYNC_OPS);
        for (int i = 0; i < s.size(); i++) {
            Map<String, Object> o = JsonText.object(s.get(i));
            assertThat(o.keySet()).containsExactly("index", "thread", "op", "kind", "object", "objectThread", "episode",
                    "firstOfEpisode", "site", "where", "code");
            assertThat(o.get("index")).isEqualTo((long) i);
        }
        assertThat(JsonText.object(s.get(3))).containsEntry("thread", 1L).containsEntry("op", 1L).containsEntry("kind", "lock")
                .containsEntry("object", 7L).containsEntry("site", 20L).containsEntry("where", "demo.Main.work:23")
                .containsEntry("code", "MONITORENTER").containsEntry("objectThread", null).containsEntry("episode", null);
        assertThat(JsonText.object(s.get(2))).containsEntry("kind", "begin").containsEntry("objectThread", 1L).containsEntry("where", null);

        List<String> w = lines("dump", cdr, "--thread", "1", "--format", "jsonl");
        assertThat(w).hasSize(Traces.WORKER_EVENTS);
        for (int i = 0; i < w.size(); i++) {
            Map<String, Object> o = JsonText.object(w.get(i));
            assertThat(o).containsEntry("thread", 1L).containsEntry("pos", (long) i).containsKeys("type", "where", "code");
        }
        assertThat(JsonText.object(w.get(1))).containsEntry("type", "block").containsEntry("block", 2L)
                .containsEntry("where", "demo.Main.work:20").containsEntry("code", "work: loop body");
        assertThat(JsonText.object(w.get(7))).containsEntry("type", "load").containsEntry("instruction", 10L)
                .containsEntry("object", 5L).containsEntry("offset", 4L).containsEntry("address", (5L << 34) + 4)
                .containsEntry("code", "IALOAD a[i]");
        assertThat(JsonText.object(w.get(5))).containsEntry("type", "sync").containsEntry("kind", "unlock")
                .containsEntry("op", 2L).containsEntry("syncIndex", 4L).containsEntry("object", 7L).containsEntry("site", 21L);
        assertThat(JsonText.object(lines("dump", dor, "--thread", "1", "--format", "jsonl").get(1)))
                .containsEntry("type", "load").containsEntry("instruction", null).containsEntry("code", null);
    }

    @Test
    void help() {
        Cli r = Cli.run("dump", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Usage: wholetrace dump", "FILE", "--thread", "--sync-from", "--sync-to", "--format",
                "--limit", "S_synch", "Examples:");
    }

    /**
     * The agent's JDK hook sites are in the code map by internal name (java/util/...), program sites
     * dotted: dump, segment and hot show both dotted, in traces already recorded that way too.
     */
    @Test
    void jdkHookSitesReadDottedLikeProgramSites() throws Exception {
        Path file = dir.resolve("jdk-site.wtrace");
        try (var rec = dev.wholetrace.recorder.TraceRecorder.open(file, dev.wholetrace.recorder.RecorderConfig.defaults(TraceMode.CDR))) {
            rec.defineBlock(new dev.wholetrace.model.event.CodeEntry(1, "demo.Cache", "lookup", "()V", 12, 0, "ALOAD 0"));
            rec.defineInstruction(new dev.wholetrace.model.event.CodeEntry(2, "java/util/concurrent/ConcurrentHashMap", "get",
                    "(Ljava/lang/Object;)Ljava/lang/Object;", -1, -1, "JDK ConcurrentHashMap.get: acquire"));
            rec.defineInstruction(new dev.wholetrace.model.event.CodeEntry(3, "demo.Cache", "lookup", "()V", 13, 4, "MONITORENTER"));
            rec.defineInstruction(new dev.wholetrace.model.event.CodeEntry(4, "demo.Cache", "lookup", "()V", 14, 9, "MONITOREXIT"));
            var main = rec.thread();
            main.block(1);
            main.lock(3, 7);
            main.unlock(4, 7);
            main.lock(2, 8);
            main.unlock(2, 8);
        }
        String sync = String.join("\n", lines("dump", file.toString()));
        assertThat(sync).contains("demo.Cache.lookup:13 MONITORENTER", "java.util.concurrent.ConcurrentHashMap.get JDK ConcurrentHashMap.get")
                .doesNotContain("java/util");
        assertThat(String.join("\n", lines("dump", file.toString(), "--thread", "0"))).contains("java.util.concurrent.ConcurrentHashMap.get").doesNotContain("java/util");
        assertThat(String.join("\n", lines("dump", file.toString(), "--thread", "0", "--format", "json"))).contains("\"java.util.concurrent.ConcurrentHashMap.get\"")
                .doesNotContain("java/util");
        assertThat(String.join("\n", lines("segment", file.toString(), "--thread", "0", "0", "4"))).contains("java.util.concurrent.ConcurrentHashMap.get")
                .doesNotContain("java/util");
    }
}
