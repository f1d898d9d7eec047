package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.workloads.include.app.GuardedCountNo;
import dev.wholetrace.workloads.include.app.UnguardedCountYes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * include= narrows what is checked, not what orders it: programs whose threads and lock live in a
 * library package, recorded with include= naming only the application package, get the
 * application's races and no others (the library's starts, joins and monitor are still recorded).
 */
class IncludeRaceTest {
    private static final String APP = "dev.wholetrace.workloads.include.app.*";

    @TempDir
    Path dir;

    private Set<String> races(Class<?> program, String include) throws Exception {
        Path trace = dir.resolve(program.getSimpleName() + ".wtrace");
        Path err = dir.resolve(program.getSimpleName() + ".err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-javaagent:" + RaceSuiteTest.AGENT + "=out=" + trace + ",mode=cdr,include=" + include,
                "-cp", System.getProperty("java.class.path"), program.getName())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();
        return RaceTargets.of(trace);
    }

    @Test
    void aLibrarysThreadsAndLocksStillOrderTheIncludedClasses() throws Exception {
        assertThat(races(GuardedCountNo.class, APP)).isEmpty();
    }

    @Test
    void theIncludedClassesRacesAreStillFound() throws Exception {
        assertThat(races(UnguardedCountYes.class, APP)).containsExactly("UnguardedCountYes.count");
    }

    @Test
    void withEverythingIncludedTheSame() throws Exception {
        assertThat(races(GuardedCountNo.class, "dev.wholetrace.workloads.include.*")).isEmpty();
        assertThat(races(UnguardedCountYes.class, "dev.wholetrace.workloads.include.*")).containsExactly("UnguardedCountYes.count");
    }
}
