package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.TraceRecorder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * All of the probes' runtime state, in one place: the recorder, object ids, each thread's state,
 * the per-slot tables the instrumenter's numbering indexes, and the side tables that remember what
 * an object is (a condition's lock, a lock view's lock; a future's submission is kept with its id entry). Instrumented code
 * calls the probes as static methods, so they reach this through one static entry, {@link #get()}:
 * a constant the JIT folds, costing no more than the static fields it replaces.
 */
final class RuntimeState {
    private static final RuntimeState STATE = new RuntimeState();

    /** The recorder, or null when not recording. */
    private volatile TraceRecorder recorder;
    /** Field offsets of the instrumentation the recorder's probes come from (SyncUnsafe), or null. */
    private volatile FieldOffsets fieldOffsets;
    /** What Unsafe offsets name, per class, in this recording's field offsets: made afresh with them. */
    private volatile ClassValue<SyncUnsafe.Offsets> unsafeOffsets = newUnsafeOffsets();
    /** One id per object, shared by every probe (behind each thread's cache of its entries). */
    final ObjectIds objects = new ObjectIds();
    /** Per thread: its recorder handle, its id cache, its class uses and barrier passes ({@link ThreadState}). */
    final ThreadLocal<ThreadState> threads = ThreadLocal.withInitial(ThreadState::new);
    /** By class-init slot (the instrumenter's numbering): the end recorded for the class (ClassInitProbes). */
    final SlotTable<ClassInitProbes.End> classInitEnds = new SlotTable<>();
    /** By class-monitor slot: the id of a static synchronized method's class, in a pre-Java-5 class file (SyncProbes). */
    final SlotTable<Long> classMonitors = new SlotTable<>();
    /**
     * Which lock each Condition belongs to, learnt at the program's newCondition() calls: a
     * Condition does not tell, and Condition.await releases and re-takes that lock. A condition
     * created where the agent does not see it (in JDK code) is unknown; its awaits record nothing.
     */
    final WeakIdentityMap<Condition, Lock> conditionLocks = new WeakIdentityMap<>();
    /** A read/write lock view → {its lock's id, aux} (SyncReadWriteLocks). */
    final WeakIdentityMap<Object, long[]> lockViews = new WeakIdentityMap<>();
    /** Which field an atomic field updater or VarHandle names, learnt where the program made it (SyncFieldHandles). */
    final WeakIdentityMap<Object, SyncFieldHandles.Field> fieldHandles = new WeakIdentityMap<>();
    /** A CompletableFuture stage → its action's wrapper, or allOf's result → its sources (SyncStages). */
    final WeakIdentityMap<Object, Object> stages = new WeakIdentityMap<>();
    /** A thread flock → the threads it started that no join has recorded yet (SyncThreadFlocks). */
    final WeakIdentityMap<Object, SyncThreadFlocks.Started> flockThreads = new WeakIdentityMap<>();
    /** A CyclicBarrier → its generations seen so far (SyncBarrierEpisodes): dies with the barrier. */
    final WeakIdentityMap<Object, SyncBarrierEpisodes.Generations> barrierGenerations = new WeakIdentityMap<>();
    /** Threads whose start failed after their fork was recorded: their joins record nothing (SyncThreadStarts). */
    final WeakIdentityMap<Thread, Boolean> neverStarted = new WeakIdentityMap<>();

    private RuntimeState() {}

    /** The one instance. */
    static RuntimeState get() {
        return STATE;
    }

    /** The recorder, or null when not recording. */
    TraceRecorder recorder() {
        return recorder;
    }

    /**
     * Starts recording into {@code r}; null stops it. The slot tables start empty: a new recording
     * comes with a new instrumentation, which numbers its slots afresh.
     */
    void install(TraceRecorder r, FieldOffsets offsets) {
        classInitEnds.clear();
        classMonitors.clear();
        fieldOffsets = offsets;
        unsafeOffsets = newUnsafeOffsets();
        // A thread nobody joins leaves the table when the recorder ends it, not when another thread takes its slot.
        if (r != null) r.onTerminatedThreadEnded(ThreadState::forget);
        recorder = r;
        // After the recorder, not before: the lookup's fast path trusts the table without reading the recorder, and a
        // state a thread puts for the old one is either seen here or taken out by that thread (ThreadState#keepIfCurrent).
        // Also, the table's states would keep a closed recording's handles alive.
        ThreadState.forgetAll();
    }

    FieldOffsets fieldOffsets() {
        return fieldOffsets;
    }

    ClassValue<SyncUnsafe.Offsets> unsafeOffsets() {
        return unsafeOffsets;
    }

    private static ClassValue<SyncUnsafe.Offsets> newUnsafeOffsets() {
        return new ClassValue<>() {
            @Override
            protected SyncUnsafe.Offsets computeValue(Class<?> type) {
                return new SyncUnsafe.Offsets();
            }
        };
    }

    /** Stops recording after an internal error, said once: no agent failure reaches the program. */
    void fail(Throwable e) {
        TraceRecorder r = recorder;
        recorder = null;
        ThreadState.forgetAll(); // the lookup's fast path reads the table, not the recorder (#install)
        if (r != null) {
            try {
                r.stoppedEarly("internal error: " + e);
            } catch (Throwable again) {
                // the note is best effort: the message below still says it
            }
        }
        AgentLog.once("probe", "recording stopped after an internal error: " + e);
    }
}
