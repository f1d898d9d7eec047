package dev.wholetrace.agent.sync;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/** Field updaters, VarHandles, adders and interrupts, for HandOversTest. */
public final class HandOversSubject {
    static final AtomicIntegerFieldUpdater<HandOversSubject> STATE = AtomicIntegerFieldUpdater.newUpdater(HandOversSubject.class, "state");
    static final VarHandle READY;

    static {
        try {
            READY = MethodHandles.lookup().findVarHandle(HandOversSubject.class, "ready", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile int state;
    boolean ready;

    private HandOversSubject() {}

    /**
     * On one thread, in the order HandOversTest expects: the updater's set, get and CAS, a direct
     * read of the volatile field, the VarHandle's setRelease, getAcquire, CAS and a plain set.
     */
    public static List<Object> handles() {
        HandOversSubject s = new HandOversSubject();
        List<Object> out = new ArrayList<>();
        STATE.set(s, 1); // write
        out.add(STATE.get(s)); // read
        out.add(STATE.compareAndSet(s, 1, 2)); // write, read
        out.add(s.state); // read (the field itself)
        READY.setRelease(s, true); // write
        out.add((boolean) READY.getAcquire(s)); // read
        out.add((boolean) READY.compareAndSet(s, true, false)); // write, read
        READY.set(s, true); // plain: nothing
        out.add(s.ready);
        return out;
    }

    /** A field that {@link Derived}'s handles name as inherited, for {@link #computedHandles}. */
    static class Base {
        volatile int inherited;
        volatile int shadowed;
    }

    /** A subclass with a field of its own, for {@link #computedHandles}. */
    static final class Derived extends Base {
        volatile int own;
        volatile int shadowed; // hides Base's
    }

    /**
     * VarHandles made with a field name computed at run time (no constants for the instrumenter): on
     * a field Derived declares and on one it inherits, which the JDK cannot describe (its
     * describeConstable throws InternalError). The inherited one's write, the own one's write, then
     * direct reads of both fields; then a write through a handle on the field Derived declares to hide
     * Base's, and reads of Derived's field and of Base's.
     */
    public static List<Object> computedHandles() throws ReflectiveOperationException {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        VarHandle inherited = lookup.findVarHandle(Derived.class, String.join("", "inher", "ited"), int.class);
        VarHandle own = lookup.findVarHandle(Derived.class, String.join("", "o", "wn"), int.class);
        Derived d = new Derived();
        inherited.setVolatile(d, 1); // not resolved: nothing
        own.setVolatile(d, 2); // write
        int a = d.inherited; // read
        int b = d.own; // read
        VarHandle shadowed = lookup.findVarHandle(Derived.class, String.join("", "shad", "owed"), int.class);
        shadowed.setVolatile(d, 3); // write (Derived's field)
        int c = d.shadowed; // read (Derived's)
        int e = ((Base) d).shadowed; // read (Base's)
        return List.of(a, b, c, e);
    }

    /**
     * Two dependent stages of a future this thread completes: completing the source runs both
     * actions here; then joins of the last stage and of the first.
     */
    public static List<Object> stages() {
        CompletableFuture<Integer> source = new CompletableFuture<>();
        CompletableFuture<Integer> first = source.thenApply(x -> x + 1);
        CompletableFuture<Void> second = first.thenAccept(x -> { });
        source.complete(1);
        second.join();
        return List.of(first.join());
    }

    /** A LongAdder's add, increment and sum, a LongAccumulator's accumulate and get. */
    public static List<Object> adders() {
        LongAdder adder = new LongAdder();
        LongAccumulator max = new LongAccumulator(Math::max, 0);
        adder.add(2); // write
        adder.increment(); // write
        long sum = adder.sum(); // read
        max.accumulate(5); // write
        return List.of(sum, max.get()); // read
    }

    /**
     * Main interrupts a thread polling isInterrupted(), one sleeping (it catches the
     * InterruptedException) and one polling Thread.interrupted(), and joins them.
     */
    public static void interrupts() throws InterruptedException {
        Thread poller = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) Thread.onSpinWait();
        }, "poller");
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // interrupted: done
            }
        }, "sleeper");
        Thread checker = new Thread(() -> {
            while (!Thread.interrupted()) Thread.onSpinWait();
        }, "checker");
        poller.start();
        sleeper.start();
        checker.start();
        poller.interrupt();
        sleeper.interrupt();
        checker.interrupt();
        poller.join();
        sleeper.join();
        checker.join();
    }
}
