package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadSyncColumn;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.strata.LayerZero;
import dev.wholetrace.model.strata.PathBuilder;
import dev.wholetrace.model.strata.RunBatch;
import dev.wholetrace.model.strata.RunWords;
import dev.wholetrace.model.strata.SequenceTable;
import dev.wholetrace.model.strata.StrataGrammar;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.model.strata.StrataStream;
import java.util.function.LongToIntFunction;

/**
 * The control string stored as strata (StreamKinds.STRATA, mode STRATA): the strata paper's
 * ExtendPath over the thread's blocks and sync operations (each its control symbol; a sync
 * operation joins a path like a block, as in the control encoder), [path, tripcount] runs into
 * ExtendStratumLayer (layer 0), and the layer's [stratum, tripcount] runs, folded into words
 * ({@link RunWords}), into the configured grammar algorithm ({@link LayerZero}). The paths are built here, on the compressor worker;
 * layer 0 and the grammar run on the worker's {@link StrataStage} when there is one (the paper's
 * pipeline: the runs cross a bounded ring), on the worker itself when not. Layer 0 always:
 * choosing between layer 0 and the paths as {@code compress --grammar strata} does
 * ({@link StrataGrammar}) was measured here and lost (Water: 6% more CPU and a 14% larger file
 * than layer 0 alone, docs/strata.md). At a cut the open path and stratum end (nothing spans
 * chunks, so each chunk decodes alone) and the chunk's tables go into the stored form
 * ({@link StrataStream}); the StreamChunk carries its unfolding as the WPP readers and the sync
 * counts use.
 *
 * <p>Per event: the path builder's compare and, once per path that is not a repetition, a table
 * probe; per path run a ring write, or inline a store into a {@link RunBatch} that layer 0 takes
 * at the end of the buffer; no allocation once the buffers have grown. The builder takes each event's raw code (a block's id, or {@code -1 - symbol} for a sync
 * operation) and looks the block's symbol up ({@link #elementOf}) only when the block does not go
 * on as a known path: the lookup at every block was a fifth of the encoder's tier-3 samples and
 * more in C2 code on Water (docs/results/strata.md, session 39), and COR's encoder makes none.
 */
final class StrataEncoder extends StreamEncoder {
    /** The longest path and the longest stratum: the paper's 2048, on the worker and on a stage alike. */
    private static final int MAX_LENGTH = StrataPipeline.DEFAULT_MAX_LENGTH;

    private final BlockSymbols blockSymbols = new BlockSymbols(symbols);
    /** The path builder's code → symbol: a block id (≥ 0) through the cache, {@code -1 - s} is symbol s (a sync operation's, looked up as it came). */
    private final LongToIntFunction elementOf = code -> code >= 0 ? blockSymbols.of(code) : (int) (-1 - code);
    /** Layer 0 on the worker's strata stage, or null: layer 0 runs here ({@link #inline}). */
    private final StrataStage.Port port;
    private LayerZero inline;
    /** Inline: the path builder's runs, passed to {@link #inline} once per buffer ({@link RunBatch}: why). */
    private RunBatch batch;
    /** The chunk's paths; a new table per chunk. */
    private SequenceTable paths;
    private PathBuilder pathBuilder;
    /** {@link #beginCut} ran: the paths are finished and, on a stage, layer 0's seal is asked for. */
    private boolean cutBegun;

    /** @param stage the worker's strata stage that runs layer 0, or null to run it on the worker */
    StrataEncoder(GrammarAlgorithm grammars, StrataStage stage) {
        super(StreamKinds.STRATA, grammars);
        this.port = stage == null ? null : stage.port();
        startChunk();
    }

    /** A new chunk's paths and, inline, layer 0: emptied in place when they can be (no regrowing every cut). */
    private void startChunk() {
        if (paths == null) paths = new SequenceTable();
        else paths.clear();
        if (port == null && (inline == null || !inline.restart())) {
            inline = layerZero(newGrammar());
            batch = new RunBatch(inline);
        }
        pathBuilder = new PathBuilder(paths, port == null ? batch : port, MAX_LENGTH, elementOf);
    }

    /**
     * An encoder's layer 0 over {@code grammar}, wherever it runs (the worker or its stage); the
     * grammar is fed words of runs ({@link RunWords}: SEQUITUR over the runs one by one was the
     * largest part of this encoder on Water, session 48).
     */
    static LayerZero layerZero(GrammarBuilder grammar) {
        return new LayerZero(new RunWords(grammar), MAX_LENGTH);
    }

    @Override
    void consume(long[] buf, int length) {
        consume(buf, length, null);
    }

    /**
     * {@link #consume(long[], int)}, also adding each sync operation to {@code syncColumn} (unless
     * null) and counting the events, as the control encoder does: the thread's compressor then
     * walks the buffer once, not twice (the second walk was a STRATA-only cost, 22 of 209 JFR
     * samples of Water's compressor threads, docs/results/strata.md, session 38). Returns the
     * buffer's events.
     */
    int consume(long[] buf, int length, ThreadSyncColumn syncColumn) {
        PathBuilder p = pathBuilder;
        int events = 0;
        for (int i = 0; i < length; events++) {
            long head = buf[i];
            if (BufferLayout.isBlock(head)) { // most events: one predictable branch, no switch, no length lookup
                p.add(BufferLayout.id(head)); // its symbol is looked up only if the block does not go on as a known path
                i++;
                continue;
            }
            if (BufferLayout.tag(head) == BufferLayout.RUN) { // a counted loop's blocks, each as above
                int[] cycle = BufferLayout.runCycle(head);
                int count = BufferLayout.runCount(buf, i);
                for (int k = 0, c = 0; k < count; k++) {
                    p.add(cycle[c]);
                    if (++c == cycle.length) c = 0;
                }
                events += count - 1;
            }
            if (BufferLayout.tag(head) == BufferLayout.SYNC) {
                long value = BufferLayout.syncValue(head);
                p.add(-1L - symbols.idOf(SymbolTag.SYNC, value)); // looked up here, in the thread's order, as every symbol is
                if (syncColumn != null) BufferLayout.addSync(syncColumn, buf, i, value);
            }
            // loads and stores are not part of the control string in this mode
            i += BufferLayout.longs(head);
        }
        if (port != null) port.flush();
        else batch.drain();
        return events;
    }

    /** What the chunk holds: the paths' elements and layer 0's symbols (on a stage: as of its last batch). */
    @Override
    long symbols() {
        return paths.elements() + (port == null ? inline.symbolCount() : port.symbols());
    }

    /**
     * Once a chunk: a second call before {@link #cut} (the worker's cut loop failed on another
     * thread and the next cut begins every thread again) would finish the paths twice and hand the
     * stage a second CUT, which seals layer 0 again and leaves a stale seal for the next chunk.
     */
    @Override
    void beginCut() {
        if (cutBegun) return;
        pathBuilder.finish(); // ends the open path (and, inline, the open stratum): nothing spans chunks
        if (port != null) port.requestSeal(); // the stage seals layer 0 while the worker cuts its other threads
        cutBegun = true;
    }

    @Override
    StreamChunk cut() {
        if (!cutBegun) beginCut();
        cutBegun = false;
        LayerZero.Sealed layer0 = port == null ? inline.seal() : port.awaitSeal();
        StrataStream stored = layer0.with(paths.starts(), paths.poolAsInts());
        Grammar g = stored.unfold();
        EdgeCounts counts = EdgeCounts.count(g, s -> symbols.first(s) == SymbolTag.SYNC);
        StreamChunk c = StreamChunk.strata(kind, newSymbols(), stored, g, counts);
        startChunk();
        return c;
    }
}
