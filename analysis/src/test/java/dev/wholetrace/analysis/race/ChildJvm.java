package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a command (javac, or a program under the agent) for the tests that build their programs at test time. */
final class ChildJvm {
    private ChildJvm() {}

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
