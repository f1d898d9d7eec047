package dev.wholetrace.bench.jmh;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.synthetic.ControlFlowTrace;
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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one {@code ThreadRecorder} call on the program thread, in ns, while the recorder's
 * background workers compress what the calls produce (a real {@link TraceRecorder} with
 * {@code RecorderConfig.defaults(mode)}, writing to a temporary file):
 * <ul>
 *   <li>{@code block}: block ids cycling through 64 Ki blocks of {@link ControlFlowTrace};</li>
 *   <li>{@code load}: four instructions, stride-8 sweep over a 64 Ki-element array (a no-op in COR,
 *       which drops accesses);</li>
 *   <li>{@code lockUnlock}: a lock and an unlock of one object (the result is per call, i.e. half
 *       a pair); each takes a ticket from the recorder's global counter.</li>
 * </ul>
 * Sample mode over invocations of {@value #CALLS} calls: the <b>median</b> is the cost of a call
 * that only writes into the buffer; the <b>mean</b> and high percentiles also carry the buffer
 * hand-overs and, when the compressor cannot keep up (usually: the program side is much faster),
 * the waits for queue space, so the mean tends to the compressor's time per event.
 * Run: {@code bench/run jmh RecorderEmitBenchmark} (add {@code -p mode=cdr} for one mode).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class RecorderEmitBenchmark {
    static final int CALLS = 1024;
    private static final int MASK = (1 << 16) - 1;

    @Param({"cor", "cdr", "all"})
    public String mode;

    private Path dir;
    private TraceRecorder recorder;
    private final int[] blocks = new int[MASK + 1];

    /** The calling thread's recorder handle; re-fetched if JMH runs this state on another thread. */
    @State(Scope.Thread)
    public static class Handle {
        private Thread owner;
        private ThreadRecorder rec;
        int next;

        ThreadRecorder of(RecorderEmitBenchmark b) {
            Thread me = Thread.currentThread();
            if (me != owner) {
                owner = me;
                rec = b.recorder.thread();
            }
            return rec;
        }
    }

    @Setup(Level.Trial)
    public void open() throws IOException {
        new ControlFlowTrace(42).fill(blocks, blocks.length);
        dir = Files.createTempDirectory("wholetrace-jmh");
        recorder = TraceRecorder.open(dir.resolve("emit.wtrace"), RecorderConfig.defaults(TraceMode.parse(mode)));
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        recorder.close();
        Files.deleteIfExists(dir.resolve("emit.wtrace"));
        Files.deleteIfExists(dir);
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void block(Handle h) {
        ThreadRecorder r = h.of(this);
        int i = h.next;
        for (int k = 0; k < CALLS; k++) r.block(blocks[(i + k) & MASK]);
        h.next = (i + CALLS) & MASK;
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void load(Handle h) {
        ThreadRecorder r = h.of(this);
        int i = h.next;
        long array = Addresses.of(16, 0);
        for (int k = 0; k < CALLS; k++) r.load(100 + (k & 3), array + 8L * ((i + k) & MASK));
        h.next = (i + CALLS) & MASK;
    }

    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void lockUnlock(Handle h) {
        ThreadRecorder r = h.of(this);
        for (int k = 0; k < CALLS; k += 2) {
            r.lock(1, 7);
            r.unlock(2, 7);
        }
    }
}
