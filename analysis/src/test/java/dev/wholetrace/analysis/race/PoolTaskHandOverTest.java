package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A ThreadPoolExecutor under the real agent, where the pool is hooked in the JDK (docs/agent.md, "Executors"): the
 * program's tasks reach the pool as they are, so the program behaves as without the agent — {@code getQueue()} holds
 * its task, {@code remove(task)} finds it, a subclass's {@code beforeExecute} receives it — and no call-site task
 * event is recorded, while the hooks' edges (execute to the worker's run, a FutureTask's completion to its get, the
 * pool's termination) keep every hand-over ordered: no race there, and a write after {@code execute} that the task
 * reads, and a read before the pool's termination of what a task writes, are still reported.
 */
class PoolTaskHandOverTest {
    private static final String PROGRAM = """
            import java.util.*;
            import java.util.concurrent.*;

            public class Pool {
                static final int[] in = new int[8], out = new int[8];
                static int late, early;

                record Job(int id) implements Runnable {
                    public void run() { out[id] = in[id] * 2; }
                }

                static final class Counting extends ThreadPoolExecutor {
                    int jobsBefore; // the worker's, read by main after the pool terminated

                    Counting() { super(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>()); }

                    @Override
                    protected void beforeExecute(Thread t, Runnable r) {
                        if (r instanceof Job j) jobsBefore += 1 + j.id();
                    }
                }

                public static void main(String[] args) throws Exception {
                    Counting pool = new Counting();
                    CountDownLatch gate = new CountDownLatch(1);
                    pool.execute(() -> {
                        try { gate.await(); } catch (InterruptedException e) { throw new IllegalStateException(e); }
                    });
                    List<Job> jobs = new ArrayList<>();
                    for (int i = 0; i < 4; i++) {
                        in[i] = i + 1;
                        jobs.add(new Job(i));
                        pool.execute(jobs.get(i));
                    }
                    boolean queued = pool.getQueue().contains(jobs.get(2));
                    boolean removed = pool.remove(jobs.get(3));
                    gate.countDown();
                    in[4] = 10;
                    int got = pool.submit(() -> out[4] = in[4] + 1).get();
                    in[5] = 20;
                    in[6] = 30;
                    int all = 0;
                    for (Future<Integer> f : pool.invokeAll(List.<Callable<Integer>>of(() -> out[5] = in[5] + 1, () -> out[6] = in[6] + 1))) all += f.get();
                    pool.execute(() -> out[7] = late);
                    late = 1; // races with the task's read
                    pool.execute(() -> early = 1);
                    int seen = early; // races with the task's write
                    pool.shutdown();
                    pool.awaitTermination(10, TimeUnit.SECONDS);
                    System.out.println(queued + " " + removed + " " + Arrays.toString(Arrays.copyOf(out, 7)) + " " + got + " " + all
                            + " " + pool.jobsBefore + (seen > 1 ? "?" : ""));
                }
            }
            """;

    private static final Set<SyncKind> TASK_EVENTS = EnumSet.of(SyncKind.TASK_SUBMIT, SyncKind.TASK_BEGIN, SyncKind.TASK_END, SyncKind.TASK_JOIN);

    @TempDir
    Path dir;

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {17, 25})
    void theProgramSeesItsOwnTasksAndTheHooksOrderThem(int jdk) throws Exception {
        Path bin = ChildJvm.jdkOrSkip(jdk);
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, "Pool", PROGRAM, "--release", "17");
        String out = ChildJvm.record(dir, bin, "Pool");
        assertThat(out).as("as without the agent: the queue holds the task, remove finds it, beforeExecute receives it")
                .isEqualTo("true true [2, 4, 6, 0, 11, 21, 31] 11 52 6\n");
        Path trace = ChildJvm.traceOf(dir, "Pool");
        assertThat(RaceTargets.of(trace)).as("only the write after execute and the read before the termination race")
                .containsExactlyInAnyOrder("Pool.late", "Pool.early");
        SyncOrder order = ParallelTrace.open(trace).syncOrder();
        for (int i = 0; i < order.size(); i++) assertThat(order.kind(i)).as("no call-site task event (#%d)", i).isNotIn(TASK_EVENTS);
    }
}
