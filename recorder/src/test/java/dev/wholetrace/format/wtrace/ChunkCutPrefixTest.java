package dev.wholetrace.format.wtrace;

import static dev.wholetrace.reader.TraceTestSupport.allEvents;
import static dev.wholetrace.reader.TraceTestSupport.assertIsChunkPrefix;
import static dev.wholetrace.reader.TraceTestSupport.chunkEnd;
import static dev.wholetrace.reader.TraceTestSupport.events;
import static dev.wholetrace.reader.TraceTestSupport.writeCut;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * "A file cut after chunk k yields exactly the events of chunks 1..k" (docs/trace-format.md): the
 * promise that makes a trace of a killed program usable. Chunk boundaries come from
 * {@code checkpoint()}, so what each chunk holds is known from the recording side, not only from
 * the full file.
 */
class ChunkCutPrefixTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TraceMode.class)
    void cutAfterChunkKReadsExactlyChunksBeforeIt(TraceMode mode) throws Exception {
        CheckpointedTrace rec = CheckpointedTrace.record(dir.resolve("full.wtrace"), mode, Codec.ZSTD, 2, 3, 40);
        byte[] bytes = Files.readAllBytes(rec.file);
        ParallelTrace full = ParallelTrace.open(rec.file);
        Map<Integer, List<Event>> fullEvents = allEvents(full);
        assertThat(full.complete()).isTrue();
        assertThat(full.chunkCount()).isEqualTo(rec.chunkEvents.size()).isEqualTo(2 * 4);
        for (int t = 0; t < 2; t++) assertThat(fullEvents.get(t)).isEqualTo(rec.eventsBefore(t, full.chunkCount()));

        Path cut = dir.resolve("cut.wtrace");
        for (int k = 0; k <= full.chunkCount(); k++) {
            long end = k == 0 ? TraceFormat.FILE_HEADER_BYTES : chunkEnd(full.chunks(), k - 1);
            writeCut(cut, bytes, (int) end, new byte[0]);
            String what = mode + " cut after " + k + " chunks";
            if (k == 0) { // nothing to read: an error rather than an empty trace
                assertThatThrownBy(() -> ParallelTrace.open(cut)).as(what).isInstanceOf(FormatException.class)
                        .hasMessageContaining("no complete chunk");
                continue;
            }
            ParallelTrace p = ParallelTrace.open(cut);
            assertThat(p.chunkCount()).as(what).isEqualTo(k);
            assertThat(p.complete()).as(what).isFalse();
            assertThat(p.ignoredBytes()).as(what).isZero();
            for (int t = 0; t < p.threads().size(); t++) {
                assertThat(events(p.thread(t))).as("%s: thread %d", what, t).isEqualTo(rec.eventsBefore(t, k));
                assertThat(full.thread(t).eventsBeforeChunk(k)).isEqualTo(rec.eventsBefore(t, k).size());
            }
            for (int t = p.threads().size(); t < 2; t++) assertThat(rec.eventsBefore(t, k)).isEmpty();
            assertIsChunkPrefix(p, full, fullEvents, what);
            {
                assertThat(p.properties()).containsEntry("program", "checkpointed").containsEntry("mode", mode.label());
                assertThat(p.code().block(0)).isNotNull();
                assertThat(p.code().instruction(5)).isNotNull();
            }
            appendAfterTheCut(bytes, (int) end, full, fullEvents, what, k);
        }
    }

    /**
     * What a killed writer may leave after the last complete chunk: the start of the next chunk
     * (any length) is ignored; bytes that are not a section header (garbage, or a valid chunk
     * that does not belong there) are damage a cut cannot explain.
     */
    private void appendAfterTheCut(byte[] bytes, int end, ParallelTrace full, Map<Integer, List<Event>> fullEvents,
                                   String what, int k) throws Exception {
        Path cut = dir.resolve("cut-plus.wtrace");
        // The rest of the next chunk (or of the END section): any part of it is a partial tail.
        int rest = (int) (k < full.chunkCount() ? chunkEnd(full.chunks(), k) : bytes.length) - end;
        Random random = new Random(end);
        for (int j : new int[] {1, 7, TraceFormat.SECTION_HEADER_BYTES - 1, TraceFormat.SECTION_HEADER_BYTES,
                TraceFormat.SECTION_HEADER_BYTES + 1, 60, rest / 2, rest - 1}) {
            if (j <= 0 || j >= rest) continue;
            writeCut(cut, bytes, end + j, new byte[0]);
            ParallelTrace p = ParallelTrace.open(cut);
            assertThat(p.chunkCount()).as("%s + %d bytes of what follows", what, j).isEqualTo(k);
            assertThat(p.ignoredBytes()).isEqualTo(j);
            assertIsChunkPrefix(p, full, fullEvents, what + " + " + j + " bytes");
        }
        for (int j : new int[] {1, 5, TraceFormat.SECTION_HEADER_BYTES - 1}) { // too short to be a header
            byte[] garbage = new byte[j];
            random.nextBytes(garbage);
            writeCut(cut, bytes, end, garbage);
            ParallelTrace p = ParallelTrace.open(cut);
            assertThat(p.chunkCount()).isEqualTo(k);
            assertIsChunkPrefix(p, full, fullEvents, what + " + " + j + " garbage bytes");
        }
        for (int j : new int[] {TraceFormat.SECTION_HEADER_BYTES, 100}) {
            byte[] garbage = new byte[j];
            random.nextBytes(garbage);
            writeCut(cut, bytes, end, garbage);
            assertThatThrownBy(() -> ParallelTrace.open(cut)).as("%s + %d garbage bytes", what, j)
                    .isInstanceOf(FormatException.class).hasMessageContaining("section header");
        }
        if (k > 0) { // chunk 0 again where chunk k belongs
            byte[] chunk0 = Arrays.copyOfRange(bytes, TraceFormat.FILE_HEADER_BYTES, (int) chunkEnd(full.chunks(), 0));
            writeCut(cut, bytes, end, chunk0);
            assertThatThrownBy(() -> ParallelTrace.open(cut)).isInstanceOf(FormatException.class)
                    .hasMessageContaining("chunk " + k);
        }
    }
}
