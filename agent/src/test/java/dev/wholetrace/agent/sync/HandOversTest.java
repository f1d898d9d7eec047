package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Atomic field updaters and VarHandles as volatile accesses of the field they name (the address a
 * direct access of the field has), LongAdder/LongAccumulator as one volatile variable, and
 * Thread.interrupt as a release that isInterrupted, interrupted and a caught InterruptedException
 * acquire.
 */
@Timeout(120)
class HandOversTest extends RecordingTest {
    private static final long STATUS = (Addresses.MAX_OFFSET & ~7L) - 8;

    @Test
    void updatersAndVarHandlesAccessTheFieldTheyName() throws Exception {
        Recording r = Recording.of(dir.resolve("handles.wtrace"), TraceMode.CDR, HandOversSubject.class,
                c -> c.getMethod("handles").invoke(null));
        assertThat(r.list()).containsExactly(1, true, 2, true, true, true);
        List<Event> main = r.syncs(Thread.currentThread().getName());
        List<Event> ops = main.subList(1, main.size() - 1).stream().filter(e -> e.kind() == VOLATILE_READ || e.kind() == VOLATILE_WRITE)
                .toList();
        assertThat(ops).extracting(Event::kind).containsExactly(VOLATILE_WRITE, VOLATILE_READ, VOLATILE_WRITE, VOLATILE_READ, VOLATILE_READ,
                VOLATILE_WRITE, VOLATILE_READ, VOLATILE_WRITE, VOLATILE_READ);
        long state = ops.get(4).object(); // the GETFIELD of the volatile field itself
        assertThat(r.site(ops.get(4))).contains("GETFIELD volatile");
        for (int i = 0; i < 5; i++) assertThat(ops.get(i).object()).as("updater op %d", i).isEqualTo(state);
        long ready = ops.get(5).object();
        assertThat(Addresses.object(ready)).isEqualTo(Addresses.object(state)); // the same object, another field
        assertThat(ready).isNotEqualTo(state);
        for (int i = 5; i < 9; i++) assertThat(ops.get(i).object()).as("VarHandle op %d", i).isEqualTo(ready);
        assertThat(ops).extracting(r::site).contains("AtomicIntegerFieldUpdater.set", "AtomicIntegerFieldUpdater.compareAndSet",
                "VarHandle.setRelease", "VarHandle.getAcquire", "VarHandle.compareAndSet");
    }

    /**
     * A VarHandle made from a computed name is resolved at its first access from its description:
     * the field the receiver declares is recorded at its own address (when it hides a superclass's
     * field of the same name, the hiding one's); one it inherits, which the JDK cannot describe,
     * records nothing, and the recording goes on (it stopped, the error taken for the agent's own).
     */
    @Test
    void computedFieldHandlesResolveOrRecordNothingAndTheRecordingGoesOn() throws Exception {
        Recording r = Recording.of(dir.resolve("computed.wtrace"), TraceMode.CDR, HandOversSubject.class,
                c -> c.getMethod("computedHandles").invoke(null));
        assertThat(r.list()).containsExactly(1, 2, 3, 0);
        List<Event> ops = r.syncs(Thread.currentThread().getName()).stream()
                .filter(e -> e.kind() == VOLATILE_READ || e.kind() == VOLATILE_WRITE).toList();
        assertThat(ops).extracting(Event::kind).containsExactly(VOLATILE_WRITE, VOLATILE_READ, VOLATILE_READ,
                VOLATILE_WRITE, VOLATILE_READ, VOLATILE_READ);
        assertThat(r.site(ops.get(0))).contains("VarHandle.setVolatile");
        assertThat(ops.get(0).object()).isEqualTo(ops.get(2).object()).isNotEqualTo(ops.get(1).object());
        assertThat(Addresses.object(ops.get(1).object())).isEqualTo(Addresses.object(ops.get(0).object()));
        // the hiding field, not the hidden one: where the direct read of Derived's field is recorded
        assertThat(r.site(ops.get(3))).contains("VarHandle.setVolatile");
        assertThat(ops.get(3).object()).isEqualTo(ops.get(4).object()).isNotEqualTo(ops.get(5).object());
    }

