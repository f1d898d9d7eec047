package dev.wholetrace.reader;

import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A load that reads random cells (as Mp3d's particles do) next to a strided store: the recorder
 * routes the random differences to the stream's exception list (format version 6), and the
 * trace reads back exactly, from its start and from every segment (seeking into the middle of
 * escape runs), in one chunk or several.
 */
class EscapedAddressStreamTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"CDR, 1000000", "CDR, 700", "ALL, 900"})
    void randomAccessesAreExceptionsAndReadBackExactly(TraceMode mode, long chunkEvents) throws Exception {
        Path file = dir.resolve("escaped.wtrace");
        List<Event> recorded = new ArrayList<>();
        RecorderConfig config = RecorderConfig.defaults(mode).withCodec(Codec.NONE).withWorkers(1).withChunkEvents(chunkEvents)
                .withChunkMillis(3_600_000);
        Throwable[] failure = new Throwable[1];
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            rec.defineBlock(new CodeEntry(0, "Cells", "move", "()V", 1, 0, "block 0"));
            rec.defineInstruction(new CodeEntry(5, "Cells", "move", "()V", 2, 3, "DALOAD"));
            rec.defineInstruction(new CodeEntry(6, "Cells", "move", "()V", 3, 7, "DASTORE"));
            Thread th = new Thread(() -> {
                try {
                    record(rec, recorded);
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }, "cells");
            th.start();
            th.join();
        }
        if (failure[0] != null) throw new AssertionError("recording thread failed", failure[0]);

        ParallelTrace trace = ParallelTrace.open(file);
        ThreadTrace t = trace.thread(0);
        List<Event> expected = TraceTestSupport.project(recorded, mode);
        assertThat(events(t)).isEqualTo(expected);
        long exceptions = 0;
        for (ThreadChunk c : t.pieces()) {
            for (int k = 0; k < c.streams().length; k++) exceptions += c.exceptions(k).length;
        }
        assertThat(exceptions).as("escaped differences").isGreaterThan(2000);
        SegmentExtractionPropertiesTest.checkSegments(t, expected, new Random(5), mode + " escaped");
    }

    private static void record(TraceRecorder rec, List<Event> out) {
        ThreadRecorder r = rec.beginThread("cells", 0x77, false);
        out.add(Event.sync(SyncKind.THREAD_BEGIN, 0, 0x77, 0));
        Random random = new Random(17);
        for (int i = 0; i < 3000; i++) {
            r.block(0);
            out.add(Event.block(0));
            long cell = Addresses.of(40, 8L * random.nextInt(6000));
            r.load(5, cell);
            out.add(Event.load(5, cell));
            long particle = Addresses.of(41, 8L * i);
            r.store(6, particle);
            out.add(Event.store(6, particle));
            if (i % 97 == 96) {
                r.lock(9, 0x99);
                out.add(Event.sync(SyncKind.LOCK, 9, 0x99, 0));
                r.unlock(10, 0x99);
                out.add(Event.sync(SyncKind.UNLOCK, 10, 0x99, 0));
            }
        }
        r.end();
        out.add(Event.sync(SyncKind.THREAD_END, 0, 0x77, 0));
    }
}
