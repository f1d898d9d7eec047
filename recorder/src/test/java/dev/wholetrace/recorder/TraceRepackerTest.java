package dev.wholetrace.recorder;

import static dev.wholetrace.reader.TraceTestSupport.drain;
import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wholetrace recompress}'s rewriter: a trace re-packed with another codec reads back as
 * the same execution chunk by chunk, and an unfinished trace becomes a complete one holding its
 * complete chunks.
 */
class TraceRepackerTest {
    @TempDir
    Path dir;

    /** Three chunks of two threads in CDR (control, addresses, sync order), written raw. */
    private Path record(Path file) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR).withCodec(Codec.NONE).withChunkMillis(3_600_000))) {
            ThreadRecorder main = rec.beginThread("main", 1, false);
            Thread other = new Thread(() -> {
                ThreadRecorder t = rec.beginThread("other", 2, false);
                for (int i = 0; i < 3000; i++) {
                    t.block(i % 3);
                    t.load(5, 8L * i);
                    t.lock(6, 9);
                    t.unlock(7, 9);
                }
                t.end();
            });
            for (int c = 0; c < 3; c++) {
                for (int i = 0; i < 2000; i++) {
                    main.block(10 + i % 4);
                    main.store(11, 16L * (i % 50));
                }
                if (c == 0) other.start();
                if (c == 1) other.join();
                rec.checkpoint();
            }
        }
        return file;
    }

    /**
     * Threads that run the same code (as a kernel's workers do): re-packed with BEST, their
     * sections are stored together in the chunk's pack (format version 12; against each other's
     * in version 10), and every thread reads back
     * as the same events and the same segments between its sync operations.
     */
    @Test
    void threadsStoredAgainstEachOtherReadBackAsTheSameExecution() throws Exception {
        Path in = dir.resolve("workers.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(in, RecorderConfig.defaults(TraceMode.CDR).withCodec(Codec.NONE).withChunkMillis(3_600_000))) {
            ThreadRecorder main = rec.beginThread("main", 1, false);
            Thread[] workers = new Thread[6];
            for (int w = 0; w < workers.length; w++) {
                long base = (w + 2L) << 32;
                int id = w + 2;
                workers[w] = new Thread(() -> {
                    ThreadRecorder t = rec.beginThread("worker-" + id, id, false);
                    for (int i = 0; i < 4000; i++) {
                        t.block(20 + i % 5);
                        t.load(21, base + 8L * (i % 200));
                        t.store(22, base + 8L * (i % 200));
                        if (i % 500 == 0) {
                            t.lock(23, 9);
                            t.unlock(24, 9);
                        }
                    }
                    t.end();
                });
                workers[w].start();
            }
            for (Thread w : workers) w.join();
            main.block(1);
        }
        Path out = dir.resolve("workers-best.wtrace");
        new TraceRepacker(Codec.BEST).repack(in, out);
        try (TraceReader r = TraceReader.open(out)) {
            // From format 11 BEST stores a chunk this small as one pack; references where a pack would not pay (ThreadReferencesTest)
            assertThat(r.chunks().get(0)).anyMatch(s -> s.type() == SectionType.PACK).anyMatch(Section::packed);
        }
        ParallelTrace before = ParallelTrace.open(in);
        ParallelTrace after = ParallelTrace.open(out);
        for (int t = 0; t < before.threads().size(); t++) {
            assertThat(events(after.thread(t))).isEqualTo(events(before.thread(t)));
            for (long m = 0; m < before.thread(t).syncCount(); m++) {
                assertThat(drain(after.thread(t).segment(m, before.thread(t).syncCount() - 1)))
                        .isEqualTo(drain(before.thread(t).segment(m, before.thread(t).syncCount() - 1)));
            }
        }
    }

    @Test
    void aRepackedTraceIsTheSameExecutionInFewerBytes() throws Exception {
        Path in = record(dir.resolve("raw.wtrace"));
        Path out = dir.resolve("best.wtrace");
        TraceRepacker.Result r = new TraceRepacker(Codec.BEST).repack(in, out);
        assertThat(r.chunks()).isEqualTo(3);
        assertThat(r.inputComplete()).isTrue();
        assertThat(r.outBytes()).isEqualTo(Files.size(out)).isLessThan(r.inBytes() / 2);
        ParallelTrace before = ParallelTrace.open(in);
        ParallelTrace after = ParallelTrace.open(out);
        assertThat(after.complete()).isTrue();
        assertThat(after.chunkCount()).isEqualTo(before.chunkCount());
        assertThat(after.eventCount()).isEqualTo(r.events()).isEqualTo(before.eventCount());
        for (int t = 0; t < before.threads().size(); t++) {
            assertThat(events(after.thread(t))).isEqualTo(events(before.thread(t)));
            assertThat(after.thread(t).pieces()).hasSameSizeAs(before.thread(t).pieces());
        }
        assertThat(after.syncOrder().size()).isEqualTo(before.syncOrder().size());
        assertThat(after.properties()).isEqualTo(before.properties());
        try (TraceReader a = TraceReader.open(in); TraceReader b = TraceReader.open(out)) {
            for (int c = 0; c < 3; c++) {
                List<Section> x = asBestFiles(a.chunks().get(c));
                List<Section> y = b.chunks().get(c).stream().filter(s -> s.type() != SectionType.PACK).toList(); // a PACK stands for its header
                assertThat(y).hasSameSizeAs(x);
                for (int i = 0; i < x.size(); i++) {
                    assertThat(y.get(i).type()).isEqualTo(x.get(i).type());
                    assertThat(y.get(i).thread()).isEqualTo(x.get(i).thread());
                    if (x.get(i).type() == SectionType.CHUNK_END) continue; // its table of contents holds the new offsets
                    assertThat(b.payload(y.get(i))).as("payload of %s", x.get(i).describe()).isEqualTo(a.payload(x.get(i)));
                }
            }
        }
    }

    /**
     * {@code chunk}'s sections in the order a BEST writer files them: its CLOCK moved before the first
     * per-thread section (stored alone, not packed), and (format 19 on) the per-thread sections by kind:
     * every thread's SYMBOLS, then each stream kind's STREAM, then SYNC_COUNTS, each in thread order.
     */
    private static List<Section> asBestFiles(List<Section> chunk) {
        List<Section> out = new ArrayList<>(chunk);
        int first = 0;
        while (first < out.size() && out.get(first).thread() < 0) first++;
        for (int i = first + 1; i < out.size(); i++) {
            if (out.get(i).type() == SectionType.CLOCK) {
                out.add(first, out.remove(i));
                break;
            }
        }
        int from = first < out.size() && out.get(first).type() == SectionType.CLOCK ? first + 1 : first;
        int to = from;
        while (to < out.size() && out.get(to).thread() >= 0) to++;
        out.subList(from, to).sort(java.util.Comparator.comparingInt((Section s) -> s.type() == SectionType.SYMBOLS ? 0
                : s.type() == SectionType.STREAM ? 1 + s.stream().id() : 1 << 16)); // stable: thread order within a kind
        return out;
    }

    @Test
    void anUnfinishedTraceStaysUnfinishedWithItsCompleteChunksOnly() throws Exception {
        Path full = record(dir.resolve("raw.wtrace"));
        long secondChunkEnd;
        try (TraceReader r = TraceReader.open(full)) {
            List<Section> c1 = r.chunks().get(1);
            Section end = c1.get(c1.size() - 1);
            secondChunkEnd = end.offset() + end.fileBytes();
        }
        Path cut = dir.resolve("cut.wtrace");
        byte[] bytes = Files.readAllBytes(full);
        Files.write(cut, Arrays.copyOf(bytes, (int) secondChunkEnd + 30)); // killed inside chunk 2
        Path out = dir.resolve("out.wtrace");
        TraceRepacker.Result r = new TraceRepacker(Codec.BEST).repack(cut, out);
        assertThat(r.inputComplete()).isFalse();
        assertThat(r.ignoredBytes()).isEqualTo(30);
        assertThat(r.chunks()).isEqualTo(2);
        ParallelTrace before = ParallelTrace.open(cut);
        ParallelTrace after = ParallelTrace.open(out);
        assertThat(after.complete()).as("readers must still see that the recording did not finish").isFalse();
        assertThat(after.ignoredBytes()).as("the partial tail is dropped").isZero();
        assertThat(after.chunkCount()).isEqualTo(2);
        for (int t = 0; t < before.threads().size(); t++) assertThat(events(after.thread(t))).isEqualTo(events(before.thread(t)));
    }
}
