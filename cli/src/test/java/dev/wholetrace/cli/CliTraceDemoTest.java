package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's second part: a multithreaded run recorded to a .wtrace, summarised, one segment. */
class CliTraceDemoTest {
    @TempDir
    Path dir;

    @Test
    void recordsRedBlackSorAndShowsASegment() throws Exception {
        Path keep = dir.resolve("kept");
        Cli r = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> Cli.run("demo", "--blocks", "1000", "--grid", "8", "--sweeps", "1", "--keep", keep.toString()));
        assertThat(r.exit()).as(r.toString()).isZero();
        String out = r.out();
        // RedBlackSor(4, 100, 10): the counts follow from its loops (see CliStatsTest)
        assertThat(out).contains("Parallel trace: red-black SOR, 4 threads on a 100 × 100 grid, 10 iterations, recorded in CDR mode.")
                .contains("events   578626 in 5 threads (blocks 98129, loads 384200, stores 96080, sync 217)")
                .contains("S_synch  217 entries");
        Path trace = keep.resolve("red-black-sor.wtrace");
        long size = Files.size(trace);
        assertThat(out).containsPattern("file     " + size + " bytes \\([^)]+\\) = [0-9.]+% of raw: WPP \\d+, data \\d+, S_synch \\d+, synch_cnt \\d+, other \\d+");
        assertThat(out).contains("segment  thread 1 (sor-", "), sync ops 2..3: events ");
        // the segment shown is what 'segment' prints (the demo shows at most 6 of its events)
        var seg = Cli.run("segment", trace.toString(), "--thread", "1", "2", "3").out().lines().toList();
        for (String line : seg.subList(0, Math.min(seg.size(), 7))) assertThat(out).contains(line);
        assertThat(out).contains("barrier", "lock");
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("warning");
    }
}
