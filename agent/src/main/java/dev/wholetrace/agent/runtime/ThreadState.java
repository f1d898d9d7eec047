package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.recorder.VirtualThreads;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * One thread's part of the runtime state ({@link RuntimeState#threads}): its recorder handle, a
 * cache of object ids in front of the shared {@link ObjectIds} (the last object touched, then a
 * two-way table indexed by two parts of the identity hash, so a loop over a few arrays or objects
 * goes to the shared table only when it meets an object for the first time), the classes it has
 * used (ClassInitProbes) and its passes of each barrier (SyncBarrierEpisodes). The cache holds the
 * table's entries, which are weak references: it keeps no object of the program alive.
 *
 * <p>This is the one per-thread object of the probes: every probe finds it with one lookup
 * ({@link #of}) and reaches the thread's recorder handle through it, never through the recorder's
 * own map of threads (which registers a thread at its first event and is not looked at again).
 * A virtual thread has its own (ThreadLocals are per virtual thread, not per carrier).
 *
 * <p>That lookup goes first to a direct-mapped table by the thread's id ({@link #current}, {@link #slot}), each slot
 * checked against its state's thread, and only on a miss to {@link RuntimeState#threads}: a
 * method-entry probe pays it at every invocation, and the {@code ThreadLocal}'s map, table, entry
 * and weak referent were 13–20 % of the program threads' samples on H2 (overhead-profile.md,
 * session 34). A slot keeps its state, and so its recorder handle, until another thread with the
 * same slot replaces it, the thread is joined or the recorder ends it ({@link #forget}; a table of
 * the last 4,096 threads' states, dead ones too, kept a thread per task's state, its id cache and
 * its thread object long enough to fill the old generation, overhead-profile.md, session 37), or a recording starts or stops
 * ({@link #forgetAll}, from {@link RuntimeState#install} and {@link RuntimeState#fail}): a closed recording's handles are not
 * kept alive by the table. With more threads alive than slots (many virtual threads) colliding
 * threads take turns in a slot and pay the {@code ThreadLocal} on each turn: no worse than before.
 */
final class ThreadState {
    /** Slots of the table; a power of two (platform threads alive at once seldom share one). */
    private static final int CACHED_THREADS = 4096;
    /** A state by its thread's {@link #slot}; correct by the identity check, not the key. */
    private static final ThreadState[] BY_THREAD = new ThreadState[CACHED_THREADS];
    /** Entries of the id cache at most; a power of two. */
    private static final int CACHED_IDS = 256;
    /**
     * Entries of a new thread's id cache; a power of two. It grows (×4) once it has missed as often
     * as it has entries: 20,000 parked virtual threads that each touched a few objects had a
     * full-size cache each (1 KB, 20 MB in all; overhead-profile.md, session 37).
     */
    private static final int FIRST_CACHED_IDS = 16;
    /** Bits of the identity hash that choose the second slot (the first uses the lowest ones). */
    private static final int SECOND_SHIFT = 8;

    /** The thread this state belongs to (states are made by the ThreadLocal's initial value, on it). */
    private final Thread thread = Thread.currentThread();
    private TraceRecorder recorder;
    /** The calling thread's handle of the recorder this state was last used with. */
    ThreadRecorder handle;
    /** The entry of the last object touched; its id is {@code lastId}. */
    private ObjectIds.Entry last;
    long lastId;
    private ObjectIds.Entry[] ids = new ObjectIds.Entry[FIRST_CACHED_IDS];
    /** The identity hash of each cached entry's object, by slot: where a displaced entry's second slot is (entries hold no hash). */
    private int[] idHashes = new int[FIRST_CACHED_IDS];
    /** Misses of the cache since it last grew (not counted once it is full-size). */
    private int misses;
    /** By class slot: this thread used the class since its end, or initialized it (ClassInitProbes). */
    private boolean[] classesUsed = new boolean[0];
    /**
     * The thread whose start this thread is in the middle of, inside Thread.start, after its fork was recorded and
     * before start0 returned (SyncThreadStarts#startingInStart); null otherwise. Only this thread uses it.
     */
    Thread starting;
    /**
     * The thread this thread's program code is starting through Thread.start, and that call's site: the fork Thread.start
     * records names the program's call, not the JDK's method (SyncThreadStarts#start). Null and 0 outside such a call.
     */
    Thread startingAtSite;
    int startSite;
    /** The thread this one last joined, or found ended by isAlive(), in this recording (SyncProbes#threadFoundAlive). */
    Thread joined;
    /** Barrier id → how many awaits of it this thread completed (SyncBarrierEpisodes). */
    final SyncBarrierEpisodes.LongCounts barrierPasses = new SyncBarrierEpisodes.LongCounts();
    /** The id of the barrier whose generation this thread's await read last (0: none pending), and that generation's number (SyncBarrierEpisodes). */
    long awaitedBarrier;
    long awaitedEpisode;

    /** The calling thread's state, with its handle for {@code r} (a new recorder starts afresh). */
    static ThreadState of(TraceRecorder r) {
        return current(r).forRecorder(r);
    }

    /**
     * The calling thread's state: from its slot of the table (by its thread id, {@link #slot}),
     * else from the ThreadLocal (then put in the slot, for {@code r}: see {@link #keepIfCurrent}).
     */
    private static ThreadState current(TraceRecorder r) {
        Thread t = Thread.currentThread();
        ThreadState s = BY_THREAD[slot(t)];
        if (s != null && s.thread == t) return s;
        return remember(t, r);
    }

    /** The calling thread {@code t}'s state from the ThreadLocal, put in its slot while {@code r} records. */
    private static ThreadState remember(Thread t, TraceRecorder r) {
        ThreadState s = RuntimeState.get().threads.get();
        BY_THREAD[slot(t)] = s;
        s.keepIfCurrent(r);
        return s;
    }

    /**
     * Takes this state out of the table unless {@code r} is still the recording: called once the
     * state was put in the table or given a handle for {@code r}, which a probe read before a new
     * recording replaced it. {@link #currentHandle}'s fast path does not read the recorder, so a
     * state left in the table with an old recording's handle would feed that handle the new
     * recording's events. The installer publishes the recorder, then empties the table
     * ({@link RuntimeState#install}); this thread puts its state, fences, then reads the recorder:
     * either it reads the new one and takes the state out itself, or its put is visible before the
     * installer's emptying, which removes it. Off the fast path: once per thread and recording.
     */
    private void keepIfCurrent(TraceRecorder r) {
        VarHandle.fullFence();
        if (RuntimeState.get().recorder() != r) forget(thread);
    }

    /**
     * Empties {@code t}'s slot if it holds {@code t}'s state: {@code t} has ended and was joined, or
     * the recorder ended it (on its writer thread; a race with a thread taking the slot only costs
     * that thread a lookup in the ThreadLocal again).
     */
    static void forget(Thread t) {
        int i = slot(t);
        ThreadState s = BY_THREAD[i];
        if (s != null && s.thread == t) BY_THREAD[i] = null;
    }

    /**
     * Empties the table: a recording starts or stops, and the states' handles belong to the old one. Called right
     * after the recorder was published; the fence keeps the emptying from being seen before that publication (a
     * volatile write orders the accesses before it, not the plain stores after it). {@link #keepIfCurrent}'s argument
     * needs a fence on both sides: the installer writes the recorder, fences, empties the table; a thread puts its
     * state, fences, reads the recorder. Without this one a thread could put its state after the emptying and still
     * read the old recorder, and its state would stay in the table with the old handle (not on x86, whose stores are
     * not reordered with each other; allowed by the Java memory model and by weaker hardware).
     */
    static void forgetAll() {
        VarHandle.fullFence();
        Arrays.fill(BY_THREAD, null);
    }

    /** Whether a thread's id can be read without calling its {@code getId()} (else a program's subclass takes its identity hash). */
    private static final boolean ID_WITHOUT_GET_ID = VirtualThreads.threadIdWithoutGetId();

    /** The module of the JDK's own thread classes: Thread, pool workers, virtual threads. */
    private static final Module JAVA_BASE = Thread.class.getModule();

    /**
     * {@code t}'s slot: the low bits of its thread id. From {@code getId()} when its class is
     * java.base's, else from the field {@code getId()} reads ({@link TraceRecorder#defaultThreadObject}:
     * the final {@code threadId()} from JDK 19, on JDK 17 the field {@code tid} read through a constant
     * method handle, which the JIT inlines to a load; the identity hash if that reader could not be made). Not {@code getId()} for other classes: on JDK
     * 17 a program's Thread subclass may override it, and its instrumented code would run inside
     * this probe and call the probe again. Not the identity hash, which this used for them: on JDK 17
     * {@code System.identityHashCode} of a started thread other than main takes a slow path (17.5 ns
     * a call against 0.6 for other objects and for the main thread, measured in session 35; 0.5 ns on
     * JDK 25), which every method entry of a program whose threads subclass Thread paid
     * (overhead-profile.md, session 45). The module, not the class loader: {@code getClassLoader}
     * may ask a security manager. Package-private for its test.
     */
    @SuppressWarnings("deprecation") // getId: threadId() is JDK 19 (the same field in java.base's classes)
    static int slot(Thread t) {
        Class<?> c = t.getClass();
        long key = c == Thread.class || c.getModule() == JAVA_BASE ? t.getId()
                : ID_WITHOUT_GET_ID ? TraceRecorder.defaultThreadObject(t) : System.identityHashCode(t);
        return (int) key & (CACHED_THREADS - 1);
    }

    /** The calling thread's state, its handle for {@code r} and {@code object}'s id in {@link #lastId}. */
    static ThreadState of(TraceRecorder r, Object object) {
        return of(r).withId(object);
    }

    /**
     * {@link #of(TraceRecorder, Object)} from a JDK hook, whose bridge passed the calling thread's
     * array ({@code thread}, see agent/jdk/bridge/JdkSink): the state is kept in its element [1]
     * (the probes' own state of this thread, found as they find it, {@link #current}, and put there at
     * the thread's first hook), so the hook looks the thread up once, in the bridge. The bridge's array
     * is a thread-local too: when the common pool erases a worker's thread-locals, the next hook finds
     * the same state again in the slot table instead of making a second one.
     */
    static ThreadState of(Object[] thread, TraceRecorder r, Object object) {
        Object kept = thread[1];
        ThreadState s;
        if (kept instanceof ThreadState t) s = t;
        else thread[1] = s = current(r);
        return s.forRecorder(r).withId(object);
    }

    /**
     * The calling thread's handle of {@code r} if it has one already, else null: nothing is made or registered (a
     * thread that parks before it recorded anything stays out of the trace). From the bridge's array ({@link #of(Object[],
     * TraceRecorder, Object)}), else from the thread's slot; a thread whose slot another thread holds is not found.
     */
    static ThreadRecorder existingHandle(Object[] thread, TraceRecorder r) {
        Thread t = Thread.currentThread();
        ThreadState s = thread[1] instanceof ThreadState kept ? kept : BY_THREAD[slot(t)];
        return s != null && s.thread == t && s.recorder == r ? s.handle : null;
    }

    /** This state, its handle for {@code r}. */
    private ThreadState forRecorder(TraceRecorder r) {
        if (recorder != r) {
            recorder = r;
            handle = null; // a probe met while the thread registers finds no handle (currentHandleSlow)
            handle = r.thread();
            last = null;
            joined = null;
            classesUsed = new boolean[0];
            keepIfCurrent(r);
        }
        return this;
    }

    /** This state, {@code object}'s id in {@link #lastId}. */
    private ThreadState withId(Object object) {
        ObjectIds.Entry e = last;
        if (e == null || !e.refersTo(object)) {
            e = cached(object);
            last = e;
            lastId = e.id;
        }
        return this;
    }

    /** {@code object}'s id entry, entered if it has none (then cached as {@link #of(TraceRecorder, Object)} caches it). */
    ObjectIds.Entry entry(Object object) {
        withId(object);
        return last;
    }

    /** {@code object}'s id entry if it has one, else null: from this thread's cache, else the shared table (nothing entered). */
    ObjectIds.Entry existingEntry(Object object) {
        ObjectIds.Entry e = last;
        if (e != null && e.refersTo(object)) return e;
        ObjectIds.Entry[] ids = this.ids;
        int mask = ids.length - 1;
        int h = System.identityHashCode(object);
        if ((e = ids[h & mask]) != null && e.refersTo(object)) return e;
        if ((e = ids[h >>> SECOND_SHIFT & mask]) != null && e.refersTo(object)) return e;
        return RuntimeState.get().objects.existing(object);
    }

    /** The calling thread's handle for {@code r}: {@code of(r).handle}. */
    static ThreadRecorder handle(TraceRecorder r) {
        return of(r).handle;
    }

    /**
     * The calling thread's handle of the current recording, or {@link ThreadRecorder#notRecording}:
     * the lookup of every method entry ({@link Probes#enter}). Its fast path is one read of the
     * thread's slot and two comparisons (the slot's state is this thread's, and it has a handle),
     * with no call, no allocation, no exception handler and no volatile read, so that the JIT
     * inlines a small body into every instrumented method; anything else (a first use, a slot taken
     * by another thread, a new recording, none, a failure) goes out of line to
     * {@link #currentHandleSlow}, which reads the recorder and finds the state as {@link #of} does.
     *
     * <p>The recorder is not compared: a state in the table has the current recording's handle.
     * A new recording (or none, or a failure) empties the table after publishing the recorder
     * ({@link RuntimeState#install}, {@link RuntimeState#fail}), and a state is put in the table or
     * given a handle only for the recorder the slow path read, and taken out again if that one was
     * replaced meanwhile ({@link #keepIfCurrent}). The recorder's read was volatile, 12 % of the
     * per-invocation cost of a getter's entry ({@code ProbeLookupBenchmark}, overhead-profile.md,
     * session 42). A thread sees the emptied table as the hardware shows it, not at a
     * synchronization: until then it records into the old handle, as an invocation that was
     * running at the switch does with the handle in its local, and a drained handle drops what it gets.
     */
    static ThreadRecorder currentHandle() {
        Thread t = Thread.currentThread();
        ThreadState s = BY_THREAD[slot(t)];
        ThreadRecorder h;
        if (s != null && s.thread == t && (h = s.handle) != null) return h;
        return currentHandleSlow(RuntimeState.get().recorder());
    }

    /**
     * {@link #currentHandle}'s slow path: no recording, or the state from the ThreadLocal, made for
     * {@code r}. A probe met while the thread registers (its recorder set, its handle not yet:
     * the registration calls a program's own {@code getId} override on JDK 17) is a failure, as it
     * was when the lookup's null handle failed inside the probe's handler.
     */
    private static ThreadRecorder currentHandleSlow(TraceRecorder r) {
        if (r == null) return ThreadRecorder.notRecording();
        try {
            ThreadRecorder h = of(r).handle;
            if (h == null) throw new IllegalStateException("a probe ran while its thread registered");
            return h;
        } catch (Throwable e) {
            Probes.fail(e);
            return ThreadRecorder.notRecording();
        }
    }

    /**
     * {@code object}'s entry from the cache, or from the shared map (then cached). Two slots per
     * object, from two parts of its identity hash: with one (direct-mapped), two objects a loop
     * uses in turn that met in their slot (a map and a lock of a 3-thread loop, profiled on Guava)
     * missed at every use and went to the shared table (then a locked map) each time. A new entry goes to the first
     * slot and moves what was there to that object's second slot.
     */
    private ObjectIds.Entry cached(Object object) {
        ObjectIds.Entry[] ids = this.ids;
        int mask = ids.length - 1;
        int h = System.identityHashCode(object);
        int first = h & mask;
        ObjectIds.Entry e = ids[first];
        if (e != null && e.refersTo(object)) return e;
        int second = h >>> SECOND_SHIFT & mask;
        ObjectIds.Entry f = ids[second];
        if (f != null && f.refersTo(object)) return f;
        f = RuntimeState.get().objects.entry(object);
        int[] hashes = idHashes;
        if (mask < CACHED_IDS - 1 && ++misses > mask) { // a cache, so the larger one starts empty
            this.ids = ids = new ObjectIds.Entry[ids.length * 4];
            this.idHashes = hashes = new int[ids.length];
            misses = 0;
            ids[h & (ids.length - 1)] = f;
            hashes[h & (ids.length - 1)] = h;
            return f;
        }
        if (e != null && !e.refersTo(null)) {
            int eh = hashes[first]; // e's object's identity hash
            int to = eh >>> SECOND_SHIFT & mask;
            ids[to] = e;
            hashes[to] = eh;
        }
        ids[first] = f;
        hashes[first] = h;
        return f;
    }

    /** Whether this is the thread's first use of class slot {@code slot}; marks it used. One array read once it is. */
    boolean firstClassUse(int slot) {
        boolean[] used = classesUsed;
        if (slot < used.length && used[slot]) return false;
        if (slot >= used.length) classesUsed = used = Arrays.copyOf(used, Math.max(2 * used.length, slot + 16));
        used[slot] = true;
        return true;
    }
}
