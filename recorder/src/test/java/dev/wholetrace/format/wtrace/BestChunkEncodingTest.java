package dev.wholetrace.format.wtrace;

import static dev.wholetrace.reader.TraceTestSupport.allEvents;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.regrammar.TraceRegrammarer;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The strongest writer ({@link Codec#BEST}) encodes a chunk twice, its per-instruction grammars
 * range-coded and plain (format version 13), and keeps the smaller: the choice must not depend on
 * anything but the chunk (the same input gives the same file), the file must read back as the
 * input, and a file of a newer version than this build's is refused in one line, as an older
 * build refuses a version-13 file.
 */
class BestChunkEncodingTest {
    @TempDir
    Path dir;

    /** Several threads' chunks merged into one, as {@code recompress --chunk-events} does: a pack holds many threads' grammars. */
    private Path rewrite(Path in, String name) throws Exception {
        Path out = dir.resolve(name);
        new TraceRegrammarer(GrammarAlgorithm.SEQUITUR, null, Codec.BEST, 1L << 20).rewrite(in, out);
        return out;
    }

    /** Eight threads' address streams in one merged chunk: here the plain grammars were the smaller encoding when written (1,282 against 1,285 B), so both choices are exercised over time. */
    @Test
    void theSameChunksGiveTheSameBytesAndReadBack() throws Exception {
        CheckpointedTrace rec = CheckpointedTrace.record(dir.resolve("in.wtrace"), TraceMode.CDR, Codec.NONE, 8, 2, 3000);
        Path a = rewrite(rec.file, "a.wtrace");
        Path b = rewrite(rec.file, "b.wtrace");
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
        try (TraceReader r = TraceReader.open(a)) {
            assertThat(r.version()).isEqualTo(TraceFormat.VERSION);
            assertThat(r.chunks()).hasSizeLessThan(4); // merged: several threads per chunk
        }
        assertThat(allEvents(ParallelTrace.open(a))).isEqualTo(allEvents(ParallelTrace.open(rec.file)));
    }

    @Test
    void aFileOfALaterVersionIsRefusedInOneLine() throws Exception {
        CheckpointedTrace rec = CheckpointedTrace.record(dir.resolve("in.wtrace"), TraceMode.CDR, Codec.NONE, 1, 1, 50);
        byte[] bytes = Files.readAllBytes(rec.file);
        int later = TraceFormat.VERSION + 1;
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort(4, (short) later);
        Path f = Files.write(dir.resolve("later.wtrace"), withHeaderCrc(bytes));
        assertThatThrownBy(() -> TraceReader.open(f)).isInstanceOf(FormatException.class)
                .hasMessageContaining("has trace format version " + later + "; this build reads versions "
                        + TraceFormat.OLDEST_READABLE + " to " + TraceFormat.VERSION)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private static byte[] withHeaderCrc(byte[] bytes) {
        ByteBuffer h = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(12, TraceFormat.crc(bytes, 0, 12));
        return bytes;
    }
}
