package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.reader.ParallelTrace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs that fork JVMs (wtdemo.ForkingParent: the child inherits the -javaagent option): with
 * out=NAME-%p each JVM writes its own trace; with one fixed out= the child finds the file held by
 * the recording parent and writes NAME-PID instead, saying so in one line: no trace is overwritten.
 */
class RecordForkedJvmsTest {
    static final Path AGENT = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    record Run(int exit, String out, String err, long parentPid) {}

    private Run forkUnder(String out) throws IOException, InterruptedException {
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(CliRecordTest.java(), "-javaagent:" + AGENT + "=out=" + out + ",mode=cdr,include=wtdemo.*", "-cp",
                System.getProperty("java.class.path"), "wtdemo.ForkingParent").redirectError(err.toFile()).start();
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), stdout, Files.readString(err, StandardCharsets.UTF_8), p.pid());
    }

    private static long childPid(Run r) {
        return Long.parseLong(r.out().lines().filter(l -> !l.equals("child")).findFirst().orElseThrow());
    }

    private static void assertComplete(Path trace) throws IOException {
        assertThat(trace).exists();
        assertThat(ParallelTrace.open(trace).complete()).as(trace.toString()).isTrue();
    }

    @Test
    void percentPGivesEveryJvmItsOwnTrace() throws Exception {
        Run r = forkUnder(dir.resolve("run-%p.wtrace").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out().lines()).contains("child");
        assertThat(r.err()).isEmpty();
        assertComplete(dir.resolve("run-" + r.parentPid() + ".wtrace"));
        assertComplete(dir.resolve("run-" + childPid(r) + ".wtrace"));
    }

    @Test
    void aChildDoesNotOverwriteTheTraceItsParentIsWriting() throws Exception {
        Path trace = dir.resolve("run.wtrace");
        Run r = forkUnder(trace.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        Path childs = dir.resolve("run-" + childPid(r) + ".wtrace");
        assertThat(r.err().lines().toList()).containsExactly("wholetrace agent: " + trace
                + " is being recorded by another JVM; this one (pid " + childPid(r) + ") records into " + childs);
        assertComplete(trace);
        assertComplete(childs);
        // the parent's trace is the parent's: it started the child (one fork of a thread is not it; its main thread's name is)
        assertThat(ParallelTrace.open(trace).properties().get("program")).isEqualTo("wtdemo.ForkingParent");
        assertThat(ParallelTrace.open(childs).properties().get("program")).isEqualTo("wtdemo.ForkingParent child");
    }

    @Test
    void aTraceOfAnEarlierRunIsReplacedWithANote() throws Exception {
        Path trace = dir.resolve("again.wtrace");
        Files.writeString(trace, "an earlier trace");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(CliRecordTest.java(), "-javaagent:" + AGENT + "=out=" + trace + ",mode=cdr", "-cp",
                System.getProperty("java.class.path"), "wtdemo.ForkingParent", "child").redirectError(err.toFile()).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readAllLines(err)).containsExactly("wholetrace agent: replacing " + trace + " (a trace no running JVM holds)");
        assertComplete(trace);
    }

    @Test
    void aBadPercentSequenceIsOneLineAndTheProgramRunsUntraced() throws Exception {
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(CliRecordTest.java(), "-javaagent:" + AGENT + "=out=" + dir.resolve("run-%x.wtrace") + ",mode=cdr",
                "-cp", System.getProperty("java.class.path"), "wtdemo.ForkingParent", "child").redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(out).isEqualTo("child" + System.lineSeparator());
        List<String> lines = Files.readAllLines(err);
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("wholetrace agent: not recording: ").contains("'%x'");
    }

    @Test
    void recordRefusesABadPercentSequenceInOneLine() {
        Cli r = Cli.run("record", "-o", dir.resolve("run-%x.wtrace").toString(), "--agent", AGENT.toString(), "--",
                CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), "wtdemo.ForkingParent", "child");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.errLines().get(0)).contains("'%x'");
    }

    @Test
    void recordExpandsPercentPForTheJvmItStarts() {
        Path pattern = dir.resolve("rec-%p.wtrace");
        Cli r = Cli.run("record", "-o", pattern.toString(), "--agent", AGENT.toString(), "--include", "wtdemo.*", "--",
                CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), "wtdemo.ForkingParent", "child");
        assertThat(r.exit()).as(r.err()).isZero();
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("rec-")).toList()).hasSize(1)
                    .allMatch(n -> n.matches("rec-[0-9]+\\.wtrace"));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
