package dev.wholetrace.reader;

import static dev.wholetrace.reader.TraceTestSupport.drain;
import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.BruteForcePaths;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.format.wtrace.SymbolTag;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Figure 2 of parallel-wpp-compression (§2.2), rebuilt through the recording API and read back.
 *
 * <p>The paper's thread 1 runs blocks 1 2 3 4 5 3 4 6, where block 3 locks x and block 4 unlocks
 * it; thread 2 runs 1 2 3 4 3 4 3 1 2, where block 1 locks y and block 2 unlocks it. Its WPP
 * terminals are the blocks, and synch_cnt counts blocks that contain a sync op. Our WPP terminals
 * are blocks <em>and</em> sync ops, so "block 3 (lock x)" is recorded as two events, the block and
 * then its lock; synch_cnt counts the sync-op terminals. Besides, the recorder adds every thread's
 * begin (its first sync op) and end (its last), which the figure leaves out: our counts are the
 * paper's plus one for the begin, and S_synch has a begin and an end entry per thread around the
 * figure's eight lock/unlock entries.
 *
 * <p>The two threads are real threads that take turns (a baton passed under a monitor), in the
 * interleaving that produces the figure's S_synch: thread 2's first critical section, then thread
 * 1's two, then thread 2's second.
 */
class Figure2SyncCountsTest {
    static final long X = 100, Y = 200;
    static final long T1 = 1001, T2 = 1002; // the threads' begin/end objects
    static final int SITE_LOCK = 30, SITE_UNLOCK = 31;

    @TempDir
    Path dir;
    ParallelTrace trace;

    /** Whose turn it is: a baton passed between real threads. */
    static final class Turns {
        private int turn;

        synchronized void await(int who) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (turn != who) {
                long left = deadline - System.nanoTime();
                if (left <= 0) throw new IllegalStateException("thread " + who + " never got its turn");
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }

        synchronized void pass(int to) {
            turn = to;
            notifyAll();
        }
    }

