package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Runs a command (javac, or a program under the agent) for the tests that build their programs at test time. */
final class ChildJvm {
    private ChildJvm() {}

    /** The bin directory of the JDK the tests run on. */
    static final Path THIS_JDK = Path.of(System.getProperty("java.home"), "bin");

    /**
     * The bin directory of JDK {@code feature} (17: the one the tests run on; 25: Temurin's), or the test is
     * skipped (a JUnit assumption) when that JDK is not installed: the set-up of the tests run on both JDKs.
     */
    static Path jdkOrSkip(int feature) {
        Path bin = feature == 17 ? THIS_JDK : StructuredScopeRaceTest.JDK25;
        Assumptions.assumeTrue(Files.isExecutable(bin.resolve("java")), "no JDK " + feature + " at " + bin);
        return bin;
    }

    /** Writes {@code source} as {@code dir/name.java} and compiles it into {@code dir} with {@code jdk}'s javac and {@code options}. */
    static void compile(Path dir, Path jdk, String name, String source, String... options) throws Exception {
        Path file = dir.resolve(name + ".java");
        Files.writeString(file, source);
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("javac").toString()));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-d", dir.toString(), file.toString()));
        run(dir, cmd);
    }

    /** Runs class {@code name} from {@code dir} on {@code jdk} under the agent in mode CDR into {@link #traceOf}; returns its output. */
    static String record(Path dir, Path jdk, String name, String... javaOptions) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("java").toString()));
        cmd.addAll(List.of(javaOptions));
        cmd.addAll(List.of("-javaagent:" + RaceSuiteTest.AGENT + "=out=" + traceOf(dir, name) + ",mode=cdr", "-cp", dir.toString(), name));
        return run(dir, cmd);
    }

    /** Runs class {@code name} from {@code dir} on {@code jdk} without the agent; returns its output. */
    static String plain(Path dir, Path jdk, String name, String... javaOptions) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("java").toString()));
        cmd.addAll(List.of(javaOptions));
        cmd.addAll(List.of("-cp", dir.toString(), name));
        return run(dir, cmd);
    }

    /** The trace {@link #record} writes for class {@code name}. */
    static Path traceOf(Path dir, String name) {
        return dir.resolve(name + ".wtrace");
    }

    /** Runs {@code cmd} with its output in {@code dir}, asserts it finished within two minutes with exit 0, and returns its standard output. */
    static String run(Path dir, List<String> cmd) throws Exception {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s finished", cmd.get(0)).isTrue();
        assertThat(p.exitValue()).as("%s: %s", cmd, Files.readString(err, StandardCharsets.UTF_8)).isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
