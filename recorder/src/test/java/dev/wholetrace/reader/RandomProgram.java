package dev.wholetrace.reader;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * A random multithreaded program that records itself, the way instrumented code would: every
 * thread runs its own list of operations in phases separated by a real {@link CyclicBarrier},
 * critical sections take real {@link ReentrantLock}s (so the ticket order is a real hand-over
 * order), and the run keeps, next to the trace, what each thread recorded and a log of every lock
 * hand-over written inside the critical section. Tests compare the trace read back with both.
 */
public final class RandomProgram {
    public static final long THREAD_OBJECT = 0x3000;
    public static final long LOCK_OBJECT = 0x1000;
    public static final long BARRIER_OBJECT = 0x2000;
    public static final int SITE_LOCK = 7, SITE_UNLOCK = 8, SITE_BARRIER = 9;

    public sealed interface Op permits Block, Access, Sweep, Critical, OtherSync, Checkpoint {}

    public record Block(int id) implements Op {}

    public record Access(boolean store, int instruction, long address) implements Op {}

    /** {@code count} accesses of one instruction at object + offset, offset + stride, ... */
    public record Sweep(boolean store, int instruction, long object, long offset, long stride, int count) implements Op {}

    /** lock(lock); body (no sync ops); unlock(lock), under the real lock. */
    public record Critical(int lock, List<Op> body) implements Op {}

    /** A sync op that synchronizes nothing real (volatile, latch, ...): only its thread's order matters. */
    public record OtherSync(SyncKind kind, int site, long object, long aux) implements Op {}

    /** {@link TraceRecorder#checkpoint()}: ends a chunk. */
    public record Checkpoint() implements Op {}

    /** [thread][phase][op]; phase e + 1 starts after barrier episode e. */
    public final List<List<List<Op>>> code;
    public final int locks;

    public RandomProgram(List<List<List<Op>>> code, int locks) {
        this.code = code;
        this.locks = locks;
    }

    public int threads() {
        return code.size();
    }

    public int phases() {
        return code.get(0).size();
    }

    @Override
    public String toString() {
        return "RandomProgram{threads=" + threads() + ", phases=" + phases() + ", locks=" + locks + ", code=" + code + "}";
    }

    // ---- generation ------------------------------------------------------------------------------

    /**
     * @param maxThreads       1..maxThreads threads
     * @param maxOps           maxOps / 3 to maxOps top-level operations per thread and phase
     * @param checkpointWeight relative frequency of checkpoints among top-level ops (0: none)
     */
    public static Arbitrary<RandomProgram> programs(int maxThreads, int maxOps, int checkpointWeight) {
        return Combinators.combine(Arbitraries.integers().between(1, maxThreads), Arbitraries.integers().between(1, 3),
                        Arbitraries.integers().between(1, 3))
                .as(Tuple::of)
                .flatMap(t -> topOp(t.get3(), checkpointWeight).list().ofMinSize(maxOps / 3).ofMaxSize(maxOps)
                        .list().ofSize(t.get2())
                        .list().ofSize(t.get1())
                        .map(code -> new RandomProgram(code, t.get3())));
    }

    private static Arbitrary<Op> topOp(int locks, int checkpointWeight) {
        List<Tuple.Tuple2<Integer, Arbitrary<? extends Op>>> choices = new ArrayList<>(List.of(
                Tuple.of(6, block()), Tuple.of(3, access()), Tuple.of(2, sweep()), Tuple.of(3, critical(locks)),
                Tuple.of(1, otherSync())));
        if (checkpointWeight > 0) choices.add(Tuple.of(checkpointWeight, Arbitraries.just(new Checkpoint())));
        @SuppressWarnings({"unchecked", "rawtypes"})
        Tuple.Tuple2<Integer, Arbitrary<? extends Op>>[] arr = choices.toArray(new Tuple.Tuple2[0]);
        return Arbitraries.frequencyOf(arr);
    }

