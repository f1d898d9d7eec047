package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.FORK;
import static dev.wholetrace.model.event.SyncKind.JOIN;
import static dev.wholetrace.model.event.SyncKind.LOCK;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.UNLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Lock, ReentrantLock and the read/write locks at application call sites: a lock after lock(),
 * lockInterruptibly() and a successful tryLock(), an unlock before unlock(); hand-overs in the
 * program's own order.
 */
class LocksTest extends RecordingTest {
    @Test
    void handOversFollowTheProgramsOwnLog() throws Exception {
        Recording r = Recording.of(dir.resolve("locks.wtrace"), LocksSubject.class,
                c -> c.getMethod("handOver", int.class, int.class).invoke(null, 3, 90));
        @SuppressWarnings("unchecked")
        List<String> log = (List<String>) r.result;
        assertThat(log).hasSize(270);
        long lock = r.syncs("worker-0").stream().filter(e -> e.kind() == LOCK).findFirst().orElseThrow().object();
        List<Recording.Op> onLock = r.on(lock);
        assertThat(onLock).hasSize(2 * 270);
        List<String> lockOrder = new ArrayList<>();
        for (int i = 0; i < onLock.size(); i += 2) {
            assertThat(onLock.get(i).kind()).isEqualTo(LOCK);
            assertThat(onLock.get(i + 1).kind()).isEqualTo(UNLOCK);
            assertThat(onLock.get(i + 1).thread()).isEqualTo(onLock.get(i).thread());
            lockOrder.add(onLock.get(i).thread());
        }
        assertThat(lockOrder).isEqualTo(log);
        // Every way of taking it is recorded at its own call site.
        assertThat(onLock).extracting(Recording.Op::site).contains("Lock.lock", "Lock.lockInterruptibly", "Lock.tryLock", "Lock.unlock");
    }

    @Test
    void aFailedTryLockRecordsNothing() throws Exception {
        Recording r = Recording.of(dir.resolve("trylock.wtrace"), LocksSubject.class, c -> c.getMethod("tryLocks").invoke(null));
        assertThat(r.list()).containsExactly(false, true);
        assertThat(r.kinds("trier")).containsExactly(THREAD_BEGIN, THREAD_END);
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main).extracting(Event::kind).containsExactly(THREAD_BEGIN, LOCK, FORK, JOIN, UNLOCK, LOCK, UNLOCK, THREAD_END);
        assertThat(r.site(main.get(5))).isEqualTo("ReentrantLock.tryLock");
        assertThat(main.subList(1, 7)).filteredOn(e -> e.kind() == LOCK || e.kind() == UNLOCK)
                .extracting(Event::object).containsOnly(main.get(1).object());
    }

    @Test
    void subclassesAreLocksAndImpostorsAreNot() throws Exception {
        Recording r = Recording.of(dir.resolve("subclass.wtrace"), LocksSubject.class,
                c -> c.getMethod("subclassAndImpostor").invoke(null));
        assertThat(r.list()).containsExactly("a", "not held");
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main).extracting(Event::kind).containsExactly(THREAD_BEGIN, LOCK, UNLOCK, THREAD_END);
        assertThat(main.get(2).object()).isEqualTo(main.get(1).object());
        assertThat(r.site(main.get(1))).isEqualTo("LocksSubject$NamedLock.lock");
    }

    /**
     * The read and write locks of one ReentrantReadWriteLock are one lock in the trace (so a
     * writer's unlock orders a later reader's lock), told apart by aux: 2 exclusive, 1 shared.
     */
    @Test
    void readAndWriteLocksAreTheirReadWriteLock() throws Exception {
        Recording r = Recording.of(dir.resolve("rw.wtrace"), LocksSubject.class, c -> c.getMethod("readWrite").invoke(null));
        assertThat(r.result).isEqualTo(2);
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main).extracting(Event::kind).containsExactly(THREAD_BEGIN, LOCK, UNLOCK, LOCK, UNLOCK, LOCK, UNLOCK, THREAD_END);
        long lock = main.get(1).object();
        assertThat(main.subList(1, 7)).extracting(Event::object).containsOnly(lock);
        assertThat(main.subList(1, 7)).extracting(Event::aux).containsExactly(2L, 2L, 1L, 1L, 1L, 1L);
        assertThat(main.subList(1, 5)).extracting(r::site)
                .containsExactly("ReentrantReadWriteLock$WriteLock.lock", "ReentrantReadWriteLock$WriteLock.unlock", "Lock.lock", "Lock.unlock");
    }
}
