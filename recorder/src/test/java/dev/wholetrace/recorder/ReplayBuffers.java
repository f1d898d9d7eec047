package dev.wholetrace.recorder;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Per thread, events in the recorder's buffer layout ({@link BufferLayout}), in buffers of
 * {@link #BUFFER_LONGS} longs as a program thread hands them over: the input of the replay
 * harnesses ({@link CompressorReplay}, {@link StrataDigest}), read from a recorded trace or
 * written by a test.
 */
final class ReplayBuffers {
    static final int BUFFER_LONGS = 1 << 14;

    final List<List<long[]>> buffers = new ArrayList<>();
    final List<List<Integer>> lengths = new ArrayList<>();
    long events;
    private long ticket;
    private long[] b;
    private int p;

    /** Every thread's events of a recorded trace, in order. */
    static ReplayBuffers of(Path file) throws IOException {
        ReplayBuffers r = new ReplayBuffers();
        ParallelTrace trace = ParallelTrace.open(file);
        for (int t = 0; t < trace.threadCount(); t++) {
            r.startThread();
            for (Iterator<Event> it = trace.events(t); it.hasNext(); ) {
                Event e = it.next();
                switch (e.type()) {
                    case BLOCK -> r.block(e.id());
                    case LOAD, STORE -> r.access(e.type() == Event.Type.LOAD, e.id(), e.address());
                    case SYNC -> r.sync(e.kind(), e.id(), e.object(), e.aux());
                }
            }
        }
        r.endThread();
        return r;
    }

    /** Ends the thread being written (if any) and starts the next. */
    void startThread() {
        endThread();
        buffers.add(new ArrayList<>());
        lengths.add(new ArrayList<>());
        b = new long[BUFFER_LONGS];
        p = 0;
    }

    /** Ends the thread being written, if any (its last buffer). */
    void endThread() {
        if (b == null) return;
        buffers.get(buffers.size() - 1).add(b);
        lengths.get(lengths.size() - 1).add(p);
        b = null;
    }

    int threads() {
        return buffers.size();
    }

    void block(int id) {
        room();
        b[p++] = (long) id << 8 | BufferLayout.BLOCK;
    }

    void access(boolean load, int instruction, long address) {
        room();
        b[p++] = (long) instruction << 8 | (load ? BufferLayout.LOAD : BufferLayout.STORE);
        b[p++] = address;
    }

    void sync(SyncKind kind, int site, long object, long aux) {
        room();
        b[p++] = (long) site << 16 | (long) kind.ordinal() << 8 | BufferLayout.SYNC;
        b[p++] = object;
        b[p++] = ticket++;
        b[p++] = aux;
    }

    private void room() {
        events++;
        if (p > BUFFER_LONGS - BufferLayout.MAX_EVENT_LONGS) {
            buffers.get(buffers.size() - 1).add(b);
            lengths.get(lengths.size() - 1).add(p);
            b = new long[BUFFER_LONGS];
            p = 0;
        }
    }
}
