package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.BARRIER;
import static dev.wholetrace.model.event.SyncKind.FORK;
import static dev.wholetrace.model.event.SyncKind.JOIN;
import static dev.wholetrace.model.event.SyncKind.LATCH_AWAIT;
import static dev.wholetrace.model.event.SyncKind.LATCH_COUNT_DOWN;
import static dev.wholetrace.model.event.SyncKind.SEMAPHORE_ACQUIRE;
import static dev.wholetrace.model.event.SyncKind.SEMAPHORE_RELEASE;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CountDownLatch (count-down before, await after it returned), Semaphore (release before,
 * acquire after) and CyclicBarrier (after await returned, with the episode) at application call
 * sites, checked against the program's own order.
 */
class CoordinationTest extends RecordingTest {
    @Test
    void everyCountDownPrecedesTheAwaitThatItOpened() throws Exception {
        Recording r = Recording.of(dir.resolve("latch.wtrace"), CoordinationSubject.class,
                c -> c.getMethod("latch", int.class).invoke(null, 3));
        assertThat(r.list()).containsExactly(true, false);
        List<Event> main = r.syncs(Thread.currentThread().getName());
        // Three forks, the await, the timed await of the open latch; the timed-out await records nothing.
        assertThat(main).extracting(Event::kind).containsExactly(THREAD_BEGIN, FORK, FORK, FORK, LATCH_AWAIT, LATCH_AWAIT, THREAD_END);
        long latch = main.get(4).object();
        assertThat(main.get(5).object()).isEqualTo(latch);
        assertThat(r.site(main.get(4))).isEqualTo("CountDownLatch.await");
        List<Recording.Op> onLatch = r.on(latch);
        assertThat(onLatch).extracting(Recording.Op::kind)
                .containsExactly(LATCH_COUNT_DOWN, LATCH_COUNT_DOWN, LATCH_COUNT_DOWN, LATCH_AWAIT, LATCH_AWAIT);
        assertThat(onLatch.subList(0, 3)).extracting(Recording.Op::thread).containsExactlyInAnyOrder("counter-0", "counter-1", "counter-2");
        for (int t = 0; t < 3; t++) {
            // the counters are never joined: their begin and count-down (and their end only if they had terminated when the recording closed)
            assertThat(r.kindsBeforeEnd("counter-" + t)).containsExactly(THREAD_BEGIN, LATCH_COUNT_DOWN);
        }
    }

