package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.LATCH_AWAIT;
import static dev.wholetrace.model.event.SyncKind.LATCH_COUNT_DOWN;
import static dev.wholetrace.model.event.SyncKind.TASK_BEGIN;
import static dev.wholetrace.model.event.SyncKind.TASK_END;
import static dev.wholetrace.model.event.SyncKind.TASK_JOIN;
import static dev.wholetrace.model.event.SyncKind.TASK_SUBMIT;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * Executor hand-offs at application call sites: the submitting thread's submit, the task's begin
 * and end on its worker, the join after Future.get / CompletableFuture.join, all on one object per
 * submission and in that order in S_synch, checked against the workers the tasks logged.
 */
class ExecutorsTest extends RecordingTest {
    private static String main() {
        return Thread.currentThread().getName();
    }

    /** Main's sync operations of {@code kind}, in program order. */
    private static List<Event> of(Recording r, SyncKind kind) {
        return r.syncs(main()).stream().filter(e -> e.kind() == kind).toList();
    }

    /**
     * The task submitted by {@code submit}: on its object S_synch holds exactly main's submit, the
     * begin and end by one worker, then {@code joins} joins by main. Returns the worker.
     */
    private static String handedOver(Recording r, Event submit, int joins) {
        List<Recording.Op> ops = r.on(submit.object());
        List<SyncKind> expected = new ArrayList<>(List.of(TASK_SUBMIT, TASK_BEGIN, TASK_END));
        expected.addAll(Collections.nCopies(joins, TASK_JOIN));
        assertThat(ops).as("ops on task %d", submit.object()).extracting(Recording.Op::kind).containsExactlyElementsOf(expected);
        String worker = ops.get(1).thread();
        assertThat(ops.get(0).thread()).isEqualTo(main());
        assertThat(ops.get(2).thread()).isEqualTo(worker).isNotEqualTo(main());
        for (Recording.Op join : ops.subList(3, ops.size())) assertThat(join.thread()).isEqualTo(main());
        assertThat(ops.get(1).site()).as("begin and end name the submit's site").isEqualTo(ops.get(0).site());
        return worker;
    }

    @Test
    void everyTaskIsSubmittedBegunEndedAndJoinedInOrder() throws Exception {
        int tasks = 9;
        Recording r = Recording.of(dir.resolve("pool.wtrace"), ExecutorsSubject.class, c -> c.getMethod("pool", int.class).invoke(null, tasks));
        List<Object> log = r.list();
        int sum = 0;
        for (int i = 0; i < tasks; i++) sum += i * i;
        assertThat(log.get(tasks)).isEqualTo(sum);
        List<Event> submits = of(r, TASK_SUBMIT);
        List<Event> joins = of(r, TASK_JOIN);
        assertThat(submits).hasSize(tasks);
        assertThat(joins).extracting(Event::object).containsExactlyElementsOf(submits.stream().map(Event::object).toList());
        assertThat(submits.stream().map(Event::object).distinct()).hasSize(tasks);
        for (int i = 0; i < tasks; i++) {
            assertThat(handedOver(r, submits.get(i), 1)).as("task %d ran where it logged", i).isEqualTo(log.get(i));
        }
        assertThat(submits).extracting(r::site).containsExactly("ExecutorService.submit", "ExecutorService.submit", "ExecutorService.execute",
                "ExecutorService.submit", "ExecutorService.submit", "ExecutorService.execute",
                "ExecutorService.submit", "ExecutorService.submit", "ExecutorService.execute");
        assertThat(joins).extracting(r::site).containsOnly("Future.get");
        // a worker's sync operations are its begin, then whole tasks, then its end if it had terminated when the
        // recording closed (the pool was shut down: it may or may not have left by then)
        for (String worker : List.of("worker-0", "worker-1", "worker-2")) {
            List<SyncKind> kinds = r.kindsBeforeEnd(worker);
            assertThat(kinds.get(0)).isEqualTo(THREAD_BEGIN);
            for (int i = 1; i < kinds.size(); i++) assertThat(kinds.get(i)).isEqualTo(i % 2 == 1 ? TASK_BEGIN : TASK_END);
        }
    }

