package dev.wholetrace.recorder;

import static dev.wholetrace.recorder.BufferLayout.BLOCK;
import static dev.wholetrace.recorder.BufferLayout.LOAD;
import static dev.wholetrace.recorder.BufferLayout.STORE;
import static dev.wholetrace.recorder.BufferLayout.SYNC;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.SequiturGrammar;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compresses one thread's events online, on a background worker: it decodes the thread's buffers
 * and hands each event to one {@link StreamEncoder} per stream kind the mode keeps (SEQUITUR over
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
        this.thread = thread;
        this.encoders = StreamEncoders.forMode(mode, foldPaths);
    }

    /** The one place the recorder makes a grammar for a stream. */
    static SequiturGrammar newGrammar() {
        return new SequiturGrammar();
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
        StreamEncoder[] enc = encoders;
        int before = (int) events;
        int i = 0;
        while (i < length) {
            long head = buf[i];
            switch ((int) head & 0xFF) {
                case BLOCK -> {
                    long block = head >>> 8;
                    for (StreamEncoder e : enc) e.block(block);
                    i += 1;
                }
                case LOAD, STORE -> {
                    int tag = ((int) head & 0xFF) == LOAD ? SymbolTag.LOAD : SymbolTag.STORE;
                    long instruction = head >>> 8;
                    long address = buf[i + 1];
                    for (StreamEncoder e : enc) e.access(tag, instruction, address);
                    i += 2;
                }
                case SYNC -> {
                    long value = (head >>> 8 & 0xFF) << 32 | head >>> 16 & 0xFFFF_FFFFL;
                    for (StreamEncoder e : enc) e.sync(value);
                    addSync(buf[i + 2], value, buf[i + 1], buf[i + 3]);
                    i += 4;
                }
                default -> throw new IllegalStateException("corrupt event buffer: tag " + (head & 0xFF) + " at " + i);
            }
            events++;
        }
        return (int) events - before;
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
