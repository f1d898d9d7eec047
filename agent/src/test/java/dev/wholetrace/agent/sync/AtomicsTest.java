package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Atomics as volatile variables: a read acquires after it, a write releases before it, a
 * read-modify-write does both; the address is (the atomic's id, 0) or (the array's id, index × 8).
 */
@Timeout(120)
class AtomicsTest extends RecordingTest {
    /**
     * Every increment is a release before it and an acquire after it; the increment that made the
     * counter v+1 acquires after the one that made it v released, so S_synch orders them as the
     * counter did.
     */
    @Test
    void everyIncrementReleasesAndAcquiresTheCounter() throws Exception {
        int threads = 3;
        int rounds = 120;
        Recording r = Recording.of(dir.resolve("counter.wtrace"), AtomicsSubject.class,
                c -> c.getMethod("counter", int.class, int.class).invoke(null, threads, rounds));
        @SuppressWarnings("unchecked")
        List<List<Integer>> logs = (List<List<Integer>>) r.result;
        long counter = r.syncs("incrementer-0").get(1).object();
        assertThat(Addresses.offset(counter)).isZero();
        for (int t = 0; t < threads; t++) {
            List<Event> syncs = r.syncs("incrementer-" + t);
            assertThat(syncs).hasSize(2 + 2 * rounds); // begin, a write and a read per increment, end
            for (int i = 1; i <= 2 * rounds; i++) {
                assertThat(syncs.get(i).kind()).isEqualTo(i % 2 == 1 ? VOLATILE_WRITE : VOLATILE_READ);
                assertThat(syncs.get(i).object()).isEqualTo(counter);
            }
        }
        // The k-th increment of thread t is its k-th write and k-th read in S_synch.
        List<Recording.Op> onCounter = r.on(counter);
        assertThat(onCounter).hasSize(2 * threads * rounds);
        Map<Integer, Integer> writeAt = new HashMap<>();
        Map<Integer, Integer> readAt = new HashMap<>();
        Map<String, int[]> seen = new HashMap<>();
        for (int i = 0; i < onCounter.size(); i++) {
            Recording.Op op = onCounter.get(i);
            int t = Integer.parseInt(op.thread().substring("incrementer-".length()));
            int[] n = seen.computeIfAbsent(op.thread(), k -> new int[2]);
            int value = logs.get(t).get(op.kind() == VOLATILE_WRITE ? n[0]++ : n[1]++);
            (op.kind() == VOLATILE_WRITE ? writeAt : readAt).put(value, i);
        }
        assertThat(writeAt.keySet()).hasSize(threads * rounds);
        for (int v = 1; v < threads * rounds; v++) {
            assertThat(writeAt.get(v)).as("release of increment %d before the acquire of the next", v).isLessThan(readAt.get(v + 1));
        }
        assertThat(onCounter).extracting(Recording.Op::site).contains("AtomicInteger.incrementAndGet", "AtomicInteger.getAndIncrement",
                "AtomicInteger.addAndGet", "AtomicInteger.getAndAdd", "AtomicInteger.updateAndGet", "AtomicInteger.accumulateAndGet");
    }

    @Test
    void accessorsAndElementAddresses() throws Exception {
        Recording r = Recording.of(dir.resolve("accessors.wtrace"), AtomicsSubject.class, c -> c.getMethod("accessors").invoke(null));
        assertThat(r.list()).containsExactly(true, false, true, 6L, 8L, 8L, "b", "b", "bc", 0, 5, "out of bounds", true, "x", 1, "null");
        List<Event> main = r.syncs(Thread.currentThread().getName());
        assertThat(main.get(0).kind()).isEqualTo(THREAD_BEGIN);
        assertThat(main.get(main.size() - 1).kind()).isEqualTo(THREAD_END);
        List<Event> ops = main.subList(1, main.size() - 1);
        String w = "w";
        String rd = "r";
        // (write or read, which atomic, offset), in program order
        List<String> expected = List.of(
                "w flag 0", "r flag 0", "w flag 0", "r flag 0", "w flag 0", "r flag 0",
                "w long 0", "w long 0", "r long 0", "r long 0",
                "w ref 0", "r ref 0", "w ref 0", "r ref 0", "w ref 0", "r ref 0",
                "w ints 16", "w ints 24", "r ints 24", "r ints 16",
                "w longs 8", "r longs 8",
                "w refs 0", "r refs 0",
                "w counter 0", "r counter 0");
        List<String> names = List.of("flag", "long", "ref", "ints", "longs", "refs", "counter");
        Map<Long, String> named = new HashMap<>();
        List<String> actual = new ArrayList<>();
        for (Event e : ops) {
            long object = Addresses.object(e.object());
            String name = named.computeIfAbsent(object, k -> names.get(named.size()));
            actual.add((e.kind() == VOLATILE_WRITE ? w : e.kind() == VOLATILE_READ ? rd : e.kind().label) + " " + name + " "
                    + Addresses.offset(e.object()));
        }
        assertThat(actual).isEqualTo(expected);
        assertThat(ops).extracting(r::site).contains("AtomicBoolean.compareAndSet", "AtomicLong.lazySet", "AtomicLong.longValue",
                "AtomicReference.getAndUpdate", "AtomicIntegerArray.getAndIncrement", "AtomicLongArray.compareAndSet",
                "AtomicReferenceArray.setOpaque");
    }
}
