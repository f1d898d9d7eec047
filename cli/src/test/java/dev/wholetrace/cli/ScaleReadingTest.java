package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading within a heap budget, whatever the trace's length (docs/reading-memory.md): a trace of
 * 10 M sync operations (8 threads taking turns on a lock, a barrier every 16 turns: {@link
 * ScaleTraces#locksAndBarriers}) read by {@code stats}, {@code dump} and {@code segment} in a JVM
 * of {@code -Xmx512m} (the reader before the packed sync order needed more than 2 GB for stats).
 * Each command runs in a forked JVM through the CLI's main class, so the bound is the command's.
 *
 * <p>The two {@code races} runs (10 M sync operations in 512 MB, 10,000 threads in 1 GB) take minutes: they run with
 * {@code -Dwholetrace.scale=true}.
 */
class ScaleReadingTest {
    static final long SYNC_OPS = 10_000_000;
    static final int THREADS = 8;

    @TempDir
    static Path dir;
    static Path locks;

    @BeforeAll
    static void record() throws Exception {
        locks = dir.resolve("locks10m.wtrace");
        assertThat(ScaleTraces.locksAndBarriers(locks, SYNC_OPS, THREADS)).isEqualTo(SYNC_OPS);
    }

    @Test
    void statsOfTenMillionSyncOperationsWithin512m() throws Exception {
        Run r = Run.cli("512m", "stats", locks.toString());
        assertThat(r.exit).as(r.err).isZero();
        assertThat(r.out).contains("sync ops    " + SYNC_OPS + " (S_synch entries)");
    }

    /**
     * The HTML report of 10 M sync operations in a heap smaller than their packed order (about 80
     * MB): the order's pages beyond an eighth of the heap are spilled to a mapped temporary file
     * (reader PageSpill), and the report aggregates the sequence chart, so nothing in it grows with
     * the operations. Before the spill it ran out of memory here (issue 18: a 63 M-operation trace
     * in 512 MB).
     */
    @Test
    void reportOfTenMillionSyncOperationsInLessHeapThanTheirOrder() throws Exception {
        Path html = dir.resolve("locks10m.html");
        Run r = Run.cli("80m", "report", locks.toString(), "--no-races", "-o", html.toString());
        assertThat(r.exit).as(r.err).isZero();
        assertThat(Files.readString(html)).contains("10,000,000 sync operations, more than the 5,000 drawn one by one");
    }

    /**
     * A writer that lagged seals few, huge chunks: here 5 M operations in one. The reader streams a
     * chunk's SYNC_ORDER into the packed order (~8 bytes an operation), where it used to decode the
     * whole section into arrays first (68 bytes an operation: 340 MB for this chunk; stats needed
     * more than 256 MB, measured 96 MB enough after).
     */
    @Test
    void statsOfOneChunkOfFiveMillionSyncOperationsWithin160m() throws Exception {
        Path big = dir.resolve("onechunk5m.wtrace");
        long ops = ScaleTraces.locksAndBarriers(big, 5_000_000, THREADS, Long.MAX_VALUE);
        Run r = Run.cli("160m", "stats", big.toString());
        assertThat(r.exit).as(r.err).isZero();
        assertThat(r.out).contains("sync ops    " + ops + " (S_synch entries)");
        assertThat(r.out).containsPattern("chunks\\s+[12]\\b"); // the operations in one chunk (and maybe an empty last one)
    }

    @Test
    void dumpOfARangeOfTheSyncOrderWithin512m() throws Exception {
        Run r = Run.cli("512m", "dump", locks.toString(), "--sync-from", "5000000", "--sync-to", "5000003");
        assertThat(r.exit).as(r.err).isZero();
        // the middle of the order: the threads take the lock in turn, op numbers as far along as the entry
        assertThat(r.out.lines().toList()).hasSize(4).allMatch(l -> l.matches("\\s*500000[0-3]\\s+thread \\d+\\s+op \\d{6}\\s+(lock|unlock|barrier).*"));
    }

    @Test
    void dumpOfAThreadsRangeAndASegmentWithin512m() throws Exception {
        Run dump = Run.cli("512m", "dump", locks.toString(), "--thread", "3", "--sync-from", "600000", "--sync-to", "600001");
        assertThat(dump.exit).as(dump.err).isZero();
        assertThat(dump.out).contains("op 600000").contains("op 600001");
        Run segment = Run.cli("512m", "segment", locks.toString(), "--thread", "3", "600000", "600003");
        assertThat(segment.exit).as(segment.err).isZero();
        assertThat(segment.out.lines().filter(l -> l.matches("\\s*\\d+\\s+sync .*")).count()).isEqualTo(4); // the 4 operations, not the header
    }

    /** Fits 512 MB, but close to it: the collector works hard and it took 285 s on the shared 2-core machine, so scale runs only. */
    @Test
    @EnabledIfSystemProperty(named = "wholetrace.scale", matches = "true")
    void racesOfTenMillionSyncOperationsWithin512m() throws Exception {
        Run r = Run.cli("512m", "races", locks.toString());
        assertThat(r.exit).as(r.err).isZero();
    }

    @Test
    @EnabledIfSystemProperty(named = "wholetrace.scale", matches = "true")
    void racesOfTenThousandThreadsWithin1g() throws Exception {
        Path many = dir.resolve("threads10k.wtrace");
        ScaleTraces.manyThreads(many, 10_000);
        Run r = Run.cli("1g", "races", many.toString());
        assertThat(r.exit).as(r.err).isZero();
        assertThat(r.out).contains("10000 threads").contains("1 apparent data race");
    }

    /** One CLI command in a JVM of its own with heap {@code xmx}. */
    record Run(int exit, String out, String err) {
        static Run cli(String xmx, String... args) throws IOException, InterruptedException {
            return cli(dir, xmx, args);
        }

        /** The same, its output kept in files of {@code tmp}. */
        static Run cli(Path tmp, String xmx, String... args) throws IOException, InterruptedException {
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx" + xmx, "-cp", System.getProperty("java.class.path"), "dev.wholetrace.cli.Main"));
            cmd.addAll(List.of(args));
            Path out = Files.createTempFile(tmp, "out", ".txt");
            Path err = Files.createTempFile(tmp, "err", ".txt");
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + cmd);
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        }
    }
}
