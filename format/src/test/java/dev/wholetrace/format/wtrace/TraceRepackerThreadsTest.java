package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link TraceRepacker} packing several chunks at once writes what one thread writes, and reports its progress chunk by chunk. */
class TraceRepackerThreadsTest {
    private static final int CHUNKS = 7;
    @TempDir
    Path dir;

    /** A raw file of CHUNKS chunks that differ: a sync order and two threads' symbols each. */
    private Path input() throws Exception {
        Path f = dir.resolve("in.wtrace");
        Random random = new Random(9);
        try (TraceWriter w = TraceWriter.create(f, TraceMode.COR, Codec.NONE, TraceFormat.VERSION)) {
            for (int c = 0; c < CHUNKS; c++) {
                List<ChunkCodec.RawSection> sections = new ArrayList<>();
                for (int t = 0; t < 2; t++) {
                    byte[] symbols = new byte[500 + random.nextInt(3000)];
                    for (int i = 0; i < symbols.length; i++) symbols[i] = (byte) random.nextInt(1 + c * 4);
                    sections.add(new ChunkCodec.RawSection(SectionType.SYMBOLS, null, t, symbols));
                }
                byte[] order = new byte[2000 + c * 5000];
                for (int i = 0; i < order.length; i++) order[i] = (byte) (i % 7 == 0 ? random.nextInt(16) : i % 3);
                sections.add(new ChunkCodec.RawSection(SectionType.SYNC_ORDER, null, TraceFormat.NO_THREAD, order));
                w.writeChunk(sections, c, Codec.NONE, Codec.NO_DEADLINE);
            }
            w.finish();
        }
        return f;
    }

    @Test
    void severalThreadsWriteTheSameBytesAsOne() throws Exception {
        Path in = input();
        Path one = dir.resolve("one.wtrace");
        Path three = dir.resolve("three.wtrace");
        TraceRepacker.Result a = new TraceRepacker(Codec.BEST, 1).repack(in, one);
        TraceRepacker.Result b = new TraceRepacker(Codec.BEST, 3).repack(in, three);
        assertThat(Files.readAllBytes(three)).isEqualTo(Files.readAllBytes(one));
        assertThat(b).isEqualTo(new TraceRepacker.Result(a.chunks(), a.events(), a.inputComplete(), a.ignoredBytes(), a.inBytes(), Files.size(three)));
        assertThat(a.events()).isEqualTo((long) CHUNKS * (CHUNKS - 1) / 2);
        assertThat(Files.size(one)).isLessThan(Files.size(in));
    }

    @Test
    void progressCountsTheInputBytesOfTheChunksWritten() throws Exception {
        Path in = input();
        List<Long> done = new ArrayList<>();
        new TraceRepacker(Codec.BEST, 2).progress(done::add).repack(in, dir.resolve("out.wtrace"));
        assertThat(done).hasSize(CHUNKS).isSorted().doesNotHaveDuplicates();
        try (TraceReader r = TraceReader.open(in)) {
            List<Section> last = r.chunks().get(CHUNKS - 1);
            Section end = last.get(last.size() - 1);
            assertThat(done.get(CHUNKS - 1)).isEqualTo(end.offset() + end.fileBytes()).isLessThan(r.size());
        }
    }
}
