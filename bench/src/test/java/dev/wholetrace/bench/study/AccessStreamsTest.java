package dev.wholetrace.bench.study;

import static dev.wholetrace.model.event.Addresses.of;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.analysis.streams.AccessStreams;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A hand-made two-thread program whose every block, access and sync operation is known, expanded
 * by {@link AccessStreams}: counts, raw sizes, per-(thread, instruction) streams, shared memory.
 */
class AccessStreamsTest {
    // Blocks.
    static final int B_BEGIN = 0, B_STORE_LOOP = 1, B_LOAD_LOOP = 2, B_DONE = 3, B_INT_LOOP = 4;
    // Load/store instructions and sync sites.
    static final int I_DASTORE = 10, I_DALOAD = 11, I_GETFIELD = 12, I_IALOAD = 13, I_PUTFIELD = 14;
    static final int S_LOCK = 20, S_UNLOCK = 21, S_BARRIER = 22;
    // Objects: a double[], a Foo (fields x at slot 1, y at slot 2), an int[], the lock, the barrier.
    static final long DOUBLES = 1, FOO = 2, INTS = 3, LOCK = 5, BARRIER = 6;
    static final long EPISODE = 7; // the barrier generation both threads pass

    static final Map<Integer, String> BLOCKS = Map.of(B_BEGIN, "begin", B_STORE_LOOP, "a[i] = v", B_LOAD_LOOP, "s += a[i]",
            B_DONE, "done", B_INT_LOOP, "s += b[i]");
    static final Map<Integer, String> INSTRUCTIONS = Map.of(I_DASTORE, "DASTORE a[i]", I_DALOAD, "DALOAD a[i]",
            I_GETFIELD, "GETFIELD Foo.x", I_IALOAD, "IALOAD b[i]", I_PUTFIELD, "PUTFIELD Foo.y",
            S_LOCK, "ReentrantLock.lock", S_UNLOCK, "ReentrantLock.unlock", S_BARRIER, "CyclicBarrier.await");

    @TempDir
    Path dir;

    /** Thread 0 stores a[0..9] and rereads a[0]; thread 1 loads a[5..14] and b[0,4,8,12,0] (bytes). */
    static void record(Path file, TraceMode mode) throws Exception {
        ReentrantLock lock = new ReentrantLock();
        CyclicBarrier barrier = new CyclicBarrier(2);
        StudyTraces.Body a = t -> {
            t.block(B_BEGIN);
            for (int i = 0; i < 10; i++) {
                t.block(B_STORE_LOOP);
                t.store(I_DASTORE, of(DOUBLES, 8L * i));
            }
            t.load(I_DALOAD, of(DOUBLES, 0)); // a[0] again, by another instruction of the same thread
            lock.lock();
            try {
                t.lock(S_LOCK, LOCK);
                t.load(I_GETFIELD, of(FOO, 8));
                t.unlock(S_UNLOCK, LOCK);
            } finally {
                lock.unlock();
            }
            barrier.await(10, TimeUnit.SECONDS);
            t.barrier(S_BARRIER, BARRIER, EPISODE);
            t.block(B_DONE);
        };
        StudyTraces.Body b = t -> {
            t.block(B_BEGIN);
            for (int i = 5; i < 15; i++) {
                t.block(B_LOAD_LOOP);
                t.load(I_DALOAD, of(DOUBLES, 8L * i));
            }
            t.block(B_INT_LOOP);
            for (int i : new int[] {0, 1, 2, 3, 0}) t.load(I_IALOAD, of(INTS, 4L * i));
            lock.lock();
            try {
                t.lock(S_LOCK, LOCK);
                t.store(I_PUTFIELD, of(FOO, 16));
                t.unlock(S_UNLOCK, LOCK);
            } finally {
                lock.unlock();
            }
            barrier.await(10, TimeUnit.SECONDS);
            t.barrier(S_BARRIER, BARRIER, EPISODE);
            t.block(B_DONE);
        };
        StudyTraces.record(file, mode, BLOCKS, INSTRUCTIONS, List.of(a, b));
    }

