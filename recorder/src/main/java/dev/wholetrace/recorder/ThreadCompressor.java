package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.format.wtrace.ThreadSyncColumn;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.util.ArrayList;
import java.util.List;

/**
 * Compresses one thread's events online, on a background worker: it hands each of the thread's
 * buffers to one {@link StreamEncoder} per stream kind the mode keeps (SEQUITUR over
 * the control string, SEQUITUR over the data string, one Diff∘RLE∘SEQ encoder per load/store
 * instruction), and encodes the thread's sync operations for the chunk's sync order as they come
 * ({@link ThreadSyncColumn}: a few bytes each, not four longs). {@link #cut} freezes what the current
 * chunk holds and starts the next.
 */
final class ThreadCompressor {
    private static final StreamEncoder[] NO_ENCODERS = new StreamEncoder[0];
    private final int thread;
    /** What {@link #encoders()} makes the encoders from, at the first buffer (on the worker). */
    private final TraceMode mode;
    private final boolean foldPaths;
    private final GrammarAlgorithm grammars;
    /** Mode EWPP's filtering phase, or null for an empty one (made only by a mode that checks, {@link StreamEncoders}). */
    private final DependenceFilter filter;
    private final boolean distance;
    private final EwppCaps caps;
    private final StrataStage strataStage;
    /**
     * Made by {@link #encoders()} at the first buffer, on the worker, not here: the constructor runs
     * on the program thread at its first hand-over, and a thread per task that allocated the encoders'
     * ~10 KB of tables there took them out of its own allocation buffer (overhead-profile.md,
     * "Session 39: memory"). Emptied when the thread retires: its streams are then sealed in
     * {@link #sealed}.
     */
    private StreamEncoder[] encoders;
    /** Sizes a chunk's sync buffers from the previous chunk's, up to this (no doubling copies in steady state). */
    private static final int MAX_SYNC_CAPACITY = 1 << 20;
    /** Made with the encoders (null before the first buffer, and after the thread retired). */
    private ThreadSyncColumn sync;
    private long events;
    /** The thread has ended and its last buffer is consumed: its worker drops it after the next cut. */
    private boolean retired;
    /** Once retired: what the next {@link #cut} returns (null if nothing was recorded since the last one). */
    private ThreadChunk sealed;

    ThreadCompressor(int thread, TraceMode mode, boolean foldPaths) {
        this(thread, mode, foldPaths, GrammarAlgorithm.DEFAULT);
    }

    ThreadCompressor(int thread, TraceMode mode, boolean foldPaths, GrammarAlgorithm grammars) {
        this(thread, mode, foldPaths, grammars, null);
    }

    /** {@code strataStage}: the worker's stage that runs layer 0 in mode STRATA, or null to run it on the worker. */
    ThreadCompressor(int thread, TraceMode mode, boolean foldPaths, GrammarAlgorithm grammars, StrataStage strataStage) {
        this(thread, mode, foldPaths, grammars, null, false, EwppCaps.UNBOUNDED, strataStage);
    }

    /** {@code filter}, {@code distance}, {@code caps}: the eWPP's filtering phase, signature and memory bounds, for mode EWPP's check routine. */
    ThreadCompressor(int thread, TraceMode mode, boolean foldPaths, GrammarAlgorithm grammars, DependenceFilter filter, boolean distance, EwppCaps caps) {
        this(thread, mode, foldPaths, grammars, filter, distance, caps, null);
    }

    private ThreadCompressor(int thread, TraceMode mode, boolean foldPaths, GrammarAlgorithm grammars, DependenceFilter filter, boolean distance,
                             EwppCaps caps, StrataStage strataStage) {
        this.thread = thread;
        this.mode = mode;
        this.foldPaths = foldPaths;
        this.grammars = grammars;
        this.filter = filter;
        this.distance = distance;
        this.caps = caps;
        this.strataStage = strataStage;
    }

