package dev.wholetrace.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Implied blocks (agent option {@code implied}, on by default; agent/…/ImpliedSuccessors,
 * recorder/…/ImpliedBlocks) change what the probes emit, never the trace: each kernel recorded
 * in CDR with and without them gives every thread (matched by name) exactly the same blocks and loads/stores in the
 * same order (each named by its code-map entry, so that ids handed out in another class-loading
 * order would not hide a difference), and the same event count.
 */
class ImpliedBlocksRecordingTest {
    static final Path AGENT = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();

    @TempDir
    static Path dir;

    @ParameterizedTest(name = "{0} on {1} threads")
    // Not mp3d: what a thread does depends on the cells other threads filled first (lock order).
    @CsvSource({"sor, 4, 16, 2", "fft, 4, 8, 1", "lu, 3, 48, 1", "water, 4, 16, 2"})
    void aKernelRecordsTheSameBlocksWithAndWithoutImpliedBlocks(String kernel, int threads, int size, int steps) throws Exception {
        ParallelTrace with = record(kernel, threads, size, steps, "on");
        ParallelTrace without = record(kernel, threads, size, steps, "off");
        assertThat(with.threads()).hasSameSizeAs(without.threads());
        long blocks = 0;
        for (int t = 0; t < with.threads().size(); t++) {
            int u = byName(without, with.threads().get(t).name()); // threads register in the order they start running
            List<String> a = blocksAndAccesses(with, t);
            List<String> b = blocksAndAccesses(without, u);
            int d = 0;
            while (d < Math.min(a.size(), b.size()) && a.get(d).equals(b.get(d))) d++;
            assertThat(a.subList(Math.max(0, d - 3), Math.min(a.size(), d + 3)))
                    .as("thread %d from event %d of %d/%d (with/without)", t, Math.max(0, d - 3), a.size(), b.size())
                    .isEqualTo(b.subList(Math.max(0, d - 3), Math.min(b.size(), d + 3)));
            assertThat(with.thread(t).eventCount()).as("thread %d's events", t).isEqualTo(without.thread(u).eventCount());
            blocks += a.size();
        }
        assertThat(blocks).isGreaterThan(1000);
    }

    private static ParallelTrace record(String kernel, int threads, int size, int steps, String implied) throws Exception {
        String name = kernel + "-" + implied;
        Path trace = dir.resolve(name + ".wtrace");
        Path err = dir.resolve(name + ".err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-javaagent:" + AGENT + "=out=" + trace + ",mode=cdr,implied=" + implied
                + ",include=dev.wholetrace.workloads.kernels.*",
                "-cp", System.getProperty("java.class.path"), "dev.wholetrace.workloads.Workload", kernel, "" + threads, "" + size, "" + steps)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(name + " finished").isTrue();
        assertThat(p.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();
        return ParallelTrace.open(trace);
    }

    private static int byName(ParallelTrace trace, String name) {
        for (ThreadInfo i : trace.threads()) if (i.name().equals(name)) return i.index();
        throw new AssertionError("no thread " + name);
    }

    /** Thread t's blocks and loads/stores, each as its code-map entry's place and text. */
    private static List<String> blocksAndAccesses(ParallelTrace trace, int t) {
        List<String> out = new ArrayList<>();
        for (Iterator<Event> it = trace.thread(t).events(); it.hasNext(); ) {
            Event e = it.next();
            if (e.isSync()) continue;
            CodeEntry c = e.type() == Event.Type.BLOCK ? trace.code().block(e.id()) : trace.code().instruction(e.id());
            out.add(e.type() + " " + c.className() + "." + c.method() + c.descriptor() + "@" + c.bci() + " " + c.text());
        }
        return out;
    }
}
