package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.TASK_BEGIN;
import static dev.wholetrace.model.event.SyncKind.TASK_END;
import static dev.wholetrace.model.event.SyncKind.TASK_JOIN;
import static dev.wholetrace.model.event.SyncKind.TASK_SUBMIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Fork/join: fork() (and a pool's invoke/submit of a task) submits the task, its compute() on
 * whichever thread runs it begins and ends the run, join() (and invoke's return) joins it — on
 * one object per fork, in that order in S_synch.
 */
class ForkJoinTest extends RecordingTest {
    @Test
    void everyForkedTaskIsSubmittedRunAndJoinedInOrder() throws Exception {
        int n = 64; // 16 leaves of 4: 15 splits, so 15 forks, plus the root invoked by main
        Recording r = Recording.of(dir.resolve("fj.wtrace"), ForkJoinSubject.class, c -> c.getMethod("sum", int.class).invoke(null, n));
        long expected = 0;
        for (int i = 0; i < n; i++) expected += (long) i * i;
        assertThat(r.list()).containsExactly(expected, expected);

        Map<Long, List<Recording.Op>> byTask = r.order().stream()
                .filter(op -> op.kind() == TASK_SUBMIT || op.kind() == TASK_BEGIN || op.kind() == TASK_END || op.kind() == TASK_JOIN)
                .collect(Collectors.groupingBy(Recording.Op::object));
        assertThat(byTask).hasSize(16);
        for (List<Recording.Op> ops : byTask.values()) {
            // A task joined before it ran is run by its joiner (the pool's work stealing): then the
            // begin and end are the joiner's own. Either way: submit, begin, end, join.
            assertThat(ops).extracting(Recording.Op::kind).containsExactly(TASK_SUBMIT, TASK_BEGIN, TASK_END, TASK_JOIN);
            assertThat(ops.get(1).thread()).isEqualTo(ops.get(2).thread());
        }
        List<Recording.Op> root = byTask.values().stream().filter(ops -> ops.get(0).site().equals("ForkJoinPool.invoke")).findFirst().orElseThrow();
        assertThat(root.get(0).thread()).isEqualTo(Thread.currentThread().getName());
        assertThat(root.get(3).thread()).isEqualTo(Thread.currentThread().getName());
        assertThat(root.get(1).thread()).isNotEqualTo(Thread.currentThread().getName());
        long forks = byTask.values().stream().filter(ops -> ops.get(0).site().equals("ForkJoinSubject$Sum.fork")).count();
        assertThat(forks).isEqualTo(15);
    }

    @Test
    void aTaskThatThrowsEndsAndIsJoined() throws Exception {
        Recording r = Recording.of(dir.resolve("fail.wtrace"), ForkJoinSubject.class, c -> c.getMethod("failing").invoke(null));
        // What the program sees is the JDK's own: join rethrows a copy made in the joining thread,
        // whose message is the original's toString.
        assertThat(r.result).isEqualTo(ForkJoinSubject.failing()).isEqualTo("java.lang.IllegalStateException: failing task");
        List<SyncKind> kinds = r.order().stream().map(Recording.Op::kind)
                .filter(k -> k == TASK_SUBMIT || k == TASK_BEGIN || k == TASK_END || k == TASK_JOIN).toList();
        assertThat(kinds).containsExactly(TASK_SUBMIT, TASK_BEGIN, TASK_END, TASK_JOIN);
    }
}
