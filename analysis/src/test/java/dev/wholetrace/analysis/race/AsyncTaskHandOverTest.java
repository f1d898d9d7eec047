package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code supplyAsync} and {@code runAsync} under the real agent, where CompletableFuture is hooked in the JDK: they
 * record no call-site task events (submit, begin, end, join: docs/agent.md, "CompletableFuture inside the JDK"), and
 * the hooks' own edges carry the same happens-before: what main wrote before each call is ordered before the task's
 * read, and what the task wrote before main's read after {@code join()}, {@code get()}, {@code getNow} once
 * {@code isDone()}, or the {@code CompletionException} of a supplier that threw: no race there. A write after the
 * call that the task reads, and a read before the join of what the task writes, are still reported. (The in-process
 * {@code ExecutorsTest} covers the call-site model, which the agent keeps where the JDK's classes are not hooked.)
 */
class AsyncTaskHandOverTest {
    private static final String PROGRAM = """
            import java.util.concurrent.*;

            public class Async {
                static int commonIn, commonOut, poolIn, poolOut, runIn, runOut, pollIn, pollOut, throwIn, throwOut;
                static int late, early;

                public static void main(String[] args) throws Exception {
                    ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "cf"));
                    commonIn = 6;
                    int sum = CompletableFuture.supplyAsync(() -> commonOut = commonIn * 7).join() + commonOut;
                    poolIn = 2;
                    sum += CompletableFuture.supplyAsync(() -> poolOut = poolIn + 1, pool).get() + poolOut;
                    runIn = 5;
                    CompletableFuture.runAsync(() -> runOut = runIn, pool).join();
                    sum += runOut;
                    pollIn = 3;
                    CompletableFuture<Integer> polled = CompletableFuture.supplyAsync(() -> pollOut = pollIn * 3, pool);
                    while (!polled.isDone()) Thread.yield();
                    sum += polled.getNow(-1) + pollOut;
                    throwIn = 4;
                    try {
                        CompletableFuture.supplyAsync(() -> { throwOut = throwIn; throw new IllegalArgumentException("bad supply"); }, pool).join();
                    } catch (CompletionException e) {
                        sum += throwOut;
                        System.out.println(e.getCause().getMessage());
                    }
                    CompletableFuture<Integer> reading = CompletableFuture.supplyAsync(() -> late, pool);
                    late = 1; // races with the task's read
                    reading.join();
                    CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> early = 1, pool);
                    int seen = early; // races with the task's write
                    writing.join();
                    pool.shutdown();
                    pool.awaitTermination(10, TimeUnit.SECONDS);
                    System.out.println("sum " + sum + (seen > 1 ? "?" : ""));
                }
            }
            """;

    /** The seven supplyAsync and runAsync calls above. */
    private static final int ASYNC_CALLS = 7;

    private static final Set<SyncKind> TASK_EVENTS = EnumSet.of(SyncKind.TASK_SUBMIT, SyncKind.TASK_BEGIN, SyncKind.TASK_END, SyncKind.TASK_JOIN);

    @TempDir
    Path dir;

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {17, 25})
    void theJdkHooksAloneOrderTheHandOverAndTheJoin(int jdk) throws Exception {
        Path bin = ChildJvm.jdkOrSkip(jdk);
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, "Async", PROGRAM, "--release", "17");
        String out = ChildJvm.record(dir, bin, "Async");
        Path trace = ChildJvm.traceOf(dir, "Async");
        assertThat(out).isEqualTo("bad supply\nsum 117\n");
        assertThat(RaceTargets.of(trace)).as("only the write after the call and the read before the join race")
                .containsExactlyInAnyOrder("Async.late", "Async.early");

        ParallelTrace t = ParallelTrace.open(trace);
        SyncOrder order = t.syncOrder();
        List<Long> executed = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            assertThat(order.kind(i)).as("no call-site task event (#%d at %s)", i, site(t, order.site(i))).isNotIn(TASK_EVENTS);
            if (order.kind(i) == SyncKind.VOLATILE_WRITE && order.thread(i) == 0 && site(t, order.site(i)).endsWith("release task (execute)")) {
                executed.add(order.object(i));
            }
        }
        assertThat(executed).as("each task released by main where the JDK hands it to its executor").hasSize(ASYNC_CALLS).doesNotHaveDuplicates();
        for (long task : executed) {
            boolean acquired = false;
            for (int i = 0; i < order.size() && !acquired; i++) {
                acquired = order.kind(i) == SyncKind.VOLATILE_READ && order.object(i) == task && site(t, order.site(i)).contains(".run");
            }
            assertThat(acquired).as("task %d acquired where it runs", task).isTrue();
        }
    }

    private static String site(ParallelTrace t, int site) {
        CodeEntry c = site > 0 ? t.code().instruction(site) : null;
        return c == null ? "" : c.text();
    }
}
