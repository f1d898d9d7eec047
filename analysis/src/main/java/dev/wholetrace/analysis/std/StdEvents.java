package dev.wholetrace.analysis.std;

import dev.wholetrace.analysis.std.StdEvent.Kind;
import dev.wholetrace.analysis.std.StdEvent.Op;
import dev.wholetrace.analysis.std.StdEvent.Target;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A recorded execution as STD events ({@link StdExport}), produced on demand: one pass over S_synch
 * that, before each entry, emits its thread's accesses since its previous sync operation, so the
 * events come in one order consistent with every thread's program order and the sync order. A
 * barrier episode's participants have their accesses before the barrier written before any of them
 * leaves it; a thread's accesses after its last sync operation follow that operation at once (the
 * trace orders them only after it), a thread without sync operations follows its fork. Locks are
 * written as a well-formed lock trace ({@link StdLocks}). Each {@link #forEach} expands the trace
 * again; only the sync order is read twice (a first pass finds the read locks' readers and the
 * forked threads).
 */
public final class StdEvents {
    /** Receives the events in order. */
    @FunctionalInterface
    public interface Sink<X extends Exception> {
        void accept(StdEvent e) throws X;
    }

    private final TraceView trace;

    StdEvents(TraceView trace) {
        this.trace = trace;
    }

    /** Hands every event to {@code sink}, in order. */
    public <X extends Exception> void forEach(Sink<X> sink) throws X {
        new Pass<>(trace, sink).run();
    }

    private static final class Pass<X extends Exception> {
        private final SyncOrder order;
        private final Sink<X> sink;
        private final List<Iterator<Event>> events = new ArrayList<>();
        /** Per thread, a sync operation already read (a barrier whose arrival is written) but not yet placed. */
        private final Event[] pending;
        private final Map<Long, Integer> threadOfObject = new HashMap<>();
        private final boolean[] forked;
        private final StdLocks locks;
        /** Per release/acquire object, the threads that acquire it anywhere in the trace. */
        private final Map<Long, int[]> acquirers = new HashMap<>();

        Pass(TraceView trace, Sink<X> sink) {
            this.order = trace.syncOrder();
            this.sink = sink;
            for (ThreadInfo t : trace.threads()) {
                events.add(trace.events(t.index()));
                threadOfObject.put(t.object(), t.index());
            }
            pending = new Event[events.size()];
            forked = new boolean[events.size()];
            Map<Long, BitSet> readers = new HashMap<>();
            Map<Long, BitSet> acquiring = new HashMap<>();
            for (SyncOrder.Cursor c = order.cursor(); c.hasNext(); ) {
                c.next();
                if (c.kind() == SyncKind.LOCK && c.aux() == SyncKind.LOCK_SHARED) readers.computeIfAbsent(c.object(), o -> new BitSet()).set(c.thread());
                if (releaseAcquire(c.kind()) && c.kind().role == SyncKind.Role.ACQUIRE) {
                    acquiring.computeIfAbsent(c.object(), o -> new BitSet()).set(c.thread());
                }
                if (c.kind() == SyncKind.FORK) {
                    Integer child = threadOfObject.get(c.object());
                    if (child != null) forked[child] = true;
                }
            }
            Map<Long, int[]> readerThreads = new HashMap<>();
            readers.forEach((o, r) -> readerThreads.put(o, r.stream().toArray()));
            locks = new StdLocks(readerThreads);
            acquiring.forEach((o, r) -> acquirers.put(o, r.stream().toArray()));
        }

        void run() throws X {
            for (int t = 0; t < events.size(); t++) {
                if (!forked[t] && order.count(t) == 0) rest(t); // nothing places it: before everything
            }
            for (SyncOrder.Cursor c = order.cursor(); c.hasNext(); ) {
                c.next();
                int t = c.thread();
                Event sync = dataUntilSync(t);
                if (sync == null) throw new IllegalStateException("thread " + t + " has fewer sync operations than the sync order says");
                sync(c, t, sync);
                if (c.op() + 1 == order.count(t)) rest(t); // its last one
            }
        }

        /** Emits the rest of thread t's accesses, after its last sync operation. */
        private void rest(int t) throws X {
            if (dataUntilSync(t) != null) throw new IllegalStateException("thread " + t + " has more sync operations than the sync order says");
        }

        /** Emits thread t's accesses up to its next sync operation and returns that operation (null at its end). */
        private Event dataUntilSync(int t) throws X {
            Event sync = pending[t];
            if (sync != null) {
                pending[t] = null;
                return sync;
            }
            Iterator<Event> it = events.get(t);
            while (it.hasNext()) {
                Event e = it.next();
                switch (e.type()) {
                    case SYNC -> {
                        return e;
                    }
                    case LOAD -> sink.accept(new StdEvent(t, Op.READ, variable(e.address()), e.id()));
                    case STORE -> sink.accept(new StdEvent(t, Op.WRITE, variable(e.address()), e.id()));
                    case BLOCK -> { }
                }
            }
            return null;
        }

        /**
         * The happens-before mapping: STD has only locks and fork/join, so every other sync kind
         * becomes lock operations that carry the same edges (ExportCommand's help lists them).
         */
        private void sync(SyncOrder.Cursor at, int t, Event e) throws X {
            int site = e.id();
            switch (e.kind()) {
                case LOCK -> locks.lock(t, e.object(), e.aux() == SyncKind.LOCK_SHARED, site, this::emit);
                case UNLOCK -> locks.unlock(t, e.object(), e.aux() == SyncKind.LOCK_SHARED, site, this::emit);
                case FORK, JOIN -> {
                    Integer child = threadOfObject.get(e.object());
                    if (child == null) {
                        pair(t, new Target(Kind.SYNC_OBJECT, e.object(), 0), site); // a thread that recorded nothing
                    } else if (e.kind() == SyncKind.FORK) {
                        emit(t, Op.FORK, new Target(Kind.THREAD, child, 0), site);
                        if (order.count(child) == 0) rest(child); // it has nothing else to be placed by
                    } else {
                        emit(t, Op.JOIN, new Target(Kind.THREAD, child, 0), site);
                    }
                }
                case THREAD_BEGIN, THREAD_END -> {
                    if (!threadOfObject.containsKey(e.object()) || threadOfObject.get(e.object()) != t) {
                        pair(t, new Target(Kind.SYNC_OBJECT, e.object(), 0), site);
                    }
                    // a thread's own begin and end are implied by fork and join
                }
                case BARRIER -> {
                    Target episode = new Target(Kind.BARRIER_EPISODE, e.object(), e.aux());
                    if (at.firstOfEpisode()) { // every arrival, after what the participant did before the barrier
                        for (int p : order.participants(at.episode())) {
                            if (p != t && pending[p] == null) pending[p] = arrival(p, e);
                            pair(p, episode, site);
                        }
                    }
                    pair(t, episode, site); // this departure
                }
                case LATCH_COUNT_DOWN, LATCH_AWAIT -> pair(t, new Target(Kind.SYNC_PHASE, e.object(), e.aux()), site);
                default -> {
                    if (!releaseAcquire(e.kind())) {
                        pair(t, new Target(Kind.SYNC_OBJECT, e.object(), 0), site);
                    } else if (e.kind().role == SyncKind.Role.ACQUIRE) {
                        pair(t, new Target(Kind.ACQUIRER, e.object(), t), site);
                    } else {
                        // A lock pair on the object itself would also order its acquirers among
                        // themselves (each acquire's release hands its clock to the next acquirer),
                        // hiding races between them: the detector orders only release -> acquire.
                        for (int r : acquirers.getOrDefault(e.object(), NONE)) {
                            if (r != t) pair(t, new Target(Kind.ACQUIRER, e.object(), r), site);
                        }
                    }
                }
            }
        }

        private static final int[] NONE = {};

        /** The kinds written per acquirer ({@link Kind#ACQUIRER}): releases and acquires of one object, outside locks, latches, barriers and threads. */
        private static boolean releaseAcquire(SyncKind k) {
            return switch (k) {
                case VOLATILE_WRITE, VOLATILE_READ, SEMAPHORE_RELEASE, SEMAPHORE_ACQUIRE, TASK_SUBMIT, TASK_BEGIN, TASK_END, TASK_JOIN,
                        CLASS_INIT_END, CLASS_INIT_USE -> true;
                default -> false;
            };
        }

        /** Emits participant p's accesses before the barrier of {@code first} and returns its pass of that episode. */
        private Event arrival(int p, Event first) throws X {
            Event pass = dataUntilSync(p);
            if (pass == null || pass.kind() != SyncKind.BARRIER || pass.object() != first.object() || pass.aux() != first.aux()) {
                throw new IllegalStateException("thread " + p + " takes part in barrier episode " + first.aux() + " of object " + first.object()
                        + " but its next sync operation is " + (pass == null ? "none" : pass.kind().label));
            }
            return pass;
        }

        private void pair(int t, Target lock, int site) throws X {
            emit(t, Op.ACQUIRE, lock, site);
            emit(t, Op.RELEASE, lock, site);
        }

        private void emit(int t, Op op, Target target, int site) throws X {
            sink.accept(new StdEvent(t, op, target, site));
        }

        private static Target variable(long address) {
            return new Target(Kind.VARIABLE, Addresses.object(address), Addresses.offset(address));
        }
    }
}
