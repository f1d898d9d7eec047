package dev.wholetrace.cli;

import static dev.wholetrace.cli.CliErrorTest.badInput;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that writes a file (compress, expand, export, record, workload -o) leaves the
 * user's files alone: it refuses directories, special files and its own input (exit 2, one line),
 * replaces an existing file only with --force, and for record/workload says so before the program
 * runs. docs/cli.md lists these guarantees next to this test.
 */
class CliOutputSafetyTest {
    @TempDir
    Path dir;

    Path raw;
    Path wgr;
    Path trace;

    @BeforeEach
    void files() throws Exception {
        raw = Files.write(dir.resolve("in.u32"), CliTest.u32(2000, 3));
        wgr = dir.resolve("in.wgr");
        Cli c = Cli.run("compress", raw.toString(), "--input", "u32", "--codec", "zstd", "-o", wgr.toString());
        assertThat(c.exit()).as(c.toString()).isZero();
        trace = Traces.twoThreads(dir.resolve("two.wtrace"), TraceMode.CDR);
    }

    /** A command line writing {@code out} for each command that writes files, reading the fixtures. */
    private List<String[]> writers(Path out, String... extra) {
        List<String[]> all = new ArrayList<>();
        all.add(concat(new String[] {"compress", raw.toString(), "--input", "u32", "-o", out.toString()}, extra));
        all.add(concat(new String[] {"expand", wgr.toString(), "-o", out.toString()}, extra));
        all.add(concat(new String[] {"export", trace.toString(), "-o", out.toString()}, extra));
        return all;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private List<String> names() throws IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void refusesADirectoryEvenWithForce() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("empty-dir"));
        List<String> before = names();
        for (String[] args : writers(sub, "--force")) assertThat(badInput(args)).contains("empty-dir is a directory");
        assertThat(Files.isDirectory(sub)).isTrue();
        assertThat(names()).isEqualTo(before);
    }

    @Test
    void refusesASpecialFileEvenWithForce() throws Exception {
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        for (String[] args : writers(fifo, "--force")) assertThat(badInput(args)).contains("fifo is not a regular file");
        assertThat(Files.exists(fifo)).isTrue();
        assertThat(Files.isRegularFile(fifo)).isFalse();
    }

    @Test
    void refusesItsOwnInputEvenWithForceAlsoThroughLinks() throws IOException {
        Path hard = Files.createLink(dir.resolve("hard.wgr"), wgr);
        Path soft = Files.createSymbolicLink(dir.resolve("soft.wtrace"), trace.getFileName());
        byte[] rawBefore = Files.readAllBytes(raw);
        byte[] wgrBefore = Files.readAllBytes(wgr);
        byte[] traceBefore = Files.readAllBytes(trace);
        assertThat(badInput("compress", raw.toString(), "--input", "u32", "-o", raw.toString(), "--force")).contains("is the command's input");
        assertThat(badInput("expand", wgr.toString(), "-o", wgr.toString(), "--force")).contains("is the command's input");
        assertThat(badInput("expand", wgr.toString(), "-o", hard.toString(), "--force")).contains("is the command's input");
        assertThat(badInput("export", trace.toString(), "-o", trace.toString(), "--force")).contains("is the command's input");
        assertThat(badInput("export", soft.toString(), "-o", trace.toString(), "--force")).contains("is the command's input");
        assertThat(Files.readAllBytes(raw)).isEqualTo(rawBefore);
        assertThat(Files.readAllBytes(wgr)).isEqualTo(wgrBefore);
        assertThat(Files.readAllBytes(trace)).isEqualTo(traceBefore);
    }

    @Test
    void replacesAnExistingFileOnlyWithForce() throws IOException {
        int n = 0;
        for (String[] args : writers(dir.resolve("out"))) {
            Path out = Files.writeString(dir.resolve("out"), "precious " + n++);
            String before = Files.readString(out);
            assertThat(badInput(args)).contains("exists; add --force to replace it");
            assertThat(Files.readString(out)).isEqualTo(before);
            Cli forced = Cli.run(concat(args, new String[] {"--force"}));
            assertThat(forced.exit()).as(forced.toString()).isZero();
            assertThat(Files.readString(out, java.nio.charset.StandardCharsets.ISO_8859_1)).isNotEqualTo(before);
            Files.delete(out);
        }
        assertThat(names()).noneMatch(f -> f.endsWith(".partial"));
    }

    @Test
    void aFailingCommandLeavesNoOutputAndNoTemporaryFile() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.wgr"), "not a grammar");
        List<String> before = names();
        badInput("expand", bad.toString(), "-o", dir.resolve("x.u32").toString());
        badInput("compress", dir.resolve("odd.u32").toString(), "--input", "u32", "-o", dir.resolve("x.wgr").toString());
        assertThat(names()).isEqualTo(before);
    }

    @Test
    void workloadChecksItsOutputBeforeStartingTheKernel() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("d"));
        // No --workloads or --agent: the check comes first, so no jar is needed and no JVM starts.
        assertThat(badInput("workload", "sor", "-o", sub.toString())).contains("is a directory");
        assertThat(badInput("workload", "sor", "-o", dir.resolve("no/such/x.wtrace").toString())).contains("no such file or directory");
        assertThat(badInput("workload", "sor", "-o", trace.toString())).contains("exists; add --force");
    }

    @Test
    void recordChecksItsOutputBeforeStartingTheProgram() throws IOException {
        Path ran = dir.resolve("ran");
        Path sub = Files.createDirectory(dir.resolve("d"));
        String java = CliRecordTest.java();
        String cp = System.getProperty("java.class.path");
        for (Path out : List.of(sub, dir.resolve("no/such/x.wtrace"), trace, Path.of("/proc/x.wtrace"))) {
            badInput("record", "-o", out.toString(), "--", java, "-cp", cp, "wtdemo.Touch", ran.toString());
            assertThat(Files.exists(ran)).as("the program ran although " + out + " cannot be written").isFalse();
        }
    }

    @Test
    void recordFailsWhenTheProgramSucceededButLeftNoTrace() {
        Path out = dir.resolve("gone.wtrace");
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        Cli r = Cli.run("record", "-o", out.toString(), "--agent", agent.toString(), "--include", "wtdemo.*", "--", CliRecordTest.java(), "-cp",
                System.getProperty("java.class.path"), "wtdemo.Remove", out.toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(1);
        assertThat(r.errLines()).last().asString().isEqualTo("wholetrace: " + out + ": no trace after the program exited (the agent's messages, if any, are above)");
    }
}
