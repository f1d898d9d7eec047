package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compresses one thread's events online, on a background worker: it hands each of the thread's
 * buffers to one {@link StreamEncoder} per stream kind the mode keeps (SEQUITUR over
 * the control string, SEQUITUR over the data string, one Diff∘RLE∘SEQ encoder per load/store
 * instruction), and keeps the thread's sync operations for the chunk's sync order. {@link #cut}
 * freezes what the current chunk holds and starts the next.
 */
final class ThreadCompressor {
    private final int thread;
    private final StreamEncoder[] encoders;
    private long[] sync = new long[64];
    private int syncLongs;
    private long events;

    ThreadCompressor(int thread, TraceMode mode, boolean foldPaths) {
        this(thread, mode, foldPaths, GrammarAlgorithm.DEFAULT);
    }

    ThreadCompressor(int thread, TraceMode mode, boolean foldPaths, GrammarAlgorithm grammars) {
        this.thread = thread;
        this.encoders = StreamEncoders.forMode(mode, foldPaths, grammars);
    }

    int thread() {
        return thread;
    }

    /**
     * What the chunk currently costs in memory, in symbols: those of the open grammars, plus one
     * per sync operation (each waits for the chunk's SYNC_ORDER section as four longs).
     */
    long symbols() {
        long n = syncLongs / ThreadChunk.SYNC_LONGS;
        for (StreamEncoder e : encoders) n += e.symbols();
        return n;
    }

    /** Feeds the events of one buffer; returns how many there were. */
    int consume(long[] buf, int length) {
        for (StreamEncoder e : encoders) e.consume(buf, length);
        int n = 0;
        for (int i = 0; i < length; i += BufferLayout.longs(buf[i])) {
            long head = buf[i];
            if (BufferLayout.tag(head) == BufferLayout.SYNC) addSync(buf[i + 2], BufferLayout.syncValue(head), buf[i + 1], buf[i + 3]);
            n++;
        }
        events += n;
        return n;
    }

    private void addSync(long ticket, long value, long object, long aux) {
        if (syncLongs + ThreadChunk.SYNC_LONGS > sync.length) sync = Arrays.copyOf(sync, sync.length * 2);
        sync[syncLongs] = ticket;
        sync[syncLongs + 1] = value;
        sync[syncLongs + 2] = object;
        sync[syncLongs + 3] = aux;
        syncLongs += ThreadChunk.SYNC_LONGS;
    }

    /** Freezes the current chunk, or returns null if the thread recorded nothing in it. */
    ThreadChunk cut() {
        if (events == 0) return null;
        List<StreamChunk> streams = new ArrayList<>(encoders.length);
        for (StreamEncoder e : encoders) {
            StreamChunk s = e.cut();
            if (s != null) streams.add(s);
        }
        ThreadChunk chunk = new ThreadChunk(thread, events, streams, Arrays.copyOf(sync, syncLongs));
        syncLongs = 0;
        events = 0;
        return chunk;
    }
}
