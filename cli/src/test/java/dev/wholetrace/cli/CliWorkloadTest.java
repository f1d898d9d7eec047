package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.workloads.kernels.Kernels;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wholetrace workload}: the kernels run in a JVM of their own from workloads/target/wholetrace-workloads.jar
 * (packaged by the reactor before these tests), plainly and recorded.
 */
class CliWorkloadTest {
    @TempDir
    Path dir;

    static final Path AGENT = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
    static final Path WORKLOADS = Path.of("..", "workloads", "target", "wholetrace-workloads.jar").toAbsolutePath().normalize();

    private static Cli workload(String... args) {
        String[] all = new String[args.length + 5];
        all[0] = "workload";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--agent";
        all[args.length + 2] = AGENT.toString();
        all[args.length + 3] = "--workloads";
        all[args.length + 4] = WORKLOADS.toString();
        return Cli.run(all);
    }

    @Test
    void runsAKernelPlainlyAndPrintsItsValidatedLine() {
        Cli r = workload("sor", "--threads", "3", "--size", "24", "--steps", "4");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).startsWith("sor n=24 iterations=4 residual=").doesNotContain("Trace of");
    }

    @Test
    void recordsAKernelAndSummarisesTheTrace() throws Exception {
        Path file = dir.resolve("sor.wtrace");
        Cli r = workload("sor", "--threads", "2", "--size", "24", "--steps", "3", "-o", file.toString(), "--mode", "cdr");
        assertThat(r.exit()).as(r.toString()).isZero();
        Cli plain = workload("sor", "--threads", "2", "--size", "24", "--steps", "3");
        assertThat(r.out()).startsWith(plain.out().strip()).contains("Trace of sor with 2 threads, CDR mode", "6 barrier episodes");
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.mode()).isEqualTo(TraceMode.CDR);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).extracting(t -> t.name()).contains("sor-0", "sor-1");
        EventCounts c = new EventCounts();
        for (int t = 0; t < trace.threads().size(); t++) c.add(EventCounts.of(trace.thread(t)));
        assertThat(c.sync[SyncKind.BARRIER.ordinal()]).isEqualTo(2 * 2 * 3); // 2 threads, 2 barriers per iteration
        assertThat(c.loads).isPositive();
        // only the kernels are instrumented, not the launcher that parses the arguments
        for (int b = 0; b < trace.code().blockCount(); b++) {
            assertThat(trace.code().block(b).className()).startsWith("dev.wholetrace.workloads.kernels.");
        }
    }

    @Test
    void helpListsEveryKernel() {
        Cli r = Cli.run("workload", "--help");
        assertThat(r.exit()).isZero();
        for (Kernels k : Kernels.values()) assertThat(r.out()).contains("  " + k.label() + " ");
    }

    @Test
    void badInputIsOneLineAndExitCode2() {
        Cli unknown = workload("nope");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.errLines()).singleElement().asString().startsWith("wholetrace: ").contains("no workload 'nope'", "fft, lu, mp3d, water, sor");
        Cli size = workload("sor", "--size", "1");
        assertThat(size.exit()).isEqualTo(2);
        assertThat(size.errLines()).singleElement().asString().contains("--size must be at least 3");
        Cli threads = workload("sor", "--threads", "0");
        assertThat(threads.exit()).isEqualTo(2);
        assertThat(threads.errLines()).singleElement().asString().contains("--threads must be at least 1");
        Cli mode = workload("sor", "-o", dir.resolve("x.wtrace").toString(), "--mode", "bogus");
        assertThat(mode.exit()).isEqualTo(2);
        assertThat(mode.errLines()).hasSize(1);
        Cli outDir = workload("sor", "-o", dir.toString());
        assertThat(outDir.exit()).isEqualTo(2);
        assertThat(outDir.errLines()).singleElement().asString().startsWith("wholetrace: ").contains("is a directory");
    }
}