    @Test
    void handOffsVerifyAndRecordAlongsideHeapProbes() throws Exception {
        int tasks = 6;
        Recording r = Recording.of(dir.resolve("pool-all.wtrace"), TraceMode.ALL, ExecutorsSubject.class,
                c -> c.getMethod("pool", int.class).invoke(null, tasks));
        assertThat(r.list().get(tasks)).isEqualTo(0 + 1 + 4 + 9 + 16 + 25);
        List<Event> submits = of(r, TASK_SUBMIT);
        assertThat(submits).hasSize(tasks);
        for (int i = 0; i < tasks; i++) assertThat(handedOver(r, submits.get(i), 1)).isEqualTo(r.list().get(i));
        Recording s = Recording.of(dir.resolve("cf-all.wtrace"), TraceMode.ALL, ExecutorsSubject.class,
                c -> c.getMethod("completable").invoke(null));
        assertThat(s.list()).containsExactly(42, "cf-0", 5, "cf-0", "bad supply");
    }

    @Test
    void aTaskThatThrowsIsJoinedAndTheProgramSeesTheSameException() throws Exception {
        Recording r = Recording.of(dir.resolve("failing.wtrace"), ExecutorsSubject.class, c -> c.getMethod("failing").invoke(null));
        ExecutionException traced = (ExecutionException) r.result;
        ExecutionException plain = ExecutorsSubject.failing();
        assertThat(traced.getCause()).isInstanceOf(IllegalStateException.class).hasMessage("boom");
        assertThat(traced.getMessage()).isEqualTo(plain.getMessage());
        assertThat(Recording.frames(traced, ExecutorsSubject.class)).isEqualTo(Recording.frames(plain, ExecutorsSubject.class));
        // the cause's whole trace: the task, then the pool's worker (no wrapper frame)
        assertThat(List.of(traced.getCause().getStackTrace()).toString()).isEqualTo(List.of(plain.getCause().getStackTrace()).toString());
        assertThat(of(r, TASK_SUBMIT)).hasSize(1);
        handedOver(r, of(r, TASK_SUBMIT).get(0), 1);
    }

    @Test
    void aTimedOutGetJoinsNothing() throws Exception {
        Recording r = Recording.of(dir.resolve("timeout.wtrace"), ExecutorsSubject.class, c -> c.getMethod("timedOut").invoke(null));
        assertThat(r.list()).containsExactly(true, "done");
        // The pool's thread factory numbers its threads with an AtomicInteger (a volatile write and
        // read when the submit creates the worker).
        assertThat(r.kinds(main())).containsExactly(THREAD_BEGIN, TASK_SUBMIT, VOLATILE_WRITE, VOLATILE_READ, LATCH_COUNT_DOWN, TASK_JOIN,
                THREAD_END);
        handedOver(r, of(r, TASK_SUBMIT).get(0), 1);
        assertThat(r.kindsBeforeEnd("slow-0")).containsExactly(THREAD_BEGIN, TASK_BEGIN, LATCH_AWAIT, TASK_END);
    }

