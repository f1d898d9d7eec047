package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual threads are logical threads: each gets its own number and WPP, and lock hand-overs
 * between them appear in S_synch in the order they happened. Runs on JDK 21+ only (the build runs
 * the jdk25-tagged tests a second time on the machine's JDK 25); the code is compiled for 17, so
 * virtual threads are started through a method handle.
 */
@Tag("jdk25")
class VirtualThreadRecordingTest {
    static final int THREADS = 500;
    static final int ROUNDS = 20;

    @TempDir
    Path dir;

    @Test
    void manyVirtualThreadsRecordAndReadBack() throws Throwable {
        MethodHandle start = startVirtualThread();
        assumeTrue(start != null, "virtual threads need JDK 21+");
        Path file = dir.resolve("virtual.wtrace");
        ReentrantLock lock = new ReentrantLock();
        List<Integer> handOvers = new ArrayList<>(); // recorded thread numbers, in lock order
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            List<Thread> threads = new ArrayList<>();
            for (int k = 0; k < THREADS; k++) {
                int id = k;
                Runnable body = () -> {
                    ThreadRecorder t = rec.thread();
                    for (int r = 0; r < ROUNDS; r++) {
                        t.block(r % 3);
                        t.load(7, 1000L * id + 8L * r);
                        lock.lock();
                        try {
                            t.lock(5, 99);
                            handOvers.add(t.index());
                            t.store(8, 64);
                            t.unlock(6, 99);
                        } finally {
                            lock.unlock();
                        }
                        Thread.yield(); // let other virtual threads interleave on the carriers
                    }
                    t.end();
                };
                threads.add((Thread) start.invoke(body));
            }
            for (Thread t : threads) t.join();
        }

        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.threads()).hasSize(THREADS).allMatch(ThreadInfo::virtual);
        for (int t = 0; t < THREADS; t++) {
            List<Event> events = new ArrayList<>();
            for (Iterator<Event> it = trace.thread(t).events(); it.hasNext(); ) events.add(it.next());
            assertThat(events).hasSize(2 + ROUNDS * 5); // begin, 5 per round, end
            assertThat(events.get(0).kind()).isEqualTo(SyncKind.THREAD_BEGIN);
            assertThat(events.get(events.size() - 1).kind()).isEqualTo(SyncKind.THREAD_END);
        }
        List<Integer> lockOrder = new ArrayList<>();
        SyncOrder order = trace.syncOrder();
        for (int i = 0; i < order.size(); i++) if (order.kind(i) == SyncKind.LOCK) lockOrder.add(order.thread(i));
        assertThat(lockOrder).isEqualTo(handOvers);
    }

    /**
     * Virtual threads nobody joins and that never call end(): the recorder ends each once it has
     * terminated, not while it is parked (unmounted, alive) across the writer's looks for
     * terminated threads (every 50 ms between cuts, here with no cut until the close). Each
     * thread's events are all in the file in order, what it recorded after its sleep included,
     * with one end, last.
     */
    @Test
    void parkedVirtualThreadsAreNotEndedAndTerminatedOnesAreEndedAfterTheirLastEvent() throws Throwable {
        MethodHandle start = startVirtualThread();
        assumeTrue(start != null, "virtual threads need JDK 21+");
        Path file = dir.resolve("virtual-ended.wtrace");
        int threads = 200;
        Map<Long, List<Event>> recorded = new ConcurrentHashMap<>();
        Set<Thread> ended = ConcurrentHashMap.newKeySet();
        List<Thread> started = new ArrayList<>();
        RecorderConfig config = RecorderConfig.defaults(TraceMode.COR).withCodec(Codec.NONE).withChunkMillis(3_600_000);
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            rec.onTerminatedThreadEnded(ended::add);
            for (int k = 0; k < threads; k++) {
                int id = k;
                Runnable body = () -> {
                    ThreadRecorder t = rec.thread();
                    long object = TraceRecorder.defaultThreadObject(Thread.currentThread());
                    List<Event> mine = new ArrayList<>();
                    mine.add(Event.sync(SyncKind.THREAD_BEGIN, 0, object, 0));
                    for (int r = 0; r < 3; r++) {
                        for (int i = 0; i < 40; i++) {
                            t.block(id % 5 + i % 3);
                            mine.add(Event.block(id % 5 + i % 3));
                        }
                        try {
                            Thread.sleep(60); // parked, alive: the writer looks meanwhile
                        } catch (InterruptedException e) {
                            throw new AssertionError(e);
                        }
                    }
                    mine.add(Event.sync(SyncKind.THREAD_END, 0, object, 0));
                    recorded.put(object, mine);
                };
                started.add((Thread) start.invoke(body));
            }
            for (Thread t : started) t.join(); // not a recorded join
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (ended.size() < threads && System.nanoTime() < deadline) Thread.sleep(10);
            assertThat(ended).as("every virtual thread ended by the recorder once terminated").hasSize(threads);
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.threads()).hasSize(threads).allMatch(ThreadInfo::virtual);
        for (int t = 0; t < threads; t++) {
            List<Event> events = new ArrayList<>();
            for (Iterator<Event> it = trace.thread(t).events(); it.hasNext(); ) events.add(it.next());
            assertThat(events).as("thread %d", t).isEqualTo(recorded.get(events.get(0).object()));
        }
    }

    private static MethodHandle startVirtualThread() {
        try {
            return MethodHandles.publicLookup().findStatic(Thread.class, "startVirtualThread",
                    MethodType.methodType(Thread.class, Runnable.class));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
