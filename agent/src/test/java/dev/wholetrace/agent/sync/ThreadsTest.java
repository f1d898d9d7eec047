package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.FORK;
import static dev.wholetrace.model.event.SyncKind.JOIN;
import static dev.wholetrace.model.event.SyncKind.LATCH_AWAIT;
import static dev.wholetrace.model.event.SyncKind.LATCH_COUNT_DOWN;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Thread.start is a fork before the child's begin; a join that saw the child terminate records
 * the child's end on its behalf, then the join: fork → begin and end → join in S_synch.
 */
class ThreadsTest extends RecordingTest {
    /** The index in S_synch of the first operation of {@code kind} on {@code object} by {@code thread}. */
    private static int indexOf(List<Recording.Op> order, String thread, SyncKind kind, long object) {
        for (int i = 0; i < order.size(); i++) {
            Recording.Op op = order.get(i);
            if (op.thread().equals(thread) && op.kind() == kind && op.object() == object) return i;
        }
        throw new AssertionError("no " + kind + " of " + object + " by " + thread + " in " + order);
    }

    @Test
    void forkPrecedesBeginAndEndPrecedesJoin() throws Exception {
        Recording r = Recording.of(dir.resolve("forkjoin.wtrace"), ThreadsSubject.class,
                c -> c.getMethod("forkJoin", int.class).invoke(null, 3));
        assertThat(r.result).isEqualTo(3 * "worker-0".length());
        String main = Thread.currentThread().getName();
        assertThat(r.kinds(main)).containsExactly(THREAD_BEGIN, FORK, FORK, FORK, JOIN, JOIN, JOIN, THREAD_END);
        List<Recording.Op> order = r.order();
        for (int i = 0; i < 3; i++) {
            String worker = "worker-" + i;
            long object = r.threadObject(worker);
            assertThat(r.kinds(worker)).containsExactly(THREAD_BEGIN, THREAD_END);
            int fork = indexOf(order, main, FORK, object);
            int begin = indexOf(order, worker, THREAD_BEGIN, object);
            int end = indexOf(order, worker, THREAD_END, object);
            int join = indexOf(order, main, JOIN, object);
            assertThat(fork).isLessThan(begin);
            assertThat(begin).isLessThan(end);
            assertThat(end).isLessThan(join);
            assertThat(order.get(fork).site()).isEqualTo("ThreadsSubject$Worker.start");
            assertThat(order.get(join).site()).isEqualTo("ThreadsSubject$Worker.join");
        }
    }

    /** The probes find a thread's state without calling getId(), which a program's subclass may override with instrumented code (JDK 17). */
    @Test
    void aThreadThatOverridesGetIdIsRecordedWithoutCallingIt() throws Exception {
        Recording r = Recording.of(dir.resolve("ownid.wtrace"), ThreadsSubject.class, c -> c.getMethod("ownId").invoke(null));
        // as often as without the agent: the recorder names a thread by its id without calling the override (JDK 19+:
        // the final threadId(); JDK 17: the field getId() returns, TraceRecorder.defaultThreadObject)
        assertThat(r.result).isEqualTo(ThreadsSubject.ownId());
    }

    @Test
    void aTimedJoinJoinsOnlyATerminatedThread() throws Exception {
        Recording r = Recording.of(dir.resolve("timed.wtrace"), ThreadsSubject.class, c -> c.getMethod("timedJoins").invoke(null));
        assertThat(r.list()).containsExactly(true, false, false);
        String main = Thread.currentThread().getName();
        List<Event> syncs = r.syncs(main);
        // join(5) returned early and isAlive() said true: nothing; join(60000, 1) and join(1) saw the child terminated,
        // and so did each isAlive() after them (false: a join, JLS 17.4.4), each right after a join of the same thread,
        // which it orders nothing more than: nothing (until session 45, a join each)
        assertThat(syncs).extracting(Event::kind).containsExactly(THREAD_BEGIN, FORK, LATCH_COUNT_DOWN, JOIN, JOIN, THREAD_END);
        assertThat(r.kinds("child")).containsExactly(THREAD_BEGIN, LATCH_AWAIT, THREAD_END);
        List<Recording.Op> order = r.order();
        long child = r.threadObject("child");
        assertThat(indexOf(order, "child", THREAD_END, child)).isLessThan(indexOf(order, main, JOIN, child));
    }