    private ParallelTrace trace(TraceMode mode) throws Exception {
        Path file = dir.resolve(mode.label() + ".wtrace");
        record(file, mode);
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        assertThat(trace.threads()).hasSize(2);
        return trace;
    }

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"CDR", "ALL"})
    void countsAndRawSizes(TraceMode mode) throws Exception {
        AccessStreams s = AccessStreams.of(trace(mode));
        // thread 0: begin, 10 x store loop, done; thread 1: begin, 10 x load loop, int loop, done
        assertThat(s.blockCount).isEqualTo(12 + 13);
        // thread 0: 10 stores, a[0], x; thread 1: 10 loads, 5 int loads, y
        assertThat(s.accessCount).isEqualTo(12 + 16);
        // each thread: begin, lock, unlock, barrier, end
        assertThat(s.syncCount).isEqualTo(5 + 5);
        assertThat(s.controlRawBytes()).isEqualTo(25 * 4);
        assertThat(s.dataRawBytes()).isEqualTo(28 * 8);
        assertThat(s.syncRawBytes()).isEqualTo(10 * 21);
        assertThat(s.rawBytes()).isEqualTo(25 * 4 + 28 * 8 + 10 * 21);
    }

    @Test
    void blocksAndSyncsPerThreadInProgramOrder() throws Exception {
        AccessStreams s = AccessStreams.of(trace(TraceMode.CDR));
        assertThat(s.blocks).hasSize(2);
        int[] a = new int[12];
        Arrays.fill(a, B_STORE_LOOP);
        a[0] = B_BEGIN;
        a[11] = B_DONE;
        int[] b = new int[13];
        Arrays.fill(b, B_LOAD_LOOP);
        b[0] = B_BEGIN;
        b[11] = B_INT_LOOP;
        b[12] = B_DONE;
        assertThat(s.blocks.get(0)).containsExactly(a);
        assertThat(s.blocks.get(1)).containsExactly(b);

        assertThat(s.syncs).hasSize(2);
        for (int t = 0; t < 2; t++) {
            long self = StudyTraces.threadObject(t);
            assertThat(s.syncs.get(t)).as("thread %d: kind, site, object, aux per op", t).containsExactly(
                    SyncKind.THREAD_BEGIN.ordinal(), 0, self, 0,
                    SyncKind.LOCK.ordinal(), S_LOCK, LOCK, 0,
                    SyncKind.UNLOCK.ordinal(), S_UNLOCK, LOCK, 0,
                    SyncKind.BARRIER.ordinal(), S_BARRIER, BARRIER, EPISODE,
                    SyncKind.THREAD_END.ordinal(), 0, self, 0);
        }
    }

    @Test
    void oneStreamPerThreadAndInstructionWithItsAddressesInProgramOrder() throws Exception {
        AccessStreams s = AccessStreams.of(trace(TraceMode.CDR));
        List<String> keys = new ArrayList<>();
        for (AccessStreams.Stream st : s.streams) keys.add(st.thread + ":" + st.instruction);
        // thread after thread, each thread's instructions in order of first execution
        assertThat(keys).containsExactly("0:" + I_DASTORE, "0:" + I_DALOAD, "0:" + I_GETFIELD,
                "1:" + I_DALOAD, "1:" + I_IALOAD, "1:" + I_PUTFIELD);

        long[] stores = new long[10];
        for (int i = 0; i < 10; i++) stores[i] = of(DOUBLES, 8L * i);
        long[] loads = new long[10];
        for (int i = 0; i < 10; i++) loads[i] = of(DOUBLES, 8L * (i + 5));
        assertThat(addresses(s.streams.get(0))).containsExactly(stores);
        assertThat(addresses(s.streams.get(1))).containsExactly(of(DOUBLES, 0));
        assertThat(addresses(s.streams.get(2))).containsExactly(of(FOO, 8));
        assertThat(addresses(s.streams.get(3))).containsExactly(loads);
        assertThat(addresses(s.streams.get(4))).containsExactly(of(INTS, 0), of(INTS, 4), of(INTS, 8), of(INTS, 12), of(INTS, 0));
        assertThat(addresses(s.streams.get(5))).containsExactly(of(FOO, 16));
        long total = 0;
        for (AccessStreams.Stream st : s.streams) total += st.length();
        assertThat(total).isEqualTo(s.accessCount);
    }

    @Test
    void sharedMemoryWeighsLocationsByWidthAndCountsTheOverlap() throws Exception {
        ParallelTrace trace = trace(TraceMode.CDR);
        AccessStreams.SharedMemory m = AccessStreams.of(trace).sharedMemory(trace.code());
        // a[0..14] (8 B each), Foo.x and Foo.y (8 B slots), b[0..3] (4 B each); a[0] twice in thread 0 and b[0] twice
        // in thread 1 count once
        assertThat(m.locations()).isEqualTo(15 + 2 + 4);
        assertThat(m.bytes()).isEqualTo(15 * 8 + 2 * 8 + 4 * 4);
        // only a[5..9] is touched by both threads (a[0] twice by thread 0 alone is not shared)
        assertThat(m.sharedLocations()).isEqualTo(5);
        assertThat(m.sharedBytes()).isEqualTo(5 * 8);
    }

    @Test
    void widthFollowsTheOpcodeFamily() {
        for (String op : List.of("DALOAD", "DASTORE", "LALOAD", "LASTORE")) assertThat(AccessStreams.width(entry(op + " a[i]"))).as(op).isEqualTo(8);
        for (String op : List.of("IALOAD", "IASTORE", "FALOAD", "FASTORE", "AALOAD", "AASTORE")) {
            assertThat(AccessStreams.width(entry(op + " a[i]"))).as(op).isEqualTo(4);
        }
        for (String op : List.of("CALOAD", "CASTORE", "SALOAD", "SASTORE")) assertThat(AccessStreams.width(entry(op + " a[i]"))).as(op).isEqualTo(2);
        for (String op : List.of("BALOAD", "BASTORE")) assertThat(AccessStreams.width(entry(op + " a[i]"))).as(op).isEqualTo(1);
        // fields and statics take an 8-byte slot; so does anything the code map does not describe
        for (String text : List.of("GETFIELD Foo.x", "PUTFIELD Foo.y", "GETSTATIC Foo.z", "PUTSTATIC Foo.z", "")) {
            assertThat(AccessStreams.width(entry(text))).as("'%s'", text).isEqualTo(8);
        }
        assertThat(AccessStreams.width(null)).isEqualTo(8);
        // the opcode alone, without operand text
        assertThat(AccessStreams.width(entry("IALOAD"))).isEqualTo(4);
        assertThat(AccessStreams.width(entry("BASTORE"))).isEqualTo(1);
        // only the first word is the opcode
        assertThat(AccessStreams.width(entry("GETFIELD IALOAD"))).isEqualTo(8);
    }

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"COR", "DOR"})
    void needsAddressStreams(TraceMode mode) throws Exception {
        ParallelTrace trace = trace(mode);
        assertThatThrownBy(() -> AccessStreams.of(trace)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(mode.toString());
    }

    private static CodeEntry entry(String text) {
        return new CodeEntry(1, "C", "m", "()V", 1, 0, text);
    }

    private static long[] addresses(AccessStreams.Stream s) {
        return s.addresses();
    }
}
