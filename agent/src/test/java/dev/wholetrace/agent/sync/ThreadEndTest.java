package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.JOIN;
import static dev.wholetrace.model.event.SyncKind.LOCK;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.UNLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TraceRecorder.endThread: a joiner records the end of a terminated thread on its behalf, once,
 * after everything that thread did and before the joiner's join, however many threads join it.
 */
class ThreadEndTest {
    @TempDir
    Path dir;

    private static Thread child(TraceRecorder rec, String name) {
        return new Thread(() -> {
            rec.thread().lock(1, 77);
            rec.thread().unlock(2, 77);
        }, name);
    }

    @Test
    void joinersRacingToEndAThreadEndItOnce() throws Exception {
        Path file = dir.resolve("race.wtrace");
        int rounds = 50;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            for (int r = 0; r < rounds; r++) {
                Thread child = child(rec, "child-" + r);
                child.start();
                child.join();
                long object = TraceRecorder.defaultThreadObject(child);
                CyclicBarrier together = new CyclicBarrier(3);
                Thread[] joiners = new Thread[3];
                for (int j = 0; j < joiners.length; j++) {
                    joiners[j] = new Thread(() -> {
                        rec.thread();
                        try {
                            together.await();
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        rec.endThread(object);
                        rec.thread().join(3, object);
                        rec.thread().end();
                    }, "joiner-" + r + "-" + j);
                    joiners[j].start();
                }
                for (Thread j : joiners) j.join();
            }
        }
        ParallelTrace t = ParallelTrace.open(file);
        var order = t.syncOrder();
        for (int r = 0; r < rounds; r++) {
            int end = -1;
            int joins = 0;
            for (int i = 0; i < order.size(); i++) {
                String name = t.threads().get(order.thread(i)).name();
                if (name.equals("child-" + r) && order.kind(i) == THREAD_END) {
                    assertThat(end).as("one end of child-%d", r).isEqualTo(-1);
                    end = i;
                }
                if (name.startsWith("joiner-" + r + "-") && order.kind(i) == JOIN) {
                    assertThat(end).as("the end of child-%d before every join", r).isNotEqualTo(-1);
                    joins++;
                }
            }
            assertThat(joins).isEqualTo(3);
        }
        assertThat(kinds(t, "child-0")).containsExactly(THREAD_BEGIN, LOCK, UNLOCK, THREAD_END);
    }

    @Test
    void aThreadThatEndedItselfIsNotEndedAgain() throws Exception {
        Path file = dir.resolve("self.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            Thread child = new Thread(() -> {
                rec.thread().lock(1, 77);
                rec.thread().unlock(2, 77);
                rec.thread().end();
            }, "self-ending");
            child.start();
            child.join();
            rec.endThread(TraceRecorder.defaultThreadObject(child));
            rec.endThread(TraceRecorder.THREAD_OBJECT_BIT | 123_456_789L); // nobody: nothing
            rec.thread().join(3, TraceRecorder.defaultThreadObject(child));
            rec.thread().end();
            rec.endThread(TraceRecorder.defaultThreadObject(Thread.currentThread())); // ended already
        }
        ParallelTrace t = ParallelTrace.open(file);
        assertThat(kinds(t, "self-ending")).containsExactly(THREAD_BEGIN, LOCK, UNLOCK, THREAD_END);
        assertThat(kinds(t, Thread.currentThread().getName())).containsExactly(THREAD_BEGIN, JOIN, THREAD_END);
    }

    private static List<SyncKind> kinds(ParallelTrace t, String thread) {
        var order = t.syncOrder();
        int index = t.threads().stream().filter(i -> i.name().equals(thread)).findFirst().orElseThrow().index();
        return java.util.stream.IntStream.range(0, order.size()).filter(i -> order.thread(i) == index).mapToObj(order::kind).toList();
    }
}
