package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.LOCK;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_WRITE;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.UNLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * StampedLock at application call sites: a lock after a call returned a stamp, an unlock before a
 * call that releases one, aux 2 for the write mode and 1 for the read mode, all on the StampedLock
 * (also through its Lock views); hand-overs in the program's own order.
 */
@Timeout(120)
class StampedLockTest extends RecordingTest {
    @Test
    void writerAndReaderHandOversFollowTheProgramsOwnLog() throws Exception {
        int writers = 2;
        int readers = 2;
        int rounds = 60;
        Recording r = Recording.of(dir.resolve("stamped.wtrace"), StampedLockSubject.class,
                c -> c.getMethod("handOver", int.class, int.class, int.class).invoke(null, writers, readers, rounds));
        @SuppressWarnings("unchecked")
        List<String> writes = (List<String>) r.list().get(0);
        @SuppressWarnings("unchecked")
        Map<String, List<Integer>> reads = (Map<String, List<Integer>>) r.list().get(1);
        long lock = r.syncs("writer-0").get(1).object();
        for (int t = 0; t < writers + readers; t++) {
            String name = t < writers ? "writer-" + t : "reader-" + (t - writers);
            long mode = t < writers ? 2 : 1;
            List<Event> syncs = r.syncs(name);
            assertThat(syncs).hasSize(2 + 2 * rounds);
            for (int i = 1; i <= 2 * rounds; i++) {
                assertThat(syncs.get(i).kind()).isEqualTo(i % 2 == 1 ? LOCK : UNLOCK);
                assertThat(syncs.get(i).object()).isEqualTo(lock);
                assertThat(syncs.get(i).aux()).as(name).isEqualTo(mode);
            }
        }
        // S_synch on the lock: a write section holds it alone; the writers enter in the order of
        // their log; each read sees as many writes as came before its lock.
        List<Recording.Op> onLock = r.on(lock);
        assertThat(onLock).hasSize(2 * (writers + readers) * rounds);
        List<String> writeOrder = new ArrayList<>();
        Map<String, List<Integer>> writesBeforeReads = new HashMap<>();
        int readersIn = 0;
        for (int i = 0; i < onLock.size(); i++) {
            Recording.Op op = onLock.get(i);
            if (op.aux() == 2 && op.kind() == LOCK) {
                assertThat(readersIn).isZero();
                assertThat(onLock.get(i + 1)).matches(u -> u.kind() == UNLOCK && u.aux() == 2 && u.thread().equals(op.thread()));
                writeOrder.add(op.thread() + ":" + (writeOrder.size() + 1));
            } else if (op.aux() == 1) {
                readersIn += op.kind() == LOCK ? 1 : -1;
                if (op.kind() == LOCK) writesBeforeReads.computeIfAbsent(op.thread(), k -> new ArrayList<>()).add(writeOrder.size());
            }
        }
        assertThat(writeOrder).isEqualTo(writes);
        assertThat(writesBeforeReads).isEqualTo(reads);
        assertThat(onLock).extracting(Recording.Op::site).contains("StampedLock.writeLock", "StampedLock.writeLockInterruptibly",
                "StampedLock.tryWriteLock", "StampedLock.unlockWrite", "StampedLock.unlock", "StampedLock.readLock",
                "StampedLock.readLockInterruptibly", "StampedLock.tryReadLock", "StampedLock.unlockRead");
    }

    /** Conversions are an unlock of the old mode and a lock of the new; failures and bad unlocks record nothing. */
    @Test
    void conversionsFailuresAndBadUnlocks() throws Exception {
        Recording r = Recording.of(dir.resolve("convert.wtrace"), StampedLockSubject.class, c -> c.getMethod("conversions").invoke(null));
        assertThat(r.list()).containsExactly(true, true, true, true, false, false, true, true, true, true, "unlockWrite twice",
                "unlock optimistic", false, true, "interrupted");
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main).extracting(Event::kind).containsExactly(THREAD_BEGIN,
                LOCK, UNLOCK, LOCK, // read lock, converted to write
                UNLOCK, LOCK, // converted to read
                LOCK, UNLOCK, // second read hold, released by tryUnlockRead
                UNLOCK, // converted to optimistic
                LOCK, UNLOCK, // optimistic converted to write, unlockWrite
                LOCK, UNLOCK, // writeLock, tryUnlockWrite
                VOLATILE_WRITE, VOLATILE_READ, // the self-interrupt, and the handler that catches it (HandOversTest)
                THREAD_END);
        List<Event> ops = main.subList(1, main.size() - 3);
        assertThat(ops).extracting(Event::aux).containsExactly(1L, 1L, 2L, 2L, 1L, 1L, 1L, 1L, 2L, 2L, 2L, 2L);
        assertThat(ops).extracting(Event::object).containsOnly(ops.get(0).object());
        assertThat(ops).extracting(r::site).containsExactly("StampedLock.readLock", "StampedLock.tryConvertToWriteLock",
                "StampedLock.tryConvertToWriteLock", "StampedLock.tryConvertToReadLock", "StampedLock.tryConvertToReadLock",
                "StampedLock.tryReadLock", "StampedLock.tryUnlockRead", "StampedLock.tryConvertToOptimisticRead",
                "StampedLock.tryConvertToWriteLock", "StampedLock.unlockWrite", "StampedLock.writeLock", "StampedLock.tryUnlockWrite");
    }

    @Test
    void lockViewsAreTheStampedLock() throws Exception {
        Recording r = Recording.of(dir.resolve("views.wtrace"), StampedLockSubject.class, c -> c.getMethod("views").invoke(null));
        assertThat(r.result).isEqualTo(4);
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main).hasSize(14);
        List<Event> ops = main.subList(1, 13);
        for (int i = 0; i < ops.size(); i++) assertThat(ops.get(i).kind()).isEqualTo(i % 2 == 0 ? LOCK : UNLOCK);
        assertThat(ops).extracting(Event::aux).containsExactly(2L, 2L, 2L, 2L, 1L, 1L, 2L, 2L, 1L, 1L, 1L, 1L);
        long first = ops.get(0).object();
        long other = ops.get(11).object();
        assertThat(other).isNotEqualTo(first);
        assertThat(ops).extracting(Event::object).containsExactly(first, first, first, first, first, first,
                other, other, other, other, other, other);
        assertThat(ops.subList(2, 6)).extracting(r::site).containsExactly("Lock.lock", "Lock.unlock", "Lock.lock", "Lock.unlock");
    }
}