    @Test
    void invokeAllJoinsEveryTaskWhenItReturns() throws Exception {
        int tasks = 5;
        Recording r = Recording.of(dir.resolve("all.wtrace"), ExecutorsSubject.class, c -> c.getMethod("invokeAll", int.class).invoke(null, tasks));
        List<Object> log = r.list();
        assertThat(log.subList(tasks, 2 * tasks)).containsExactly(0, 10, 20, 30, 40);
        assertThat(log.get(2 * tasks)).isEqualTo(0);
        List<Event> all = r.syncs(main());
        // The thread factory's AtomicInteger: a volatile write and read for each of the pool's two workers.
        assertThat(all).filteredOn(e -> e.kind() == VOLATILE_WRITE || e.kind() == VOLATILE_READ).extracting(Event::kind)
                .containsExactly(VOLATILE_WRITE, VOLATILE_READ, VOLATILE_WRITE, VOLATILE_READ);
        List<Event> main = all.stream().filter(e -> e.kind() != VOLATILE_WRITE && e.kind() != VOLATILE_READ).toList();
        // invokeAll: 5 submits, then 5 joins as it returns, then a join per get; invokeAny: a submit, no join
        List<SyncKind> expected = new ArrayList<>(List.of(THREAD_BEGIN));
        expected.addAll(Collections.nCopies(tasks, TASK_SUBMIT));
        expected.addAll(Collections.nCopies(2 * tasks, TASK_JOIN));
        expected.add(TASK_SUBMIT);
        expected.add(THREAD_END);
        assertThat(main).extracting(Event::kind).containsExactlyElementsOf(expected);
        for (int i = 0; i < tasks; i++) {
            Event submit = main.get(1 + i);
            assertThat(main.get(1 + tasks + i).object()).isEqualTo(submit.object());
            assertThat(r.site(main.get(1 + tasks + i))).isEqualTo("ExecutorService.invokeAll");
            assertThat(main.get(1 + 2 * tasks + i).object()).isEqualTo(submit.object());
            assertThat(handedOver(r, submit, 2)).isEqualTo(log.get(i));
        }
        List<Recording.Op> any = r.on(main.get(1 + 3 * tasks).object());
        assertThat(any).extracting(Recording.Op::kind).containsExactly(TASK_SUBMIT, TASK_BEGIN, TASK_END);
    }

    /**
     * supplyAsync and runAsync where CompletableFuture is not hooked in the JDK (this harness installs no JDK hooks): the
     * call-site model is the only record of the hand-over and the join. Under the agent, with the hooks in place, these
     * calls record no task events and the hooks' edges order them: analysis's AsyncTaskHandOverTest.
     */
    @Test
    void completableFuturesAreHandedOverAndJoinedAtCallSitesWithoutJdkHooks() throws Exception {
        Recording r = Recording.of(dir.resolve("cf.wtrace"), ExecutorsSubject.class, c -> c.getMethod("completable").invoke(null));
        assertThat(r.list()).containsExactly(42, "cf-0", 5, "cf-0", "bad supply");
        List<Event> submits = of(r, TASK_SUBMIT);
        assertThat(submits).extracting(r::site).containsExactly("CompletableFuture.supplyAsync", "CompletableFuture.supplyAsync",
                "CompletableFuture.runAsync", "CompletableFuture.supplyAsync");
        assertThat(of(r, TASK_JOIN)).extracting(r::site).containsExactly("CompletableFuture.join", "CompletableFuture.get",
                "CompletableFuture.join", "CompletableFuture.getNow", "CompletableFuture.join");
        handedOver(r, submits.get(0), 1); // on the common pool (or a thread of its own)
        assertThat(handedOver(r, submits.get(1), 2)).isEqualTo("cf-0"); // get, then getNow
        assertThat(handedOver(r, submits.get(2), 1)).isEqualTo("cf-0");
        assertThat(handedOver(r, submits.get(3), 1)).as("joined although it threw").isEqualTo("cf-0");
    }

    /**
     * A future joined by threads other than its submitter, which never met it, after the agent's id
     * table was rebuilt: each finds the submission kept with the future's id entry in the shared
     * table (not in its own cache of entries) and records its join.
     */
    @Test
    void threadsOtherThanTheSubmitterJoinAfterTheIdTableWasRebuilt() throws Exception {
        Recording r = Recording.of(dir.resolve("others.wtrace"), ExecutorsSubject.class, c -> c.getMethod("otherJoiners").invoke(null));
        assertThat(r.list()).containsExactly(7, 7);
        List<Event> submits = of(r, TASK_SUBMIT);
        assertThat(submits).hasSize(1);
        List<Recording.Op> ops = r.on(submits.get(0).object());
        assertThat(ops).extracting(Recording.Op::kind).containsExactly(TASK_SUBMIT, TASK_BEGIN, TASK_END, TASK_JOIN, TASK_JOIN);
        assertThat(ops.subList(3, 5)).extracting(Recording.Op::thread).containsExactlyInAnyOrder("joiner-0", "joiner-1");
        for (String joiner : List.of("joiner-0", "joiner-1")) {
            assertThat(r.syncs(joiner).stream().filter(e -> e.kind() == TASK_JOIN).toList()).extracting(r::site).containsExactly("Future.get");
        }
    }

