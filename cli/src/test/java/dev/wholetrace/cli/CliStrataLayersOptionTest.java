package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --strata-layers N} and {@code --strata-memory SIZE} of {@code record}, {@code recompress} and
 * {@code compress}: N bounds the layers every strata stream stores (0: none), a budget below the layer
 * tables gives a layer up and the command's output and {@code stats} say so; the playback and
 * {@code segment} are the same either way; bad values and misplaced options are one line, exit 2.
 */
class CliStrataLayersOptionTest {
    @TempDir
    static Path dir;
    static Path sor;

    /**
     * SOR, one worker, 64², 10 sweeps, in one chunk ({@code --events}): its sweeps nest loops whose strata repeat, where the
     * default search stores 4 layers (checked by hand, session 47; Water at one worker and 64 molecules stores 1).
     */
    static Path record(String name, String... options) {
        Path f = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("record", "-o", f.toString(), "--mode", "strata", "--agent", CliWorkloadTest.AGENT.toString(),
                "--include", "dev.wholetrace.workloads.kernels.*", "--events", "50000000"));
        args.addAll(List.of(options));
        args.addAll(List.of("--", CliRecordTest.java(), "-cp", CliWorkloadTest.WORKLOADS.toString(), "dev.wholetrace.workloads.Workload",
                "sor", "1", "64", "10"));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertThat(r.exit()).as(r.toString()).isZero();
        lastErr = r.err();
        return f;
    }

    /** The last {@link #record}'s standard error. */
    static String lastErr;

    @BeforeAll
    static void recordSor() {
        sor = record("sor.wtrace");
    }

    static Cli ok(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return r;
    }

    static void bad(String message, String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isEqualTo(2);
        assertThat(r.err().strip()).as(r.toString()).contains(message).doesNotContain("\n");
    }

    static void samePlayback(Path a, Path b) {
        for (int t = 0; t < 2; t++) {
            String thread = Integer.toString(t);
            assertThat(ok("dump", b.toString(), "--thread", thread, "--view", "blocks").out())
                    .isEqualTo(ok("dump", a.toString(), "--thread", thread, "--view", "blocks").out());
        }
        assertThat(events(ok("segment", b.toString(), "1", "3", "--thread", "1").out()))
                .isEqualTo(events(ok("segment", a.toString(), "1", "3", "--thread", "1").out())).isNotEmpty();
    }

    /** A segment's events, without its first line (which names the WPP rule that covers it: the stored layers shape the rules). */
    static List<String> events(String segment) {
        return segment.lines().filter(l -> !l.startsWith("segment ")).toList();
    }

    /** The default search stores more than one layer on SOR's worker; N = 1 at most one, N = 0 none; the same playback. */
    @Test
    void recompressWithNStoresAtMostNLayers() throws Exception {
        assertThat(CliStoredStrataTest.layerCounts(sor)).as("the default search").anySatisfy(n -> assertThat(n).isGreaterThan(1));
        for (String n : new String[] {"1", "0"}) {
            Path f = dir.resolve("sor-n" + n + ".wtrace");
            ok("recompress", sor.toString(), "-o", f.toString(), "--strata-layers", n);
            assertThat(CliStoredStrataTest.layerCounts(f)).isNotEmpty().allSatisfy(k -> assertThat(k).isLessThanOrEqualTo(Integer.parseInt(n)));
            assertThat(ok("stats", f.toString()).out()).contains("strata.layers.max=" + n);
            samePlayback(sor, f);
        }
    }

    /** {@code record --strata-layers 0}: the paths only, from the rewrite at exit. */
    @Test
    void recordWithZeroLayersStoresThePathsOnly() throws Exception {
        Path f = record("sor-0.wtrace", "--strata-layers", "0");
        assertThat(CliStoredStrataTest.layerCounts(f)).isNotEmpty().allSatisfy(k -> assertThat(k).isZero());
        assertThat(ok("stats", f.toString()).out()).contains("strata.layers.max=0");
    }

    /**
     * A budget of 1 KiB holds no layer table: the layer is given up, in the command's output and in stats; the
     * events are the same. The budget bounds the tables the search builds: a stream storing layers already
     * keeps them, so the file is first brought down to one layer.
     */
    @Test
    void aTinyBudgetGivesUpALayerAndSaysSo() throws Exception {
        Path one = dir.resolve("sor-one.wtrace");
        ok("recompress", sor.toString(), "-o", one.toString(), "--strata-layers", "1");
        Path f = dir.resolve("sor-1k.wtrace");
        Cli r = ok("recompress", one.toString(), "-o", f.toString(), "--strata-memory", "1k");
        assertThat(r.out()).contains("chunk 0: stratum layer 1 (of 2 layers) given up").contains("1024-byte budget");
        assertThat(CliStoredStrataTest.layerCounts(f)).allSatisfy(k -> assertThat(k).isLessThanOrEqualTo(1));
        assertThat(ok("stats", f.toString()).out()).contains("strata.layers.givenUp.chunk0=stratum layer 1").contains("strata.memory.bytes=1024");
        samePlayback(sor, f);
        Path g = record("sor-1k-rec.wtrace", "--strata-memory", "1k");
        assertThat(lastErr).contains("chunk 0: stratum layer 1 (of 2 layers) given up");
        assertThat(ok("stats", g.toString()).out()).contains("strata.layers.givenUp.chunk0=stratum layer 1");
        assertThat(CliStoredStrataTest.layerCounts(g)).allSatisfy(k -> assertThat(k).isLessThanOrEqualTo(1));
    }

    @Test
    void badValuesAndMisplacedOptionsAreOneLine() throws Exception {
        String java = CliRecordTest.java();
        Path out = dir.resolve("never.wtrace");
        bad("--strata-layers must be 0 to 16, not 17", "record", "-o", out.toString(), "--mode", "strata", "--strata-layers", "17", "--", java, "-version");
        bad("--strata-memory must be 1k to 64g", "record", "-o", out.toString(), "--mode", "strata", "--strata-memory", "0", "--", java, "-version");
        bad("--strata-layers and --strata-memory go with --mode strata", "record", "-o", out.toString(), "--strata-layers", "1", "--", java, "-version");
        bad("--strata-layers and --strata-memory go with --mode strata", "record", "-o", out.toString(), "--mode", "strata", "--no-recompress",
                "--strata-layers", "1", "--", java, "-version");
        assertThat(out).doesNotExist();
        bad("--strata-memory must be 1k to 64g", "recompress", sor.toString(), "-o", dir.resolve("x.wtrace").toString(), "--strata-memory", "x");
        bad("go with a STRATA .wtrace", "recompress", sor.toString(), "-o", dir.resolve("x.wtrace").toString(), "--strata-layers", "1",
                "--grammar", "repair");
        Path u32 = dir.resolve("t.u32");
        Files.write(u32, new byte[] {1, 0, 0, 0, 2, 0, 0, 0});
        bad("go with --grammar strata", "compress", u32.toString(), "--input", "u32", "-o", dir.resolve("t.wgr").toString(), "--strata-layers", "1");
        bad("--strata-layers must be 0 to 16", "compress", u32.toString(), "--input", "u32", "-o", dir.resolve("t.wgr").toString(),
                "--grammar", "strata", "--strata-layers", "-1");
    }

    /**
     * The values are checked as the options are parsed: {@code recompress} refuses a bad one before it reads its input
     * (here missing, which it would otherwise name first; it used to check them only when it came to write, after the
     * pass that computes a recording's stored outputs).
     */
    @Test
    void badValuesAreRefusedBeforeTheInputIsRead() {
        Path missing = dir.resolve("missing.wtrace");
        String x = dir.resolve("x.wtrace").toString();
        bad("--strata-layers must be 0 to 16, not 17", "recompress", missing.toString(), "-o", x, "--strata-layers", "17");
        bad("--strata-layers must be 0 to 16, not 'two'", "recompress", missing.toString(), "-o", x, "--strata-layers", "two");
        bad("--strata-memory must be 1k to 64g", "recompress", missing.toString(), "-o", x, "--strata-memory", "0");
        bad("--strata-memory must be 1k to 64g", "compress", missing.toString(), "--input", "u32", "-o", dir.resolve("m.wgr").toString(),
                "--grammar", "strata", "--strata-memory", "65g");
    }

    /**
     * {@code compress --grammar strata} says a layer given up in its summary (its output and JSON), not on standard error
     * while its progress line is drawn there.
     */
    @Test
    void compressSaysALayerGivenUpInItsSummary() throws Exception {
        Path u32 = dir.resolve("nested.u32");
        int n = 200_000;
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * n).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        java.util.Random r = new java.util.Random(11);
        for (int i = 0; i < n; i++) b.putInt(i % 5 == 4 ? 100 + r.nextInt(40) : i % 5); // many strata of paths that repeat
        Files.write(u32, b.array());
        Path wgr = dir.resolve("nested.wgr");
        Cli text = ok("compress", u32.toString(), "--input", "u32", "-o", wgr.toString(), "--grammar", "strata", "--strata-memory", "1k", "--force");
        assertThat(text.out()).contains("strata  stratum layer 1 (of 2 layers) given up").contains("1024-byte budget");
        assertThat(text.err()).doesNotContain("given up");
        Cli json = ok("compress", u32.toString(), "--input", "u32", "-o", wgr.toString(), "--grammar", "strata", "--strata-memory", "1k", "--force",
                "--format", "json");
        assertThat(json.out()).contains("\"strataGivenUp\"").contains("stratum layer 1 (of 2 layers) given up");
        Path back = dir.resolve("nested-back.u32");
        ok("expand", wgr.toString(), "-o", back.toString());
        assertThat(Files.readAllBytes(back)).isEqualTo(Files.readAllBytes(u32));
    }

    /** {@code compress --grammar strata --strata-layers 0}: the grammar of the paths alone, read back as the same records. */
    @Test
    void compressTakesTheOptions() throws Exception {
        Path u32 = dir.resolve("loops.u32");
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * 60_000).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        java.util.Random r = new java.util.Random(5);
        for (int i = 0; i < 60_000; i++) b.putInt(i % 7 == 6 ? 100 + r.nextInt(3) : i % 7);
        Files.write(u32, b.array());
        for (String n : new String[] {"0", "1", "4"}) {
            Path wgr = dir.resolve("loops-" + n + ".wgr");
            ok("compress", u32.toString(), "--input", "u32", "-o", wgr.toString(), "--grammar", "strata", "--strata-layers", n);
            Path back = dir.resolve("loops-" + n + ".u32");
            ok("expand", wgr.toString(), "-o", back.toString());
            assertThat(Files.readAllBytes(back)).as("N = %s", n).isEqualTo(Files.readAllBytes(u32));
        }
    }
}
