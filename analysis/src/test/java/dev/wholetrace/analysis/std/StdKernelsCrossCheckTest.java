package dev.wholetrace.analysis.std;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.PackagedAgent;
import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every kernel, recorded under the agent at a small size, exported as STD and replayed by the
 * test's own happens-before checker ({@link StdHbChecker}): the export is a well-formed lock trace
 * and shows no race that {@code races} does not report. (The kernels are race-free, so both find
 * none; before barrier arrivals were written after each participant's accesses, the export showed
 * pairs on SOR, Water and LU.) The labelled suite gets the same check in
 * RaceSuiteTest, on the traces it records anyway.
 */
class StdKernelsCrossCheckTest {
    static final Path AGENT = PackagedAgent.jar();

    @TempDir
    static Path dir;

    @ParameterizedTest(name = "{0} on {1} threads")
    @CsvSource({"sor, 4, 16, 2", "fft, 4, 8, 1", "lu, 3, 48, 1", "water, 4, 16, 2", "mp3d, 3, 512, 2"})
    void theExportShowsNoRaceTheDetectorDoesNotReport(String kernel, int threads, int size, int steps) throws Exception {
        ParallelTrace trace = record(kernel, threads, size, steps);
        Set<String> detected = new TreeSet<>();
        for (Race r : RaceDetector.detect(trace, false).races()) detected.add(Math.min(r.a(), r.b()) + ":" + Math.max(r.a(), r.b()));
        StdHbChecker.Result std = StdHbChecker.check(trace);
        assertThat(std.violations()).as("well-formed").isEmpty();
        assertThat(std.lines()).isGreaterThan(1000);
        assertThat(detected).as("the kernels are race-free").isEmpty();
        assertThat(detected).containsAll(std.pairs());
    }

    static ParallelTrace record(String kernel, int threads, int size, int steps) throws Exception {
        String name = kernel + "-" + threads;
        Path trace = dir.resolve(name + ".wtrace");
        Path err = dir.resolve(name + ".err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-javaagent:" + AGENT + "=out=" + trace + ",mode=cdr,include=dev.wholetrace.workloads.kernels.*",
                "-cp", System.getProperty("java.class.path"), "dev.wholetrace.workloads.Workload", kernel, "" + threads, "" + size, "" + steps)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(name + " finished").isTrue();
        assertThat(p.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();
        return ParallelTrace.open(trace);
    }
}
