package dev.wholetrace.bench.jmh;

import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of the method-entry lookup of instrumented code ({@link Probes#enter}: the calling thread's
 * recorder handle, then the method's first block on it), per method invocation in ns, with the
 * agent's real probe classes installed on a real COR {@link TraceRecorder} (docs/results/overhead-profile.md,
 * session 42). The code is written as the instrumenter shapes it (ThreadHandleLocal): a getter
 * pair and their caller, each method fetching its handle at entry into a local, the caller then
 * recording a second block on its local; the JIT inlines all three into the loop.
 * <ul>
 *   <li>{@code enter}: that code, three lookups per loop turn;</li>
 *   <li>{@code handlePassed}: the same blocks with the loop's one handle passed to the methods
 *       (no lookup): the floor, the block stores alone. {@code enter − handlePassed} is the lookup.</li>
 * </ul>
 * Sample mode, one sample per benchmark invocation of {@value #TURNS} loop turns ({@value #CALLS}
 * method invocations): the <b>median</b> over {@value #CALLS} is the cost per method invocation.
 * Not the mean: the compressor is slower per event than the program thread, so a few invocations
 * wait for it at a buffer hand-over (the mean and high percentiles carry those waits). Not JMH's
 * per-operation scaling either: sample mode divides each sample by the operations in whole
 * nanoseconds, too coarse for a few ns per call. Run: {@code bench/run jmh ProbeLookupBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class ProbeLookupBenchmark {
    /** Loop turns per benchmark invocation. */
    static final int TURNS = 1000;
    /** Method invocations per benchmark invocation: three per loop turn. */
    static final int CALLS = 3 * TURNS;

    private Path dir;
    private TraceRecorder recorder;
    private final Point point = new Point(3, 4);

    /** A small class as the agent instruments it: block 1, 2 and 3 begin the methods, 4 follows the calls. */
    static final class Point {
        private final int x;
        private final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        int x() {
            Probes.enter(1);
            return x;
        }

        int y() {
            Probes.enter(2);
            return y;
        }

        int sum() {
            ThreadRecorder h = Probes.enter(3);
            int s = x() + y();
            h.block(4);
            return s;
        }

        int x(ThreadRecorder h) {
            h.block(1);
            return x;
        }

        int y(ThreadRecorder h) {
            h.block(2);
            return y;
        }

        int sum(ThreadRecorder h) {
            h.block(3);
            int s = x(h) + y(h);
            h.block(4);
            return s;
        }
    }

    @Setup(Level.Trial)
    public void open() throws IOException {
        dir = Files.createTempDirectory("wholetrace-jmh");
        recorder = TraceRecorder.open(dir.resolve("lookup.wtrace"), RecorderConfig.defaults(TraceMode.COR));
        Probes.install(recorder);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        Probes.install(null);
        recorder.close();
        Files.deleteIfExists(dir.resolve("lookup.wtrace"));
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public int enter() {
        Point p = point;
        int s = 0;
        for (int k = 0; k < TURNS; k++) s += p.sum();
        return s;
    }

    @Benchmark
    public int handlePassed() {
        Point p = point;
        ThreadRecorder h = Probes.handle();
        int s = 0;
        for (int k = 0; k < TURNS; k++) s += p.sum(h);
        return s;
    }
}
