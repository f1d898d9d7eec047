package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wholetrace record} end to end: a real JVM runs wtdemo.HandOver under the agent. Its
 * output, stdin and exit code pass through, and the monitor hand-overs in S_synch are the order the
 * program itself logged inside the monitor. Needs agent/target/wholetrace-agent.jar, which the
 * reactor build packages before the CLI's tests run.
 */
class CliRecordTest {
    @TempDir
    Path dir;

    record Run(int exit, String out) {}

    static Run run(List<String> cmd, String stdin) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out);
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static List<String> program(String... args) {
        List<String> cmd = new ArrayList<>(List.of(java(), "-cp", System.getProperty("java.class.path"), "wtdemo.HandOver"));
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }

    @Test
    void recordsAProgramWithoutChangingItsBehaviour() throws Exception {
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        assertThat(agent).as("the agent jar (mvn -pl agent -am package)").exists();
        Run plain = run(program("3", "200"), "hello\n");
        assertThat(plain.exit()).isEqualTo(7);

        Path trace = dir.resolve("handover.wtrace");
        List<String> record = new ArrayList<>(List.of(java(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "record", "-o", trace.toString(), "--agent", agent.toString(), "--include", "wtdemo.*", "--"));
        record.addAll(program("3", "200"));
        Run traced = run(record, "hello\n");

        assertThat(traced.exit()).isEqualTo(plain.exit());
        assertThat(traced.out().lines().toList()).hasSize(2).last().isEqualTo("echo hello");
        assertThat(traced.out().lines().findFirst().orElseThrow().split(" ")).hasSize(1 + 3 * 200);

        ParallelTrace t = ParallelTrace.open(trace);
        assertThat(t.complete()).isTrue();
        assertThat(t.threads()).hasSize(4); // main and three workers
        List<String> lockOrder = new ArrayList<>();
        SyncOrder order = t.syncOrder();
        for (int i = 0; i < order.size(); i++) {
            if (order.kind(i) == SyncKind.LOCK) lockOrder.add(t.threads().get(order.thread(i)).name());
        }
        List<String> logged = Arrays.asList(traced.out().lines().findFirst().orElseThrow().substring("order ".length()).split(" "));
        assertThat(lockOrder).isEqualTo(logged);
        // On the monitor, every lock is followed by the same thread's unlock (other threads' forks
        // and begins may come between: they do not touch the monitor).
        List<Integer> onMonitor = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            if (order.kind(i) == SyncKind.LOCK || order.kind(i) == SyncKind.UNLOCK) onMonitor.add(i);
        }
        assertThat(onMonitor).hasSize(2 * 3 * 200);
        for (int k = 0; k < onMonitor.size(); k += 2) {
            int lock = onMonitor.get(k);
            int unlock = onMonitor.get(k + 1);
            assertThat(order.kind(lock)).isEqualTo(SyncKind.LOCK);
            assertThat(order.kind(unlock)).isEqualTo(SyncKind.UNLOCK);
            assertThat(order.thread(unlock)).isEqualTo(order.thread(lock));
            assertThat(order.object(unlock)).isEqualTo(order.object(lock));
        }
        assertThat(Files.readString(trace, StandardCharsets.ISO_8859_1)).startsWith("WTTR");
    }

    /** The platform loader's classes are the JDK's own: the agent leaves them alone and says nothing about them. */
    @Test
    void jdkModulesOfThePlatformLoaderAreLeftAloneSilently() throws Exception {
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        Path trace = dir.resolve("modules.wtrace");
        Process p = new ProcessBuilder(java(), "-javaagent:" + agent + "=out=" + trace, "-cp", System.getProperty("java.class.path"),
                "wtdemo.UsesJdkModules").start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(out).isEqualTo("http HTTP_2 sql 0" + System.lineSeparator());
        assertThat(err).isEmpty();
        assertThat(ParallelTrace.open(trace).complete()).isTrue();
    }

    @Test
    void recordRepacksTheTraceAfterANormalExitUnlessAskedNotTo() throws Exception {
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        Path packed = dir.resolve("packed.wtrace");
        Path fast = dir.resolve("fast.wtrace");
        for (Path trace : List.of(packed, fast)) {
            List<String> record = new ArrayList<>(List.of(java(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                    "record", "-o", trace.toString(), "--agent", agent.toString(), "--include", "wtdemo.*"));
            if (trace == fast) record.add("--no-recompress");
            record.add("--");
            record.addAll(program("3", "2000"));
            assertThat(run(record, "x\n").exit()).isEqualTo(7);
        }
        // Re-packing a trace that record already re-packed changes nothing; the agent's own file shrinks.
        Path again = dir.resolve("again.wtrace");
        assertThat(Cli.run("recompress", packed.toString(), "-o", again.toString()).exit()).isZero();
        assertThat(Files.size(again)).isEqualTo(Files.size(packed));
        Path fastAgain = dir.resolve("fast-again.wtrace");
        assertThat(Cli.run("recompress", fast.toString(), "-o", fastAgain.toString()).exit()).isZero();
        assertThat(Files.size(fastAgain)).isLessThan(Files.size(fast));
        // The re-packed file is a file as the user's umask makes them, not the 0600 of a temporary file.
        Path plain = Files.createFile(dir.resolve("plain"));
        assertThat(Files.getPosixFilePermissions(packed)).isEqualTo(Files.getPosixFilePermissions(plain));
        ParallelTrace t = ParallelTrace.open(packed);
        assertThat(t.complete()).isTrue();
        assertThat(t.threads()).hasSize(4);
    }

    /** Starts wtdemo.Sleeper under the agent and returns once it printed "ready". */
    static Process sleeper(Path trace, String extraOptions) throws IOException {
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        Process p = new ProcessBuilder(java(), "-javaagent:" + agent + "=out=" + trace + ",mode=cdr" + extraOptions, "-cp",
                System.getProperty("java.class.path"), "wtdemo.Sleeper").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).isEqualTo("ready");
        return p;
    }

    @Test
    void sigtermFinishesTheTrace() throws Exception {
        Path trace = dir.resolve("term.wtrace");
        Process p = sleeper(trace, "");
        p.destroy(); // SIGTERM: the JVM runs its shutdown hooks, the agent's among them
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        ParallelTrace t = ParallelTrace.open(trace);
        assertThat(t.complete()).isTrue();
        assertThat(t.eventCount()).isPositive();
    }

    @Test
    void sigkillLeavesTheCompleteChunks() throws Exception {
        Path trace = dir.resolve("kill.wtrace");
        Process p = sleeper(trace, ",interval=100");
        Thread.sleep(1500); // several chunk intervals
        p.destroyForcibly(); // SIGKILL: no hook runs
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        ParallelTrace t = ParallelTrace.open(trace);
        assertThat(t.complete()).isFalse();
        assertThat(t.chunkCount()).isPositive();
        assertThat(t.eventCount()).isPositive();
    }
}
