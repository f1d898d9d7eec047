package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code recompress --chunk-events N --join} on kernels recorded by the agent in a JVM of their
 * own, cut into many chunks (a chunk every 5 ms): the joined file, one chunk, prints the same dump
 * (every event of every thread, addresses included), segments from inside the stream and races
 * as the agent's file, and is smaller.
 */
class CliJoinKernelsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"lu, 4, 32, 1", "sor, 3, 40, 4", "fft, 2, 12, 1"})
    void aJoinedKernelAnalysesAsRecorded(String kernel, int threads, int size, int steps) throws Exception {
        Path file = dir.resolve(kernel + ".wtrace");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + CliWorkloadTest.AGENT + "=out=" + file + ",mode=cdr,interval=5,include=dev.wholetrace.workloads.kernels.*",
                "-cp", CliWorkloadTest.WORKLOADS.toString(), "dev.wholetrace.workloads.Workload",
                kernel, Integer.toString(threads), Integer.toString(size), Integer.toString(steps))
                .redirectErrorStream(true).redirectOutput(dir.resolve(kernel + ".out").toFile()).start();
        assertThat(p.waitFor()).isZero();
        int chunks = Traces.chunks(file).size();
        assertThat(chunks).as(kernel + ": chunks to join").isGreaterThanOrEqualTo(2);

        Path joined = dir.resolve(kernel + ".joined.wtrace");
        Cli r = Cli.run("recompress", file.toString(), "-o", joined.toString(), "--chunk-events", Long.toString(Long.MAX_VALUE), "--join");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(Traces.chunks(joined)).hasSize(1);
        assertThat(joined.toFile().length()).as(kernel).isLessThan(file.toFile().length());

        ParallelTrace original = ParallelTrace.open(file);
        assertThat(ParallelTrace.open(joined).eventCount()).isEqualTo(original.eventCount());
        String in = file.toString();
        String out = joined.toString();
        assertThat(lines("dump", out)).as(kernel).isEqualTo(lines("dump", in));
        for (int t = 0; t < original.threads().size(); t++) {
            String thread = Integer.toString(t);
            assertThat(lines("dump", out, "--thread", thread)).as(kernel + " thread " + t).isEqualTo(lines("dump", in, "--thread", thread));
            long ops = original.thread(t).syncCount();
            for (long from = 0; from < ops; from += Math.max(1, ops / 4)) { // segments start inside the joined stream
                List<String> a = lines("segment", in, "--thread", thread, Long.toString(from), Long.toString(ops - 1));
                List<String> b = lines("segment", out, "--thread", thread, Long.toString(from), Long.toString(ops - 1));
                assertThat(b.subList(1, b.size())).as(kernel + " thread " + t + " from op " + from).isEqualTo(a.subList(1, a.size()));
            }
        }
        assertThat(Cli.run("verify", out).exit()).isZero();
        assertThat(races(out)).as(kernel).isEqualTo(races(in));
    }

    /** {@code races}' report but its progressions count (how the accesses were read: per chunk, so fewer once joined) and time. */
    private static String races(String file) {
        Cli r = Cli.run("races", file);
        assertThat(r.exit()).as(r.toString()).isZero();
        return r.out().replace(file, "FILE").replaceAll("read as [0-9.]+( [kMG])? progressions \\([0-9.]+ s\\)", "read as N progressions");
    }

    private static List<String> lines(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return new ArrayList<>(r.out().lines().toList());
    }
}
