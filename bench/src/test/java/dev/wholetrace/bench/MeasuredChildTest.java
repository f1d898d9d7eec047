package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench overhead}'s child runs: exit code and output pass through /usr/bin/time, peak RSS is the child's, a cap stops it. */
class MeasuredChildTest {
    @TempDir
    Path dir;

    @Test
    void exitCodeOutputAndPeakRssOfTheChildItself() throws Exception {
        assumeTrue(Files.isExecutable(Path.of(MeasuredChild.TIME)) && Files.isExecutable(Path.of("/bin/sh")));
        MeasuredChild child = new MeasuredChild(dir);
        // A small shell, then a JVM that touches a 256 MiB heap: a KiB/byte mix-up or another process's peak shows.
        MeasuredChild.Run small = child.run(List.of("/bin/sh", "-c", "echo out; echo err >&2; exit 3"), 60);
        assertThat(small.exit()).isEqualTo(3);
        assertThat(small.out()).isEqualTo("out\n");
        assertThat(small.err()).isEqualTo("err\n"); // time's "Command exited with non-zero status" went to its own file
        assertThat(small.capped()).isFalse();
        assertThat(small.peakRssBytes()).isBetween(100L << 10, 32L << 20);
        MeasuredChild.Run big = child.run(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms256m",
                "-Xmx256m", "-XX:+AlwaysPreTouch", "-version"), 60);
        assertThat(big.exit()).isZero();
        assertThat(big.peakRssBytes()).isGreaterThan(256L << 20);
        assertThat(big.wallSeconds()).isPositive();
    }

    @Test
    void aRunPastItsCapIsStoppedAndMarked() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/sleep")));
        MeasuredChild.Run r = new MeasuredChild(dir).run(List.of("/bin/sleep", "30"), 1);
        assertThat(r.capped()).isTrue();
        assertThat(r.wallSeconds()).isEqualTo(1.0);
    }
}