    private static Arbitrary<Op> innerOp() {
        return Arbitraries.frequencyOf(Tuple.of(3, block()), Tuple.of(2, access()), Tuple.of(1, sweep()));
    }

    private static Arbitrary<Integer> id() {
        // Mostly a few ids (so that SEQUITUR finds repetition), sometimes any non-negative int.
        return Arbitraries.frequencyOf(Tuple.of(12, Arbitraries.integers().between(0, 12)),
                Tuple.of(1, Arbitraries.integers().between(0, Integer.MAX_VALUE)),
                Tuple.of(1, Arbitraries.of(0, Integer.MAX_VALUE)));
    }

    private static Arbitrary<Op> block() {
        return id().map(Block::new);
    }

    private static Arbitrary<Long> address() {
        return Arbitraries.frequencyOf(
                // a few fields of a few objects: repeated addresses
                Tuple.of(4, Combinators.combine(Arbitraries.longs().between(1, 4), Arbitraries.longs().between(0, 6))
                        .as((o, f) -> Addresses.of(o, 8 * f))),
                // anywhere in the address space
                Tuple.of(2, Combinators.combine(Arbitraries.longs().between(0, Addresses.MAX_OBJECT),
                        Arbitraries.longs().between(0, Addresses.MAX_OFFSET)).as(Addresses::of)),
                // any long at all (the format must not care)
                Tuple.of(1, Arbitraries.longs()));
    }

    private static Arbitrary<Op> access() {
        return Combinators.combine(Arbitraries.of(true, false), id(), address()).as(Access::new);
    }

    private static Arbitrary<Op> sweep() {
        return Combinators.combine(Arbitraries.of(true, false), id(), Arbitraries.longs().between(1, 1000),
                        Arbitraries.longs().between(0, 4096), Arbitraries.of(8L, 4L, -8L, 0L, 24L, 1L << 20),
                        Arbitraries.integers().between(1, 60))
                .as(Sweep::new);
    }

    private static Arbitrary<Op> critical(int locks) {
        return Combinators.combine(Arbitraries.integers().between(0, locks - 1), innerOp().list().ofMaxSize(5))
                .as(Critical::new);
    }

    private static Arbitrary<Op> otherSync() {
        return Combinators.combine(
                Arbitraries.of(SyncKind.VOLATILE_WRITE, SyncKind.VOLATILE_READ, SyncKind.LATCH_COUNT_DOWN,
                        SyncKind.LATCH_AWAIT, SyncKind.SEMAPHORE_ACQUIRE, SyncKind.TASK_SUBMIT, SyncKind.FORK,
                        SyncKind.JOIN, SyncKind.CLASS_INIT_USE),
                Arbitraries.integers().between(0, 100_000), Arbitraries.longs(), Arbitraries.longs())
                .as(OtherSync::new);
    }

    // ---- running ---------------------------------------------------------------------------------

    /** What a run did, as the program saw it. */
    public static final class Run {
        /** Per thread (by program index): the events it recorded, in program order. */
        public final List<List<Event>> recorded = new ArrayList<>();
        /** Per lock: {program thread, its sync-op index, kind ordinal} in real hand-over order. */
        public final List<List<long[]>> lockLog = new ArrayList<>();
        /** [program thread][episode]: the sync-op index of the thread's barrier entry. */
        public long[][] barrierOps;
        public final AtomicInteger checkpoints = new AtomicInteger();
        final List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());

