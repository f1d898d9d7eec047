package dev.wholetrace.bench.study;

import static dev.wholetrace.model.event.Addresses.of;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.streams.AccessStreams;
import dev.wholetrace.baseline.GeneralPurpose;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plain SEQUITUR vs Diff∘RLE∘SEQ on regular and irregular streams, and the general-purpose baselines' input layout. */
class StreamCompressionTest {
    static final int B_SWEEP = 0, B_ACCESS = 1, B_REDUCE = 2;
    static final int I_SWEEP = 10, I_RANDOM = 11, I_STORE = 12;
    static final int S_LOCK = 20, S_UNLOCK = 21, S_BARRIER = 22;
    static final Map<Integer, String> BLOCKS = Map.of(B_SWEEP, "sweep", B_ACCESS, "access", B_REDUCE, "reduce");
    static final Map<Integer, String> INSTRUCTIONS = Map.of(I_SWEEP, "DALOAD a[i]", I_RANDOM, "DALOAD a[r]", I_STORE, "DASTORE b[i]",
            S_LOCK, "lock", S_UNLOCK, "unlock", S_BARRIER, "await");

    @TempDir
    Path dir;

    private ParallelTrace record(String name, List<StudyTraces.Body> bodies) throws Exception {
        Path file = dir.resolve(name + ".wtrace");
        StudyTraces.record(file, TraceMode.CDR, BLOCKS, INSTRUCTIONS, bodies);
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        return trace;
    }

    /** {@code sweeps} sweeps of {@code n} doubles of array {@code array}, stride 8. */
    private static StudyTraces.Body sweeps(long array, int n, int sweeps) {
        return t -> {
            for (int k = 0; k < sweeps; k++) {
                t.block(B_SWEEP);
                for (int i = 0; i < n; i++) t.load(I_SWEEP, of(array, 8L * i));
            }
        };
    }

    /** {@code n} loads of random doubles of a 2^20-element array. */
    private static StudyTraces.Body random(long array, int n, long seed) {
        return t -> {
            SplittableRandom r = new SplittableRandom(seed);
            t.block(B_SWEEP);
            for (int i = 0; i < n; i++) t.load(I_RANDOM, of(array, 8L * r.nextInt(1 << 20)));
        };
    }

    @Test
    void diffRleSeqFoldsStridedSweepsThatPlainSequiturCannot() throws Exception {
        AccessStreams s = AccessStreams.of(record("strided", List.of(sweeps(1, 20_000, 5), sweeps(2, 20_000, 5))));
        assertThat(s.accessCount).isEqualTo(200_000);
        StreamCompression.Grammars seq = StreamCompression.sequitur(s);
        StreamCompression.Grammars drs = StreamCompression.diffRleSeq(s);
        assertThat(seq.symbols()).isPositive();
        assertThat(drs.symbols()).isPositive();
        assertThat(seq.seconds()).isGreaterThanOrEqualTo(0);
        assertThat(drs.seconds()).isGreaterThanOrEqualTo(0);
        // SEQUITUR must at least spell every distinct address once (20,000 per thread); Diff∘RLE makes a sweep two runs
        assertThat(seq.bytes()).isGreaterThan(2 * 20_000);
        assertThat(drs.bytes()).isPositive();
        assertThat(drs.bytes() * 10).as("Diff∘RLE∘SEQ %d B vs SEQ %d B", drs.bytes(), seq.bytes()).isLessThan(seq.bytes());
        assertThat(drs.symbols() * 10).isLessThan(seq.symbols());
    }

    @Test
    void onRandomAddressesBothAreOfTheSameOrder() throws Exception {
        AccessStreams s = AccessStreams.of(record("random", List.of(random(3, 20_000, 42))));
        assertThat(s.accessCount).isEqualTo(20_000);
        StreamCompression.Grammars seq = StreamCompression.sequitur(s);
        StreamCompression.Grammars drs = StreamCompression.diffRleSeq(s);
        assertThat(seq.symbols()).isPositive();
        assertThat(drs.symbols()).isPositive();
        // nothing to fold: each is at least one byte per address, and neither is 10x the other
        assertThat(seq.bytes()).isGreaterThan(20_000);
        assertThat(drs.bytes()).isGreaterThan(20_000);
        assertThat(drs.bytes() * 10).as("Diff∘RLE∘SEQ %d B vs SEQ %d B", drs.bytes(), seq.bytes()).isGreaterThan(seq.bytes());
        assertThat(seq.bytes() * 10).as("SEQ %d B vs Diff∘RLE∘SEQ %d B", seq.bytes(), drs.bytes()).isGreaterThan(drs.bytes());
    }

