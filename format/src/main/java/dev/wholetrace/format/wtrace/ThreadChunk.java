package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;

/**
 * What one chunk holds of one thread: the grammars of the events the thread recorded during the
 * chunk, the symbols that first appeared in it, and its sync operations. A thread's whole trace is
 * the concatenation of its chunks, in chunk order.
 *
 * <p>{@code controlCounts} and {@code dataCounts} are the sync counts (synch_cnt) of the two WPPs.
 * {@code streams[i]} is the Diff∘RLE∘SEQ address stream of the load/store instruction that is
 * control symbol {@code streamSymbols[i]}. {@code sync} holds four longs per sync operation, in the thread's order: ticket (position in
 * the sync order), kind &lt;&lt; 32 | site, object, aux.
 */
public record ThreadChunk(int thread, long events, long[] newControlSymbols, long[] newDataSymbols, long[] newRuns,
                          Grammar control, EdgeCounts controlCounts, Grammar data, EdgeCounts dataCounts,
                          int[] streamSymbols, Grammar[] streams, long[] sync) {

    public static final int SYNC_LONGS = 4;

    public int syncCount() {
        return sync.length / SYNC_LONGS;
    }
}
