package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench/prediction-record.sh and bench/prediction-simulate.sh with another build's CLI copy ({@code --cli}), and
 * bench/prediction-measure.sh's command lines and rows: run
 * against a stand-in {@code java} on the PATH that logs its arguments and answers as the CLI would, so the
 * scripts' own plumbing (options, file names) is what is tested.
 */
class PredictionScriptsTest {
    @TempDir
    Path dir;

    /** A {@code java} that appends its arguments to $FAKE_LOG; as {@code simulate} it prints one point, as {@code record} it writes the trace. */
    private static final String FAKE_JAVA = """
            #!/usr/bin/env bash
            echo "$*" >> "$FAKE_LOG"
            if [[ " $* " == *" simulate "* ]]; then
              echo '{"points":[{"processors":1,"seconds":0.5,"truncated":false,"threads":[{"executing":7}]}]}'
            elif [[ " $* " == *" record "* ]]; then
              while [[ $1 != -o ]]; do shift; done
              echo trace > "$2"
            fi
            """;

    private Map<String, String> fakeJava() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, FAKE_JAVA);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return Map.of("PATH", bin + ":" + System.getenv("PATH"), "FAKE_LOG", dir.resolve("java.log").toString());
    }

    private static int run(Map<String, String> env, String... cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(out).isTrue();
        if (p.exitValue() != 0) System.err.println(out);
        return p.exitValue();
    }

    private static String script(String name) {
        return Path.of(name).toAbsolutePath().toString(); // the bench module's directory
    }

    @Test
    void simulateWithACliCopyOutsideABuildTreeNamesItsFilesAfterTheJar() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")) && Files.isExecutable(Path.of("/usr/bin/python3")));
        Map<String, String> env = fakeJava();
        Path work = Files.createDirectories(dir.resolve("work")), out = dir.resolve("out.tsv");
        Path copy = Files.createDirectories(dir.resolve("copies")).resolve("wholetrace-fluid.jar");
        // the tag was the jar's third parent directory's name: for a copy outside ROOT/cli/target, "/" or a temporary directory's
        assertThat(run(env, "/bin/bash", script("prediction-simulate.sh"), work.toString(), "m.properties", out.toString(), "--kernels", "sor",
                "--threads", "1", "--procs", "1", "--cli", copy.toString())).isZero();
        assertThat(Files.readAllLines(out)).containsExactly("sor\t1\t1\t10\t0.5\t7\tFalse", "sor\t1\t1\t30\t0.5\t7\tFalse");
        assertThat(work.resolve("sim-wholetrace-fluid-m-sor-1-30.json")).exists();
        assertThat(Files.readString(dir.resolve("java.log"))).startsWith("-jar " + copy + " simulate ");
        // a checkout's CLI keeps the checkout's name (two worktrees' builds side by side)
        Path tree = Files.createDirectories(dir.resolve("wt-x/cli/target")).resolve("wholetrace.jar");
        assertThat(run(env, "/bin/bash", script("prediction-simulate.sh"), work.toString(), "m.properties", out.toString(), "--kernels", "sor",
                "--threads", "1", "--procs", "1", "--cli", tree.toString())).isZero();
        assertThat(work.resolve("sim-wt-x-m-sor-1-30.json")).exists();
    }

    @Test
    void twoMachineFilesOnTheSameRecordingsKeepTheirOwnJson() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")) && Files.isExecutable(Path.of("/usr/bin/python3")));
        Map<String, String> env = fakeJava();
        Path work = Files.createDirectories(dir.resolve("work"));
        // the JSON was named after the CLI only: the second machine file's run replaced the first's file
        for (String machine : List.of("before.properties", "dir/after.properties")) {
            assertThat(run(env, "/bin/bash", script("prediction-simulate.sh"), work.toString(), machine, dir.resolve("out.tsv").toString(),
                    "--kernels", "sor", "--threads", "1", "--procs", "1")).isZero();
        }
        assertThat(work.resolve("sim-before-sor-1-30.json")).exists();
        assertThat(work.resolve("sim-after-sor-1-30.json")).exists();
        assertThat(work.resolve("sim-after-sor-1-30.log")).exists();
    }

    @Test
    void replayWithJitAsksForTheJitTermOfItsHighRecordingAsTheGraphDoes() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")) && Files.isExecutable(Path.of("/usr/bin/python3")));
        Map<String, String> env = fakeJava();
        Path work = Files.createDirectories(dir.resolve("work"));
        // --jit was the graph's only: the replay's rows had no JIT term, Math3Driver's window 0.27 s against 0.87 s (session 50)
        assertThat(run(env, "/bin/bash", script("prediction-simulate.sh"), work.toString(), "m.properties", dir.resolve("out.tsv").toString(),
                "--kernels", "sor", "--threads", "1", "--procs", "1", "--replay", "--jit")).isZero();
        List<String> calls = Files.readAllLines(dir.resolve("java.log"));
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0)).contains("--replay " + work.resolve("rec/sor-1-10.wtrace")).doesNotContain("--jit");
        assertThat(calls.get(1)).contains("--replay " + work.resolve("rec/sor-1-30.wtrace"))
                .contains("--jit-low " + work.resolve("rec/sor-1-10.wtrace") + " --jit-steps 10,30 --jit-window 1000,21000");
    }

    @Test
    void recordTakesAnotherCliAndWorkloadsJar() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")));
        Map<String, String> env = fakeJava();
        Path rec = dir.resolve("rec"), cli = dir.resolve("cli-copy.jar"), workloads = dir.resolve("workloads-copy.jar");
        assertThat(run(env, "/bin/bash", script("prediction-record.sh"), rec.toString(), "--kernels", "sor", "--threads", "1",
                "--cli", cli.toString(), "--workloads", workloads.toString())).isZero();
        assertThat(rec.resolve("sor-1-10.wtrace")).exists();
        assertThat(Files.readAllLines(dir.resolve("java.log"))).containsExactly(
                "-jar " + cli + " record --mode COR -o " + rec.resolve("sor-1-10.wtrace") + " --force -- java -cp " + workloads
                        + " dev.wholetrace.workloads.Workload sor 1 256 10",
                "-jar " + cli + " record --mode COR -o " + rec.resolve("sor-1-30.wtrace") + " --force -- java -cp " + workloads
                        + " dev.wholetrace.workloads.Workload sor 1 256 30");
        assertThat(List.of(cli, workloads)).noneMatch(Files::exists); // the stand-in never opened them
    }
    @Test
    void everyMeasuredRunPinsTheCollectorOnOneCoreAndOnTwoAndSaysWhichBesideThePoint() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")) && Files.isExecutable(Path.of("/usr/bin/time")) && Files.isExecutable(Path.of("/usr/bin/bc")));
        Map<String, String> env = fakeJava();
        Path out = dir.resolve("measured.tsv");
        // HotSpot's ergonomics pick Serial on one processor and G1 on two: unpinned, the 1-core and 2-core points ran different collectors
        assertThat(run(env, "/bin/bash", script("prediction-measure.sh"), out.toString(), "--kernels", "sor", "--threads", "1", "--reps", "1",
                "--jar", "w.jar")).isZero();
        List<String> calls = Files.readAllLines(dir.resolve("java.log"));
        assertThat(calls).hasSize(4).allMatch(c -> c.startsWith("-XX:+UseSerialGC -cp w.jar dev.wholetrace.workloads.Workload sor 1 256 "));
        List<String> rows = Files.readAllLines(out);
        assertThat(rows).hasSize(4).allMatch(r -> r.split("\t").length == 9 && r.endsWith("\t-XX:+UseSerialGC"));
        assertThat(rows).extracting(r -> r.split("\t")[2]).containsExactly("1", "1", "2", "2");
    }

    @Test
    void waterIsRecordedAtItsMeasuredStepCounts() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")));
        Map<String, String> env = fakeJava();
        Path rec = dir.resolve("rec");
        // its pairs inside the cut-off drift by 10 % between steps 2-6 and the measured window (10, 1010]: the profile is the window's
        assertThat(run(env, "/bin/bash", script("prediction-record.sh"), rec.toString(), "--kernels", "water", "--threads", "1")).isZero();
        assertThat(rec.resolve("water-1-10.wtrace")).exists();
        assertThat(rec.resolve("water-1-1010.wtrace")).exists();
        // 1010 steps are about 1.0 G vertices: simulate's default limit (200 M) would truncate them
        Path work = Files.createDirectories(dir.resolve("work"));
        assertThat(run(env, "/bin/bash", script("prediction-simulate.sh"), work.toString(), "m.properties", dir.resolve("out.tsv").toString(),
                "--kernels", "water", "--threads", "1", "--procs", "1")).isZero();
        assertThat(Files.readAllLines(dir.resolve("java.log"))).filteredOn(c -> c.contains(" simulate ")).hasSize(2)
                .allMatch(c -> c.contains(" --max-steps 3000000000 ") && c.contains("/rec/water-1-10"));
    }
}
