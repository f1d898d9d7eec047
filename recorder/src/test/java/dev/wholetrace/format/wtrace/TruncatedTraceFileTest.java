package dev.wholetrace.format.wtrace;

import static dev.wholetrace.reader.TraceTestSupport.allEvents;
import static dev.wholetrace.reader.TraceTestSupport.assertIsChunkPrefix;
import static dev.wholetrace.reader.TraceTestSupport.chunkEnd;
import static dev.wholetrace.reader.TraceTestSupport.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.RandomProgram;
import dev.wholetrace.reader.TraceTestSupport.Snapshot;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A writer killed at any byte: the file cut at every offset of a small multi-chunk trace (and at
 * sampled offsets of a larger one) opens with exactly the events of the complete chunks before
 * the cut and {@code complete() == false}, or — when nothing can be read — fails with a
 * {@link FormatException} that says why. No other exception type, ever.
 */
class TruncatedTraceFileTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"COR", "ALL"})
    void everyCutOfASmallTraceReadsItsCompleteChunks(TraceMode mode) throws Exception {
        CheckpointedTrace rec = CheckpointedTrace.record(dir.resolve("small.wtrace"), mode, Codec.NONE, 2, 1, 10);
        Cuts cuts = new Cuts(dir.resolve("cut.wtrace"), rec.file);
        assertThat(cuts.full.chunkCount()).isEqualTo(4);
        for (int length = 0; length <= cuts.bytes.length; length++) cuts.check(length);
        assertThat(cuts.checked.keySet()).containsExactlyInAnyOrder(1, 2, 3, 4);
    }

    /** A larger trace of a random program (several threads, many chunks): sampled cuts plus every section edge. */
    @Property(tries = 2)
    void sampledCutsOfALargerTraceReadTheirCompleteChunks(@ForAll("programs") RandomProgram program, @ForAll long seed)
            throws Exception {
        Path dir = Files.createTempDirectory("wtrace-truncated");
        try {
            Path file = dir.resolve("large.wtrace");
            try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.ALL).withCodec(Codec.ZSTD)
                    .withBatchLongs(64).withChunkEvents(200))) {
                program.run(rec);
            }
            Cuts cuts = new Cuts(dir.resolve("cut.wtrace"), file);
            int size = cuts.bytes.length;
            TreeSet<Integer> offsets = new TreeSet<>(List.of(0, TraceFormat.FILE_HEADER_BYTES, size - 1, size));
            Random random = new Random(seed);
            for (int i = 0; i < 30; i++) offsets.add(random.nextInt(size + 1));
            List<Section> sections = new ArrayList<>();
            for (List<Section> chunk : cuts.full.chunks()) sections.addAll(chunk);
            for (int i = 0; i < 12; i++) { // around the edges of some sections: header, payload, CRC
                Section s = sections.get(random.nextInt(sections.size()));
                for (long edge : new long[] {s.offset(), s.offset() + TraceFormat.SECTION_HEADER_BYTES, s.offset() + s.fileBytes()}) {
                    for (long d = -1; d <= 1; d++) offsets.add((int) Math.max(0, Math.min(size, edge + d)));
                }
            }
            for (int length : offsets) cuts.check(length);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    /**
     * Cuts of one file, checked against the full trace. The first cut that leaves k complete
     * chunks is compared in detail ({@code assertIsChunkPrefix}); later cuts with the same k must
     * read back the same snapshot.
     */
    static final class Cuts {
        final Path cut;
        final byte[] bytes;
        final ParallelTrace full;
        final Map<Integer, List<Event>> fullEvents;
        final Map<Integer, Snapshot> checked = new HashMap<>();

        Cuts(Path cut, Path file) throws Exception {
            this.cut = cut;
            this.bytes = Files.readAllBytes(file);
            this.full = ParallelTrace.open(file);
            this.fullEvents = allEvents(full);
        }

        /** Complete chunks in the first {@code length} bytes. */
        int chunksIn(long length) {
            int k = 0;
            while (k < full.chunkCount() && chunkEnd(full.chunks(), k) <= length) k++;
            return k;
        }

        /** Makes {@code cut} the first {@code length} bytes, writing only what differs from the last cut. */
        private void cutTo(int length) throws IOException {
            try (FileChannel out = FileChannel.open(cut, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                long size = out.size();
                if (length < size) out.truncate(length);
                else out.write(ByteBuffer.wrap(bytes, (int) size, length - (int) size), size);
            }
        }

        /** The file cut to {@code length} bytes reads as the chunks that end at or before the cut. */
        void check(int length) throws Exception {
            cutTo(length);
            int k = chunksIn(length);
            String what = "cut at " + length + " of " + bytes.length + " (" + k + " complete chunks)";
            ParallelTrace p;
            try {
                p = ParallelTrace.open(cut);
            } catch (FormatException e) {
                // Only a cut that leaves nothing to read may fail: inside the file header, or
                // before the first chunk is complete.
                assertThat(length < TraceFormat.FILE_HEADER_BYTES || k == 0).as("%s failed: %s", what, e.getMessage()).isTrue();
                assertThat(e.getMessage()).as(what).containsAnyOf("header", "no complete chunk");
                return;
            } catch (Throwable e) {
                throw new AssertionError(what + ": not a FormatException", e);
            }
            assertThat(length).as(what + " opened").isGreaterThanOrEqualTo(TraceFormat.FILE_HEADER_BYTES);
            assertThat(p.chunkCount()).as(what).isEqualTo(k);
            assertThat(p.complete()).as(what).isEqualTo(length == bytes.length);
            long lastEnd = k == 0 ? TraceFormat.FILE_HEADER_BYTES : chunkEnd(full.chunks(), k - 1);
            assertThat(p.ignoredBytes()).as(what).isEqualTo(p.complete() ? 0 : length - lastEnd);
            assertThat(p.fileBytes()).isEqualTo(length);
            Snapshot seen = snapshot(p);
            Snapshot first = checked.get(k);
            if (first == null) {
                assertIsChunkPrefix(p, full, fullEvents, what);
                checked.put(k, seen);
            } else {
                assertThat(seen).as(what).isEqualTo(first);
            }
        }
    }

    @Provide
    Arbitrary<RandomProgram> programs() {
        return RandomProgram.programs(4, 40, 2);
    }
}