    /**
     * A loop asking isAlive() of a thread that has ended records one join, at the first false (the end, on the child's
     * behalf, before it): the later ones acquire the same end again and order nothing more. Until session 45 each
     * false answer was a join, a thousand here.
     */
    @Test
    void aLoopPollingADeadThreadRecordsOneJoin() throws Exception {
        Recording r = Recording.of(dir.resolve("polled.wtrace"), ThreadsSubject.class, c -> c.getMethod("pollDeadThread", int.class).invoke(null, 1000));
        assertThat(r.result).isEqualTo(1000);
        String main = Thread.currentThread().getName();
        assertThat(r.kinds(main)).containsExactly(THREAD_BEGIN, FORK, JOIN, THREAD_END);
        List<Recording.Op> order = r.order();
        long child = r.threadObject("polled");
        assertThat(indexOf(order, "polled", THREAD_END, child)).isLessThan(indexOf(order, main, JOIN, child));
    }

    /** isAlive() false of a thread not yet started detects no end (JLS 17.4.4 speaks of a terminated thread): no join. */
    @Test
    void isAliveOfAThreadNotYetStartedIsNoJoin() throws Exception {
        Recording r = Recording.of(dir.resolve("unstarted.wtrace"), ThreadsSubject.class, c -> c.getMethod("aliveBeforeStart").invoke(null));
        assertThat(r.result).isEqualTo(false);
        String main = Thread.currentThread().getName();
        assertThat(r.kinds(main)).containsExactly(THREAD_BEGIN, FORK, JOIN, THREAD_END);
        List<Recording.Op> order = r.order();
        long child = r.threadObject("unstarted");
        assertThat(indexOf(order, "unstarted", THREAD_END, child)).isLessThan(indexOf(order, main, JOIN, child));
    }

    @Test
    void concurrentJoinersRecordTheEndOnce() throws Exception {
        int rounds = 10;
        Recording r = Recording.of(dir.resolve("joiners.wtrace"), ThreadsSubject.class,
                c -> c.getMethod("concurrentJoiners", int.class).invoke(null, rounds));
        List<Recording.Op> order = r.order();
        for (int round = 0; round < rounds; round++) {
            String child = "child-" + round;
            long object = r.threadObject(child);
            assertThat(r.kinds(child)).containsExactly(THREAD_BEGIN, LATCH_AWAIT, THREAD_END);
            int end = indexOf(order, child, THREAD_END, object);
            for (int j = 0; j < 2; j++) {
                String joiner = "joiner-" + round + "-" + j;
                assertThat(r.kinds(joiner)).containsExactly(THREAD_BEGIN, JOIN, THREAD_END);
                assertThat(end).isLessThan(indexOf(order, joiner, JOIN, object));
            }
        }
    }

    /**
     * A second start of a thread records no fork; a start that threw before the thread ran closes its fork
     * with the starter's own join, and a later join of that thread by another records nothing (it would hand
     * the starter's past to the joiner); the exceptions reach the program as without the agent.
     */
    @Test
    void aStartThatStartedNothingOrdersNothing() throws Exception {
        Recording r = Recording.of(dir.resolve("failedstarts.wtrace"), ThreadsSubject.class, c -> c.getMethod("failedStarts").invoke(null));
        assertThat(r.list()).containsExactly(List.of("java.lang.Thread"), List.of(ThreadsSubject.Refusing.class.getName()));
        String main = Thread.currentThread().getName();
        // once: fork, join; its second start: nothing; refusing: fork, then main's own join; other: fork, join
        assertThat(r.kinds(main)).containsExactly(THREAD_BEGIN, FORK, JOIN, FORK, JOIN, FORK, JOIN, THREAD_END);
        List<Event> syncs = r.syncs(main);
        assertThat(syncs.get(3).object()).as("refusing's fork and join").isEqualTo(syncs.get(4).object());
        // other joins once (terminated: a join) and refusing (never ran: nothing)
        assertThat(r.kinds("other")).containsExactly(THREAD_BEGIN, JOIN, THREAD_END);
        assertThat(r.syncs("other").get(1).object()).isEqualTo(r.threadObject("once"));
        assertThat(r.trace.threads()).noneMatch(t -> t.name().equals("refusing"));
    }

    /**
     * Of two starts of one new thread at once, only the one that ran it records a fork: the loser's start throws, and
     * its fork would have ordered its past before everything the thread does.
     */
    @Test
    void aStartThatLostToAnotherRecordsNoFork() throws Exception {
        Recording r = Recording.of(dir.resolve("racingstarts.wtrace"), ThreadsSubject.class, c -> c.getMethod("racingStarts").invoke(null));
        assertThat(r.result).isEqualTo(IllegalThreadStateException.class.getName());
        assertThat(r.kinds("late")).containsExactly(THREAD_BEGIN, THREAD_END);
        long raced = r.threadObject("raced");
        String main = Thread.currentThread().getName();
        assertThat(r.syncs(main)).filteredOn(e -> e.kind() == FORK && e.object() == raced).hasSize(1);
    }
}
