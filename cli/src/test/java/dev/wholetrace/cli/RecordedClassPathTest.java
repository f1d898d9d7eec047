package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.ProgramProperties;
import dev.wholetrace.reader.ParallelTrace;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test runner's JVM (Maven Surefire) starts from a manifest-only jar that is deleted after the run and
 * sets the real class path once running: the trace keeps the class path at exit too, so {@code races}
 * finds the program's class files without {@code --classpath}.
 */
class RecordedClassPathTest {
    @TempDir
    Path dir;

    @Test
    void racesFindTheClassesOfAProgramStartedFromAManifestOnlyJar() throws Exception {
        String realClassPath = System.getProperty("java.class.path");
        Path booter = dir.resolve("booter.jar");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        List<String> urls = new ArrayList<>();
        for (String e : realClassPath.split(File.pathSeparator)) {
            if (!e.isEmpty()) urls.add(Path.of(e).toAbsolutePath().toUri().toString());
        }
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", urls));
        try (OutputStream out = new JarOutputStream(Files.newOutputStream(booter), m)) {
            // a manifest only
        }
        Path trace = dir.resolve("booted.wtrace");
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        CliRecordTest.Run run = CliRecordTest.run(List.of(CliRecordTest.java(), "-javaagent:" + agent + "=out=" + trace + ",mode=cdr,include=wtdemo.*",
                "-cp", booter.toString(), "wtdemo.BootedRacyCounter", realClassPath), "");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEqualTo("done\n");
        Files.delete(booter);

        assertThat(ParallelTrace.open(trace).properties())
                .containsEntry(ProgramProperties.CLASS_PATH, booter.toString())
                .containsEntry(ProgramProperties.CLASS_PATH_AT_EXIT, realClassPath);
        Cli r = Cli.run("races", trace.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("2 apparent data races (pairs of instructions): 2 first, 0 artifacts").doesNotContain("note:");
    }

    @Test
    void aClassPathThatStaysTheSameIsRecordedOnce() throws Exception {
        Path trace = dir.resolve("plain.wtrace");
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        CliRecordTest.Run run = CliRecordTest.run(List.of(CliRecordTest.java(), "-javaagent:" + agent + "=out=" + trace + ",mode=cdr,include=wtdemo.*",
                "-cp", System.getProperty("java.class.path"), "wtdemo.RacyCounter"), "");
        assertThat(run.exit()).isZero();
        assertThat(ParallelTrace.open(trace).properties()).containsEntry(ProgramProperties.CLASS_PATH, System.getProperty("java.class.path"))
                .doesNotContainKey(ProgramProperties.CLASS_PATH_AT_EXIT);
    }
    /**
     * Reading the class path at exit may throw (a program's security manager): the trace is still
     * finished, with the class path of the start. The read came first in the shutdown hook's try,
     * so its exception skipped the recorder's close: no last chunk, no end of file. The security
     * manager is not instrumented (an instrumented one is InstrumentedSecurityManagerTest's).
     */
    @Test
    void aClassPathThatCannotBeReadAtExitStillFinishesTheTrace() throws Exception {
        Path trace = dir.resolve("hidden.wtrace");
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        CliRecordTest.Run run = CliRecordTest.run(List.of(CliRecordTest.java(), "-Djava.security.manager=allow",
                "-javaagent:" + agent + "=out=" + trace + ",mode=cdr,include=wtdemo.RacyCounter*",
                "-cp", System.getProperty("java.class.path"), "wtdemo.HiddenClassPathRacyCounter"), "");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEqualTo("done\n");
        ParallelTrace t = ParallelTrace.open(trace);
        assertThat(t.complete()).as("the trace has its end").isTrue();
        assertThat(t.properties()).containsEntry(ProgramProperties.CLASS_PATH, System.getProperty("java.class.path"))
                .doesNotContainKey(ProgramProperties.CLASS_PATH_AT_EXIT);
        Cli r = Cli.run("races", trace.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("2 apparent data races (pairs of instructions): 2 first, 0 artifacts");
    }
}