    static ParallelTrace record(Path file, TraceMode mode) throws Exception {
        ReentrantLock x = new ReentrantLock();
        ReentrantLock y = new ReentrantLock();
        Turns turns = new Turns();
        Throwable[] failure = new Throwable[2];
        // Without path folding: the figure shows plain SEQUITUR's grammar of the events.
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode).withCodec(Codec.NONE).withFoldPaths(false))) {
            Thread thread1 = new Thread(() -> {
                try {
                    turns.await(1);
                    ThreadRecorder t = rec.beginThread("thread 1", T1, false); // index 0, begin: ticket 0
                    turns.pass(2);
                    turns.await(1);
                    t.block(1);
                    t.block(2);
                    critical(t, x, X, 3, 4);
                    t.block(5);
                    critical(t, x, X, 3, 4);
                    t.block(6);
                    t.end();
                    turns.pass(2);
                } catch (Throwable e) {
                    failure[0] = e;
                    turns.pass(2);
                }
            }, "figure2-thread-1");
            Thread thread2 = new Thread(() -> {
                try {
                    turns.await(2);
                    ThreadRecorder t = rec.beginThread("thread 2", T2, false); // index 1
                    critical(t, y, Y, 1, 2);
                    t.block(3);
                    turns.pass(1); // thread 1 runs both of its critical sections now
                    turns.await(2);
                    t.block(4);
                    t.block(3);
                    t.block(4);
                    t.block(3);
                    critical(t, y, Y, 1, 2);
                    t.end();
                } catch (Throwable e) {
                    failure[1] = e;
                }
            }, "figure2-thread-2");
            thread1.start();
            thread2.start();
            turns.pass(1);
            thread1.join();
            thread2.join();
        }
        for (Throwable f : failure) if (f != null) throw new AssertionError("a figure thread failed", f);
        return ParallelTrace.open(file);
    }

    /** Block {@code lockBlock} takes the lock (block, then its lock op), block {@code unlockBlock} releases it. */
    private static void critical(ThreadRecorder t, ReentrantLock real, long object, int lockBlock, int unlockBlock) {
        real.lock();
        try {
            t.block(lockBlock);
            t.lock(SITE_LOCK, object);
            t.block(unlockBlock);
            t.unlock(SITE_UNLOCK, object);
        } finally {
            real.unlock();
        }
    }

    @BeforeEach
    void recordInControlOnlyMode() throws Exception {
        trace = record(dir.resolve("figure2.wtrace"), TraceMode.COR);
    }

    private static Event lock(long o) {
        return Event.sync(SyncKind.LOCK, SITE_LOCK, o, 0);
    }

    private static Event unlock(long o) {
        return Event.sync(SyncKind.UNLOCK, SITE_UNLOCK, o, 0);
    }

    private static Event b(int id) {
        return Event.block(id);
    }

    static List<Event> thread1Events() {
        return List.of(Event.sync(SyncKind.THREAD_BEGIN, 0, T1, 0), b(1), b(2), b(3), lock(X), b(4), unlock(X), b(5),
                b(3), lock(X), b(4), unlock(X), b(6), Event.sync(SyncKind.THREAD_END, 0, T1, 0));
    }

    static List<Event> thread2Events() {
        return List.of(Event.sync(SyncKind.THREAD_BEGIN, 0, T2, 0), b(1), lock(Y), b(2), unlock(Y), b(3), b(4), b(3),
                b(4), b(3), b(1), lock(Y), b(2), unlock(Y), Event.sync(SyncKind.THREAD_END, 0, T2, 0));
    }

    @Test
    void eachThreadReadsBackAsRecorded() {
        assertThat(trace.threads()).extracting(t -> t.name()).containsExactly("thread 1", "thread 2");
        assertThat(events(trace.thread(0))).isEqualTo(thread1Events());
        assertThat(events(trace.thread(1))).isEqualTo(thread2Events());
    }

    /** The figure's S_synch, framed by the threads' begins and ends. */
    @ParameterizedTest
    @EnumSource(TraceMode.class)
    void syncOrderIsTheFiguresInEveryMode(TraceMode mode) throws Exception {
        SyncOrder order = (mode == TraceMode.COR ? trace : record(dir.resolve(mode.label() + ".wtrace"), mode)).syncOrder();
        List<String> got = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            got.add("<" + (order.thread(i) + 1) + "," + order.kind(i).label + "," + name(order.object(i)) + "> op "
                    + order.op(i));
        }
        assertThat(got).containsExactly(
                "<1,begin,T1> op 0",
                "<2,begin,T2> op 0",
                "<2,lock,y> op 1",    // the figure's S_synch starts here ...
                "<2,unlock,y> op 2",
                "<1,lock,x> op 1",
                "<1,unlock,x> op 2",
                "<1,lock,x> op 3",
                "<1,unlock,x> op 4",
                "<1,end,T1> op 5",    // (thread 1 ends before thread 2's last critical section)
                "<2,lock,y> op 3",
                "<2,unlock,y> op 4",  // ... and ends here
                "<2,end,T2> op 5");
        for (int i = 0; i < order.size(); i++) assertThat(order.ticket(i)).isEqualTo(i);
    }

    /** Rule bodies as text: blocks as B3, sync ops by kind (lock, begin, ...), rule references as R1. */
    static List<String> rules(Grammar g, Alphabet symbols) {
        List<String> out = new ArrayList<>();
        for (int r = 0; r < g.ruleCount(); r++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < g.bodyLength(r); i++) {
                int s = g.symbol(r, i);
                if (i > 0) sb.append(' ');
                if (Grammar.isRule(s)) {
                    sb.append('R').append(Grammar.ruleOf(s));
                } else if (symbols.first(s) == SymbolTag.BLOCK) {
                    sb.append('B').append(symbols.second(s));
                } else {
                    sb.append(SyncKind.byOrdinal(SymbolTag.syncKindOrdinal(symbols.second(s))).label);
                }
            }
            out.add(sb.toString());
        }
        return out;
    }

    /**
     * The grammars SEQUITUR builds for the two threads, next to the paper's. Thread 1: the
     * paper's S → 1 2 A 5 A 6, A → 3 4 is our R0 → begin B1 B2 R1 B5 R1 B6 end, R1 → B3 lock B4
     * unlock. Thread 2: the repeated "1 2" and "3 4" become rules in both (our R2 and R1).
     */
    @Test
    void grammarsHaveTheFiguresShape() {
        assertThat(rules(control(0), trace.thread(0).symbols().control))
                .containsExactly("begin B1 B2 R1 B5 R1 B6 end", "B3 lock B4 unlock");
        assertThat(rules(control(1), trace.thread(1).symbols().control))
                .containsExactly("begin R2 R1 R1 B3 R2 end", "B3 B4", "B1 lock B2 unlock");
    }

    /**
     * synch_cnt(e) for every edge: the sync ops in the expansion of the edge's source rule before
     * the edge. The paper's bold S → A edge (σ_e = 1 2 3 4 5, two sync ops) is our R0 → R1 at
     * index 5 with count 3 (the begin is one more); its bold A → 4 edge (σ_e = 3, one sync op) is
     * our R1 → B4, count 1.
     */
    @Test
    void edgeCountsAreTheFiguresPlusTheBegin() {
        EdgeCounts c1 = counts(0);
        assertThat(edges(c1, control(0), 0)).containsExactly(0, 1, 1, 1, 3, 3, 5, 5);
        assertThat(edges(c1, control(0), 1)).containsExactly(0, 0, 1, 1);
        assertThat(c1.edge(0, 5)).as("the paper's bold S -> A edge, plus the begin").isEqualTo(2 + 1);
        assertThat(c1.edge(1, 2)).as("the paper's bold A -> 4 edge").isEqualTo(1);
        assertThat(c1.total(0)).isEqualTo(6);
        assertThat(c1.total(1)).isEqualTo(2);

        EdgeCounts c2 = counts(1);
        assertThat(edges(c2, control(1), 0)).containsExactly(0, 1, 3, 3, 3, 3, 5);
        assertThat(edges(c2, control(1), 1)).containsExactly(0, 0);
        assertThat(edges(c2, control(1), 2)).containsExactly(0, 0, 1, 1);
        assertThat(c2.total(1)).as("B3 B4 holds no sync op").isZero();
        assertThat(c2.total()).isEqualTo(6);
    }

    /** Algorithm 1 for every m, against the path found by walking expanded lengths to the m-th sync op. */
    @Test
    void algorithmOneFindsEverySyncOp() {
        int[][][] expectedPaths = {
            {{0}, {3, 1}, {3, 3}, {5, 1}, {5, 3}, {7}},
            {{0}, {1, 1}, {1, 3}, {5, 1}, {5, 3}, {6}}};
        long[][] expectedPositions = {{0, 4, 6, 9, 11, 13}, {0, 2, 4, 11, 13, 14}};
        for (int t = 0; t < 2; t++) {
            Grammar g = control(t);
            EdgeCounts c = counts(t);
            long[] brute = TraceTestSupport.syncPositions(events(trace.thread(t)));
            assertThat(brute).containsExactly(expectedPositions[t]);
            for (int m = 0; m < brute.length; m++) {
                assertThat(c.position(m)).as("thread %d: position(%d)", t + 1, m).isEqualTo(brute[m]);
                assertThat(c.path(m)).as("thread %d: path(%d)", t + 1, m)
                        .containsExactly(BruteForcePaths.pathTo(g, brute[m])).containsExactly(expectedPaths[t][m]);
                assertThat(trace.thread(t).syncPosition(m)).isEqualTo(brute[m]);
            }
        }
    }

    /**
     * A lock-to-unlock segment is the subtree of the lowest common rule of the two paths (§2.2):
     * thread 1's first critical section is exactly rule R1 (the paper's A) from offset 1 to 3.
     */
    @Test
    void segmentsComeFromTheLowestCommonRule() {
        ThreadTrace t1 = trace.thread(0);
        assertThat(drain(t1.segment(1, 2))).containsExactly(lock(X), b(4), unlock(X));
        EdgeCounts.Span span = t1.span(1, 2);
        assertThat(span.rule()).isEqualTo(1);
        assertThat(span.fromInRule()).isEqualTo(1);
        assertThat(span.toInRule()).isEqualTo(3);
        assertThat(span.from()).isEqualTo(4);
        assertThat(span.to()).isEqualTo(6);
        assertThat(t1.span(3, 4)).isEqualTo(new EdgeCounts.Span(1, 1, 3, 9, 11)); // the second A
        assertThat(t1.span(1, 4).rule()).as("both critical sections: only the start rule holds them").isZero();
        assertThat(drain(t1.segment(2, 3))).containsExactly(unlock(X), b(5), b(3), lock(X));

        ThreadTrace t2 = trace.thread(1);
        assertThat(drain(t2.segment(2, 3))).containsExactly(unlock(Y), b(3), b(4), b(3), b(4), b(3), b(1), lock(Y));
        assertThat(t2.span(3, 4)).isEqualTo(new EdgeCounts.Span(2, 1, 3, 11, 13));
        for (int t = 0; t < 2; t++) {
            SegmentExtractionPropertiesTest.checkSegments(trace.thread(t), events(trace.thread(t)), new Random(t),
                    "figure 2 thread " + (t + 1));
        }
    }

    private Grammar control(int thread) {
        assertThat(trace.thread(thread).pieces()).hasSize(1);
        return trace.thread(thread).pieces().get(0).control();
    }

    private EdgeCounts counts(int thread) {
        return trace.thread(thread).pieces().get(0).controlCounts();
    }

    private static long[] edges(EdgeCounts c, Grammar g, int rule) {
        long[] out = new long[g.bodyLength(rule)];
        for (int i = 0; i < out.length; i++) out[i] = c.edge(rule, i);
        return out;
    }

    private static String name(long object) {
        return object == X ? "x" : object == Y ? "y" : object == T1 ? "T1" : object == T2 ? "T2" : String.valueOf(object);
    }
}