    /**
     * A stage's action acquires its source's completion and releases its own; a join acquires the
     * stage's completion and its source's: wrapper 1 (thenApply), wrapper 2 (thenAccept).
     */
    @Test
    void stagesReleaseTheirCompletionToDependentsAndJoins() throws Exception {
        Recording r = Recording.of(dir.resolve("stages.wtrace"), HandOversSubject.class, c -> c.getMethod("stages").invoke(null));
        assertThat(r.list()).containsExactly(2);
        List<Event> ops = r.syncs(Thread.currentThread().getName()).stream()
                .filter(e -> e.kind() == VOLATILE_READ || e.kind() == VOLATILE_WRITE).toList();
        assertThat(ops).extracting(Event::kind).containsExactly(VOLATILE_WRITE, VOLATILE_READ, VOLATILE_WRITE, VOLATILE_READ, VOLATILE_READ,
                VOLATILE_READ);
        long first = ops.get(0).object();
        long second = ops.get(2).object();
        assertThat(second).isNotEqualTo(first);
        assertThat(ops).extracting(Event::object).containsExactly(first, first, second, second, first, first);
        assertThat(r.site(ops.get(0))).isEqualTo("CompletableFuture.thenApply");
        assertThat(r.site(ops.get(2))).isEqualTo("CompletableFuture.thenAccept");
        assertThat(r.site(ops.get(3))).isEqualTo("CompletableFuture.join");
    }

    @Test
    void addersAreOneVolatileVariable() throws Exception {
        Recording r = Recording.of(dir.resolve("adders.wtrace"), HandOversSubject.class, c -> c.getMethod("adders").invoke(null));
        assertThat(r.list()).containsExactly(3L, 5L);
        List<Event> main = r.syncs(Thread.currentThread().getName());
        List<Event> ops = main.stream().filter(e -> e.kind() == VOLATILE_READ || e.kind() == VOLATILE_WRITE).toList();
        assertThat(ops).extracting(Event::kind).containsExactly(VOLATILE_WRITE, VOLATILE_WRITE, VOLATILE_READ, VOLATILE_WRITE, VOLATILE_READ);
        assertThat(ops.get(1).object()).isEqualTo(ops.get(0).object());
        assertThat(ops.get(2).object()).isEqualTo(ops.get(0).object());
        assertThat(ops.get(4).object()).isEqualTo(ops.get(3).object()).isNotEqualTo(ops.get(0).object());
        assertThat(ops).extracting(r::site).containsExactly("LongAdder.add", "LongAdder.increment", "LongAdder.sum",
                "LongAccumulator.accumulate", "LongAccumulator.get");
    }

    @Test
    void anInterruptReleasesToWhoeverFindsTheThreadInterrupted() throws Exception {
        Recording r = Recording.of(dir.resolve("interrupts.wtrace"), HandOversSubject.class, c -> c.getMethod("interrupts").invoke(null));
        List<Recording.Op> order = r.order();
        for (String name : List.of("poller", "sleeper", "checker")) {
            List<Event> syncs = r.syncs(name);
            assertThat(syncs).extracting(Event::kind).as(name).containsExactly(THREAD_BEGIN, VOLATILE_READ, THREAD_END);
            long status = syncs.get(1).object();
            assertThat(Addresses.offset(status)).isEqualTo(STATUS);
            List<Recording.Op> on = r.on(status);
            assertThat(on).extracting(Recording.Op::kind).as(name).containsExactly(VOLATILE_WRITE, VOLATILE_READ);
            assertThat(on.get(0).thread()).isEqualTo(Thread.currentThread().getName());
            assertThat(on.get(0).site()).isEqualTo("Thread.interrupt");
            assertThat(order).isNotEmpty();
        }
        assertThat(r.site(r.syncs("poller").get(1))).isEqualTo("Thread.isInterrupted");
        assertThat(r.site(r.syncs("checker").get(1))).isEqualTo("Thread.interrupted");
        assertThat(r.site(r.syncs("sleeper").get(1))).isEqualTo("catch InterruptedException (interrupted)");
    }
}
