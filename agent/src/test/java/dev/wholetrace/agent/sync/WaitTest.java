package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.LOCK;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.UNLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Object.wait is an unlock of the monitor before it and a lock after it, also when it ends with
 * InterruptedException; a wait that throws before releasing records nothing; the program sees the
 * same exceptions, stack traces included.
 */
class WaitTest extends RecordingTest {
    @Test
    void waitsHandTheMonitorOverInTheProgramsOrder() throws Exception {
        Recording r = Recording.of(dir.resolve("pc.wtrace"), WaitSubject.class,
                c -> c.getMethod("producerConsumer", int.class).invoke(null, 100));
        List<Object> log = r.list();
        assertThat(log).hasSize(200).startsWith("put 1", "take 1", "put 2").endsWith("take 100");
        long monitor = r.syncs("producer").get(1).object();
        // On the monitor, S_synch is a proper mutual exclusion: lock, then the same thread's unlock.
        List<Recording.Op> onMonitor = r.on(monitor);
        int waits = 0;
        for (int i = 0; i < onMonitor.size(); i += 2) {
            Recording.Op lock = onMonitor.get(i);
            Recording.Op unlock = onMonitor.get(i + 1);
            assertThat(lock.kind()).as("op %d", i).isEqualTo(LOCK);
            assertThat(unlock.kind()).as("op %d", i + 1).isEqualTo(UNLOCK);
            assertThat(unlock.thread()).isEqualTo(lock.thread());
            if (unlock.site().equals("Object.wait")) waits++;
        }
        assertThat(onMonitor.stream().filter(op -> op.site().equals("MONITORENTER"))).hasSize(200);
        // The log entries are made in the critical sections that end with a MONITOREXIT, in order.
        List<String> logged = new ArrayList<>();
        for (int i = 0; i < onMonitor.size(); i += 2) {
            if (onMonitor.get(i + 1).site().equals("MONITOREXIT")) logged.add(onMonitor.get(i + 1).thread());
        }
        assertThat(logged).isEqualTo(log.stream().map(e -> ((String) e).startsWith("put") ? "producer" : "consumer").toList());
        for (String t : List.of("producer", "consumer")) {
            List<SyncKind> kinds = r.kinds(t);
            assertThat(kinds.get(0)).isEqualTo(THREAD_BEGIN);
            assertThat(kinds.get(kinds.size() - 1)).isEqualTo(THREAD_END);
        }
        assertThat(waits).as("the threads did wait").isPositive();
    }

    @Test
    void anInterruptedWaitRelocksTheMonitorAndKeepsItsStackTrace() throws Exception {
        Recording r = Recording.of(dir.resolve("interrupted.wtrace"), WaitSubject.class,
                c -> c.getMethod("interruptedWait").invoke(null));
        Throwable instrumented = (Throwable) r.result;
        assertThat(instrumented).isInstanceOf(InterruptedException.class);
        List<Event> waiter = r.syncs("waiter");
        // the handler that catches the InterruptedException finds the thread interrupted (HandOversTest)
        assertThat(waiter).extracting(Event::kind).containsExactly(THREAD_BEGIN, LOCK, UNLOCK, LOCK, VOLATILE_READ, UNLOCK, THREAD_END);
        assertThat(r.site(waiter.get(4))).isEqualTo("catch InterruptedException (interrupted)");
        waiter = waiter.stream().filter(e -> e.kind() != VOLATILE_READ).toList();
        assertThat(waiter.subList(1, 5)).extracting(r::site).containsExactly("MONITORENTER", "Object.wait", "Object.wait", "MONITOREXIT");
        assertThat(waiter.subList(1, 5)).extracting(Event::object).containsOnly(waiter.get(1).object());

        Throwable plain = WaitSubject.interruptedWait();
        assertThat(Recording.frames(instrumented, WaitSubject.class)).isEqualTo(Recording.frames(plain, WaitSubject.class))
                .last().asString().startsWith(WaitSubject.class.getName());
    }

    @Test
    void timedWaitsToo_AndWaitsThatThrowFirstRecordNothing() throws Exception {
        Recording r = Recording.of(dir.resolve("timed.wtrace"), WaitSubject.class,
                c -> c.getMethod("timedAndFailedWaits").invoke(null));
        List<Object> failures = r.list();
        assertThat(failures).hasSize(2);
        @SuppressWarnings("unchecked")
        List<Object> plain = (List<Object>) (List<?>) WaitSubject.timedAndFailedWaits();
        for (int i = 0; i < 2; i++) {
            Throwable a = (Throwable) failures.get(i);
            Throwable b = (Throwable) plain.get(i);
            assertThat(a).hasSameClassAs(b).hasMessage(b.getMessage());
            assertThat(Recording.frames(a, WaitSubject.class)).isEqualTo(Recording.frames(b, WaitSubject.class))
                    .last().asString().startsWith(WaitSubject.class.getName());
        }
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main).extracting(Event::kind).containsExactly(THREAD_BEGIN, LOCK, UNLOCK, LOCK, UNLOCK, LOCK, UNLOCK, THREAD_END);
        assertThat(main.subList(1, 7)).extracting(r::site)
                .containsExactly("MONITORENTER", "Object.wait", "Object.wait", "Object.wait", "Object.wait", "MONITOREXIT");
    }
}
