package dev.wholetrace.format.regrammar;

import dev.wholetrace.format.wtrace.ChunkContent;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.format.wtrace.ThreadSymbols;
import dev.wholetrace.format.wtrace.TraceSections;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Consecutive chunks of a trace being rewritten as one ({@code wholetrace recompress
 * --chunk-events}). The recorder seals a chunk every second so that a killed program loses
 * little; a short run on a loaded machine thus becomes many small chunks, each storing its own
 * WPPs, symbol tables, address predictors and stream lists, and section framing. A finished
 * recording needs none of that durability: its chunks are appended thread by thread
 * ({@link MergedThread}), their metadata, clock samples and sync operations in order, so the
 * group reads back as the same events, sync order and clock in fewer pieces.
 */
final class ChunkGroup {
    private final GrammarAlgorithm algorithm;
    private final AddressCoding addresses;
    private final boolean join;
    private final Map<String, String> properties = new LinkedHashMap<>();
    private final List<ThreadInfo> threads = new ArrayList<>();
    private final List<CodeEntry> blocks = new ArrayList<>();
    private final List<CodeEntry> instructions = new ArrayList<>();
    private final Map<Integer, MergedThread> byThread = new TreeMap<>();
    private long[] clock = new long[0];
    private long events;
    private int chunks;

    /** @param join whether grammars are joined rule by rule rather than rebuilt ({@link MergedThread}) */
    ChunkGroup(GrammarAlgorithm algorithm, AddressCoding addresses, boolean join) {
        this.algorithm = algorithm;
        this.addresses = addresses;
        this.join = join;
    }

    /** Whether the chunks of a trace of {@code mode} can be merged: every stream it keeps is of a kind {@link MergedThread} merges. */
    static boolean supports(TraceMode mode) {
        for (var kind : StreamKinds.ALL) if (mode.keeps(kind) && !MergedThread.merges(kind)) return false;
        return true;
    }

    /**
     * Appends chunk {@code chunk}; {@code symbols}: every defined thread's trace-wide tables (the
     * chunk's new threads included). Returns the symbols of the chunk's grammars as stored.
     */
    long add(TraceSections.Chunk chunk, List<ThreadSymbols> symbols) throws IOException {
        properties.putAll(chunk.properties());
        threads.addAll(chunk.threads());
        blocks.addAll(chunk.blocks());
        instructions.addAll(chunk.instructions());
        long[] samples = chunk.clock();
        if (samples.length > 0) {
            int n = clock.length;
            clock = Arrays.copyOf(clock, n + samples.length);
            System.arraycopy(samples, 0, clock, n, samples.length);
        }
        chunk.sync(symbols.size(), (thread, ticket, kindSite, object, aux) -> thread(thread).sync(ticket, kindSite, object, aux));
        long symbolCount = 0;
        for (TraceSections.Decoded d : chunk.threadChunks(symbols, t -> true)) {
            ThreadChunk tc = d.chunk();
            symbolCount += thread(tc.thread()).add(tc, d.symbols());
            events += tc.events();
        }
        chunks++;
        return symbolCount;
    }

    private MergedThread thread(int t) {
        return byThread.computeIfAbsent(t, k -> new MergedThread(k, algorithm, addresses, join));
    }

    /** Events appended so far. */
    long events() {
        return events;
    }

    /** Chunks appended so far. */
    int chunks() {
        return chunks;
    }

    /**
     * The group as one chunk; adds the symbols of its grammars to {@code symbolsOut[0]}.
     * {@code symbols}: every thread's trace-wide tables. {@code threadsDone} hears (threads built,
     * threads) after each thread: building the grammars is most of a merge's time.
     */
    ChunkContent content(List<ThreadSymbols> symbols, long[] symbolsOut, BiLongConsumer threadsDone) {
        List<ThreadChunk> merged = new ArrayList<>();
        for (MergedThread t : byThread.values()) {
            merged.add(t.finish(symbols.get(t.thread()), symbolsOut));
            threadsDone.accept(merged.size(), byThread.size());
        }
        return new ChunkContent(properties, threads, blocks, instructions, merged, clock);
    }

    /** Two longs: done and total. */
    @FunctionalInterface
    interface BiLongConsumer {
        void accept(long done, long total);
    }
}
