package dev.wholetrace.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The method-entry lookup's fast path ({@link ThreadState#currentHandle}) reads the slot table and not
 * the recorder: a state in the table must hold the current recording's handle, whatever a probe that
 * read the recorder before a switch does afterwards, and none once recording stopped.
 */
class ThreadStateLookupTest {
    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Probes.install(null);
    }

    @Test
    void aStateGivenAReplacedRecordersHandleLeavesTheTable() throws Exception {
        try (TraceRecorder first = open("first"); TraceRecorder second = open("second")) {
            Probes.install(first);
            ThreadRecorder old = Probes.handle();
            assertThat(old).isSameAs(first.thread());
            Probes.install(second);
            ThreadState.of(first); // a probe that read the first recorder just before the switch
            assertThat(Probes.handle()).as("the lookup after the switch").isSameAs(second.thread()).isNotSameAs(old);
            assertThat(Probes.handle()).as("and its fast path").isSameAs(second.thread());
        }
    }

    /**
     * The same probe, late, once the thread's state is back in the table for the new recording: the state's handle
     * is replaced by the old recorder's (ThreadState#forRecorder), and it must leave the table with it.
     */
    @Test
    void aStateInTheTableGivenAReplacedRecordersHandleLeavesIt() throws Exception {
        try (TraceRecorder first = open("first"); TraceRecorder second = open("second")) {
            Probes.install(first);
            assertThat(Probes.handle()).isSameAs(first.thread());
            Probes.install(second);
            assertThat(Probes.handle()).as("the state, in the table again for the second").isSameAs(second.thread());
            ThreadState.of(first); // a probe that read the first recorder before the switch, run only now
            assertThat(Probes.handle()).as("the lookup after that probe").isSameAs(second.thread());
        }
    }

    @Test
    void noHandleOnceRecordingStoppedOrFailed() throws Exception {
        try (TraceRecorder r = open("stopped")) {
            Probes.install(r);
            assertThat(Probes.handle()).isSameAs(r.thread());
            Probes.install(null);
            assertThat(Probes.handle()).isSameAs(ThreadRecorder.notRecording());
        }
        try (TraceRecorder r = open("failed")) {
            Probes.install(r);
            assertThat(Probes.handle()).isSameAs(r.thread());
            Probes.fail(new IllegalStateException("a test's failure"));
            assertThat(Probes.handle()).isSameAs(ThreadRecorder.notRecording());
        }
    }

    /**
     * A program's Thread subclass that overrides getId (one id for all its threads): each thread still gets the slot of
     * its own thread id, the same at every lookup, without a call of the override (its instrumented code would run
     * inside the probe), and the lookup gives each its own handle. Two threads made one after the other have
     * consecutive ids, so distinct slots.
     */
    @Test
    void threadsWhoseClassOverridesGetIdGetTheSlotsOfTheirOwnIds() throws Exception {
        AtomicInteger overrideCalls = new AtomicInteger();
        class OwnId extends Thread {
            OwnId(Runnable task) {
                super(task);
            }

            @Override
            @SuppressWarnings("deprecation")
            public long getId() {
                overrideCalls.incrementAndGet();
                return 42;
            }
        }
        try (TraceRecorder r = open("subclass")) {
            Probes.install(r);
            int[][] slots = new int[2][2];
            ThreadRecorder[][] handles = new ThreadRecorder[2][2];
            Thread[] threads = new Thread[2];
            for (int i = 0; i < 2; i++) {
                int k = i;
                threads[i] = new OwnId(() -> {
                    Thread self = Thread.currentThread();
                    for (int turn = 0; turn < 2; turn++) {
                        slots[k][turn] = ThreadState.slot(self);
                        handles[k][turn] = Probes.handle();
                    }
                });
            }
            for (Thread t : threads) {
                t.start();
                t.join();
            }
            assertThat(overrideCalls).as("getId() overrides called").hasValue(0);
            for (int i = 0; i < 2; i++) {
                long id = TraceRecorder.defaultThreadObject(threads[i]) & ~TraceRecorder.THREAD_OBJECT_BIT;
                assertThat(slots[i]).as("thread %d's slots", i).containsExactly((int) id & 4095, (int) id & 4095);
                assertThat(handles[i][1]).isSameAs(handles[i][0]).isNotSameAs(ThreadRecorder.notRecording());
            }
            assertThat(slots[0][0]).isNotEqualTo(slots[1][0]);
            assertThat(handles[0][0]).isNotSameAs(handles[1][0]);
        }
    }

    /**
     * Two live threads whose ids are equal modulo the table's size share a slot: each lookup must still give each thread
     * its own handle (the slot is checked against its state's thread), whichever of them took the slot last. The threads
     * look up in strict turns, so every lookup but the first two finds the other thread's state in the slot. Both ways a
     * slot is found: two threads of a program's class (the id read without getId), and a plain Thread with one of them.
     */
    @Test
    void twoLiveThreadsInOneSlotEachGetTheirOwnHandle() throws Exception {
        try (TraceRecorder r = open("collision")) {
            Probes.install(r);
            assertOwnHandlesInOneSlot(Subclass::new, Subclass::new);
            assertOwnHandlesInOneSlot(Thread::new, Subclass::new);
        }
    }

    /** A program's Thread subclass, not overriding getId. */
    private static final class Subclass extends Thread {
        Subclass(Runnable task) {
            super(task);
        }
    }

    private static void assertOwnHandlesInOneSlot(Function<Runnable, Thread> first, Function<Runnable, Thread> second) throws Exception {
        int turns = 6;
        AtomicInteger turn = new AtomicInteger();
        ThreadRecorder[][] handles = new ThreadRecorder[2][turns];
        Thread[] threads = new Thread[2];
        for (int k = 0; k < 2; k++) {
            int me = k;
            Runnable task = () -> {
                for (int i = 0; i < turns; i++) {
                    while (turn.get() != 2 * i + me) Thread.onSpinWait();
                    handles[me][i] = Probes.handle();
                    turn.incrementAndGet();
                }
            };
            Function<Runnable, Thread> make = k == 0 ? first : second;
            threads[k] = make.apply(task);
            for (int tries = 0; k == 1 && ThreadState.slot(threads[1]) != ThreadState.slot(threads[0]); tries++) {
                assertThat(tries).as("threads made to find one in the first one's slot").isLessThan(3 * 4096);
                threads[1] = make.apply(task); // a new id: ids are given in sequence, so one in 4,096 has the slot
            }
        }
        for (Thread t : threads) {
            t.setDaemon(true); // a thread left waiting for its turn does not keep the JVM alive
            t.start();
        }
        for (Thread t : threads) t.join(60_000);
        assertThat(turn).as("turns taken").hasValue(2 * turns);
        assertThat(handles[0][0]).isNotSameAs(handles[1][0]).isNotSameAs(ThreadRecorder.notRecording());
        for (int k = 0; k < 2; k++) assertThat(handles[k]).as("thread %d's handles", k).containsOnly(handles[k][0]);
    }

    private TraceRecorder open(String name) throws Exception {
        return TraceRecorder.open(dir.resolve(name + ".wtrace"), RecorderConfig.defaults(TraceMode.COR));
    }
}
