package dev.wholetrace.bench.jmh;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.synthetic.ControlFlowTrace;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the program threads pay while the compressor falls behind (back-pressure): four threads
 * record irregular blocks ({@link ControlFlowTrace}) as fast as they can into a recorder with
 * one compressor worker and a queue of four buffers, so the worker is the bottleneck and the
 * producers wait for room most of the time. The primary score is the wall time per block (the
 * worker's pace); the auxiliary counters {@code producerCpuNanos} and {@code events} are the
 * producers' own thread CPU time and blocks in the measured iterations: their ratio is the
 * program threads' CPU per event, which waiting must not inflate (docs/results/overhead-profile.md,
 * session 41: the producers polled the full queue every 50 µs). Run:
 * {@code bench/run jmh BackPressureBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Threads(4)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class BackPressureBenchmark {
    static final int CALLS = 4096;
    private static final int MASK = (1 << 16) - 1;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private Path dir;
    private TraceRecorder recorder;
    private final int[] blocks = new int[MASK + 1];

    /** A producer's handle and its CPU and event counts (JMH sums the counters over the threads). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Producer {
        private Thread owner;
        private ThreadRecorder rec;
        int next;
        public long producerCpuNanos;
        public long events;

        ThreadRecorder of(BackPressureBenchmark b) {
            Thread me = Thread.currentThread();
            if (me != owner) {
                owner = me;
                rec = b.recorder.thread();
                next = (int) (me.getId() * 7919) & MASK;
            }
            return rec;
        }

        @Setup(Level.Iteration)
        public void reset() {
            producerCpuNanos = 0;
            events = 0;
        }
    }

    @Setup(Level.Trial)
    public void open() throws IOException {
        new ControlFlowTrace(42).fill(blocks, blocks.length);
        dir = Files.createTempDirectory("wholetrace-jmh");
        RecorderConfig c = RecorderConfig.defaults(TraceMode.COR);
        c = new RecorderConfig(c.mode(), c.codec(), 1, c.chunkEvents(), c.chunkSymbols(), c.chunkMillis(), c.batchLongs(), 4,
                c.foldPaths(), c.properties(), c.grammar());
        recorder = TraceRecorder.open(dir.resolve("backpressure.wtrace"), c);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        recorder.close();
        Files.deleteIfExists(dir.resolve("backpressure.wtrace"));
        Files.deleteIfExists(dir);
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void block(Producer p) {
        ThreadRecorder r = p.of(this);
        long cpu = THREADS.getCurrentThreadCpuTime();
        int i = p.next;
        for (int k = 0; k < CALLS; k++) r.block(blocks[(i + k) & MASK]);
        p.next = (i + CALLS) & MASK;
        p.producerCpuNanos += THREADS.getCurrentThreadCpuTime() - cpu;
        p.events += CALLS;
    }
}
