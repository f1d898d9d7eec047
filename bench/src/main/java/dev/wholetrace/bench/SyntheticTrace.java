package dev.wholetrace.bench;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.format.wtrace.ChunkContent;
import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.format.wtrace.TraceWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A COR trace written directly as grammars, never recorded, so that it can be 10^9 events long in
 * seconds. Every thread runs the same nested loops, whose only difference between a short and a
 * long trace is the trip counts:
 *
 * <pre>
 * thread:    B0; loop[0] { H0; loop[1] { H1; ... loop[d-1] { unit } ... T1 }; T0 }; B1
 * unit:      lock(L); B14; 124 x { B15 B16 B17 B18 }; unlock(L);    // 499 events, critical section
 *            B19; 125 x { B20 B21 B22 B23 }                         // 501 events of other work
 * </pre>
 *
 * (Hi = block 2 + 2i, Ti = block 3 + 2i.) So one lock/unlock pair per 1000 events, every sync
 * segment (lock..unlock, unlock..next lock) holds about 500 events, and each looks the same in
 * any trace length. A loop of
 * k trips is a rule for its body plus doubling rules (body², body⁴, ...) combined by the bits of
 * k, which is the shape SEQUITUR gives a loop: depth grows with log k. Tickets interleave the
 * threads' units round-robin: unit u of thread t locks with ticket 2(uT + t) and unlocks with the
 * next, as if the threads took turns on one lock.
 */
final class SyntheticTrace {
    static final int LEVELS = 6;
    static final int BEGIN = 0, END = 1, CS = 14, WORK = 19;
    static final int BLOCKS = 24;
    static final int LOCK = BLOCKS, UNLOCK = BLOCKS + 1; // the two sync terminals
    static final int LOCK_SITE = 1, UNLOCK_SITE = 2;
    static final long LOCK_OBJECT = 7;
    static final int UNIT_EVENTS = 1000;
    /** Events from a lock through its unlock, both included. */
    static final int CRITICAL_EVENTS = 499;

    private final List<int[]> bodies = new ArrayList<>();

    private SyntheticTrace() {
        bodies.add(null); // the start rule, filled last
    }

    /**
     * Writes a trace of {@code threads} threads, each running the loops with trip counts
     * {@code loops} (outermost first, {@value #LEVELS} of them), as one chunk.
     *
     * @return events in the trace
     */
    static long write(Path file, int threads, int[] loops, Codec codec) throws IOException {
        if (loops.length != LEVELS) throw new IllegalArgumentException("need " + LEVELS + " loop counts");
        Grammar g = new SyntheticTrace().grammar(loops);
        EdgeCounts counts = EdgeCounts.count(g, s -> s == LOCK || s == UNLOCK);
        long units = 1;
        for (int k : loops) units *= k;
        if (counts.total() != 2 * units) throw new IllegalStateException("grammar holds " + counts.total() + " sync ops, expected " + 2 * units);
        if (2 * units * ThreadChunk.SYNC_LONGS > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("too many sync ops for one chunk");

        long[] symbols = new long[2 * (BLOCKS + 2)];
        for (int b = 0; b < BLOCKS; b++) {
            symbols[2 * b] = SymbolTag.BLOCK;
            symbols[2 * b + 1] = b;
        }
        symbols[2 * LOCK] = SymbolTag.SYNC;
        symbols[2 * LOCK + 1] = SymbolTag.syncValue(SyncKind.LOCK, LOCK_SITE);
        symbols[2 * UNLOCK] = SymbolTag.SYNC;
        symbols[2 * UNLOCK + 1] = SymbolTag.syncValue(SyncKind.UNLOCK, UNLOCK_SITE);

        List<ThreadInfo> infos = new ArrayList<>();
        List<ThreadChunk> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            infos.add(new ThreadInfo(t, "synthetic-" + t, TraceRecorder.THREAD_OBJECT_BIT | t, false));
            long[] sync = new long[(int) (2 * units * ThreadChunk.SYNC_LONGS)];
            for (long u = 0; u < units; u++) {
                int at = (int) (2 * u * ThreadChunk.SYNC_LONGS);
                long ticket = 2 * (u * threads + t);
                sync[at] = ticket;
                sync[at + 1] = SymbolTag.syncValue(SyncKind.LOCK, LOCK_SITE);
                sync[at + 2] = LOCK_OBJECT;
                sync[at + 4] = ticket + 1;
                sync[at + 5] = SymbolTag.syncValue(SyncKind.UNLOCK, UNLOCK_SITE);
                sync[at + 6] = LOCK_OBJECT;
            }
            parts.add(new ThreadChunk(t, g.length(), List.of(StreamChunk.of(StreamKinds.CONTROL, symbols.clone(), g, counts)), sync));
        }
        List<CodeEntry> blocks = new ArrayList<>();
        for (int b = 0; b < BLOCKS; b++) blocks.add(new CodeEntry(b, "Synthetic", "run", "()V", 10 + b, b, "block " + b));
        List<CodeEntry> sites = List.of(new CodeEntry(LOCK_SITE, "Synthetic", "run", "()V", 40, 40, "lock"),
                new CodeEntry(UNLOCK_SITE, "Synthetic", "run", "()V", 41, 41, "unlock"));
        Map<String, String> properties = Map.of("mode", TraceMode.COR.label(), "generator",
                "bench trace: synthetic nested loops " + Arrays.toString(loops));
        try (TraceWriter w = TraceWriter.create(file, TraceMode.COR, codec)) {
            w.writeChunk(new ChunkContent(properties, infos, blocks, sites, parts));
            w.finish();
        }
        return threads * g.length();
    }

    private Grammar grammar(int[] loops) {
        int unit = rule(LOCK, CS, repeat(new int[] {15, 16, 17, 18}, 124), UNLOCK, WORK, repeat(new int[] {20, 21, 22, 23}, 125));
        int inner = unit;
        for (int level = LEVELS - 1; level >= 0; level--) {
            inner = repeat(new int[] {2 + 2 * level, inner, 3 + 2 * level}, loops[level]);
        }
        bodies.set(0, new int[] {BEGIN, inner, END});
        return Grammar.fromRules(bodies.toArray(new int[0][]));
    }

    /** A new rule with this body; returns the reference to it. */
    private int rule(int... body) {
        bodies.add(body);
        return Grammar.ref(bodies.size() - 1);
    }

    /** A symbol expanding to {@code body} repeated k times: body, its doublings, and their sum by the bits of k. */
    private int repeat(int[] body, long k) {
        if (k < 1) throw new IllegalArgumentException("a loop runs at least once here");
        int power = rule(body);
        int[] parts = new int[64];
        int n = 0;
        for (long bit = 1; ; bit <<= 1) {
            if ((k & bit) != 0) parts[n++] = power;
            if (bit > k >>> 1) break;
            power = rule(power, power);
        }
        return n == 1 ? parts[0] : rule(Arrays.copyOf(parts, n));
    }
}
