package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program's own security manager, instrumented with the program (JDK 17, {@code -Djava.security.manager=allow}),
 * is asked whenever a class loads from a directory of the class path, on whichever thread loads it. The agent's
 * shutdown hook loaded the handle of no recording that way: the security manager's probes asked for that handle,
 * which loaded the class again, until the stack overflowed and the trace was left without its end. The writer loads
 * classes at its cuts: the security manager's probes registered it as a thread of the program.
 */
class InstrumentedSecurityManagerTest {
    @TempDir
    Path dir;

    @Test
    void anInstrumentedSecurityManagerLeavesTheTraceCompleteAndTheRecorderOutOfIt() throws Exception {
        Path trace = dir.resolve("guarded.wtrace");
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        CliRecordTest.Run run = CliRecordTest.run(List.of(CliRecordTest.java(), "-Djava.security.manager=allow",
                "-javaagent:" + agent + "=out=" + trace + ",mode=cdr,interval=200,include=wtdemo.*",
                "-cp", System.getProperty("java.class.path"), "wtdemo.GuardedRacyCounter"), "");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEqualTo("done\n");
        ParallelTrace t = ParallelTrace.open(trace);
        assertThat(t.complete()).as("the trace has its end").isTrue();
        assertThat(t.threads()).as("main, a and b: no thread of the recorder").hasSize(3);
        Cli r = Cli.run("races", trace.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("2 apparent data races (pairs of instructions): 2 first, 0 artifacts");
    }
}