    /** The encoders, made at the first call, on the worker (see the field {@code encoders}); not again after retiring. */
    private StreamEncoder[] encoders() {
        StreamEncoder[] e = encoders;
        if (e == null) {
            encoders = e = StreamEncoders.forMode(mode, foldPaths, grammars, filter, distance, caps, strataStage);
            sync = new ThreadSyncColumn(64);
        }
        return e;
    }

    int thread() {
        return thread;
    }

    /**
     * What the chunk currently costs in memory, in symbols: those of the open grammars, plus one
     * per sync operation (each waits for the chunk's SYNC_ORDER section).
     */
    long symbols() {
        if (retired || encoders == null) return 0;
        long n = sync.count();
        for (StreamEncoder e : encoders) n += e.symbols();
        return n;
    }

    /**
     * Feeds the events of one buffer; returns how many there were. The control encoder, when
     * the mode keeps one, or else the strata encoder, collects the sync operations and counts the
     * events in its own walk.
     */
    int consume(long[] buf, int length) {
        int counted = -1;
        for (StreamEncoder e : encoders()) {
            if (counted < 0 && e instanceof ControlEncoder control) counted = control.consume(buf, length, sync);
            else if (counted < 0 && e instanceof StrataEncoder strata) counted = strata.consume(buf, length, sync);
            else e.consume(buf, length);
        }
        int n = counted >= 0 ? counted : walk(buf, length);
        events += n;
        return n;
    }

    /** Adds the buffer's sync operations to the column, for a mode without a control encoder; returns its events. */
    private int walk(long[] buf, int length) {
        int n = 0;
        for (int i = 0; i < length; n++) {
            long head = buf[i];
            if (BufferLayout.isBlock(head)) { // most events
                i++;
                continue;
            }
            if (BufferLayout.tag(head) == BufferLayout.SYNC) BufferLayout.addSync(sync, buf, i, BufferLayout.syncValue(head));
            if (BufferLayout.tag(head) == BufferLayout.RUN) n += BufferLayout.runCount(buf, i) - 1; // that many blocks
            i += BufferLayout.longs(head);
        }
        return n;
    }

    /**
     * Called by the worker once the thread's last buffer is consumed: freezes the thread's part of
     * the current chunk now, the same part the next {@link #cut} would freeze (nothing more comes),
     * and lets go of the encoders (grammars, digram tables, alphabets, path dictionary). The cut
     * may be up to a chunk interval away: a thread per task that ends thousands of times a
     * second kept its encoders that long, long enough for the collector to move them to the old
     * generation, which grew with them (docs/results/overhead-profile.md, "Session 37: memory").
     */
    void retire() {
        if (retired) return;
        beginCut();
        sealed = cut();
        encoders = NO_ENCODERS;
        sync = null;
        retired = true;
    }

    /** Whether the thread has ended: after the next {@link #cut} nothing more comes. */
    boolean retired() {
        return retired;
    }

    /** A cut of this thread's chunk follows ({@link StreamEncoder#beginCut}). */
    void beginCut() {
        if (events == 0 || retired) return;
        for (StreamEncoder e : encoders) e.beginCut();
    }

    /** Freezes the current chunk, or returns null if the thread recorded nothing in it. */
    ThreadChunk cut() {
        if (retired) {
            ThreadChunk c = sealed;
            sealed = null;
            return c;
        }
        if (events == 0) return null;
        List<StreamChunk> streams = new ArrayList<>(encoders.length);
        for (StreamEncoder e : encoders) {
            StreamChunk s = e.cut();
            if (s != null) streams.add(s);
        }
        ThreadChunk chunk = new ThreadChunk(thread, events, streams, sync);
        sync = new ThreadSyncColumn(Math.min(MAX_SYNC_CAPACITY, sync.bytes() / 2 + 64)); // two buffers: tickets and column
        events = 0;
        return chunk;
    }
}