        public static String name(int thread) {
            return "t" + thread;
        }
    }

    /** Runs the program on real threads, recording into {@code rec}; does not close it. */
    public Run run(TraceRecorder rec) throws InterruptedException {
        Run run = new Run();
        int n = threads();
        run.barrierOps = new long[n][Math.max(0, phases() - 1)];
        ReentrantLock[] real = new ReentrantLock[locks];
        for (int l = 0; l < locks; l++) {
            real[l] = new ReentrantLock();
            run.lockLog.add(new ArrayList<>());
        }
        CyclicBarrier barrier = new CyclicBarrier(n);
        Thread[] ts = new Thread[n];
        for (int k = 0; k < n; k++) {
            List<Event> events = new ArrayList<>();
            run.recorded.add(events);
            int kk = k;
            ts[k] = new Thread(() -> {
                try {
                    body(rec, kk, events, run, real, barrier);
                } catch (Throwable e) {
                    run.failures.add(e);
                    barrier.reset(); // do not leave the others waiting
                }
            }, "random-program-" + k);
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) {
            t.join(60_000);
            if (t.isAlive()) throw new IllegalStateException(t.getName() + " is stuck");
        }
        if (!run.failures.isEmpty()) {
            IllegalStateException e = new IllegalStateException("a program thread failed");
            for (Throwable f : run.failures) e.addSuppressed(f);
            throw e;
        }
        return run;
    }

    private void body(TraceRecorder rec, int k, List<Event> ev, Run run, ReentrantLock[] real, CyclicBarrier barrier)
            throws Exception {
        long self = THREAD_OBJECT + k;
        ThreadRecorder r = rec.beginThread(Run.name(k), self, false);
        ev.add(Event.sync(SyncKind.THREAD_BEGIN, 0, self, 0));
        long ops = 1;
        List<List<Op>> phases = code.get(k);
        for (int e = 0; e < phases.size(); e++) {
            for (Op op : phases.get(e)) {
                if (op instanceof Critical c) {
                    long object = LOCK_OBJECT + c.lock();
                    List<long[]> log = run.lockLog.get(c.lock());
                    real[c.lock()].lock();
                    try {
                        r.lock(SITE_LOCK, object); // after acquiring: the ticket is inside
                        ev.add(Event.sync(SyncKind.LOCK, SITE_LOCK, object, 0));
                        log.add(new long[] {k, ops++, SyncKind.LOCK.ordinal()});
                        for (Op inner : c.body()) plain(r, inner, ev);
                        r.unlock(SITE_UNLOCK, object); // before releasing
                        ev.add(Event.sync(SyncKind.UNLOCK, SITE_UNLOCK, object, 0));
                        log.add(new long[] {k, ops++, SyncKind.UNLOCK.ordinal()});
                    } finally {
                        real[c.lock()].unlock();
                    }
                } else if (op instanceof OtherSync s) {
                    r.sync(s.kind(), s.site(), s.object(), s.aux());
                    ev.add(Event.sync(s.kind(), s.site(), s.object(), s.aux()));
                    ops++;
                } else if (op instanceof Checkpoint) {
                    rec.checkpoint();
                    run.checkpoints.incrementAndGet();
                } else {
                    plain(r, op, ev);
                }
            }
            if (e < phases.size() - 1) {
                barrier.await(30, TimeUnit.SECONDS);
                r.barrier(SITE_BARRIER, BARRIER_OBJECT, e); // after passing it
                ev.add(Event.sync(SyncKind.BARRIER, SITE_BARRIER, BARRIER_OBJECT, e));
                run.barrierOps[k][e] = ops++;
            }
        }
        r.end();
        ev.add(Event.sync(SyncKind.THREAD_END, 0, self, 0));
    }

    private static void plain(ThreadRecorder r, Op op, List<Event> ev) {
        if (op instanceof Block b) {
            r.block(b.id());
            ev.add(Event.block(b.id()));
        } else if (op instanceof Access a) {
            access(r, a.store(), a.instruction(), a.address(), ev);
        } else if (op instanceof Sweep s) {
            for (int i = 0; i < s.count(); i++) {
                access(r, s.store(), s.instruction(), Addresses.of(s.object(), s.offset() + i * s.stride()), ev);
            }
        } else {
            throw new IllegalArgumentException("not a plain op: " + op);
        }
    }

    private static void access(ThreadRecorder r, boolean store, int instruction, long address, List<Event> ev) {
        if (store) {
            r.store(instruction, address);
            ev.add(Event.store(instruction, address));
        } else {
            r.load(instruction, address);
            ev.add(Event.load(instruction, address));
        }
    }
}
