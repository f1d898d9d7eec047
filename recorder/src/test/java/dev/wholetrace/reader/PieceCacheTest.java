package dev.wholetrace.reader;

import static dev.wholetrace.reader.TraceTestSupport.drain;
import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A piece decoded again from the file (the cache keeps nothing: budget 0) reads exactly as the
 * piece the open pass decoded: every event of every view, every segment, the grammar folds. On
 * version 3 files (the chunk's own data and address alphabets rebuilt) and on the committed
 * version 1 and 2 files (trace-wide alphabets, which a second decode must not extend again).
 */
class PieceCacheTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TraceMode.class)
    void aPieceDecodedAgainReadsAsTheFirstDecode(TraceMode mode) throws Exception {
        Path file = dir.resolve("t.wtrace");
        record(file, mode);
        assertSame(file);
    }

    @ParameterizedTest
    @ValueSource(strings = {"v1-checkpointed-all.wtrace", "v1-checkpointed-dor.wtrace", "v2-checkpointed-all.wtrace", "v2-checkpointed-cdr.wtrace"})
    void olderVersionsDecodeAgainWithTheirTraceWideAlphabets(String name) throws Exception {
        Path file = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/traces/" + name)) {
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        assertSame(file);
    }

    /**
     * A piece's estimate covers what it holds once its grammars are decoded, the eWPP check grammar
     * a format-14 file defers included (it was counted as its coded bytes: a decoded check grammar
     * is some 20 times those, so a cache full of decoded pieces held an order of magnitude more
     * than its budget).
     */
    @Test
    void anEwppPiecesEstimateCoversItsDecodedCheckGrammar() throws Exception {
        Path file = dir.resolve("t.wtrace");
        recordRandomLoads(file);
        ParallelTrace trace = ParallelTrace.open(file, 0);
        int pieces = 0;
        for (int t = 0; t < trace.threads().size(); t++) {
            ThreadTrace thread = trace.thread(t);
            for (int p = 0; p < thread.pieceCount(); p++) {
                Piece piece = thread.piece(p);
                long held = 0;
                for (dev.wholetrace.format.wtrace.StreamChunk s : piece.chunk().streamChunks()) {
                    for (dev.wholetrace.model.grammar.Grammar g : s.grammars()) held += 12L * g.symbolCount() + 16L * g.ruleCount();
                }
                if (piece.chunk().stream(dev.wholetrace.model.event.StreamKinds.CHECKS) == null) continue;
                assertThat(piece.bytes()).as("thread %d piece %d", t, p).isGreaterThanOrEqualTo(held);
                pieces++;
            }
        }
        assertThat(pieces).isPositive();
    }

    @Test
    void aSequentialPassDecodesEachPieceOnce() throws Exception {
        Path file = dir.resolve("t.wtrace");
        record(file, TraceMode.ALL);
        ParallelTrace none = ParallelTrace.open(file, 0);
        int pieces = 0;
        for (int t = 0; t < none.threadCount(); t++) {
            pieces += none.thread(t).pieceCount();
            drain(none.events(t));
        }
        assertThat(pieces).isGreaterThan(none.threadCount());
        assertThat(none.pieceDecodes()).isEqualTo(pieces);
        assertThat(ParallelTrace.open(file).pieceDecodes()).isZero(); // a small trace stays in the default cache
    }

    private static void assertSame(Path file) throws Exception {
        ParallelTrace all = ParallelTrace.open(file);
        ParallelTrace none = ParallelTrace.open(file, 0);
        for (int t = 0; t < all.threadCount(); t++) {
            assertThat(events(none.thread(t))).as("thread %d", t).isEqualTo(events(all.thread(t))).isNotEmpty();
            if (all.dataView(t) != null) assertThat(events(none.dataView(t))).isEqualTo(events(all.dataView(t)));
            assertThat(none.eventCounts(t)).usingRecursiveComparison().isEqualTo(all.eventCounts(t));
            assertThat(terminals(none.grammars(t))).isEqualTo(terminals(all.grammars(t)));
            ThreadTrace a = all.thread(t);
            ThreadTrace b = none.thread(t);
            for (long m = 0; m < a.syncCount(); m++) {
                assertThat(b.syncPosition(m)).isEqualTo(a.syncPosition(m));
                long n = Math.min(a.syncCount() - 1, m + 3);
                assertThat(drain(b.segment(m, n))).isEqualTo(drain(a.segment(m, n)));
            }
            long mid = a.eventCount() / 2;
            assertThat(drain(b.events(mid, mid + 50))).isEqualTo(drain(a.events(mid, mid + 50))); // seeks into address streams
        }
        assertThat(none.pieceDecodes()).isPositive();
    }

    /** Each part's terminals as (type, value) and its address streams' addresses. */
    private static List<Object> terminals(List<ThreadGrammar> parts) {
        List<Object> out = new ArrayList<>();
        for (ThreadGrammar g : parts) {
            for (int s : g.wpp().expand()) out.add(g.type(s) + ":" + g.value(s));
            for (int k = 0; k < g.addressStreams(); k++) {
                out.add(g.addressStreamTerminal(k));
                for (var d = g.addressStream(k); d.hasNext(); ) out.add(d.nextLong());
            }
        }
        return out;
    }

    /** Two threads, several chunks, addresses that repeat across chunks and some that do not. */
    /** An eWPP of one thread whose loads read one of 16 places stored in random order: check signatures that do not repeat. */
    private static void recordRandomLoads(Path file) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.EWPP).withWorkers(1).withChunkMillis(3_600_000))) {
            rec.defineBlock(new CodeEntry(1, "P", "run", "()V", 1, 0, "b"));
            for (int i = 0; i < 4; i++) {
                rec.defineInstruction(new CodeEntry(10 + i, "P", "run", "()V", 2 + i, 3 + i, "GETFIELD x" + i));
                rec.defineInstruction(new CodeEntry(20 + i, "P", "run", "()V", 8 + i, 9 + i, "PUTFIELD x" + i));
            }
            ThreadRecorder[] h = new ThreadRecorder[1];
            Thread th = new Thread(() -> h[0] = rec.beginThread("w", TraceRecorder.THREAD_OBJECT_BIT | 100, false));
            th.start();
            th.join();
            ThreadRecorder t = h[0];
            java.util.Random r = new java.util.Random(42);
            for (int chunk = 0; chunk < 2; chunk++) {
                for (int turn = 0; turn < 20_000; turn++) {
                    t.block(1);
                    t.store(20 + r.nextInt(4), Addresses.of(5, 8L * r.nextInt(16)));
                    t.load(10 + r.nextInt(4), Addresses.of(5, 8L * r.nextInt(16)));
                }
                rec.checkpoint();
            }
            t.end();
        }
    }

    private static void record(Path file, TraceMode mode) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode).withWorkers(1).withChunkMillis(3_600_000))) {
            rec.defineBlock(new CodeEntry(1, "P", "run", "()V", 1, 0, "b"));
            rec.defineInstruction(new CodeEntry(10, "P", "run", "()V", 2, 3, "GETFIELD x"));
            rec.defineInstruction(new CodeEntry(11, "P", "run", "()V", 3, 5, "PUTFIELD y"));
            List<ThreadRecorder> ts = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                ThreadRecorder[] h = new ThreadRecorder[1];
                long object = TraceRecorder.THREAD_OBJECT_BIT | (100 + i);
                Thread th = new Thread(() -> h[0] = rec.beginThread("w" + object, object, false));
                th.start();
                th.join();
                ts.add(h[0]);
            }
            long x = 12345;
            for (int chunk = 0; chunk < 5; chunk++) {
                for (int turn = 0; turn < 40; turn++) {
                    for (ThreadRecorder t : ts) {
                        t.block(1);
                        t.lock(20, 0x10);
                        t.load(10, Addresses.of(5, 0));
                        t.store(11, Addresses.of(6, 8L * (turn % 4)));
                        x = x * 6364136223846793005L + 1442695040888963407L;
                        t.load(10, Addresses.of(100 + (x >>> 50), 8L * ((x >>> 20) & 15)));
                        t.unlock(21, 0x10);
                    }
                }
                rec.checkpoint();
            }
            for (ThreadRecorder t : ts) t.end();
        }
    }
}