    /**
     * A count-down of a latch already at 0 does nothing and records nothing: recorded as a release, it
     * would order its thread's earlier writes before every later await of the latch and hide their races.
     */
    @Test
    void aCountDownOfAnOpenLatchIsNoRelease() throws Exception {
        Recording r = Recording.of(dir.resolve("open-latch.wtrace"), CoordinationSubject.class,
                c -> c.getMethod("countDownOfAnOpenLatch").invoke(null));
        assertThat(r.list()).containsExactly(true);
        assertThat(r.kindsBeforeEnd("late")).containsExactly(THREAD_BEGIN);
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main).extracting(Event::kind).containsSubsequence(LATCH_COUNT_DOWN, FORK, JOIN, LATCH_AWAIT);
        assertThat(main).extracting(Event::kind).filteredOn(k -> k == LATCH_COUNT_DOWN).hasSize(1);
    }

    @Test
    void semaphoreHandOversFollowTheProgramsOwnLog() throws Exception {
        Recording r = Recording.of(dir.resolve("semaphore.wtrace"), CoordinationSubject.class,
                c -> c.getMethod("pingPong", int.class).invoke(null, 50));
        List<Object> log = r.list();
        assertThat(log).hasSize(100);
        // Each turn is an acquire, and the other thread's release that granted it comes right before.
        List<String> turns = new ArrayList<>();
        List<Recording.Op> ops = r.order().stream()
                .filter(op -> op.kind() == SEMAPHORE_ACQUIRE || op.kind() == SEMAPHORE_RELEASE).toList();
        assertThat(ops).hasSize(200);
        for (int i = 0; i < ops.size(); i += 2) {
            Recording.Op acquire = ops.get(i);
            Recording.Op release = ops.get(i + 1);
            assertThat(acquire.kind()).isEqualTo(SEMAPHORE_ACQUIRE);
            assertThat(release.kind()).isEqualTo(SEMAPHORE_RELEASE);
            assertThat(release.thread()).isEqualTo(acquire.thread());
            if (i > 0) assertThat(acquire.object()).as("acquires what the other released").isEqualTo(ops.get(i - 1).object());
            turns.add(acquire.thread());
        }
        assertThat(turns).isEqualTo(log);
        assertThat(ops).extracting(Recording.Op::site).contains("Semaphore.acquireUninterruptibly", "Semaphore.acquire",
                "Semaphore.tryAcquire", "Semaphore.release");
    }

    @Test
    void aFailedTryAcquireRecordsNothing() throws Exception {
        Recording r = Recording.of(dir.resolve("try.wtrace"), CoordinationSubject.class, c -> c.getMethod("tryAcquires").invoke(null));
        assertThat(r.list()).containsExactly(false, true);
        assertThat(r.kinds(Thread.currentThread().getName()))
                .containsExactly(THREAD_BEGIN, SEMAPHORE_RELEASE, SEMAPHORE_ACQUIRE, THREAD_END);
    }

    @Test
    void barrierEpisodesFollowTheGenerations() throws Exception {
        int parties = 3;
        int episodes = 6;
        Recording r = Recording.of(dir.resolve("barrier.wtrace"), CoordinationSubject.class,
                c -> c.getMethod("barrier", int.class, int.class).invoke(null, parties, episodes));
        assertThat(r.list()).hasSize(parties * episodes);
        for (int t = 0; t < parties; t++) {
            List<Event> syncs = r.syncs("party-" + t);
            List<Long> seen = new ArrayList<>();
            for (Event e : syncs.subList(1, syncs.size() - 1)) {
                assertThat(e.kind()).isEqualTo(BARRIER);
                seen.add(e.aux());
            }
            assertThat(seen).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
            assertThat(syncs.get(0).kind()).isEqualTo(THREAD_BEGIN);
            assertThat(syncs.get(syncs.size() - 1).kind()).isEqualTo(THREAD_END);
        }
        // In S_synch the episodes come in order: nobody leaves episode e+1 before all left episode e.
        List<Recording.Op> barriers = r.order().stream().filter(op -> op.kind() == BARRIER).toList();
        assertThat(barriers).hasSize(parties * episodes);
        assertThat(barriers).extracting(Recording.Op::object).containsOnly(barriers.get(0).object());
        for (int i = 0; i < barriers.size(); i++) assertThat(barriers.get(i).aux()).isEqualTo(i / parties);
        assertThat(barriers).extracting(Recording.Op::site).contains("CyclicBarrier.await");
        assertThat(r.kinds(Thread.currentThread().getName()))
                .containsExactly(THREAD_BEGIN, FORK, FORK, FORK, JOIN, JOIN, JOIN, THREAD_END);
    }

    /**
     * A barrier awaited by two groups of threads in turn: without the CyclicBarrier hook (in-process here; the real
     * agent numbers the generations, analysis' BarrierGenerationsTest) the agent names both generations episode 0
     * (a thread's own count of passes), and the reader makes the second group's passes a later episode
     * (format 20's first barrier check rejected the valid trace as corrupted at open).
     */
    @Test
    void aBarrierAwaitedByTwoGroupsInTurnIsReadAsTwoEpisodes() throws Exception {
        Recording r = Recording.of(dir.resolve("barrier-in-turn.wtrace"), CoordinationSubject.class,
                c -> c.getMethod("barrierInTurn").invoke(null));
        assertThat(r.result).isEqualTo(4);
        assertThat(r.order().stream().filter(op -> op.kind() == BARRIER)).extracting(Recording.Op::aux).containsOnly(0L);
        assertThat(r.trace.syncOrder().barrierEpisodes()).isEqualTo(2);
    }
}
