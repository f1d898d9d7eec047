package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built-in end-to-end demo, at a small size. */
class CliDemoTest {
    @TempDir
    Path dir;

    @Test
    void smallDemoPrintsTheComparisonTable() {
        Path keep = dir.resolve("kept");
        // A ceiling for a hang, not a speed target: the demo records a kernel in a child JVM, which on
        // 2 cores at a load of 50-70 took longer than the 30 s this was (session 42); a hang still fails.
        Cli r = assertTimeoutPreemptively(Duration.ofMinutes(10),
                () -> Cli.run("demo", "--blocks", "20000", "--grid", "16", "--sweeps", "3", "--keep", keep.toString()));
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("xz -9", "wholetrace", "gzip -9", "bzip2 -9", "zstd -19", "wt / xz");
        assertThat(r.out()).contains("control flow", "2-D sweep");
        assertThat(r.out()).containsPattern("control flow: 20\\.0 k blocks|control flow: 20,?000 blocks");
        // rows: label, six sizes (raw, wholetrace, gzip, bzip2, xz, zstd), the wt / xz ratio
        long rows = r.out().lines().filter(l -> l.matches(".*\\s\\d+(\\s+\\d+){5}\\s+\\d+\\.\\d+\\s*")).count();
        assertThat(rows).as(r.out()).isEqualTo(3);
        assertThat(r.err()).doesNotContain("Exception");
        assertThat(Files.exists(keep.resolve("control-flow.wgr"))).isTrue();
        assertThat(Files.exists(keep.resolve("grid-sweep.u64"))).isTrue();
        assertThat(r.out()).contains("files kept in");
    }
}
