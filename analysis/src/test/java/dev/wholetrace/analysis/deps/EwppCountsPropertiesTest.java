package dev.wholetrace.analysis.deps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.TraceView;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@code deps}'s default on an eWPP, every edge counted per (load, signature) pair without
 * timestamps ({@link EwppCounts}), against the expansion of the whole eWPP ({@link EwppRecovery},
 * {@code --expand}) on random recordings: a few threads run one after another (so a later thread
 * reads an earlier one's stores: CROSS records, racy until a lock the writer released orders them),
 * random blocks, loads and stores over a few instructions and addresses, now and then a pair on
 * one of three locks (so one reader chunk holds several bounds between racy and cross-thread) or a
 * checkpoint (more chunks); with a filter built from a CDR recording of the same program (OK, LAST, SEARCH/BACK) or
 * none (every dependence NEW), either signature, default or tiny caps (EVICTED records). Edges,
 * counts and the signature statistics (all but the linear steps, which only the expansion replays)
 * must be the same. The recorder's heads name their load (format 9), so the counts are taken on the
 * check grammar; the pair walk (how format-8 traces are counted) must give the same too.
 */
class EwppCountsPropertiesTest {
    private static final DepsOptions EXPAND = new DepsOptions(-1, -1, 0, -1, 0, true);
    private static final DepsOptions PAIR_WALK = new DepsOptions(-1, -1, 0, -1, 0, false, 0, true);

    @Property(tries = 40)
    void countedEqualsExpanded(@ForAll @IntRange(min = 1, max = 3) int threads, @ForAll @IntRange(min = 1, max = 600) int ops,
                               @ForAll boolean filtered, @ForAll boolean distance, @ForAll boolean tinyCaps, @ForAll long seed) throws Exception {
        Path dir = Files.createTempDirectory("ewpp-counts");
        try {
            RecorderConfig config = RecorderConfig.defaults(TraceMode.EWPP).withProperty(CheckSymbols.SIGNATURE_PROPERTY, distance ? "distance" : "search");
            if (filtered) {
                Path first = dir.resolve("first.wtrace");
                record(first, RecorderConfig.defaults(TraceMode.CDR), threads, ops, seed);
                config = config.withProperty(DependenceFilter.PROPERTY, new DependenceFilterBuilder().build(ParallelTrace.open(first)).encode());
            }
            if (tinyCaps) config = config.withProperty(EwppCaps.PROPERTY, "2:1");
            Path ewpp = dir.resolve("ewpp.wtrace");
            record(ewpp, config, threads, ops, seed);
            ParallelTrace trace = ParallelTrace.open(ewpp);
            assertOneBoundPerStoreSegment(trace);
            DepsResult counted = new DepsAnalysis().analyze(trace);
            DepsResult expanded = new DepsAnalysis(EXPAND).analyze(trace);
            assertThat(counted.method()).isEqualTo("ewpp-counts");
            assertThat(expanded.method()).isEqualTo("ewpp");
            assertThat(counted.edges()).isEqualTo(expanded.edges());
            assertThat(counted.total()).isEqualTo(expanded.total()).isEqualTo(expanded.signatures().loads());
            EwppRecovery.Stats c = counted.signatures();
            EwppRecovery.Stats x = expanded.signatures();
            assertThat(new EwppRecovery.Stats(c.loads(), c.noCost(), c.lastInstance(), c.searched(), c.explicit(), c.crossThread(), c.noWriter(),
                    c.searchSteps(), x.linearSteps(), c.evicted())).isEqualTo(x);
            assertThat(c.linearSteps()).isEqualTo(-1);
            DepsResult walked = new DepsAnalysis(PAIR_WALK).analyze(trace);
            assertThat(walked.edges()).as("the pair walk's edges").isEqualTo(counted.edges());
            assertThat(walked.signatures()).as("the pair walk's statistics").isEqualTo(c);
            // a budget of one writer's segments: the heads' bounds of the first (reader, writer) pair in an array, the later pairs' in the map
            CrossThreadOrder mixed = new CrossThreadOrder(trace, trace.segmentCount(0));
            assertThat(new DepsAnalysis(DepsOptions.ALL, mixed).analyze(trace).edges()).as("bounds partly in arrays, partly in the map").isEqualTo(counted.edges());
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    /**
     * One CROSS symbol with both origins in one chunk (EwppCounts's walk to the CROSS heads whose
     * origin changes within a chunk): thread 0 stores, then takes and releases a lock; thread 1,
     * after it, reads that store instance twice, takes the lock (now ordered after thread 0's
     * release), and reads it three more times. Same load, same store instance, same symbol: 2 racy
     * and 3 cross-thread instances, as the expansion and the pair walk also count.
     */
    @Example
    void oneCrossSymbolBothRacyAndCrossThreadInOneChunk() throws Exception {
        Path dir = Files.createTempDirectory("ewpp-cross");
        Path file = dir.resolve("cross.wtrace");
        try {
            long address = Addresses.of(1, 8);
            try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.EWPP).withCodec(Codec.NONE).withChunkEvents(10_000))) {
                runThread(() -> {
                    ThreadRecorder r = rec.beginThread("writer", 0x3000, false);
                    r.block(1);
                    r.store(200, address);
                    r.lock(7, 0x1000);
                    r.unlock(8, 0x1000);
                    r.end();
                });
                runThread(() -> {
                    ThreadRecorder r = rec.beginThread("reader", 0x3001, false);
                    r.block(2);
                    r.load(100, address);
                    r.load(100, address);
                    r.lock(7, 0x1000);
                    r.unlock(8, 0x1000);
                    for (int i = 0; i < 3; i++) r.load(100, address);
                    r.end();
                });
            }
            ParallelTrace trace = ParallelTrace.open(file);
            assertThat(trace.grammars(1)).as("the reader's events in one chunk").hasSize(1);
            DepsResult counted = new DepsAnalysis().analyze(trace);
            assertThat(counted.method()).isEqualTo("ewpp-counts");
            assertThat(counted.edges()).extracting(e -> e.store() + "->" + e.load() + " " + e.origin() + " " + e.count())
                    .containsExactlyInAnyOrder("200->100 RACY 2", "200->100 CROSS_THREAD 3");
            assertThat(counted.signatures().crossThread()).isEqualTo(5);
            assertThat(counted.edges()).isEqualTo(new DepsAnalysis(EXPAND).analyze(trace).edges());
            assertThat(new DepsAnalysis(PAIR_WALK).analyze(trace).edges()).isEqualTo(counted.edges());
        } finally {
            Files.deleteIfExists(file);
            Files.delete(dir);
        }
    }

    /**
     * Many CROSS symbols with many bounds: a writer stores to up to 16 addresses between pairs on
     * a few locks, then a reader (which never stores, so every load reads the writer) loads them
     * between pairs on the same locks. Each of the writer's store segments becomes ordered at the
     * reader's first pair on a lock the writer released after it, so one reader chunk holds
     * symbols racy throughout, cross-thread throughout and split at different loads; counted,
     * expanded (a happens-before question per load) and the pair walk must agree.
     */
    @Property(tries = 60)
    void crossOriginsWithManyBoundsEqualExpanded(@ForAll @IntRange(min = 1, max = 4) int locks, @ForAll @IntRange(min = 1, max = 200) int ops,
                                                 @ForAll boolean smallChunks, @ForAll long seed) throws Exception {
        Path dir = Files.createTempDirectory("ewpp-bounds");
        Path file = dir.resolve("bounds.wtrace");
        Path cdr = dir.resolve("bounds-cdr.wtrace");
        try {
            recordOnLocks(file, TraceMode.EWPP, locks, ops, smallChunks, seed);
            ParallelTrace trace = ParallelTrace.open(file);
            assertOneBoundPerStoreSegment(trace);
            DepsResult counted = new DepsAnalysis().analyze(trace);
            assertThat(counted.method()).isEqualTo("ewpp-counts");
            assertThat(counted.edges()).isEqualTo(new DepsAnalysis(EXPAND).analyze(trace).edges());
            assertThat(new DepsAnalysis(PAIR_WALK).analyze(trace).edges()).as("the pair walk's edges").isEqualTo(counted.edges());
            // one order per opened trace, shared by every recovery on it: the later ones read what the earlier built
            recordOnLocks(cdr, TraceMode.CDR, locks, ops, smallChunks, seed);
            ParallelTrace addresses = ParallelTrace.open(cdr);
            CrossThreadOrder shared = new CrossThreadOrder(trace);
            CrossThreadOrder mapOnly = new CrossThreadOrder(trace, 0); // the heads' bounds in the map, as for writers of many segments
            CrossThreadOrder sharedAt = new CrossThreadOrder(addresses);
            for (int round = 0; round < 2; round++) {
                assertThat(new DepsAnalysis(DepsOptions.ALL, mapOnly).analyze(trace).edges()).as("counted, bounds in the map").isEqualTo(counted.edges());
                assertThat(new DepsAnalysis(EXPAND, shared).analyze(trace).edges()).as("expanded, shared order").isEqualTo(counted.edges());
                assertThat(new DepsAnalysis(DepsOptions.ALL, shared).analyze(trace).edges()).as("counted, shared order").isEqualTo(counted.edges());
                assertThat(new DepsAnalysis(PAIR_WALK, shared).analyze(trace).edges()).as("pair walk, shared order").isEqualTo(counted.edges());
                assertThat(new DepsAnalysis(DepsOptions.ALL, sharedAt).analyze(addresses).edges()).as("address trace, shared order").isEqualTo(counted.edges());
            }
            assertThatThrownBy(() -> new DepsAnalysis(DepsOptions.ALL, sharedAt).analyze(trace))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("of another trace");
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(cdr);
            Files.delete(dir);
        }
    }

    /**
     * An order shared by recoveries on one opened trace only, on one thread only: the same file
     * opened again is another trace (said so), and a recovery on a second thread is refused
     * rather than left to race on the lazily built parts.
     */
    @Example
    void anOrderIsRefusedOnAnotherOpeningAndAnotherThread() throws Exception {
        Path dir = Files.createTempDirectory("ewpp-order");
        Path file = dir.resolve("order.wtrace");
        try {
            recordOnLocks(file, TraceMode.EWPP, 2, 200, false, 7);
            ParallelTrace trace = ParallelTrace.open(file);
            CrossThreadOrder order = new CrossThreadOrder(trace);
            DepsResult first = new DepsAnalysis(DepsOptions.ALL, order).analyze(trace);
            assertThat(new DepsAnalysis(DepsOptions.ALL, order).analyze(trace).edges()).as("again on the same thread").isEqualTo(first.edges());
            assertThatThrownBy(() -> new DepsAnalysis(DepsOptions.ALL, order).analyze(ParallelTrace.open(file)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another opening of order.wtrace");
            assertThatThrownBy(() -> runThread(() -> new DepsAnalysis(DepsOptions.ALL, order).analyze(trace)))
                    .hasRootCauseInstanceOf(IllegalStateException.class)
                    .rootCause().hasMessageContaining("is used by thread " + Thread.currentThread().getName()).hasMessageContaining("not safe to share");
        } finally {
            Files.deleteIfExists(file);
            Files.delete(dir);
        }
    }

    /** Two threads one after the other, a writer and a reader, with lock pairs on {@code locks} locks among their accesses. */
    private static void recordOnLocks(Path file, TraceMode mode, int locks, int ops, boolean smallChunks, long seed) throws Exception {
        Random rnd = new Random(seed);
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode).withCodec(Codec.NONE).withChunkEvents(smallChunks ? 41 : 10_000))) {
            for (int k = 0; k < 2; k++) {
                boolean writer = k == 0;
                long self = 0x3000 + k;
                runThread(() -> {
                    ThreadRecorder r = rec.beginThread(writer ? "writer" : "reader", self, false);
                    r.block(writer ? 1 : 2);
                    for (int i = 0; i < ops; i++) {
                        long address = Addresses.of(1 + rnd.nextInt(4), 8L * rnd.nextInt(4));
                        if (rnd.nextInt(4) == 0) {
                            long monitor = 0x1000 + rnd.nextInt(locks);
                            r.lock(7, monitor);
                            r.unlock(8, monitor);
                        } else if (writer) r.store(200 + rnd.nextInt(3), address);
                        else r.load(100 + rnd.nextInt(3), address);
                    }
                    r.end();
                });
            }
        }
    }

    /**
     * {@link CrossThreadOrder#firstOrdered}, the one bound EwppCounts splits a store segment's
     * readers at, against the per-segment question it replaces: for every writer segment and
     * reader, every reader segment below the bound is racy and every one from it on cross-thread.
     */
    private static void assertOneBoundPerStoreSegment(TraceView trace) {
        CrossThreadOrder order = new CrossThreadOrder(trace);
        for (int w = 0; w < trace.threadCount(); w++) {
            for (int t = 0; t < trace.threadCount(); t++) {
                if (t == w) continue;
                for (long ws = 0; ws <= trace.syncCount(w); ws++) {
                    long bound = order.firstOrdered(w, ws, t);
                    assertThat(bound).as("bound of writer %d segment %d in reader %d", w, ws, t).isBetween(0L, trace.syncCount(t) + 1);
                    for (long s = 0; s <= trace.syncCount(t); s++) {
                        assertThat(order.ofSegments(w, ws, t, s)).as("writer %d segment %d, reader %d segment %d (bound %d)", w, ws, t, s, bound)
                                .isEqualTo(s < bound ? Origin.RACY : Origin.CROSS_THREAD);
                    }
                }
            }
        }
    }

    /**
     * Two CROSS symbols with different bounds in one chunk: thread 0 stores A, takes and releases
     * lock 1, stores B, takes and releases lock 2; thread 1, after it, reads A and B, takes lock 1
     * (A now ordered before it, B not), reads both, takes lock 2 (B ordered too), reads both: A 1
     * racy and 2 cross-thread, B 2 racy and 1 cross-thread, as the expansion and the pair walk count.
     */
    @Example
    void twoCrossSymbolsWithDifferentBoundsInOneChunk() throws Exception {
        Path dir = Files.createTempDirectory("ewpp-bounds");
        Path file = dir.resolve("bounds.wtrace");
        try {
            long a = Addresses.of(1, 8);
            long b = Addresses.of(2, 8);
            try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.EWPP).withCodec(Codec.NONE).withChunkEvents(10_000))) {
                runThread(() -> {
                    ThreadRecorder r = rec.beginThread("writer", 0x3000, false);
                    r.block(1);
                    r.store(200, a);
                    r.lock(7, 0x1000);
                    r.unlock(8, 0x1000);
                    r.store(201, b);
                    r.lock(7, 0x2000);
                    r.unlock(8, 0x2000);
                    r.end();
                });
                runThread(() -> {
                    ThreadRecorder r = rec.beginThread("reader", 0x3001, false);
                    r.block(2);
                    for (long monitor : new long[] {0, 0x1000, 0x2000}) {
                        if (monitor != 0) {
                            r.lock(7, monitor);
                            r.unlock(8, monitor);
                        }
                        r.load(100, a);
                        r.load(101, b);
                    }
                    r.end();
                });
            }
            ParallelTrace trace = ParallelTrace.open(file);
            assertThat(trace.grammars(1)).as("the reader's events in one chunk").hasSize(1);
            DepsResult counted = new DepsAnalysis().analyze(trace);
            assertThat(counted.method()).isEqualTo("ewpp-counts");
            assertThat(counted.edges()).extracting(e -> e.store() + "->" + e.load() + " " + e.origin() + " " + e.count())
                    .containsExactlyInAnyOrder("200->100 RACY 1", "200->100 CROSS_THREAD 2", "201->101 RACY 2", "201->101 CROSS_THREAD 1");
            assertThat(counted.edges()).isEqualTo(new DepsAnalysis(EXPAND).analyze(trace).edges());
            assertThat(new DepsAnalysis(PAIR_WALK).analyze(trace).edges()).isEqualTo(counted.edges());
        } finally {
            Files.deleteIfExists(file);
            Files.delete(dir);
        }
    }

    /** Runs {@code body} on a thread of its own (the recorder's threads are real threads) and waits for it. */
    private static void runThread(ThrowingRunnable body) throws Exception {
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure[0] = e;
            }
        });
        t.start();
        t.join();
        if (failure[0] != null) throw new IllegalStateException("a recording thread failed", failure[0]);
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** The same random program (by {@code seed}) recorded in {@code config}'s mode: thread k starts after thread k-1 ended. */
    private static void record(Path file, RecorderConfig config, int threads, int ops, long seed) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, config.withCodec(Codec.NONE).withChunkEvents(97))) {
            for (int k = 0; k < threads; k++) {
                Random rnd = new Random(seed * 31 + k);
                long self = 0x3000 + k;
                Throwable[] failure = new Throwable[1];
                Thread t = new Thread(() -> {
                    try {
                        ThreadRecorder r = rec.beginThread("t" + self, self, false);
                        for (int i = 0; i < ops; i++) {
                            int what = rnd.nextInt(20);
                            long address = Addresses.of(1 + rnd.nextInt(3), 8L * rnd.nextInt(4));
                            if (what < 4) r.block(rnd.nextInt(6));
                            else if (what < 11) r.load(100 + rnd.nextInt(5), address);
                            else if (what < 17) r.store(200 + rnd.nextInt(4), address);
                            else if (what < 18) {
                                r.lock(7, 0x1000);
                                r.unlock(8, 0x1000);
                            } else if (what < 19) r.block(rnd.nextInt(6));
                            else rec.checkpoint();
                        }
                        r.end();
                    } catch (Throwable e) {
                        failure[0] = e;
                    }
                }, "t" + k);
                t.start();
                t.join();
                if (failure[0] != null) throw new IllegalStateException("a recording thread failed", failure[0]);
            }
        }
    }
}
