package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadSymbols;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceSections;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code record --mode strata} on the kernels: the playback ({@code dump --view blocks}) of every
 * thread equals a COR recording's of the same deterministic run (one worker thread, so that the
 * threads are numbered alike); stats, verify, segment, hot and phases read the strata trace, and
 * read the same from a rewritten one that stores no stratum layer;
 * bad input is one line and exit 2.
 */
class CliStoredStrataTest {
    @TempDir
    static Path dir;

    static Path record(String kernel, String mode, String size, String steps) {
        return record(dir.resolve(kernel + "-" + mode + ".wtrace"), kernel, mode, "1", size, steps);
    }

    /** {@code workload KERNEL -o f} with {@code threads} workers. */
    static Path record(Path f, String kernel, String mode, String threads, String size, String steps) {
        Cli r = Cli.run("workload", kernel, "--threads", threads, "--size", size, "--steps", steps, "-o", f.toString(), "--mode", mode,
                "--agent", CliWorkloadTest.AGENT.toString(), "--workloads", CliWorkloadTest.WORKLOADS.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        return f;
    }

    static Cli ok(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return r;
    }

    static Path sorStrata;

    @BeforeAll
    static void recordSor() {
        sorStrata = record("sor", "strata", "24", "3");
    }

    @SuppressWarnings("unchecked")
    static int threads(Path f) {
        return ((List<Object>) JsonText.object(ok("stats", f.toString(), "--format", "json").out()).get("threads")).size();
    }

    /**
     * The blocks of a {@code --view blocks} dump without their event numbers: a block's number counts
     * the thread's sync operations before it too, and those differ between two runs of the same
     * program (the JDK's own ConcurrentHashMap calls inside Thread.join, hooked, happen on some schedules
     * only: main's blocks were numbered one apart in about one run of three with 5 ms chunks), while
     * the blocks themselves, in order, are the run's.
     */
    static List<String> blocks(String dump) {
        return dump.lines().map(l -> l.strip().replaceFirst("^\\d+\\s+", "")).toList();
    }

    void samePlayback(String kernel, String size, String steps) {
        Path cor = record(kernel, "cor", size, steps);
        Path strata = kernel.equals("sor") && size.equals("24") ? sorStrata : record(kernel, "strata", size, steps);
        int n = threads(cor);
        assertThat(threads(strata)).isEqualTo(n);
        for (int t = 0; t < n; t++) {
            List<String> a = blocks(ok("dump", cor.toString(), "--thread", Integer.toString(t), "--view", "blocks").out());
            List<String> b = blocks(ok("dump", strata.toString(), "--thread", Integer.toString(t), "--view", "blocks").out());
            assertThat(b).as("%s thread %d", kernel, t).isEqualTo(a);
            assertThat(a).isNotEmpty();
        }
        assertThat(ok("verify", strata.toString()).out()).contains("valid trace, version " + TraceFormat.VERSION + ", strata");
    }

    @Test
    void sorPlaysBackAsCor() {
        samePlayback("sor", "24", "3");
    }

    /**
     * A STRATA file of format version 14 (src/test/resources/strata/v14-sor-strata.wtrace: {@code
     * workload sor --threads 1 --size 24 --steps 3 --mode strata} by the version-14 build, before
     * strata streams had a layer count) reads and plays back as a COR recording of the same run
     * made now, and {@code recompress} keeps its version (and so its one layer).
     */
    @Test
    void aVersion14StrataFilePlaysBackAsCor() throws Exception {
        oldStrataFilePlaysBackAsCor(14);
    }

    /**
     * A STRATA file of format version 15 (src/test/resources/strata/v15-sor-strata.wtrace: {@code
     * workload sor --threads 1 --size 24 --steps 3 --mode strata} by the version-15 build, whose
     * strata streams store one layer at least; version 17 may store none) reads and plays back as
     * a COR recording of the same run made now, and {@code recompress} keeps its version.
     */
    @Test
    void aVersion15StrataFilePlaysBackAsCor() throws Exception {
        Path old = oldStrataFilePlaysBackAsCor(15);
        assertThat(ok("hot", old.toString(), "--top", "1").out()).contains("Sor.sweep");
    }

    /**
     * The committed {@code strata/vVERSION-sor-strata.wtrace} verifies as of its version, plays
     * back as a COR recording of the same run made now, and keeps its version through
     * {@code recompress}; returns where it was copied.
     */
    private static Path oldStrataFilePlaysBackAsCor(int version) throws Exception {
        String name = "v" + version + "-sor-strata.wtrace";
        Path old = dir.resolve(name);
        try (java.io.InputStream in = CliStoredStrataTest.class.getClassLoader().getResourceAsStream("strata/" + name)) {
            assertThat(in).as("test resource strata/" + name).isNotNull();
            java.nio.file.Files.copy(in, old);
        }
        assertThat(ok("verify", old.toString()).out()).contains("valid trace, version " + version + ", strata");
        Path cor = record(dir.resolve("sor-cor-v" + version + ".wtrace"), "sor", "cor", "1", "24", "3");
        int n = threads(cor);
        assertThat(threads(old)).isEqualTo(n);
        for (int t = 0; t < n; t++) {
            List<String> a = blocks(ok("dump", cor.toString(), "--thread", Integer.toString(t), "--view", "blocks").out());
            List<String> b = blocks(ok("dump", old.toString(), "--thread", Integer.toString(t), "--view", "blocks").out());
            assertThat(b).as("thread %d", t).isEqualTo(a).isNotEmpty();
        }
        Path again = dir.resolve("v" + version + "-again.wtrace");
        ok("recompress", "-o", again.toString(), old.toString());
        assertThat(ok("verify", again.toString()).out()).contains("valid trace, version " + version + ", strata");
        return old;
    }

    /**
     * Mp3d's strata seldom repeat: the rewrite stores streams with no stratum layer (runs of paths,
     * format version 17), and the file reads exactly as the agent's: playback, segment, hot and
     * phases print the same for the rewritten file as for the agent's (layer 0 everywhere, kept by
     * {@code record --no-recompress}). Races need addresses, which no strata trace has.
     */
    @Test
    void mp3dStoresRunsOfPathsAndReadsAsTheAgentsFile() throws Exception {
        Path agents = dir.resolve("mp3d-agent.wtrace");
        ok("record", "-o", agents.toString(), "--mode", "strata", "--no-recompress", "--agent", CliWorkloadTest.AGENT.toString(),
                "--include", "dev.wholetrace.workloads.kernels.*", "--", CliRecordTest.java(), "-cp", CliWorkloadTest.WORKLOADS.toString(),
                "dev.wholetrace.workloads.Workload", "mp3d", "2", "2000", "3");
        Path rewritten = dir.resolve("mp3d-rewritten.wtrace");
        ok("recompress", "-o", rewritten.toString(), agents.toString());
        assertThat(layerCounts(agents)).containsOnly(1);
        assertThat(layerCounts(rewritten)).contains(0);
        assertThat(ok("verify", rewritten.toString()).out()).contains("valid trace, version " + TraceFormat.VERSION + ", strata");
        for (int t = 0; t < threads(agents); t++) {
            String thread = Integer.toString(t);
            assertThat(ok("dump", rewritten.toString(), "--thread", thread, "--view", "blocks").out()).as("thread %d", t)
                    .isEqualTo(ok("dump", agents.toString(), "--thread", thread, "--view", "blocks").out()).isNotEmpty();
        }
        for (String[] command : List.of(new String[] {"hot", "FILE", "--top", "5"}, new String[] {"phases", "FILE"})) {
            assertThat(output(command, rewritten)).as(String.join(" ", command)).isEqualTo(output(command, agents)).isNotEmpty();
        }
        // the segment's events; its first line names the grammar rule that holds them, which the stored form decides
        String[] segment = {"segment", "FILE", "1", "3", "--thread", "1"};
        assertThat(output(segment, rewritten).lines().skip(1).toList()).isEqualTo(output(segment, agents).lines().skip(1).toList()).isNotEmpty();
    }

    /** {@code command} with FILE replaced by {@code f}, its output with f's name replaced by FILE. */
    private static String output(String[] command, Path f) {
        String[] args = command.clone();
        for (int i = 0; i < args.length; i++) if (args[i].equals("FILE")) args[i] = f.toString();
        return ok(args).out().replace(f.toString(), "FILE").replace(f.getFileName().toString(), "FILE");
    }

    /** The stratum layer count of every strata stream of {@code f} (also CliStrataLayersOptionTest). */
    static List<Integer> layerCounts(Path f) throws Exception {
        List<Integer> counts = new java.util.ArrayList<>();
        try (TraceReader reader = TraceReader.open(f)) {
            List<ThreadSymbols> symbols = new java.util.ArrayList<>();
            for (int c = 0; c < reader.chunks().size(); c++) {
                TraceSections.Chunk chunk = TraceSections.read(reader, c);
                for (int t = 0; t < chunk.threads().size(); t++) symbols.add(new ThreadSymbols());
                for (TraceSections.Decoded d : chunk.threadChunks(symbols, t -> true)) {
                    for (StreamChunk s : d.chunk().streamChunks()) if (s.strata() != null) counts.add(s.strata().layers());
                }
            }
        }
        return counts;
    }

    @Test
    void fftPlaysBackAsCor() {
        samePlayback("fft", "10", "2");
    }

    @Test
    void luPlaysBackAsCor() {
        samePlayback("lu", "32", "1");
    }

    @Test
    void blocksViewPrintsOnlyBlocks() {
        String all = ok("dump", sorStrata.toString(), "--thread", "1").out();
        String blocks = ok("dump", sorStrata.toString(), "--thread", "1", "--view", "blocks").out();
        assertThat(all).contains("barrier");
        assertThat(blocks).doesNotContain("barrier").isNotEmpty();
        assertThat(blocks.lines().count()).isLessThan(all.lines().count());
    }

    @Test
    @SuppressWarnings("unchecked")
    void statsSegmentHotAndPhasesReadIt() {
        Map<String, Object> stats = JsonText.object(ok("stats", sorStrata.toString(), "--format", "json").out());
        assertThat(stats.get("mode")).isEqualTo("strata");
        assertThat(ok("segment", sorStrata.toString(), "1", "2", "--thread", "1").out()).isNotEmpty();
        assertThat(ok("hot", sorStrata.toString(), "--top", "1").out()).contains("Sor.sweep");
        Map<String, Object> phases = JsonText.object(ok("phases", sorStrata.toString(), "--format", "json").out());
        List<Map<String, Object>> threads = (List<Map<String, Object>>) phases.get("threads");
        assertThat(threads).isNotEmpty();
        for (Map<String, Object> t : threads) {
            List<Map<String, Object>> ps = (List<Map<String, Object>>) t.get("phases");
            assertThat(ps).isNotEmpty();
            assertThat(ps.get(0).get("firstEvent")).isEqualTo(0L);
            assertThat(ps.get(ps.size() - 1).get("lastEvent")).isEqualTo((Long) t.get("events") - 1);
        }
    }

    @Test
    void recompressGrammarKeepsTheStrata() {
        Path out = dir.resolve("sor-repair.wtrace");
        ok("recompress", sorStrata.toString(), "-o", out.toString(), "--grammar", "repair");
        assertThat(ok("verify", out.toString()).out()).contains("valid trace, version " + TraceFormat.VERSION + ", strata");
        for (int t = 0; t < threads(sorStrata); t++) {
            assertThat(ok("dump", out.toString(), "--thread", Integer.toString(t), "--view", "blocks").out())
                    .isEqualTo(ok("dump", sorStrata.toString(), "--thread", Integer.toString(t), "--view", "blocks").out());
        }
    }

    @Test
    void badInputIsOneLine() {
        Cli r = Cli.run("phases", sorStrata.toString(), "--threshold", "2");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip().lines().count()).isEqualTo(1);
        Cli v = Cli.run("dump", sorStrata.toString(), "--thread", "0", "--view", "nope");
        assertThat(v.exit()).isEqualTo(2);
    }
}
