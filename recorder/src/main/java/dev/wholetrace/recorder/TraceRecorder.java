package dev.wholetrace.recorder;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.recorder.ewpp.LastWriters;
import dev.wholetrace.recorder.ewpp.OwnWorkGuard;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.IntKeySort;
import dev.wholetrace.format.wtrace.ChunkContent;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.format.wtrace.TraceWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Records one execution of a multithreaded program into a {@code .wtrace} file, in process.
 * Program threads write events through their {@link ThreadRecorder}; background workers compress
 * them online (per-thread WPPs, Diff∘RLE∘SEQ address streams); a writer thread closes a chunk when
 * a size or time limit is reached and appends it to the file, so the file is readable up to its
 * last completed chunk even if the process dies. See docs/trace-model.md.
 *
 * <p>Thread-safe. Program threads never block on I/O; they wait only if the compressors fall a
 * whole queue behind (back-pressure instead of unbounded memory), and never clear an interrupt.
 */
public final class TraceRecorder implements AutoCloseable {
    /** Object ids with this bit are thread identities (the default begin/end/fork/join objects). */
    public static final long THREAD_OBJECT_BIT = 1L << 62;
    /**
     * A new thread's first buffer (it doubles up to {@link RecorderConfig#batchLongs} as the thread
     * records): small, since thousands of threads may be alive at once having recorded a few events.
     */
    private static final int FIRST_BATCH_LONGS = 64;
    /**
     * How often the writer thread looks for terminated threads nobody joined between cuts
     * ({@link #endTerminatedThreads}): soon enough that what such a thread held dies young.
     */
    private static final long END_POLL_NANOS = 50_000_000L;

    private final RecorderConfig config;
    private final TraceWriter writer;
    private final CompressorWorker[] workers;
    private final Thread[] workerThreads;
    private final Thread chunkThread;
    private final ClockSampler clock;
    private final Thread clockThread;
    private final BlockingQueue<Batch> pool;
    /** Buffers of FIRST_BATCH_LONGS &lt;&lt; k longs below a full one, by k ({@link #poolOf}). */
    private final BlockingQueue<Batch>[] growingPools;
    /** Buffers kept in each of {@link #growingPools}: at most ~4 MB in all with the default full size. */
    private static final int GROWING_POOL_CAPACITY = 32;
    private final AtomicLong tickets = new AtomicLong();
    private final AtomicLong pendingEvents = new AtomicLong();
    private final AtomicLong pendingSymbols = new AtomicLong();
    private final AtomicLong totalEvents = new AtomicLong();
    private final ThreadLocal<ThreadRecorder> current = new ThreadLocal<>();
    private final Set<ThreadRecorder> live = ConcurrentHashMap.newKeySet();
    /** Live handles by thread object, so that a joiner can record the end of a thread it joined. */
    private final Map<Long, ThreadRecorder> byObject = new ConcurrentHashMap<>();
    /**
     * The agent's guard of the recorder's own work ({@link #guardOwnWork}): the maps above are hooked JDK
     * classes, and a removal by key alone (a Long, program data to the hooks) was recorded as the joiner's
     * acquire, one spurious sync operation in the program's trace per join.
     */
    private volatile OwnWorkGuard ownWork = OwnWorkGuard.NONE;
    private final ChunkMetadata metadata;
    /** Mode EWPP: the filtering phase (property ewpp.filter) and the threads' shared last writers; else null. */
    private final DependenceFilter ewppFilter;
    private final LastWriters lastWriters;
    /** Mode EWPP: the collection's memory bounds (docs/ewpp.md); null in the other modes. */
    private final EwppCaps ewppCaps;
    /** Told each terminated thread the recorder has ended on its behalf ({@link #onTerminatedThreadEnded}). */
    private volatile Consumer<Thread> terminatedEnded = t -> {};
    private volatile boolean failed;
    /** True while the writer thread encodes and writes a chunk (see {@link #throttle}). */
    private volatile boolean writing;

    // Guarded by `this`.
    private boolean closing;
    private long cutsRequested;
    private long cutsDone;
    private boolean stopChunks;
    private Throwable failure;

