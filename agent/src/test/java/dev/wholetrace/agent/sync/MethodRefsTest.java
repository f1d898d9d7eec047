package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.BARRIER;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_WRITE;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.FORK;
import static dev.wholetrace.model.event.SyncKind.JOIN;
import static dev.wholetrace.model.event.SyncKind.LATCH_AWAIT;
import static dev.wholetrace.model.event.SyncKind.LATCH_COUNT_DOWN;
import static dev.wholetrace.model.event.SyncKind.LOCK;
import static dev.wholetrace.model.event.SyncKind.SEMAPHORE_ACQUIRE;
import static dev.wholetrace.model.event.SyncKind.SEMAPHORE_RELEASE;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.UNLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Method references to sync methods run in classes the JVM spins and the agent never sees; they
 * are recorded through generated bridges, at the site of the reference, exactly as direct calls.
 */
class MethodRefsTest extends RecordingTest {
    @Test
    void referencesAreRecordedLikeCalls() throws Exception {
        Recording r = Recording.of(dir.resolve("refs.wtrace"), MethodRefsSubject.class, c -> c.getMethod("references").invoke(null));
        assertThat(r.list()).containsExactly(0, true, false);
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main).extracting(Event::kind).containsExactly(THREAD_BEGIN,
                FORK, FORK, LATCH_AWAIT, // Thread::start twice, latch::await
                LOCK, UNLOCK, // lock::lock, lock::unlock
                BARRIER, SEMAPHORE_ACQUIRE, // barrier::await, semaphore::tryAcquire (the second failed)
                FORK, JOIN, // worker::start, worker::join
                JOIN, JOIN, THREAD_END);
        assertThat(main.subList(1, 11)).extracting(r::site).containsExactly("Thread::start", "Thread::start", "CountDownLatch::await",
                "ReentrantLock::lock", "ReentrantLock::unlock", "CyclicBarrier::await", "Semaphore::tryAcquire", "Thread::start",
                "Thread::join", "Thread.join");
        assertThat(main.get(6).aux()).as("the first episode").isZero();
        for (String counter : List.of("counter-0", "counter-1")) {
            List<Event> syncs = r.syncs(counter);
            assertThat(syncs).extracting(Event::kind).containsExactly(THREAD_BEGIN, LATCH_COUNT_DOWN, THREAD_END);
            assertThat(syncs.get(1).object()).isEqualTo(main.get(3).object());
            assertThat(r.site(syncs.get(1))).isEqualTo("CountDownLatch::countDown");
            assertThat(main.get(1).object() == r.threadObject(counter) || main.get(2).object() == r.threadObject(counter)).isTrue();
        }
        assertThat(main.get(8).object()).isEqualTo(r.threadObject("worker"));
        assertThat(r.kinds("worker")).containsExactly(THREAD_BEGIN, THREAD_END);
    }

    @Test
    void anExceptionThroughABridgeKeepsTheProgramsStackTrace() throws Exception {
        Recording r = Recording.of(dir.resolve("interrupted.wtrace"), MethodRefsSubject.class,
                c -> c.getMethod("interruptedReference").invoke(null));
        Throwable instrumented = (Throwable) r.result;
        Throwable plain = MethodRefsSubject.interruptedReference();
        assertThat(instrumented).isInstanceOf(InterruptedException.class);
        assertThat(Recording.frames(instrumented, MethodRefsSubject.class)).isEqualTo(Recording.frames(plain, MethodRefsSubject.class))
                .last().asString().startsWith(MethodRefsSubject.class.getName());
        // the self-interrupt, and the handler that catches it (HandOversTest)
        assertThat(r.kinds(Thread.currentThread().getName())).containsExactly(THREAD_BEGIN, VOLATILE_WRITE, VOLATILE_READ, THREAD_END);
    }

    @Test
    void aReferenceInAnInterfaceIsBridgedThere() throws Exception {
        Recording r = Recording.of(dir.resolve("interface.wtrace"), MethodRefsSubject.class, c -> c.getMethod("referenceInInterface").invoke(null));
        assertThat(r.result).isEqualTo(1);
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main).extracting(Event::kind).containsExactly(THREAD_BEGIN, SEMAPHORE_RELEASE, THREAD_END);
        assertThat(r.site(main.get(1))).isEqualTo("Semaphore::release");
    }
}
