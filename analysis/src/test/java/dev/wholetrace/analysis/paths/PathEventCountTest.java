package dev.wholetrace.analysis.paths;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.PackagedAgent;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The path counts of a recorded program whose loop, calls and method entries are known. */
class PathEventCountTest {
    static final Path AGENT = PackagedAgent.jar();

    @TempDir
    Path dir;

    @Test
    void loopsWithAndWithoutCallsAreCountedPathByPath() throws Exception {
        Path trace = dir.resolve("subject.wtrace");
        Path err = dir.resolve("subject.err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-javaagent:" + AGENT + "=out=" + trace + ",mode=cor,include=" + PathCountSubject.class.getName(),
                "-cp", System.getProperty("java.class.path"), PathCountSubject.class.getName())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("finished").isTrue();
        assertThat(p.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();

        PathEventCount.Counts c = PathEventCount.count(ParallelTrace.open(trace));
        int n = PathCountSubject.ITERATIONS;
        // main's entry and one entry of twice per iteration, each twice's only block
        assertThat(c.entries).isEqualTo(1 + n);
        assertThat(c.callsWithEvents).isEqualTo(n);
        // javac's loops: the test at the top, the body and its increment jump back to it once per iteration
        assertThat(c.backEdges).isEqualTo(2 * n);
        assertThat(c.exceptionEdges).isZero();
        assertThat(c.specialBlocks).isZero();
        // (b): main's entry path, one per back edge, one resuming main after each twice; twice's one path each
        assertThat(c.pathsBDynamic).isEqualTo(1 + 2 * n + n + n);
        // (a) also ends main's path at each Math.abs and at println
        assertThat(c.pathsA).isEqualTo(c.pathsBDynamic + n + 1);
        // run-length: the second loop's iterations 2..n-1 take the path of the one before, nothing between;
        // the first loop's never do (twice's events come between)
        assertThat(c.repeatsA).isEqualTo(n - 2);
        assertThat(c.repeatsB).isEqualTo(n - 2);
        // (c): only the second loop's test is implied (its predecessors, the initialisation and the body,
        // cannot throw and go only to it); it runs n + 1 times
        assertThat(c.impliedC).isEqualTo(n + 1);
        // every iteration takes the same path through main, and twice always the same one
        assertThat(c.distinctA.size()).isLessThan(12);
        assertThat(c.blocks).isEqualTo(c.events - c.others);
    }
}