    @Test
    void anExecuteOnSomethingElseRecordsNothing() throws Exception {
        Recording r = Recording.of(dir.resolve("other.wtrace"), ExecutorsSubject.class, c -> c.getMethod("notAnExecutor").invoke(null));
        assertThat(r.result).isEqualTo(true);
        assertThat(r.kinds(main())).containsExactly(THREAD_BEGIN, THREAD_END);
    }

    @Test
    void aSerializableTaskIsLeftAsItIsForAnExecutorOfTheProgramOnly() throws Exception {
        Recording r = Recording.of(dir.resolve("serial.wtrace"), ExecutorsSubject.class, c -> c.getMethod("serializedTasks").invoke(null));
        assertThat(r.list()).containsExactly("copy!", "pool!");
        List<Event> submits = of(r, TASK_SUBMIT);
        assertThat(submits).as("only the JDK pool's task is wrapped").hasSize(1);
        assertThat(handedOver(r, submits.get(0), 1)).isEqualTo("serial-0");
    }

    @Test
    void methodReferencesAreHandedOverLikeCalls() throws Exception {
        Recording r = Recording.of(dir.resolve("refs.wtrace"), ExecutorsSubject.class, c -> c.getMethod("references").invoke(null));
        assertThat(r.list()).containsExactly(1, 2);
        List<Event> submits = of(r, TASK_SUBMIT);
        assertThat(submits).extracting(r::site).containsExactly("Executor::execute", "ExecutorService::submit",
                "CompletableFuture.supplyAsync");
        assertThat(of(r, TASK_JOIN)).extracting(r::site).containsExactly("Future.get", "CompletableFuture::join");
        List<Recording.Op> executed = r.on(submits.get(0).object());
        assertThat(executed).extracting(Recording.Op::kind).containsExactly(TASK_SUBMIT, TASK_BEGIN, TASK_END);
        assertThat(handedOver(r, submits.get(1), 1)).isEqualTo("ref-0");
        assertThat(handedOver(r, submits.get(2), 1)).isEqualTo("ref-0");
    }

    @Test
    void shutdownNowReturnsTheProgramsTasks() throws Exception {
        Recording r = Recording.of(dir.resolve("stop.wtrace"), ExecutorsSubject.class, c -> c.getMethod("shutdownNow").invoke(null));
        assertThat(r.list()).containsExactly(true, true);
        List<Event> submits = of(r, TASK_SUBMIT);
        assertThat(submits).hasSize(2);
        assertThat(r.on(submits.get(0).object())).extracting(Recording.Op::kind).containsExactly(TASK_SUBMIT, TASK_BEGIN, TASK_END);
        assertThat(r.on(submits.get(1).object())).as("never ran").extracting(Recording.Op::kind).containsExactly(TASK_SUBMIT);
    }

    @Test
    void scheduledTasksBeginAndEndEveryRun() throws Exception {
        Recording r = Recording.of(dir.resolve("scheduled.wtrace"), ExecutorsSubject.class, c -> c.getMethod("scheduled").invoke(null));
        assertThat(r.list()).containsExactly("later", true);
        List<Event> submits = of(r, TASK_SUBMIT);
        assertThat(submits).extracting(r::site).containsExactly("ScheduledExecutorService.schedule",
                "ScheduledExecutorService.scheduleAtFixedRate");
        assertThat(handedOver(r, submits.get(0), 1)).isEqualTo("timer-0");
        List<Recording.Op> periodic = r.on(submits.get(1).object());
        assertThat(periodic.get(0).kind()).isEqualTo(TASK_SUBMIT);
        List<Recording.Op> runs = periodic.subList(1, periodic.size());
        assertThat(runs.size()).as("3 runs at least, no join after the cancelled get").isGreaterThanOrEqualTo(6).isEven();
        for (int i = 0; i < runs.size(); i++) {
            assertThat(runs.get(i).kind()).isEqualTo(i % 2 == 0 ? TASK_BEGIN : TASK_END);
            assertThat(runs.get(i).thread()).isEqualTo("timer-0");
        }
    }
}
