package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import dev.wholetrace.workloads.handover.VirtualThreadPool;
import dev.wholetrace.workloads.libs.CompressDriver;
import dev.wholetrace.workloads.libs.GuavaDriver;
import dev.wholetrace.workloads.libs.H2Driver;
import dev.wholetrace.workloads.libs.JacksonDriver;
import dev.wholetrace.workloads.libs.Math3Driver;

/**
 * The agent on real libraries: each driver in dev.wholetrace.workloads.libs (module workloads)
 * runs in a child JVM without the agent and with it (mode cdr, every non-JDK class instrumented: the driver, the library, JUnit and
 * whatever else is on the test classpath), on the JDK running the tests and on JDK 25 when it is
 * installed. The traced run must print the same, exit the same, say nothing from the agent or the
 * verifier, and leave a complete trace. Needs agent/target/wholetrace-agent.jar (the reactor build
 * packages it before the CLI's tests run).
 */
class AgentLibrariesTest {
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
    static final long TIMEOUT_SECONDS = 120;

    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {}

    static Stream<String> jdks() {
        return Stream.of("current", "jdk25");
    }

    static String java(String jdk) {
        if (jdk.equals("current")) return Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Assumptions.assumeTrue(Files.isExecutable(JDK25), "no JDK 25 at " + JDK25);
        return JDK25.toString();
    }

    static Path agent() {
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        assertThat(agent).as("the agent jar (mvn -pl core,agent -am package)").exists();
        return agent;
    }

    /** Runs cmd with stdin closed, stdout and stderr to files (no pipe to fill); a hang fails. */
    Run run(String name, List<String> cmd) throws IOException, InterruptedException {
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail(name + " did not finish in " + TIMEOUT_SECONDS + " s: " + cmd.get(0) + " ... " + cmd.get(cmd.size() - 1) + "\nstderr:\n"
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /**
     * Runs main without and with the agent; expects the plain run to exit with exitCode and the
     * traced one to behave the same and record at least threads threads.
     */
    ParallelTrace check(String jdk, Class<?> main, int exitCode, int threads) throws Exception {
        String java = java(jdk);
        Path agent = agent();
        String cp = System.getProperty("java.class.path");
        String name = main.getSimpleName() + "-" + jdk;

        Run plain = run(name + "-plain", List.of(java, "-Xmx512m", "-cp", cp, main.getName()));
        assertThat(plain.exit()).as("exit code of the plain run; stderr:\n%s", plain.err()).isEqualTo(exitCode);
        assertThat(plain.out()).as("output of the plain run").isNotBlank();

        Path trace = dir.resolve(name + ".wtrace");
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx512m", "-javaagent:" + agent + "=out=" + trace + ",mode=cdr",
                "-cp", cp, main.getName()));
        Run traced = run(name + "-traced", cmd);
        String context = main.getName() + " under -javaagent:" + agent + "=out=" + trace + ",mode=cdr on " + java
                + "\nstderr of the traced run:\n" + traced.err();
        assertThat(traced.err()).as(context).doesNotContain("wholetrace agent:", "VerifyError", "ClassFormatError");
        assertThat(traced.exit()).as(context).isEqualTo(plain.exit());
        assertThat(traced.out()).as(context).isEqualTo(plain.out());

        ParallelTrace t = ParallelTrace.open(trace);
        assertThat(t.complete()).as("trace complete").isTrue();
        assertThat(t.threads()).as("recorded threads").hasSizeGreaterThanOrEqualTo(Math.max(1, threads));
        assertThat(t.eventCount()).as("recorded events").isPositive();
        return t;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void guava(String jdk) throws Exception {
        check(jdk, GuavaDriver.class, 3, 1 + 3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void jackson(String jdk) throws Exception {
        check(jdk, JacksonDriver.class, 0, 1 + 3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void commonsMath3(String jdk) throws Exception {
        check(jdk, Math3Driver.class, 5, 1 + 2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void h2(String jdk) throws Exception {
        check(jdk, H2Driver.class, 4, 1 + 4);
    }

    /**
     * The library itself hands tasks to an executor and waits on their futures. The executor is a JDK
     * ThreadPoolExecutor ({@code Executors.newFixedThreadPool}), so the tasks reach it as they are, with no
     * call-site task events (docs/agent.md, "Executors"): each goes through the pool's LinkedBlockingQueue
     * (released where it is queued, acquired where a worker takes it) or starts one of the four workers (a fork).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void commonsCompressParallelZip(String jdk) throws Exception {
        ParallelTrace t = check(jdk, CompressDriver.class, 6, 1 + 4);
        long[] tasks = new long[SyncKind.values().length];
        long futureSets = 0, futureGets = 0, queued = 0, taken = 0;
        SyncOrder order = t.syncOrder();
        for (int i = 0; i < order.size(); i++) {
            tasks[order.kind(i).ordinal()]++;
            CodeEntry site = t.code().instruction(order.site(i));
            String text = site == null ? "" : site.text();
            if (text.contains("JDK FutureTask.set:")) futureSets++;
            if (text.contains("JDK FutureTask.get:")) futureGets++;
            if (text.startsWith("JDK LinkedBlockingQueue.") && text.endsWith("release element")) queued++;
            if (text.startsWith("JDK LinkedBlockingQueue.") && text.endsWith("acquire element")) taken++;
        }
        for (SyncKind k : new SyncKind[] {SyncKind.TASK_SUBMIT, SyncKind.TASK_BEGIN, SyncKind.TASK_END, SyncKind.TASK_JOIN}) {
            assertThat(tasks[k.ordinal()]).as("call-site %s events", k).isZero();
        }
        assertThat(queued).as("entries queued: 40 less those that started one of the 4 workers").isBetween(36L, 40L);
        assertThat(taken).as("each queued entry taken by a worker").isEqualTo(queued);
        // the entries' futures are the JDK's FutureTasks: their get() is the join, recorded inside the JDK
        // (the release where the run sets the outcome, the acquire where get returns)
        assertThat(futureSets).as("FutureTask completions").isEqualTo(40);
        assertThat(futureGets).as("joins on the entries' futures").isGreaterThanOrEqualTo(40);
    }

    /**
     * Virtual threads under back-pressure (JDK 25 only): 3,000 tasks taking turns at a pool of four
     * fill the recorder's queues at once. When the scheduler's carrier threads recorded their own
     * hand-overs, a carrier could wait for a full queue while the virtual thread holding that queue's
     * lock waited for a carrier: one run in three hung for good. Several runs, each with a timeout;
     * the trace has the program's threads only (main and the tasks, no carriers).
     */
    @Test
    void virtualThreadsUnderBackPressureFinish() throws Exception {
        for (int run = 0; run < 4; run++) {
            ParallelTrace t = check("jdk25", VirtualThreadPool.class, 0, 1 + 3000);
            assertThat(t.threads()).as("main and the 3,000 tasks, no carrier threads").hasSize(1 + 3000);
            Files.delete(dir.resolve("VirtualThreadPool-jdk25.wtrace")); // the next run's agent would say it replaces it
        }
    }
}
