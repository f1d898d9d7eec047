package dev.wholetrace.recorder;

import static dev.wholetrace.recorder.BufferLayout.BLOCK;
import static dev.wholetrace.recorder.BufferLayout.LOAD;
import static dev.wholetrace.recorder.BufferLayout.MAX_EVENT_LONGS;
import static dev.wholetrace.recorder.BufferLayout.RUN;
import static dev.wholetrace.recorder.BufferLayout.STORE;
import static dev.wholetrace.recorder.BufferLayout.SYNC;
import static dev.wholetrace.recorder.BufferLayout.XLOAD;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.ewpp.LastWriters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The recording handle of one program thread. Only its own thread may call the event methods;
 * each writes one to four longs into a primitive buffer and, when the buffer is full, hands it to
 * the thread's background compressor. Nothing is allocated per event, no lock is taken per event.
 *
 * <p>Sync operations take a ticket from one global counter: the ticket order is the trace's sync
 * order (S_synch). Call an acquiring operation ({@link #lock}, ...) after the acquisition succeeded
 * and a releasing one ({@link #unlock}, ...) before the release, so that the ticket is taken inside
 * the critical section and the order is the real hand-over order.
 *
 * <p>Not final only for {@link BlockDroppingRecorder}, the handle of a mode that keeps no blocks
 * and of no recording, which this package makes only when one is needed: as long as that class is
 * not loaded, {@link #block} has no override and the JIT inlines it at every block probe without a
 * type check (class hierarchy analysis), and the probe tests nothing but the position.
 */
public class ThreadRecorder {
    /** For the reads and writes of {@link #pos} off the event methods' path. */
    private static final VarHandle POS;

    static {
        try {
            POS = MethodHandles.lookup().findVarHandle(ThreadRecorder.class, "pos", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final TraceRecorder recorder;
    private final int index;
    private final long object;
    /**
     * The thread that alone records through this handle, or null when the handle may be handed to
     * another thread ({@link TraceRecorder#beginThread}). Weakly, so that a handle the recorder
     * still holds never keeps an ended thread's object (its stack, its thread locals) alive; see
     * {@link #ownerTerminated}.
     */
    private final WeakReference<Thread> owner;
    /**
     * Made at the first hand-over ({@link #submit}, {@link TraceRecorder#newCompressor}), so null
     * before it; null again once the thread has ended: its worker drops the compressor after the
     * next cut, and the handle, which the agent's per-thread state may keep as long as the program
     * keeps the thread's object, must not keep it alive. Guarded by the lock.
     */
    private ThreadCompressor compressor;
    private final boolean keepAccesses;
    /** Mode EWPP: every thread's last writers, to flag a load of another thread's store; else null. */
    private final LastWriters writers;
    /** Mode EWPP: this thread's stores so far (a store's number names it in another thread's check). */
    private long stores;
    /** This thread's sync operations recorded so far: the segment of its next event (a store's, kept with the last writers). */
    private long syncs;
    /** Mode EWPP: where {@link LastWriters#otherWriter} leaves the writer's store source (thread-confined, no allocation per load). */
    private final long[] source = new long[1];
    private Batch batch;
    private long[] buf;
    /**
     * Published with release semantics ({@link #publish}) so that {@link #drain} may read a
     * consistent prefix.
     */
    private int pos;
    /**
     * Last position at which a whole event still fits. Written by the owner when it takes a buffer
     * and at its end, and lowered by {@link #drain} from another thread to send the owner's later
     * events to {@link #handOver}, which drops them. A plain field: the owner may see the lowered
     * limit late, and until it does it writes past the drained prefix into a buffer that is never
     * handed to anyone again ({@code Batch.recyclable}), so only when its events stop being
     * stored depends on it, never what is stored. Not volatile (session 34 made it volatile to
     * keep the JIT from hoisting it): a volatile read is a memory barrier in C2's graph, at every
     * block probe of every compiled instrumented method (the instrumented program compiled to
     * ~10x the plain run's code, overhead-profile.md, session 36); the probe's release fence
     * ({@link #publish}) already makes the JIT read it again at each probe. Read as a
     * field, never through a VarHandle (whose guards and casts are real calls where the JIT
     * stops inlining, ~15 % of H2's program-thread samples in session 34).
     */
    private int limit;
    /**
     * How much of the current buffer {@link #collect} already handed over (guarded by the lock):
     * the owner's next hand-over sends only what follows.
     */
    private int taken;
    private boolean ended;

    /**
     * The handle of no recording: every event method drops what it gets. Instrumented code gets it
     * instead of a thread's handle when nothing is being recorded, so that a block probe is a plain
     * call on the handle, without a null check of its own. Shared by every thread: it never
     * writes, since it keeps neither blocks nor accesses and its sync operations go to the
     * dropping branch of {@link #handOver} (its limit is below every position). A
     * {@link BlockDroppingRecorder}, made at the first call (see the class comment).
     */
    public static ThreadRecorder notRecording() {
        ThreadRecorder h = notRecording;
        return h != null ? h : makeNotRecording();
    }

    /** {@link BlockDroppingRecorder#NOT_RECORDING} once its class has loaded; null before. */
    private static volatile ThreadRecorder notRecording;
    /**
     * A handle of no recording of this class, for a probe met while {@link BlockDroppingRecorder} loads on the same
     * thread: a program's security manager runs inside the load (the class path's directories ask it whether the
     * file may be read), and its instrumented code asks for this handle again, which loaded the class again, and so
     * on until the stack overflowed (the shutdown hook's thread, JDK 17, {@code -Djava.security.manager=allow}: the
     * trace was left without its end). Slower (every block goes to the dropping hand-over), and used only then.
     */
    private static final ThreadRecorder NOT_RECORDING_WHILE_LOADING = new ThreadRecorder();
    /** The thread loading {@link BlockDroppingRecorder} in {@link #makeNotRecording}; guarded by the class's lock. */
    private static Thread loadingNotRecording;

    /**
     * A handle of no recording that loads no class ({@link #NOT_RECORDING_WHILE_LOADING}): for the recorder's own
     * threads ({@link OwnThread}), on which a program's code may run and must not make them load a class in turn.
     */
    static ThreadRecorder notRecordingWithoutLoading() {
        return NOT_RECORDING_WHILE_LOADING;
    }

    private static synchronized ThreadRecorder makeNotRecording() {
        if (notRecording != null) return notRecording;
        if (loadingNotRecording == Thread.currentThread()) return NOT_RECORDING_WHILE_LOADING;
        loadingNotRecording = Thread.currentThread();
        try {
            return notRecording = BlockDroppingRecorder.NOT_RECORDING;
        } finally {
            loadingNotRecording = null;
        }
    }

    /** The handle of no recording ({@link #notRecording}). */
    ThreadRecorder() {
        recorder = null;
        index = -1;
        object = 0;
        owner = null;
        compressor = null;
        keepAccesses = false;
        writers = null;
        buf = new long[MAX_EVENT_LONGS];
        ended = true;
        limit = -1;
    }

    /** {@code owner}: the thread that alone records through the handle, or null if it may be handed on. */
    ThreadRecorder(TraceRecorder recorder, int index, long object, int firstCapacity, Thread owner) {
        this.recorder = recorder;
        this.index = index;
        this.object = object;
        this.owner = owner == null ? null : new WeakReference<>(owner);
        this.keepAccesses = recorder.mode().keepsAccesses();
        this.writers = recorder.lastWriters();
        useBatch(recorder.newBatch(firstCapacity));
    }

    /** This thread's number in the trace. */
    public int index() {
        return index;
    }

    /**
     * A basic block began. Instrumented code calls this directly on the handle it fetched at the
     * method's entry (one call per block, no static wrapper): kept small so that the JIT inlines it
     * everywhere and it costs each probed method little code and inlining budget. One check, of
     * {@link #limit}: only the owner changes {@link #buf}, always together with the limit, so a
     * position at or below the limit is inside the buffer ({@link #drain} only lowers the limit).
     * A mode that keeps no blocks drops them in {@link BlockDroppingRecorder}'s override, not by
     * a test here. Never throws: a failure in the hand-over stops the recording
     * ({@link TraceRecorder#fail}), never the program.
     */
    public void block(int id) {
        int p = pos;
        if (p > limit) {
            OutOfLine.blockInNextBuffer(this, id); // never inlined here: see OutOfLine
            return;
        }
        buf[p] = (long) id << 8 | BLOCK;
        publish(p + 1);
    }

    /**
     * {@link #block}'s slow path, called through {@link OutOfLine} so that the JIT compiles it once, not into every
     * probe site: the buffer is full (or the handle stopped recording).
     */
    final void blockInNextBuffer(int id) {
        try {
            int p = handOver();
            buf[p] = (long) id << 8 | BLOCK;
            publish(p + 1);
        } catch (Throwable e) {
            recorder.fail(e);
        }
    }

    /**
     * The most blocks a counted loop holds back before its head records them ({@link #loopHead}):
     * what a thread has run but not yet published is at most this many blocks of one loop (a few
     * microseconds), so a timed cut sees a long-running loop's blocks at most that late. The end of
     * the recording does not wait for them: a thread still in the loop then misses up to this many
     * (docs/agent.md, "Counted loops": publishing the count at every head cost SOR 15 % CPU).
     */
    public static final int MAX_RUN = 1 << 16;

    /**
     * A counted loop's head ran (its cycle's first block, {@link LoopCycles}): the loop's blocks are
     * counted in a local of the method, {@code count} of them so far, not recorded one by one. Returns
     * the new count: {@code count + 1}, or, once {@link #MAX_RUN} have run, 1 after recording them as a
     * run ({@link #loopRun}). Small, so that the JIT inlines it in the loop: a compare and an add.
     */
    public int loopHead(int cycle, int count) {
        if (count < MAX_RUN) return count + 1;
        loopRun(cycle, count);
        return 1;
    }

    /**
     * {@code count} blocks of counted loop {@code cycle} ran, from its first block on
     * ({@link LoopCycles}): one event that the compressors expand to those block events. Called where
     * the loop is left (every exit, an exception's too) and by {@link #loopHead}. Never throws.
     */
    public void loopRun(int cycle, int count) {
        try {
            int p = pos;
            long[] b = buf;
            if (p > limit || p > b.length - MAX_EVENT_LONGS) { // see drain()
                p = OutOfLine.handOver(this);
                b = buf;
            }
            b[p] = (long) cycle << 8 | RUN;
            b[p + 1] = count;
            publish(p + 2);
        } catch (Throwable e) {
            if (recorder != null) recorder.fail(e);
        }
    }

    /**
     * Makes the events up to {@code p} visible to {@link #collect} and {@link #drain} (which read
     * {@link #pos} with acquire): a release fence, then a plain store, the same ordering as
     * {@code POS.setRelease} without the VarHandle (see {@link #limit}).
     */
    private void publish(int p) {
        VarHandle.releaseFence();
        pos = p;
    }

    /** Instruction {@code instruction} read the shared heap at {@code address} (see Addresses). */
    public void load(int instruction, long address) {
        access(LOAD, instruction, address);
    }

    /** Instruction {@code instruction} wrote the shared heap at {@code address}. */
    public void store(int instruction, long address) {
        access(STORE, instruction, address);
    }

    private void access(int tag, int instruction, long address) {
        if (!keepAccesses) return;
        int p = pos;
        long[] b = buf;
        if (p > limit || p > b.length - MAX_EVENT_LONGS) { // see drain()
            p = OutOfLine.handOver(this);
            b = buf;
        }
        long writer = writers == null ? 0 : lastWriter(tag, instruction, address);
        b[p] = (long) instruction << 8 | (writer == 0 ? tag : XLOAD);
        b[p + 1] = address;
        if (writer == 0) {
            publish(p + 2);
        } else {
            b[p + 2] = writer;
            b[p + 3] = source[0];
            publish(p + 4);
        }
    }

    /** Mode EWPP: notes a store as the address's last writer; for a load, the other thread that wrote it last (its source in {@link #source}), or 0. */
    private long lastWriter(int tag, int instruction, long address) {
        if (tag == STORE) {
            writers.stored(address, index, ++stores, instruction, syncs);
            return 0;
        }
        return writers.otherWriter(address, index, source);
    }

    /** A sync operation of any kind; the specific methods below are shorthands. */
    public void sync(SyncKind kind, int site, long object, long aux) {
        int p = pos;
        long[] b = buf;
        if (p > limit || p > b.length - MAX_EVENT_LONGS) { // see drain()
            if (recorder == null) return; // NOT_RECORDING
            p = OutOfLine.handOver(this);
            b = buf;
        }
        b[p] = (long) site << 16 | (long) kind.ordinal() << 8 | SYNC;
        b[p + 1] = object;
        b[p + 2] = recorder.nextTicket();
        b[p + 3] = aux;
        syncs++;
        publish(p + 4);
    }

    /** Call after acquiring the monitor or lock {@code object}. */
    public void lock(int site, long object) {
        sync(SyncKind.LOCK, site, object, 0);
    }

    /** Call before releasing the monitor or lock {@code object}. */
    public void unlock(int site, long object) {
        sync(SyncKind.UNLOCK, site, object, 0);
    }

    /**
     * Call after passing episode {@code episode} of barrier {@code object} (e.g. its generation).
     * Every participant records it; the sync order shows the episode once, where the first
     * participant left it, which is after the last one arrived.
     */
    public void barrier(int site, long object, long episode) {
        sync(SyncKind.BARRIER, site, object, episode);
    }

    /** Call before starting the thread whose begin/end object is {@code child}. */
    public void fork(int site, long child) {
        sync(SyncKind.FORK, site, child, 0);
    }

    /** Call after the thread whose begin/end object is {@code child} has been joined. */
    public void join(int site, long child) {
        sync(SyncKind.JOIN, site, child, 0);
    }

    /**
     * The thread's last event: records its end, hands over what is buffered and detaches the
     * handle (later calls are ignored). A thread that never calls this and that nobody joins is ended
     * by the recorder's writer thread soon after it terminated (at the next cut, or sooner:
     * within {@code TraceRecorder.END_POLL_NANOS}), or drained at close if it still runs.
     *
     * <p>Called by the owner, or by another thread once the owner has terminated (a joiner through
     * {@link TraceRecorder#endThread}, the recorder's writer thread): the whole end happens under the handle's lock, so two
     * joiners, or a joiner and {@link #drain}, record it at most once, and a second joiner returns
     * only after the first one's end has taken its ticket.
     */
    public void end() {
        synchronized (this) {
            if (ended) return;
            sync(SyncKind.THREAD_END, 0, object, 0);
            ended = true;
            submitRest(batch, pos);
            batch = null;
            buf = new long[MAX_EVENT_LONGS];
            pos = 0;
            limit = -1; // every later event goes to handOver(), which drops it
            recorder.retire(compressor); // after the last buffer, on the same worker queue
            compressor = null;
        }
        recorder.ended(this);
    }

    /**
     * Called by the writer thread before a timed cut: hands a copy of the events the owner has
     * published so far (and not handed over yet) to the thread's compressor, without waiting for
     * the owner. A thread that blocks for good (a wait nobody ends, a read that never returns)
     * thus still has its older events in the next sealed chunk (asking the owner to hand over
     * at its next event, as the recorder once did, never reaches a blocked thread). The owner
     * keeps writing into its buffer meanwhile: it writes only past what it has published, and its
     * own next hand-over skips the part taken here. Runs on the writer thread, once per timed cut,
     * never on the program's hot path.
     */
    void collect() {
        synchronized (this) {
            if (ended || batch == null) return;
            int published = (int) POS.getAcquire(this);
            int n = published - taken;
            if (n <= 0) return;
            Batch copy = recorder.copyBatch(n);
            System.arraycopy(batch.data, taken, copy.data, 0, n);
            taken = published;
            submit(copy, n);
        }
    }

    /** Whether {@code t} is the thread that alone records through this handle. */
    boolean ownedBy(Thread t) {
        return owner != null && owner.get() == t;
    }

    /**
     * Whether the thread that alone records through this handle has terminated, so that another
     * thread may {@link #end} it on its behalf: {@code isAlive()} returning false makes everything
     * the thread did happen-before the caller's next action (JLS 17.4.4), as a join does. Also when
     * its object has been collected: only a terminated thread, or a virtual thread parked for good
     * that nothing can reach (it can never run again), is collected. False for a handle without
     * an owner.
     */
    boolean ownerTerminated() {
        if (owner == null) return false;
        Thread t = owner.get();
        return t == null || !t.isAlive();
    }

    /** The thread that alone records through this handle, or null (none, or collected). */
    Thread owner() {
        return owner == null ? null : owner.get();
    }

    /** Hands over what is buffered now (so that a checkpoint includes it). */
    void flush() {
        handOver();
    }

    /**
     * The owner is about to park (a virtual thread unmounts: JDK hook at VirtualThread.park and
     * parkNanos). A buffer grown to {@link #PARK_HANDS_OVER_FROM} longs or more is handed over now and the
     * thread goes on in one of {@link #AFTER_PARK_LONGS}, which grows again as it records: a parked
     * thread then holds at most a buffer of half that bound (16 KiB), where each of thousands of parked
     * virtual threads held the one it had grown to, up to 128 KiB (5,000 parked threads: 178 MB of
     * buffers in a 430 MB process, session 47). The bound is a trade: a thread that records little
     * between parks (a few hundred blocks) hands over more often than without it, each hand-over a
     * wake-up of its compressor; handing over from 1,024 longs on and going on in 64 cost such a
     * program 15 % more CPU (docs/results/overhead-profile.md, "Session 47").
     */
    public void parking() {
        // buf: the owner's own field, read without the lock. A park inside this handle's own hand-over (its worker's
        // queue lock taken by another thread, back-pressure) comes back here with the lock held, in the middle of a
        // submission: nothing then (the first version of this method hung a 5,000-thread program that way).
        if (buf.length < PARK_HANDS_OVER_FROM || Thread.holdsLock(this)) return;
        synchronized (this) {
            if (ended || batch == null) return;
            submitRest(batch, pos);
            useBatch(recorder.newBatch(AFTER_PARK_LONGS));
        }
        // The hand-over may have parked (its worker's queue or a pool's lock taken by another thread) and so used up a
        // permit this thread held for the park it is entering (an unpark that came first): give one back. The park then
        // returns at once, a spurious return that every caller of park allows for, never a lost wake-up.
        LockSupport.unpark(Thread.currentThread());
    }

    /** A buffer of this many longs (32 KiB) or more is handed over when its thread parks ({@link #parking}). */
    static final int PARK_HANDS_OVER_FROM = 4096;
    /** The buffer a thread goes on in after {@link #parking} handed one over: 4 KiB. */
    static final int AFTER_PARK_LONGS = 512;

    /** The capacity of the buffer the owner writes into now (tests). */
    int bufferLongs() {
        return buf.length;
    }

    /**
     * Hands the full buffer over and continues in a fresh one; returns the new position (0). The event methods call
     * it through {@link OutOfLine}, which keeps it out of their compiled code.
     */
    final int handOver() {
        synchronized (this) {
            if (ended || batch == null) {
                // Drained or ended: what follows is dropped, into an array nobody reads (not the
                // drained buffer, which its compressor may still be reading).
                if (buf.length > MAX_EVENT_LONGS) buf = new long[MAX_EVENT_LONGS];
                POS.setRelease(this, 0);
                return 0;
            }
            int grow = batch.data.length;
            submitRest(batch, pos);
            useBatch(recorder.batch(grow));
            return 0;
        }
    }

    /** Sends the buffer's events from {@link #taken} to {@code length} to the compressor. Lock held. */
    private void submitRest(Batch b, int length) {
        if (b != null && taken > 0 && length > taken) {
            // Only after a collect(): move the rest to the front, where the compressor reads from.
            // The owner writes only at or past `length` (its published position), never below.
            System.arraycopy(b.data, taken, b.data, 0, length - taken);
            length -= taken;
        } else if (taken > 0) {
            length = 0;
        }
        taken = 0;
        submit(b, length);
    }

    private void submit(Batch b, int length) {
        if (b == null || length == 0) {
            if (b != null) recorder.recycle(b);
            return;
        }
        if (compressor == null) compressor = recorder.newCompressor(index); // never after end(): see handOver
        b.length = length;
        b.target = compressor;
        recorder.submit(b);
    }

    private void useBatch(Batch b) {
        batch = b;
        buf = b.data;
        taken = 0;
        POS.setRelease(this, 0);
        limit = b.data.length - MAX_EVENT_LONGS;
    }

    /**
     * Called by {@link TraceRecorder#close} from another thread: hands over the events published so
     * far and stops recording on this handle. The owner may still be running; what it writes later
     * is dropped, never half-read.
     */
    void drain() {
        synchronized (this) {
            if (ended) return;
            ended = true;
            int published = (int) POS.getAcquire(this);
            Batch b = batch;
            batch = null;
            // The owner may still write past `published` into this array until it next takes the
            // lock, so the array must never be handed to another thread again. `buf` stays: only
            // the owner replaces it (block() relies on that), at its next hand-over, which finds
            // the handle ended and moves it to a small array of its own (handOver).
            b.recyclable = false;
            limit = -1;
            submitRest(b, published);
        }
    }

    /** The object this thread's begin and end synchronize on (what its fork and join name). */
    public long object() {
        return object;
    }
}
