package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.LOCK;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.UNLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Condition.await releases the condition's lock and re-takes it: an unlock before and a lock after,
 * on the lock object, also when it ends with InterruptedException. S_synch on the lock is then a
 * proper mutual exclusion in the program's own order.
 */
class ConditionTest extends RecordingTest {
    @Test
    void awaitsHandTheLockOverInTheProgramsOrder() throws Exception {
        Recording r = Recording.of(dir.resolve("condition.wtrace"), ConditionSubject.class,
                c -> c.getMethod("producerConsumer", int.class).invoke(null, 60));
        List<Object> log = r.list();
        assertThat(log).hasSize(120).startsWith("put 1", "take 1").endsWith("take 60");
        long lock = r.syncs("producer").get(1).object();
        List<Recording.Op> onLock = r.on(lock);
        List<String> logged = new ArrayList<>();
        for (int i = 0; i < onLock.size(); i += 2) {
            Recording.Op take = onLock.get(i);
            Recording.Op give = onLock.get(i + 1);
            assertThat(take.kind()).as("op %d", i).isEqualTo(LOCK);
            assertThat(give.kind()).as("op %d", i + 1).isEqualTo(UNLOCK);
            assertThat(give.thread()).isEqualTo(take.thread());
            if (give.site().equals("Lock.unlock")) logged.add(give.thread());
        }
        // Each put and take ends with its unlock(); the awaits' hand-overs come in between.
        assertThat(logged).isEqualTo(log.stream().map(e -> ((String) e).startsWith("put") ? "producer" : "consumer").toList());
    }

    /** Which awaits the producer/consumer run takes depends on scheduling; here each one surely waits. */
    @Test
    void everyAwaitVariantUnlocksAndRelocksTheLock() throws Exception {
        Recording r = Recording.of(dir.resolve("variants.wtrace"), ConditionSubject.class,
                c -> c.getMethod("everyAwait").invoke(null));
        assertThat(r.list()).containsExactly("await", "awaitTimeout", "awaitNanos", "awaitUntil", "awaitUninterruptibly");
        String[] sites = {"Condition.await", "Condition.await", "Condition.awaitNanos", "Condition.awaitUntil", "Condition.awaitUninterruptibly"};
        for (int v = 0; v < sites.length; v++) {
            String name = (String) r.list().get(v);
            List<Event> waiter = r.syncs(name);
            assertThat(waiter).as(name).extracting(Event::kind).startsWith(THREAD_BEGIN, LOCK, UNLOCK, LOCK, UNLOCK);
            assertThat(waiter.subList(2, 4)).as(name).extracting(r::site).containsOnly(sites[v]);
            assertThat(waiter.subList(1, waiter.size() - 1)).as(name).extracting(Event::object).containsOnly(waiter.get(1).object());
        }
    }

    @Test
    void anInterruptedAwaitRetakesTheLock() throws Exception {
        Recording r = Recording.of(dir.resolve("interrupted.wtrace"), ConditionSubject.class,
                c -> c.getMethod("interruptedAwait").invoke(null));
        assertThat((Throwable) r.result).isInstanceOf(InterruptedException.class);
        List<Event> waiter = r.syncs("waiter");
        // the handler that catches the InterruptedException finds the thread interrupted (HandOversTest)
        assertThat(waiter).extracting(Event::kind).containsExactly(THREAD_BEGIN, LOCK, UNLOCK, LOCK, VOLATILE_READ, UNLOCK, THREAD_END);
        assertThat(r.site(waiter.get(4))).isEqualTo("catch InterruptedException (interrupted)");
        waiter = waiter.stream().filter(e -> e.kind() != VOLATILE_READ).toList();
        assertThat(waiter.subList(1, 5)).extracting(r::site).containsExactly("ReentrantLock.lock", "Condition.await", "Condition.await", "ReentrantLock.unlock");
        assertThat(waiter.subList(1, 5)).extracting(Event::object).containsOnly(waiter.get(1).object());
        Throwable plain = ConditionSubject.interruptedAwait();
        assertThat(Recording.frames((Throwable) r.result, ConditionSubject.class)).isEqualTo(Recording.frames(plain, ConditionSubject.class))
                .last().asString().startsWith(ConditionSubject.class.getName());
    }
}