    /** The predictor stage (format 6): sweeps are stored as before, random addresses go to the exception lists and cost less. */
    @Test
    void thePredictorStageEscapesRandomAddressesAndLeavesSweepsAlone() throws Exception {
        AccessStreams strided = AccessStreams.of(record("strided-pred", List.of(sweeps(1, 20_000, 5))));
        StreamCompression.Grammars drs = StreamCompression.diffRleSeq(strided);
        StreamCompression.Grammars pred = StreamCompression.predictiveDiffRleSeq(strided);
        assertThat(pred.exceptions()).as("exception bytes: the one stream's empty list (its count)").isEqualTo(1);
        assertThat(pred.symbols()).isEqualTo(drs.symbols());

        AccessStreams random = AccessStreams.of(record("random-pred", List.of(random(3, 20_000, 42))));
        drs = StreamCompression.diffRleSeq(random);
        pred = StreamCompression.predictiveDiffRleSeq(random);
        assertThat(pred.exceptions()).as("exception bytes").isGreaterThan(19_000);
        assertThat(pred.symbols() * 10).as("grammar symbols: escape runs").isLessThan(drs.symbols());
        assertThat(pred.packedBytes()).as("packed: with predictors %d B vs Diff∘RLE∘SEQ %d B", pred.packedBytes(), drs.packedBytes())
                .isLessThan(drs.packedBytes());
    }

    @Test
    void baselinesCompressTheRawStreamsInTheirDocumentedLayout() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        CyclicBarrier barrier = new CyclicBarrier(2);
        List<StudyTraces.Body> bodies = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            long seed = k;
            long array = 10 + k;
            bodies.add(t -> {
                SplittableRandom r = new SplittableRandom(seed);
                for (int step = 0; step < 3; step++) {
                    t.block(B_SWEEP);
                    for (int i = 0; i < 1_000; i++) {
                        t.block(B_ACCESS);
                        t.load(I_SWEEP, of(array, 8L * i));
                        if (i % 3 == 0) t.load(I_RANDOM, of(1, 8L * r.nextInt(1 << 16)));
                        t.store(I_STORE, of(array + 10, 4L * i));
                    }
                    t.block(B_REDUCE);
                    lock.lock();
                    try {
                        t.lock(S_LOCK, 5);
                        t.unlock(S_UNLOCK, 5);
                    } finally {
                        lock.unlock();
                    }
                    barrier.await(10, TimeUnit.SECONDS);
                    t.barrier(S_BARRIER, 6, step);
                }
            });
        }
        ParallelTrace trace = record("mixed", bodies);
        AccessStreams s = AccessStreams.of(trace);

        // The three raw streams, written here from the trace's events, independently of AccessStreams.
        ByteArrayOutputStream control = new ByteArrayOutputStream();
        ByteArrayOutputStream sync = new ByteArrayOutputStream();
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        for (int t = 0; t < trace.threads().size(); t++) {
            Map<Integer, List<Long>> byInstruction = new LinkedHashMap<>();
            for (Iterator<Event> it = trace.thread(t).events(); it.hasNext(); ) {
                Event e = it.next();
                switch (e.type()) {
                    case BLOCK -> le(control, e.id(), 4);
                    case LOAD, STORE -> byInstruction.computeIfAbsent(e.id(), i -> new ArrayList<>()).add(e.address());
                    case SYNC -> {
                        le(sync, e.kind().ordinal(), 1);
                        le(sync, e.id(), 4);
                        le(sync, e.object(), 8);
                        le(sync, e.aux(), 8);
                    }
                }
            }
            for (List<Long> addresses : byInstruction.values()) for (long a : addresses) le(data, a, 8);
        }
        assertThat((long) control.size()).isEqualTo(s.controlRawBytes()).isEqualTo(2 * 3 * 1_002 * 4);
        assertThat((long) sync.size()).isEqualTo(s.syncRawBytes()).isEqualTo(2 * (2 + 3 * 3) * 21);
        assertThat((long) data.size()).isEqualTo(s.dataRawBytes()).isEqualTo(2 * 3 * (1_000 + 334 + 1_000) * 8);

        Map<GeneralPurpose, StreamCompression.Baseline> got = StreamCompression.baselines(s, List.of(GeneralPurpose.GZIP, GeneralPurpose.ZSTD), 2);
        assertThat(got).containsOnlyKeys(GeneralPurpose.GZIP, GeneralPurpose.ZSTD);
        for (GeneralPurpose c : List.of(GeneralPurpose.GZIP, GeneralPurpose.ZSTD)) {
            StreamCompression.Baseline b = got.get(c);
            assertThat(b.control()).as("%s control", c).isEqualTo(c.compressedBytes(bytes(control.toByteArray())));
            assertThat(b.sync()).as("%s sync", c).isEqualTo(c.compressedBytes(bytes(sync.toByteArray())));
            assertThat(b.data()).as("%s data", c).isEqualTo(c.compressedBytes(bytes(data.toByteArray())));
            assertThat(b.total()).isEqualTo(b.control() + b.sync() + b.data());
            assertThat(b.control()).isPositive().isLessThan(control.size());
            assertThat(b.data()).isPositive().isLessThan(data.size());
            assertThat(b.seconds()).isGreaterThanOrEqualTo(0);
        }
    }

    /** {@code width} bytes of {@code v}, least significant first. */
    private static void le(ByteArrayOutputStream out, long v, int width) {
        for (int i = 0; i < width; i++) out.write((int) (v >>> (8 * i)) & 0xff);
    }

    private static GeneralPurpose.ByteSource bytes(byte[] b) {
        return new GeneralPurpose.ByteSource() {
            @Override
            public void writeTo(OutputStream out) throws java.io.IOException {
                out.write(b);
            }

            @Override
            public long length() {
                return b.length;
            }
        };
    }
}
