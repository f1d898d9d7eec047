package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only a process of its own shows: write errors on standard output, the out-of-memory exit,
 * a closed pipe, and signals sent to {@code record}. Each test runs the CLI's Main in a JVM of its
 * own, as the launcher does.
 */
class CliProcessTest {
    @TempDir
    Path dir;

    static List<String> cli(String... args) {
        return cli(List.of(), args);
    }

    static List<String> cli(List<String> jvmOptions, String... args) {
        List<String> cmd = new ArrayList<>(List.of(CliRecordTest.java()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }

    record Done(int exit, List<String> errLines) {}

    static Done finish(Process p) throws Exception {
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Done(p.exitValue(), err.lines().filter(l -> !l.isEmpty()).toList());
    }

    /**
     * The progress line goes where standard error goes, judged by standard error alone: under a
     * pseudo-terminal ({@code script}) with stderr redirected to a file ({@code 2>log}; stdin and
     * stdout still the terminal, so the JVM has a console) the log gets no line; with stderr on the
     * terminal and stdout piped ({@code | cat}: no console) the line is drawn.
     */
    @Test
    void progressIsDrawnWhenStderrIsATerminalWhateverStdinAndStdoutAre() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "needs script(1) for a pseudo-terminal");
        Path trace = Traces.twoThreads(dir.resolve("t.wtrace"), TraceMode.CDR); // three chunks: the re-pack reports progress
        Path log = dir.resolve("err.log");
        String recompress = String.join(" ", cli("recompress", trace.toString(), "-o", dir.resolve("r.wtrace").toString(), "--force")
                .stream().map(a -> "'" + a + "'").toList());
        Process toLog = new ProcessBuilder("/usr/bin/script", "-qec", recompress + " 2>'" + log + "'", "/dev/null")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(finish(toLog).exit()).isZero();
        assertThat(Files.readString(log)).as("stderr redirected to a file").doesNotContain("\r").doesNotContain("re-packing");

        Process onTerminal = new ProcessBuilder("/usr/bin/script", "-qec", recompress + " | cat >/dev/null", "/dev/null").start();
        String screen = new String(onTerminal.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(finish(onTerminal).exit()).isZero();
        assertThat(screen).as("stderr on the terminal, stdout a pipe").contains("\rre-packing t.wtrace: ");
    }

    @Test
    void aWriteErrorOnStandardOutputIsOneLineAndExitCode1() throws Exception {
        Path trace = Traces.twoThreads(dir.resolve("t.wtrace"), TraceMode.CDR);
        File full = new File("/dev/full");
        for (String[] args : List.of(new String[] {"stats", trace.toString()}, new String[] {"dump", trace.toString()},
                new String[] {"stats", "--help"})) {
            Done d = finish(new ProcessBuilder(cli(args)).redirectOutput(full).start());
            assertThat(d.exit()).as(String.join(" ", args) + " " + d).isEqualTo(1);
            assertThat(d.errLines()).singleElement().asString().isEqualTo("wholetrace: cannot write standard output: No space left on device");
        }
        Path raw = Files.write(dir.resolve("in.u32"), CliTest.u32(1000, 2));
        Path wgr = dir.resolve("in.wgr");
        assertThat(Cli.run("compress", raw.toString(), "--input", "u32", "-o", wgr.toString()).exit()).isZero();
        Done binary = finish(new ProcessBuilder(cli("expand", wgr.toString(), "-o", "-")).redirectOutput(full).start());
        assertThat(binary.exit()).as(binary.toString()).isEqualTo(1);
        assertThat(binary.errLines()).singleElement().asString().contains("cannot write standard output");
    }

    @Test
    void aReaderThatStopsReadingEndsTheCommandQuietly() throws Exception {
        Path trace = Traces.sor(dir.resolve("sor.wtrace"), TraceMode.CDR, 32, 4);
        Process p = new ProcessBuilder(cli("dump", trace.toString(), "--thread", "1", "--format", "json")).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).startsWith("{");
        out.close(); // as '| head -1' does
        Done d = finish(p);
        assertThat(d.errLines()).isEmpty();
        assertThat(d.exit()).isEqualTo(Main.BROKEN_PIPE);
    }

    @Test
    void runningOutOfMemoryIsOneLineNamingTheBudgetAndExitCode3() throws Exception {
        // Random values: SEQUITUR finds no repeats and keeps every one as a rule body symbol.
        ByteBuffer b = ByteBuffer.allocate(4 * 2_000_000).order(ByteOrder.LITTLE_ENDIAN);
        Random r = new Random(7);
        while (b.hasRemaining()) b.putInt(r.nextInt());
        Path raw = Files.write(dir.resolve("random.u32"), b.array());
        Path out = dir.resolve("random.wgr");
        Done d = finish(new ProcessBuilder(cli(List.of("-Xmx32m", "-Dwholetrace.memory=32m"), "compress", raw.toString(), "--input", "u32",
                "-o", out.toString())).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
        assertThat(d.exit()).as(d.toString()).isEqualTo(Main.OUT_OF_MEMORY);
        assertThat(d.errLines()).singleElement().asString()
                .isEqualTo("wholetrace: out of memory: compress needed more than the 32 MB budget; "
                        + "raise it with WHOLETRACE_MEMORY=64m or 'wholetrace --memory 64m ...'");
        assertThat(Files.exists(out)).isFalse();
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
    }

    /** Whether this process ignores signal {@code number} (and so would the processes it starts). */
    private static boolean ignoredHere(int number) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) return (Long.parseUnsignedLong(line.substring(7).trim(), 16) >>> (number - 1) & 1) != 0;
        }
        return false;
    }

    /** Starts {@code record} on wtdemo.Sleeper and waits for the program's "ready". */
    private Process recordSleeper(Path trace) throws IOException {
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        Process record = new ProcessBuilder(cli("record", "-o", trace.toString(), "--agent", agent.toString(), "--include", "wtdemo.*",
                "--", CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), "wtdemo.Sleeper"))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(record.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).isEqualTo("ready");
        return record;
    }

    @Test
    void recordPassesSignalsToTheProgramAndExitsWithItsCode() throws Exception {
        for (String signal : List.of("TERM", "HUP", "INT")) {
            int number = switch (signal) { case "HUP" -> 1; case "INT" -> 2; default -> 15; };
            if (ignoredHere(number)) continue; // inherited as ignored (nohup, a background job): the JVM cannot take it
            Path trace = dir.resolve(signal + ".wtrace");
            Process record = recordSleeper(trace);
            List<ProcessHandle> program = record.descendants().toList();
            assertThat(program).as("the traced program").isNotEmpty();
            assertThat(new ProcessBuilder("kill", "-s", signal, Long.toString(record.pid())).start().waitFor()).isZero();
            assertThat(record.waitFor(60, TimeUnit.SECONDS)).as(signal).isTrue();
            assertThat(record.exitValue()).as(signal).isEqualTo(128 + number);
            for (ProcessHandle h : program) {
                h.onExit().get(10, TimeUnit.SECONDS);
                assertThat(h.isAlive()).as("the program after SIG" + signal).isFalse();
            }
            // The program stopped through its shutdown, so the agent finished the trace.
            assertThat(ParallelTrace.open(trace).complete()).as(signal).isTrue();
        }
    }
}
