package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** Atomics, run instrumented by {@link AtomicsTest}. */
public final class AtomicsSubject {
    private AtomicsSubject() {}

    /**
     * {@code threads} threads increment one AtomicInteger {@code rounds} times each, by six
     * read-modify-writes in turn, and log the counter value each increment produced. Returns the
     * logs, one list per thread in thread order.
     */
    public static List<List<Integer>> counter(int threads, int rounds) throws InterruptedException {
        AtomicInteger counter = new AtomicInteger();
        List<List<Integer>> logs = new ArrayList<>();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            List<Integer> log = new ArrayList<>();
            logs.add(log);
            ts[t] = new Thread(() -> {
                for (int r = 0; r < rounds; r++) {
                    log.add(switch (r % 6) {
                        case 0 -> counter.incrementAndGet();
                        case 1 -> counter.getAndIncrement() + 1;
                        case 2 -> counter.addAndGet(1);
                        case 3 -> counter.getAndAdd(1) + 1;
                        case 4 -> counter.updateAndGet(x -> x + 1);
                        default -> counter.accumulateAndGet(1, (x, y) -> x + y);
                    });
                }
            }, "incrementer-" + t);
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        return logs;
    }

    /** A subclass named as the static type: not one of the exact owners, so not recorded. */
    static final class Counter extends AtomicInteger {}

    /**
     * Every kind of accessor once, on one thread, in the order AtomicsTest expects; returns the
     * values the calls returned.
     */
    public static List<Object> accessors() {
        List<Object> out = new ArrayList<>();
        AtomicBoolean flag = new AtomicBoolean();
        flag.set(true); // write
        out.add(flag.get()); // read
        out.add(flag.compareAndSet(false, true)); // fails: write, read
        out.add(flag.getAndSet(false)); // write, read
        AtomicLong along = new AtomicLong(5);
        along.lazySet(6); // write
        out.add(along.getAndAdd(2)); // write, read
        out.add(along.longValue()); // read
        out.add(along.getPlain()); // nothing
        along.setPlain(1); // nothing
        along.weakCompareAndSetPlain(1, 2); // nothing (its result may be a spurious failure)
        AtomicReference<String> ref = new AtomicReference<>("a");
        ref.setRelease("b"); // write
        out.add(ref.getAcquire()); // read
        out.add(ref.getAndUpdate(s -> s + "c")); // write, read
        out.add(ref.compareAndExchange("bc", "d")); // write, read
        AtomicIntegerArray ints = new AtomicIntegerArray(4);
        ints.set(2, 5); // write at 16
        out.add(ints.getAndIncrement(3)); // write, read at 24
        out.add(ints.get(2)); // read at 16
        try {
            ints.set(4, 1); // out of bounds: throws, nothing
        } catch (IndexOutOfBoundsException e) {
            out.add("out of bounds");
        }
        AtomicLongArray longs = new AtomicLongArray(2);
        out.add(longs.compareAndSet(1, 0, 7)); // write, read at 8
        AtomicReferenceArray<String> refs = new AtomicReferenceArray<>(3);
        refs.setOpaque(0, "x"); // write at 0
        out.add(refs.getOpaque(0)); // read at 0
        Counter counter = new Counter();
        out.add(counter.incrementAndGet()); // Counter inherits AtomicInteger's: write, read
        AtomicInteger nothing = null;
        try {
            nothing.set(1); // null: throws, nothing
        } catch (NullPointerException e) {
            out.add("null");
        }
        return out;
    }
}