    private TraceRecorder(Path file, RecorderConfig config) throws IOException {
        this.config = config;
        this.writer = TraceWriter.create(file, config.mode(), config.codec());
        this.clock = new ClockSampler(tickets);
        clock.sample(); // ticket 0 at time 0: the first operations have a lower bound
        Map<String, String> properties = new LinkedHashMap<>(config.properties());
        properties.put("mode", config.mode().label());
        properties.put(TraceClock.ORIGIN_PROPERTY, Long.toString(clock.originEpochMillis()));
        boolean ewpp = config.mode() == TraceMode.EWPP;
        this.ewppCaps = ewpp ? EwppCaps.decode(config.properties().get(EwppCaps.PROPERTY), EwppCaps.DEFAULT) : null;
        if (ewpp) properties.put(EwppCaps.PROPERTY, ewppCaps.encode()); // recovery replays the buffers' evictions
        this.metadata = new ChunkMetadata(properties);
        this.ewppFilter = ewpp ? DependenceFilter.decode(config.properties().get(DependenceFilter.PROPERTY)) : null;
        this.lastWriters = ewpp ? new LastWriters(ewppCaps) : null;
        pool = new ArrayBlockingQueue<>(config.workers() * config.queuedBatches() + 16);
        growingPools = growingPools(config.batchLongs());
        workers = new CompressorWorker[config.workers()];
        workerThreads = new Thread[config.workers()];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new CompressorWorker(this, config.queuedBatches(), strataStage(config, i));
            workerThreads[i] = daemon(workers[i], "wholetrace-compressor-" + i);
        }
        chunkThread = daemon(this::writeChunks, "wholetrace-writer");
        clockThread = daemon(clock, "wholetrace-clock");
    }

    /**
     * Mode STRATA with property {@value RecorderConfig#STRATA_PIPELINE_PROPERTY} {@code on}: worker
     * {@code i}'s pipeline stage for layer 0 and the final grammar; else null (layer 0 on the
     * worker: the default, since the stage did not pay, docs/strata.md).
     */
    private static StrataStage strataStage(RecorderConfig config, int i) {
        if (config.mode() != TraceMode.STRATA || !"on".equals(config.properties().get(RecorderConfig.STRATA_PIPELINE_PROPERTY))) return null;
        return new StrataStage(config.grammar(), "wholetrace-strata-" + i);
    }

    /** Starts recording into {@code file} (created or replaced). */
    public static TraceRecorder open(Path file, RecorderConfig config) throws IOException {
        TraceRecorder r = new TraceRecorder(file, config);
        for (Thread t : r.workerThreads) t.start();
        r.chunkThread.start();
        r.clockThread.start();
        return r;
    }

    /**
     * Marks the recorder's own work on program threads, so that the agent's JDK hooks ignore it: a
     * thread's removal from the maps of live threads when it ends ({@link #ended}, on its joiner), and
     * in mode EWPP the shared last-writer table's disk work.
     */
    public void guardOwnWork(OwnWorkGuard guard) {
        ownWork = guard;
        if (lastWriters != null) lastWriters.guardOwnWork(guard);
    }

    /** Mode EWPP: the last-writer table every thread shares; null in the other modes. */
    LastWriters lastWriters() {
        return lastWriters;
    }

    public TraceMode mode() {
        return config.mode();
    }

    // ---- threads --------------------------------------------------------------------------------

    /**
     * The calling thread's handle, registering the thread (and recording its begin) on first use.
     * Only this thread may use the handle: once the thread has terminated, the recorder ends it
     * soon after if nobody has ({@link #endTerminatedThreads}). On the recorder's own threads ({@link OwnThread}) a handle
     * that records nothing.
     */
    public ThreadRecorder thread() {
        ThreadRecorder t = current.get();
        if (t != null) return t;
        Thread me = Thread.currentThread();
        if (me instanceof OwnThread) return ThreadRecorder.notRecordingWithoutLoading(); // the program's code on the recorder's thread
        return beginThread(me.getName(), defaultThreadObject(me), VirtualThreads.isVirtual(me), me);
    }

    /**
     * Registers the calling thread under {@code object} (what its parent's fork and a later join
     * name) and records its begin. A thread registers once; later calls return the same handle.
     * The handle may be handed to another thread that records in its place (tests and generators
     * do), so the recorder never ends it on its own: only {@link ThreadRecorder#end}, a join
     * ({@link #endThread}) or the close does.
     */
    public ThreadRecorder beginThread(String name, long object, boolean virtual) {
        return beginThread(name, object, virtual, null);
    }

    /** {@code owner}: the thread that alone records through the handle, or null if the caller may hand it on. */
    private ThreadRecorder beginThread(String name, long object, boolean virtual, Thread owner) {
        ThreadRecorder t = current.get();
        if (t != null) return t;
        if (owner != null && (t = byObject.get(object)) != null && t.ownedBy(owner)) {
            // Registered before, and the ThreadLocal lost it: the common pool's workers erase their
            // thread-locals after every top-level task (JDK 17 and later), and a second handle would
            // split the thread's events over two trace threads (its sync operations and its
            // accesses apart, so the hand-overs between them lost).
            current.set(t);
            return t;
        }
        int index;
        synchronized (this) {
            if (closing) { // the trace is finished: a dead handle that drops everything
                t = newHandle(-1, object, BufferLayout.MAX_EVENT_LONGS, null);
                t.drain();
                current.set(t);
                return t;
            }
            index = metadata.addThread(name, object, virtual);
            t = newHandle(index, object, FIRST_BATCH_LONGS, owner);
            live.add(t);
            byObject.put(object, t);
        }
        current.set(t);
        t.sync(SyncKind.THREAD_BEGIN, 0, object, 0);
        return t;
    }

    /**
     * Thread {@code index}'s compressor, registered with its worker: made at the thread's first
     * hand-over ({@link ThreadRecorder}), not at its begin, so that a thread that has not handed
     * anything over yet (thousands of parked virtual threads) holds none.
     */
    ThreadCompressor newCompressor(int index) {
        ThreadCompressor c = ewppFilter == null ? new ThreadCompressor(index, config.mode(), config.foldPaths(), config.grammar(), workerOf(index).strataStage())
                : new ThreadCompressor(index, config.mode(), config.foldPaths(), config.grammar(), ewppFilter,
                CheckSymbols.distanceSignature(config.properties().get(CheckSymbols.SIGNATURE_PROPERTY)), ewppCaps);
        enqueue(workerOf(index), CompressorWorker.registration(c));
        return c;
    }

    @SuppressWarnings("unchecked")
    private static BlockingQueue<Batch>[] growingPools(int fullLongs) {
        int n = 0;
        while ((long) FIRST_BATCH_LONGS << n < fullLongs) n++;
        BlockingQueue<Batch>[] pools = new BlockingQueue[n];
        for (int k = 0; k < n; k++) pools[k] = new ArrayBlockingQueue<>(GROWING_POOL_CAPACITY);
        return pools;
    }

    /** A thread's handle: one that drops blocks when the mode keeps none (DOR), see {@link BlockDroppingRecorder}. */
    private ThreadRecorder newHandle(int index, long object, int firstCapacity, Thread owner) {
        return config.mode().control ? new ThreadRecorder(this, index, object, firstCapacity, owner)
                : BlockDroppingRecorder.create(this, index, object, firstCapacity, owner);
    }

    /**
     * The id a thread synchronizes on by default: its Java thread id in a namespace of its own (the
     * final {@code threadId()} from JDK 19, {@link VirtualThreads#threadId}).
     */
    public static long defaultThreadObject(Thread t) {
        return THREAD_OBJECT_BIT | VirtualThreads.threadId(t);
    }

    /**
     * Records the end of the thread registered under {@code threadObject} on its behalf, from the
     * calling thread, if it is still registered and has not ended. Call only once that thread has
     * terminated (Thread.join returned, isAlive() is false): its handle is then quiescent, its
     * events happen-before this call, and the end's ticket falls after all of them and before the
     * caller's own JOIN. Concurrent joiners of the same thread are safe: one records the end, the
     * others wait for it on the handle and then find it ended.
     */
    public void endThread(long threadObject) {
        ThreadRecorder t = byObject.get(threadObject);
        if (t != null) t.end();
    }

    /**
     * Calls {@code listener} on the writer thread with each terminated thread the recorder has ended
     * on its behalf ({@link #endTerminatedThreads}), so that a caller's own per-thread state (the
     * agent's table of thread states) can let go of it as soon as the recorder does. Also on the
     * thread that calls {@link #close}, which ends the threads terminated since the writer looked
     * while the writer may still be looking: the listener must be thread-safe and idempotent (a
     * thread may be reported by both).
     */
    public void onTerminatedThreadEnded(Consumer<Thread> listener) {
        terminatedEnded = listener;
    }

    void ended(ThreadRecorder t) {
        OwnWorkGuard g = ownWork;
        boolean inside = g.enter();
        try {
            live.remove(t);
            byObject.remove(t.object(), t);
        } finally {
            g.exit(inside);
        }
        if (current.get() == t) current.remove();
    }

    // ---- code map and metadata -------------------------------------------------------------------

    public void defineBlock(CodeEntry e) {
        metadata.defineBlock(e);
    }

    public void defineInstruction(CodeEntry e) {
        metadata.defineInstruction(e);
    }

    /**
     * Notes in the trace that recording stopped before the program ended ({@code why}: the agent's internal
     * error), so that every reader warns that later events are missing (ParallelTrace.stoppedEarly).
     */
    public void stoppedEarly(String why) {
        property(dev.wholetrace.format.wtrace.ChunkContent.STOPPED_PROPERTY, why);
    }

    /** Adds program metadata (written with the next chunk). */
    public void property(String key, String value) {
        metadata.property(key, value);
    }

    // ---- the hand-over between program threads and workers ---------------------------------------

    long nextTicket() {
        return tickets.getAndIncrement();
    }

    /** The buffer after one of {@code previousCapacity} longs: twice as large, up to a full one. */
    Batch batch(int previousCapacity) {
        return newBatch((int) Math.min(config.batchLongs(), 2L * previousCapacity));
    }

    /** A buffer of {@code capacity} longs: a pooled one when there is one of that size. */
    Batch newBatch(int capacity) {
        BlockingQueue<Batch> q = poolOf(capacity);
        Batch b = q == null ? null : q.poll();
        return b != null ? b : new Batch(capacity);
    }

    /**
     * The pool of buffers of {@code capacity} longs: {@link #pool} for full ones, one of
     * {@link #growingPools} for a thread's first ones (64, 128, ... longs below a full one), else null.
     * A thread per task that fills a few of its first buffers took them from its own allocation
     * buffer, one after the other, at every hand-over (docs/results/overhead-profile.md, "Session 39: memory").
     */
    private BlockingQueue<Batch> poolOf(int capacity) {
        if (capacity == config.batchLongs()) return pool;
        if (capacity < FIRST_BATCH_LONGS || Integer.bitCount(capacity) != 1) return null;
        int k = Integer.numberOfTrailingZeros(capacity / FIRST_BATCH_LONGS);
        return k < growingPools.length ? growingPools[k] : null;
    }

    /**
     * A buffer for {@link ThreadRecorder#collect} to copy {@code longs} into: a pooled full-size
     * one for a large copy, an exact one for a small copy (thousands of idle threads must not
     * each take a full-size buffer at every cut).
     */
    Batch copyBatch(int longs) {
        // A thread's first buffers may be larger than a small configured batchLongs: exact size then.
        return longs > config.batchLongs() / 4 && longs <= config.batchLongs() ? batch(config.batchLongs()) : new Batch(longs);
    }

    void recycle(Batch b) {
        BlockingQueue<Batch> q = poolOf(b.data.length);
        if (b.recyclable && q != null) {
            b.target = null;
            q.offer(b);
        }
    }

    void submit(Batch b) {
        enqueue(workerOf(b.target.thread()), b);
    }

    /** Tells an ended thread's worker to drop its compressor once its events are in a chunk. */
    void retire(ThreadCompressor compressor) {
        if (compressor != null) enqueue(workerOf(compressor.thread()), CompressorWorker.retirement(compressor));
    }

    private CompressorWorker workerOf(int thread) {
        return workers[thread % workers.length];
    }

    /** Puts an item on a worker's queue, waiting while it is full ({@link CompressorWorker#put}). */
    private static void enqueue(CompressorWorker w, Object item) {
        w.put(item);
    }

    void consumed(int events, long symbolsDelta) {
        totalEvents.addAndGet(events);
        pendingEvents.addAndGet(events);
        pendingSymbols.addAndGet(symbolsDelta);
    }

    /** A worker's part of a cut: the events and symbols it {@link #consumed} since its previous cut are in the chunk being cut. */
    void cutConsumed(long events, long symbols) {
        pendingEvents.addAndGet(-events);
        pendingSymbols.addAndGet(-symbols);
    }

    void fail(Throwable t) {
        failed = true;
        synchronized (this) {
            if (failure == null) failure = t;
            notifyAll();
        }
    }

    /**
     * Whether recording has failed (a full disk, a bug): workers then drop what they receive, so
     * memory stays bounded although no chunk will be written any more; close() reports the failure.
     */
    boolean failed() {
        return failed;
    }

    /**
     * Called by a worker before each buffer: while a chunk is being written, the next chunk may
     * grow to twice the limits, then the worker waits for the writer, its queue fills and the
     * program threads wait in turn. Without this, a writer slower than the program (xz on a large
     * section) would let the open chunk, and memory, grow without bound.
     */
    void throttle() {
        while (writing && !failed && (pendingSymbols.get() >= 2 * config.chunkSymbols() || pendingEvents.get() >= 2 * config.chunkEvents())) {
            LockSupport.parkNanos(1_000_000);
        }
    }

    /** How many threads' compressors the workers hold: the live threads, and ended ones until the next cut. */
    int compressorsHeld() {
        int n = 0;
        for (CompressorWorker w : workers) n += w.compressorsHeld();
        return n;
    }

    /** Events compressed so far. */
    public long events() {
        return totalEvents.get();
    }

    // ---- chunks ----------------------------------------------------------------------------------

    /**
     * Hands over the calling thread's buffer, closes the current chunk and waits until it is in
     * the file. Events other threads have not yet handed over go into a later chunk.
     */
    public void checkpoint() throws IOException {
        ThreadRecorder t = current.get();
        if (t != null) t.flush();
        long target;
        synchronized (this) {
            if (closing) throw new IOException("the recorder is closed");
            target = ++cutsRequested;
            notifyAll();
            while (cutsDone < target && failure == null) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for the chunk to be written");
                }
            }
            if (failure != null) throw new IOException("recording failed: " + failure, failure);
        }
    }

    /**
     * The writer thread. Chunks are sealed on a time bound: every {@code chunkMillis} counted from
     * the start of the previous seal (not its end, so a slow seal does not stretch the period), or
     * earlier at a size limit or a checkpoint. Before a timed cut every live thread's published
     * events are collected, so none stays behind in the buffer of a thread that blocked. The codec
     * gets half the interval from the start of the seal, and at least a quarter of it once the
     * compressors have handed their part over (when they were behind, waiting for them has used
     * the first budget up): what xz has not packed by then is packed with zlib level 1 instead
     * ({@link Codec#pack(byte[], long)}: 1.5-3 ms of CPU per MB; stored raw until session 50, which
     * on a loaded machine left nearly every sync order raw, 30-75x the bytes), so a cold JIT, a
     * loaded machine or a large sync order never holds the writer up for xz; {@code wholetrace
     * recompress} wins the difference back.
     */
    private void writeChunks() {
        long intervalNanos = config.chunkMillis() * 1_000_000L;
        boolean timeBound = config.chunkMillis() < RecorderConfig.NO_TIME_BOUND_MILLIS;
        long lastCut = System.nanoTime();
        long lastCollect = lastCut;
        long lastEndPoll = lastCut;
        while (true) {
            boolean last;
            long serving;
            boolean cut;
            synchronized (this) {
                while (!(cut = stopChunks || cutsRequested != cutsDone || sizeLimitReached() || System.nanoTime() - lastCut >= intervalNanos)
                        && System.nanoTime() - lastEndPoll < END_POLL_NANOS) {
                    try {
                        long left = (lastCut + intervalNanos - System.nanoTime()) / 1_000_000L;
                        wait(Math.max(1, Math.min(20, left)));
                    } catch (InterruptedException e) {
                        // a program that interrupts every thread it finds reaches this one too: stopping
                        // here left checkpoints waiting for good and the file without its chunks; only
                        // close() (stopChunks) ends the writer
                    }
                }
                last = stopChunks;
                serving = cutsRequested;
            }
            if (!cut) {
                try {
                    endTerminatedThreads();
                } catch (RuntimeException | Error e) {
                    fail(e); // the next cut reports it
                }
                lastEndPoll = System.nanoTime();
                continue;
            }
            long start = System.nanoTime();
            try {
                if (!last) endTerminatedThreads();
                boolean timed = !last && serving == cutsDone && !sizeLimitReached();
                if (timed || start - lastCollect >= intervalNanos || !timeBound) {
                    // Take what slow and blocked threads hold, at least once an interval: at a timed
                    // cut, and at a size cut or checkpoint when none came for an interval (a busy
                    // thread that reaches the size limits within every interval must not keep a
                    // blocked thread's events out of the file). Not at every cut: tiny pieces. With
                    // no time bound (agent option events=N) there is no interval and every cut takes
                    // them: otherwise a thread that blocked kept its events out of every chunk until
                    // close, and a SIGKILL lost them however many chunks were sealed after.
                    for (ThreadRecorder t : live) t.collect();
                    lastCollect = start;
                }
                cutAndWrite(start + intervalNanos / 2, intervalNanos / 4);
                if (last) writer.finish();
            } catch (IOException | RuntimeException | Error e) { // any Error too: a writer that ended at one left checkpoints and close() waiting
                fail(e);
                last = true;
            }
            lastCut = start;
            synchronized (this) {
                cutsDone = serving;
                notifyAll();
            }
            if (last) return;
        }
    }

    /**
     * Records, on their behalf, the end of the threads registered by {@link #thread} that have
     * terminated without being joined (nothing joins a pool's worker or a virtual thread per
     * task), as a join would ({@link #endThread}): the end's ticket falls after everything the
     * thread did, its last buffer goes into the next chunk, its compressor freezes its part of that
     * chunk at once ({@link ThreadCompressor#retire}) and is dropped at the cut. Runs before every
     * cut and, between cuts, every {@link #END_POLL_NANOS}: at a chunk interval, thousands of
     * threads a second ended up to a second late, and what each held outlived enough young
     * collections to fill the old generation (docs/results/overhead-profile.md, "Session 37:
     * memory"). Without this, every such thread kept its handle, buffer and compressor (its
     * grammars, alphabets, path dictionary and address predictors: ~10 KB in COR, ~14 KB in CDR)
     * until the recording ended, so the recorder's memory grew with the number of threads a
     * program had ever started (docs/agent.md, "Thread end"). A later join of the thread records
     * the join only, after this end.
     */
    private void endTerminatedThreads() {
        Consumer<Thread> listener = terminatedEnded;
        for (ThreadRecorder t : live) {
            if (!t.ownerTerminated()) continue;
            t.end();
            Thread owner = t.owner();
            if (owner != null) listener.accept(owner);
        }
    }

    private boolean sizeLimitReached() {
        return pendingEvents.get() >= config.chunkEvents() || pendingSymbols.get() >= config.chunkSymbols();
    }

    /**
     * Cuts a chunk and writes it, compressing until {@code deadline} (System.nanoTime()) but for at
     * least {@code minCodecNanos} after the cut is complete.
     */
    private void cutAndWrite(long deadline, long minCodecNanos) throws IOException {
        CompressorWorker.Cut cut = new CompressorWorker.Cut(workers.length);
        for (CompressorWorker w : workers) enqueue(w, cut);
        while (true) {
            try {
                cut.done.await();
                break;
            } catch (InterruptedException e) {
                // the writer's thread, interrupted by the program: see writeChunks
            }
        }
        long floor = System.nanoTime() + minCodecNanos;
        long codecDeadline = floor - deadline > 0 ? floor : deadline; // nanoTime values compare by difference
        List<ThreadChunk> threadChunks = new ArrayList<>(cut.threadChunks);
        IntKeySort.sort(threadChunks, ThreadChunk::thread); // not List.sort: docs/agent.md, "The agent leaves the JDK's settings to the program"
        synchronized (this) {
            if (failure != null) throw new IOException("recording failed: " + failure, failure);
        }
        ChunkContent content = metadata.next(threadChunks);
        if (content.isEmpty()) return; // the clock's samples wait for the next chunk
        clock.sample();
        content = content.withClock(clock.drain());
        writing = true;
        try {
            writer.writeChunk(content, config.codec(), codecDeadline);
        } finally {
            writing = false;
        }
    }

    /**
     * Stops recording: ends every thread that has terminated, drains every live thread's buffer, writes
     * the last chunk and the end of the file. Events recorded after this are dropped. Throws if anything failed while recording.
     */
    @Override
    public void close() throws IOException {
        synchronized (this) {
            if (closing) return;
            closing = true;
        }
        // A thread that terminated since the writer last looked (a pool's workers leaving just before the
        // JVM exits) gets its end, as the writer would have given it; one still running is drained.
        // A failure here (the listener, memory) fails the recording as in the writer: thrown below,
        // once the writer and workers have stopped and the file is closed, not left running.
        try {
            endTerminatedThreads();
        } catch (RuntimeException | Error e) {
            fail(e);
        }
        for (ThreadRecorder t : live) t.drain();
        live.clear();
        byObject.clear();
        synchronized (this) {
            stopChunks = true;
            notifyAll();
        }
        clock.stop();
        try {
            chunkThread.join();
            for (CompressorWorker w : workers) enqueue(w, CompressorWorker.STOP);
            for (Thread t : workerThreads) t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while finishing the trace");
        } finally {
            writer.close();
        }
        synchronized (this) {
            if (failure != null) throw new IOException("recording failed: " + failure, failure);
        }
    }

    // ---- helpers --------------------------------------------------------------------------------

    private static Thread daemon(Runnable r, String name) {
        return new OwnThread(r, name);
    }
}
