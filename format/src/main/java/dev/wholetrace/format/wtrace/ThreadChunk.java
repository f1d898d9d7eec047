package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import java.util.List;

/**
 * What one chunk holds of one thread: a {@link StreamChunk} per stream kind the thread recorded
 * in the chunk (in registry order) and its sync operations. A thread's whole trace is the
 * concatenation of its thread chunks, in chunk order. The reader calls a thread's chunks its
 * pieces (ThreadTrace#pieces).
 *
 * <p>{@code sync} holds the thread's sync operations, already in the form the chunk's SYNC_ORDER
 * stores them; the {@code long[]} constructor takes four longs per operation, in the thread's
 * order: ticket (position in the sync order), kind &lt;&lt; 32 | site, object, aux. The accessors
 * below the components are shortcuts to today's stream kinds.
 */
public record ThreadChunk(int thread, long events, List<StreamChunk> streamChunks, ThreadSyncColumn sync) {

    public static final int SYNC_LONGS = 4;
    private static final int[] NO_INSTRUCTIONS = new int[0];
    private static final Grammar[] NO_GRAMMARS = new Grammar[0];

    public ThreadChunk {
        streamChunks = List.copyOf(streamChunks);
    }

    /** A thread chunk whose sync operations are given as four longs each (see above). */
    public ThreadChunk(int thread, long events, List<StreamChunk> streamChunks, long[] sync) {
        this(thread, events, streamChunks, ThreadSyncColumn.of(sync));
    }

    public int syncCount() {
        return sync.count();
    }

    /** The thread's stream chunk of {@code kind}, or null if it has none in this chunk. */
    public StreamChunk stream(StreamKind kind) {
        for (StreamChunk s : streamChunks) if (s.kind() == kind) return s;
        return null;
    }

    /** The grammar of the per-thread stream {@code kind}, or null. */
    public Grammar grammar(StreamKind kind) {
        StreamChunk s = stream(kind);
        return s == null ? null : s.grammar();
    }

    /** The sync counts of the per-thread stream {@code kind}, or null. */
    public EdgeCounts syncCounts(StreamKind kind) {
        StreamChunk s = stream(kind);
        return s == null ? null : s.syncCounts();
    }

    /** The control WPP, or null. */
    public Grammar control() {
        return grammar(StreamKinds.CONTROL);
    }

    /** The sync counts (synch_cnt) of the control WPP, or null. */
    public EdgeCounts controlCounts() {
        return syncCounts(StreamKinds.CONTROL);
    }

    /** The data (DOR) WPP, or null. */
    public Grammar data() {
        return grammar(StreamKinds.DATA);
    }

    /** The sync counts of the data WPP, or null. */
    public EdgeCounts dataCounts() {
        return syncCounts(StreamKinds.DATA);
    }

    /** The control symbols of the load/store instructions that have an address stream, increasing. */
    public int[] streamSymbols() {
        StreamChunk s = stream(StreamKinds.ADDRESSES);
        return s == null ? NO_INSTRUCTIONS : s.instructions();
    }

    /**
     * The exception list of address stream {@code k} (format version 6 on, see
     * PredictiveDiffRleEncoder), or null if the stream has none (older versions).
     */
    public long[] exceptions(int k) {
        StreamChunk s = stream(StreamKinds.ADDRESSES);
        return s == null ? null : s.exceptions(k);
    }

    /** {@code streams()[i]} is the Diff∘RLE∘SEQ address stream of control symbol {@code streamSymbols()[i]}. */
    public Grammar[] streams() {
        StreamChunk s = stream(StreamKinds.ADDRESSES);
        return s == null ? NO_GRAMMARS : s.grammars();
    }
}
