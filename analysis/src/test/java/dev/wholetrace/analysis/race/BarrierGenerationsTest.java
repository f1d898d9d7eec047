package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A CyclicBarrier's episodes are its real generations, numbered where CyclicBarrier.dowait reads the generation
 * (docs/agent.md, "CyclicBarrier"), under the real agent, where the barrier is hooked: a pool's rounds land on
 * different threads, and a CyclicBarrier(1) is passed by one thread per generation, so a thread's own count of
 * passes named different generations alike (session 50: episode 0 had four participants). On JDK 17 and, where it
 * is installed, on JDK 25.
 */
class BarrierGenerationsTest {
    private static final String PROGRAM = """
            import java.util.concurrent.*;

            public class PoolBarrier {
                public static void main(String[] args) throws Exception {
                    ExecutorService pool = Executors.newFixedThreadPool(4);
                    CyclicBarrier pair = new CyclicBarrier(2);
                    CyclicBarrier single = new CyclicBarrier(1);
                    for (int round = 0; round < 10; round++) {
                        Future<?> a = pool.submit(() -> { pair.await(); return null; });
                        Future<?> b = pool.submit(() -> { pair.await(); return null; });
                        a.get();
                        b.get();
                        pool.submit(() -> { single.await(); return null; }).get();
                    }
                    pool.shutdown();
                    System.out.println("done");
                }
            }
            """;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {17, 25})
    void everyGenerationIsItsOwnEpisodeWhateverThreadsPassIt(int jdk) throws Exception {
        Path bin = jdk == 17 ? ChildJvm.THIS_JDK : StructuredScopeRaceTest.JDK25;
        Assumptions.assumeTrue(Files.isExecutable(bin.resolve("java")), "no JDK " + jdk + " at " + bin);
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, "PoolBarrier", PROGRAM, "--release", "17");
        assertThat(ChildJvm.record(dir, bin, "PoolBarrier")).isEqualTo("done\n");

        SyncOrder order = ParallelTrace.open(ChildJvm.traceOf(dir, "PoolBarrier")).syncOrder();
        // barrier object → recorded episode (aux) → passes
        Map<Long, Map<Long, Integer>> passes = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            if (order.kind(i) == SyncKind.BARRIER) passes.computeIfAbsent(order.object(i), o -> new TreeMap<>()).merge(order.aux(i), 1, Integer::sum);
        }
        assertThat(passes).hasSize(2);
        List<Map<Long, Integer>> byParties = passes.values().stream().sorted((x, y) -> Integer.compare(total(x), total(y))).toList();
        assertThat(byParties.get(0)).as("CyclicBarrier(1): one pass per generation").hasSize(10).allSatisfy((e, n) -> assertThat(n).isEqualTo(1));
        assertThat(byParties.get(1)).as("CyclicBarrier(2) on a pool: two passes per generation").hasSize(10).allSatisfy((e, n) -> assertThat(n).isEqualTo(2));
        assertThat(byParties.get(1).keySet()).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    }

    private static int total(Map<Long, Integer> passes) {
        return passes.values().stream().mapToInt(Integer::intValue).sum();
    }
}
