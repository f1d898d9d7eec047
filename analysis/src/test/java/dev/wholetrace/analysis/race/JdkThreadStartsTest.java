package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Thread starts recorded inside Thread.start (docs/agent.md, "Threads whose start failed, and threads the JDK
 * starts"), under the real agent, where java.lang.Thread is hooked: every thread that begins was forked exactly once,
 * whoever started it (the program, an executor's addWorker, a fork/join pool, an HTTP server), and last session's
 * guarantees hold there too: a thread started again gets no second fork, a start() override that throws before
 * super.start() gets none, and of two threads racing to start one thread only one forks it. On JDK 17 and, where it
 * is installed, on JDK 25.
 */
class JdkThreadStartsTest {
    private static final String PROGRAM = """
            import java.util.concurrent.*;

            public class Starts {
                static final class Refusing extends Thread {
                    Refusing() { super("refusing"); }
                    @Override public void start() { throw new IllegalStateException("refused"); }
                }

                static final class Inheriting extends Thread {
                    Inheriting(Runnable r) { super(r, "inheriting"); }
                    @Override public void start() { super.start(); }
                }

                public static void main(String[] args) throws Exception {
                    Thread once = new Thread(() -> { }, "once");
                    once.start();
                    once.join();
                    try { once.start(); throw new AssertionError("started twice"); } catch (IllegalThreadStateException expected) { }
                    try { new Refusing().start(); throw new AssertionError("no refusal"); } catch (IllegalStateException expected) { }
                    Thread inheriting = new Inheriting(() -> { });
                    inheriting.start();
                    inheriting.join();
                    int lost = 0;
                    for (int round = 0; round < 20; round++) {
                        Thread raced = new Thread(() -> { }, "raced-" + round);
                        CyclicBarrier both = new CyclicBarrier(2);
                        int[] failed = new int[2];
                        Thread[] starters = new Thread[2];
                        for (int s = 0; s < 2; s++) {
                            int me = s;
                            starters[s] = new Thread(() -> {
                                try { both.await(); raced.start(); } catch (IllegalThreadStateException e) { failed[me] = 1; } catch (Exception e) { throw new RuntimeException(e); }
                            }, "starter-" + round + "-" + s);
                            starters[s].start();
                        }
                        for (Thread t : starters) t.join();
                        raced.join();
                        lost += failed[0] + failed[1];
                    }
                    ExecutorService pool = Executors.newFixedThreadPool(2);
                    for (int i = 0; i < 4; i++) pool.submit(() -> { }).get();
                    pool.shutdown();
                    pool.awaitTermination(10, TimeUnit.SECONDS);
                    ForkJoinPool fj = new ForkJoinPool(2);
                    fj.submit(() -> { }).get();
                    fj.shutdown();
                    fj.awaitTermination(10, TimeUnit.SECONDS);
                    System.out.println("lost " + lost);
                }
            }
            """;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {17, 25})
    void everyThreadThatBeginsWasForkedOnceAndNoStartThatStartedNothingForks(int jdk) throws Exception {
        Path bin = jdk == 17 ? Path.of(System.getProperty("java.home"), "bin") : StructuredScopeRaceTest.JDK25;
        Assumptions.assumeTrue(Files.isExecutable(bin.resolve("java")), "no JDK " + jdk + " at " + bin);
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, "Starts", PROGRAM, "--release", "17");
        String out = ChildJvm.record(dir, bin, "Starts");
        Path trace = ChildJvm.traceOf(dir, "Starts");
        assertThat(out).isEqualTo("lost 20\n"); // each round one start lost to the other

        ParallelTrace t = ParallelTrace.open(trace);
        SyncOrder order = t.syncOrder();
        Map<Long, Integer> forks = forksByThread(order);
        List<String> begun = new ArrayList<>();
        for (ThreadInfo info : t.threads()) {
            if (info.index() == 0) continue; // main: started before the agent
            begun.add(info.name());
            assertThat(forks.getOrDefault(info.object(), 0)).as("forks of %s", info.name()).isEqualTo(1);
        }
        assertThat(begun).contains("once", "inheriting", "raced-0", "raced-19", "pool-1-thread-1", "pool-1-thread-2")
                .anyMatch(n -> n.startsWith("ForkJoinPool-1-worker-")).doesNotContain("refusing");
        assertThat(forks.values()).as("forks per thread, also of threads that never ran instrumented code").allMatch(n -> n == 1);
    }

    /**
     * JDK 21+ starts: through Thread.start(container) (a platform thread-per-task executor, whose SharedThreadContainer
     * hook leaves the fork to Thread.start), a platform builder, a virtual thread's start() (no start0: the call site's
     * fork), a virtual thread-per-task executor's (ThreadPerTaskExecutor.start's hook: until session 42 they had none),
     * and a start() override that throws after super.start() (the thread runs: its fork stays). A builder's
     * start(Runnable): {@link #threadsStartedFromATaskAreForked}.
     */
    private static final String PROGRAM_21 = """
            import java.util.concurrent.*;

            public class Starts21 {
                static final class ThrowsAfter extends Thread {
                    ThrowsAfter() { super(() -> { }, "throws-after"); }
                    @Override public void start() { super.start(); throw new IllegalStateException("after"); }
                }

                public static void main(String[] args) throws Exception {
                    try (ExecutorService perTask = Executors.newThreadPerTaskExecutor(Thread.ofPlatform().name("per-task-", 0).factory())) {
                        for (int i = 0; i < 3; i++) perTask.submit(() -> { }).get();
                    }
                    Thread.ofPlatform().name("built").start(() -> { }).join();
                    Thread v = Thread.ofVirtual().name("virtual-unstarted").unstarted(() -> { });
                    v.start();
                    v.join();
                    try (ExecutorService virtuals = Executors.newVirtualThreadPerTaskExecutor()) {
                        for (int i = 0; i < 3; i++) virtuals.submit(() -> { }).get();
                    }
                    try (ExecutorService named = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("virtual-per-task-", 0).factory())) {
                        for (int i = 0; i < 3; i++) named.submit(() -> { }).get();
                    }
                    ThrowsAfter after = new ThrowsAfter();
                    try { after.start(); throw new AssertionError("no throw"); } catch (IllegalStateException expected) { }
                    after.join();
                    System.out.println("done");
                }
            }
            """;

    @org.junit.jupiter.api.Test
    void everyThreadOfJdk21StartsWasForkedOnce() throws Exception {
        Path bin = StructuredScopeRaceTest.JDK25;
        Assumptions.assumeTrue(Files.isExecutable(bin.resolve("java")), "no JDK 25 at " + bin);
        ChildJvm.compile(dir, bin, "Starts21", PROGRAM_21, "--release", "21");
        String out = ChildJvm.record(dir, bin, "Starts21");
        Path trace = ChildJvm.traceOf(dir, "Starts21");
        assertThat(out).isEqualTo("done\n");
        ParallelTrace t = ParallelTrace.open(trace);
        SyncOrder order = t.syncOrder();
        Map<Long, Integer> forks = forksByThread(order);
        List<String> begun = new ArrayList<>();
        for (ThreadInfo info : t.threads()) {
            if (info.index() == 0) continue; // main
            begun.add(info.name());
            assertThat(forks.getOrDefault(info.object(), 0)).as("forks of %s", info.name()).isEqualTo(1);
        }
        assertThat(begun).contains("per-task-0", "per-task-2", "built", "virtual-unstarted", "throws-after", "virtual-per-task-0",
                "virtual-per-task-2");
        assertThat(begun.stream().filter(String::isEmpty)).as("newVirtualThreadPerTaskExecutor's threads, unnamed, each forked").hasSize(3);
        assertThat(forks.values()).as("forks per thread").allMatch(n -> n == 1);
    }

    /**
     * The JDK 21+ ways to start a thread from a task: Thread.startVirtualThread, a virtual and a platform builder's
     * start(task). Each orders main's write of {@code input} before the thread's read of it; main's write of {@code
     * late} after the start races with the thread's read of it. A null task throws as without the agent.
     */
    private static final String PROGRAM_BUILT = """
            public class Built {
                static int input;
                static int out;
                static int late;

                public static void main(String[] args) throws Exception {
                    input = 5;
                    Thread.startVirtualThread(() -> out = input * 2).join();
                    Thread.ofVirtual().name("built-virtual").start(() -> out += input).join();
                    Thread.ofPlatform().name("built-platform").start(() -> out += input).join();
                    Thread racing = Thread.ofVirtual().start(() -> out += late);
                    late = 1;
                    racing.join();
                    try { Thread.startVirtualThread(null); throw new AssertionError("no throw"); } catch (NullPointerException expected) { }
                    System.out.println(out >= 20 ? "done" : "wrong " + out);
                }
            }
            """;

    @org.junit.jupiter.api.Test
    void threadsStartedFromATaskAreForked() throws Exception {
        Path bin = StructuredScopeRaceTest.JDK25;
        Assumptions.assumeTrue(Files.isExecutable(bin.resolve("java")), "no JDK 25 at " + bin);
        ChildJvm.compile(dir, bin, "Built", PROGRAM_BUILT, "--release", "21");
        String out = ChildJvm.record(dir, bin, "Built");
        Path trace = ChildJvm.traceOf(dir, "Built");
        assertThat(out).isEqualTo("done\n");
        assertThat(RaceTargets.of(trace)).as("only the write after the start races").containsExactly("Built.late");
    }

    /**
     * A virtual thread that ThreadPerTaskExecutor.start forks and its scheduler then rejects: it never runs (it is
     * terminated), so its join orders nothing, and thread B's write of {@code data} after the factory's list (B's last
     * hand-over to main) races with main's read after that join. The scheduler is the JDK's builder's own hook for one
     * (package-private, opened for the test): the default scheduler never rejects. The JDK sets the thread's state to
     * TERMINATED inside the start, before the hook at the start's exit closes the fork: a join in between still hands
     * over the fork's past (docs/agent.md), so main waits a moment (a sleep, no sync operation) before it joins.
     */
    private static final String PROGRAM_REJECTED = """
            import java.lang.reflect.Constructor;
            import java.util.ArrayList;
            import java.util.Collections;
            import java.util.List;
            import java.util.concurrent.Executor;
            import java.util.concurrent.ExecutorService;
            import java.util.concurrent.Executors;
            import java.util.concurrent.RejectedExecutionException;
            import java.util.concurrent.ThreadFactory;

            public class Rejected {
                static int data;

                public static void main(String[] args) throws Exception {
                    Executor rejecting = task -> { throw new RejectedExecutionException("shut down"); };
                    Constructor<?> c = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder").getDeclaredConstructor(Executor.class);
                    c.setAccessible(true);
                    ThreadFactory virtual = ((Thread.Builder) c.newInstance(rejecting)).factory();
                    List<Thread> made = Collections.synchronizedList(new ArrayList<>());
                    ExecutorService executor = Executors.newThreadPerTaskExecutor(task -> {
                        Thread t = virtual.newThread(task);
                        made.add(t);
                        data = 1;
                        return t;
                    });
                    Thread b = new Thread(() -> {
                        try { executor.execute(() -> { }); System.out.println("not rejected"); } catch (RejectedExecutionException expected) { }
                    });
                    b.start();
                    while (made.isEmpty() || made.get(0).getState() != Thread.State.TERMINATED) Thread.onSpinWait();
                    Thread.sleep(500); // the JDK marks it terminated before the start's hook closes its fork (no sync op)
                    made.get(0).join();
                    int seen = data;
                    b.join();
                    System.out.println(seen == 1 ? "done" : "wrong " + seen);
                }
            }
            """;

    @org.junit.jupiter.api.Test
    void aVirtualThreadTheSchedulerRejectedOrdersNothingAtItsJoin() throws Exception {
        Path bin = StructuredScopeRaceTest.JDK25;
        Assumptions.assumeTrue(Files.isExecutable(bin.resolve("java")), "no JDK 25 at " + bin);
        ChildJvm.compile(dir, bin, "Rejected", PROGRAM_REJECTED, "--release", "21");
        String out = ChildJvm.record(dir, bin, "Rejected", "--add-opens", "java.base/java.lang=ALL-UNNAMED");
        Path trace = ChildJvm.traceOf(dir, "Rejected");
        assertThat(out).isEqualTo("done\n");
        assertThat(RaceTargets.of(trace)).as("the rejected thread's fork is closed: its join hands B's past to nobody").containsExactly("Rejected.data");
    }

    /** A thread started inside ClassLoader.loadClass (a loader's findClass), where the JDK hooks skip the loaders' own maps. */
    private static final String PROGRAM_IN_LOADER = """
            public class LoaderStarts {
                static int shared;

                static final class Starting extends ClassLoader {
                    Starting() { super(LoaderStarts.class.getClassLoader()); }

                    @Override protected Class<?> findClass(String name) throws ClassNotFoundException {
                        Thread t = new Thread(() -> { if (shared != 1) throw new AssertionError(); }, "in-loader");
                        t.start();
                        try { t.join(); } catch (InterruptedException e) { throw new RuntimeException(e); }
                        throw new ClassNotFoundException(name);
                    }
                }

                public static void main(String[] args) throws Exception {
                    shared = 1;
                    try { new Starting().loadClass("nothing.Here"); throw new AssertionError("found"); } catch (ClassNotFoundException expected) { }
                    System.out.println("done");
                }
            }
            """;

    @org.junit.jupiter.api.Test
    void aThreadStartedWhileAClassLoadsIsForked() throws Exception {
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, "LoaderStarts", PROGRAM_IN_LOADER, "--release", "17");
        String out = ChildJvm.record(dir, ChildJvm.THIS_JDK, "LoaderStarts");
        Path trace = ChildJvm.traceOf(dir, "LoaderStarts");
        assertThat(out).isEqualTo("done\n");
        assertThat(RaceTargets.of(trace)).as("the start orders the parent's write before the thread's read").isEmpty();
    }

    /** How many forks the sync order records of each thread object. */
    private static Map<Long, Integer> forksByThread(SyncOrder order) {
        Map<Long, Integer> forks = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            if (order.kind(i) == SyncKind.FORK) forks.merge(order.object(i), 1, Integer::sum);
        }
        return forks;
    }
}
