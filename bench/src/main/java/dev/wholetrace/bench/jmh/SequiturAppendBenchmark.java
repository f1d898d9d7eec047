package dev.wholetrace.bench.jmh;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.SequiturGrammar;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code SequiturGrammar.append} throughput, in symbols per microsecond, on a fresh grammar fed
 * {@value #N} symbols of either
 * <ul>
 *   <li>{@code loop}: a nested-loop trace (outer loop; inner loop whose trip count cycles
 *       3,4,5,6,7; a branch taken every third outer iteration), highly compressible, or</li>
 *   <li>{@code random}: uniform symbols over 2^16 (fixed seed), nearly incompressible.</li>
 * </ul>
 * {@code append} measures {@link SequiturGrammar} itself (the class, not the seam);
 * {@code appendViaBuilder} the same input one terminal at a time through the {@link GrammarBuilder}
 * interface made by {@link GrammarAlgorithm#SEQUITUR}, as the recorder and the importers call it:
 * the two should not differ.
 * Run: {@code bench/run jmh SequiturAppendBenchmark} (or {@code java -jar bench/target/wholetrace-bench.jar jmh}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class SequiturAppendBenchmark {
    static final int N = 1 << 20;

    @Param({"loop", "random"})
    public String trace;

    private int[] symbols;

    @Setup
    public void setUp() {
        symbols = new int[N];
        if (trace.equals("random")) {
            SplittableRandom r = new SplittableRandom(42);
            for (int i = 0; i < N; i++) symbols[i] = r.nextInt(1 << 16);
            return;
        }
        int k = 0;
        for (int outer = 0; k < N; outer++) {
            symbols[k++] = 0;
            int trips = 3 + outer % 5;
            for (int i = 0; i < trips && k < N; i++) {
                if (k < N) symbols[k++] = 1;
                if (k < N) symbols[k++] = 2;
            }
            if (outer % 3 == 0 && k < N) symbols[k++] = 3;
            if (k < N) symbols[k++] = 4;
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long append() {
        SequiturGrammar g = new SequiturGrammar(1 << 12);
        g.append(symbols, 0, N);
        return g.symbolCount();
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long appendViaBuilder() {
        GrammarBuilder g = GrammarAlgorithm.SEQUITUR.newBuilder(1 << 12);
        for (int s : symbols) g.append(s);
        return g.symbolCount();
    }
}
