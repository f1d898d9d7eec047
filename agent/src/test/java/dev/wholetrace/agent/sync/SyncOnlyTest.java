package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.FORK;
import static dev.wholetrace.model.event.SyncKind.JOIN;
import static dev.wholetrace.model.event.SyncKind.LOCK;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.UNLOCK;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import org.junit.jupiter.api.Test;

/**
 * A class include=/exclude= do not select is still instrumented for its sync operations (so that the
 * threads it starts and joins and the locks it takes order the checked classes' accesses), but
 * records no block and no plain load or store: --include narrows what is checked, not what orders it.
 */
class SyncOnlyTest extends RecordingTest {
    @Test
    void anUnselectedClassRecordsItsSyncOperationsOnly() throws Exception {
        Recording r = Recording.of(dir.resolve("synconly.wtrace"), TraceMode.CDR, false, SyncOnlySubject.class,
                c -> c.getMethod("startLockJoin").invoke(null));
        assertThat(r.result).isEqualTo(1);
        String main = Thread.currentThread().getName();
        assertThat(r.kinds(main)).containsExactly(THREAD_BEGIN, FORK, JOIN, VOLATILE_READ, THREAD_END);
        assertThat(r.kinds("sync-only-worker")).containsExactly(THREAD_BEGIN, LOCK, UNLOCK, VOLATILE_WRITE, THREAD_END);
        for (String thread : new String[] {main, "sync-only-worker"}) {
            assertThat(r.events(thread, Event.Type.BLOCK)).as("blocks of %s", thread).isEmpty();
            assertThat(r.events(thread, Event.Type.LOAD)).as("loads of %s", thread).isEmpty();
            assertThat(r.events(thread, Event.Type.STORE)).as("stores of %s", thread).isEmpty();
        }
    }

    @Test
    void aSelectedClassRecordsItsBlocksAndAccessesToo() throws Exception {
        Recording r = Recording.of(dir.resolve("checked.wtrace"), TraceMode.CDR, true, SyncOnlySubject.class,
                c -> c.getMethod("startLockJoin").invoke(null));
        String main = Thread.currentThread().getName();
        assertThat(r.kinds(main)).containsExactly(THREAD_BEGIN, FORK, JOIN, VOLATILE_READ, THREAD_END);
        assertThat(r.events(main, Event.Type.BLOCK)).isNotEmpty();
        assertThat(r.events("sync-only-worker", Event.Type.STORE)).isNotEmpty(); // s.counter++
        assertThat(r.events(main, Event.Type.STORE)).isNotEmpty(); // plain = ...
    }
}
