package dev.wholetrace.recorder;

import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.StrataOutputsSection;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trailer sections (STRATA_OUTPUTS): added by a re-pack after the last chunk, read back with their
 * content version, kept by a later re-pack, absent from an unfinished file; a file cut inside or
 * after the trailer (before END) reads as any killed recording, its chunks intact.
 */
class TrailerSectionTest {
    @TempDir
    Path dir;

    private static final byte[] CONTENT = "{\"six\":\"outputs\"}".getBytes(StandardCharsets.UTF_8);

    private Path record(Path file) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.STRATA).withCodec(Codec.NONE).withChunkMillis(3_600_000))) {
            ThreadRecorder main = rec.beginThread("main", 1, false);
            for (int c = 0; c < 2; c++) {
                for (int i = 0; i < 3000; i++) {
                    main.block(i % 3);
                    if (i % 100 == 0) main.lock(6, 9);
                    if (i % 100 == 0) main.unlock(7, 9);
                }
                rec.checkpoint();
            }
        }
        return file;
    }

    private Path withTrailer(Path in, Path out, byte[] content) throws Exception {
        try (TraceReader r = TraceReader.open(in)) {
            new TraceRepacker(Codec.BEST).repack(r, out, Map.of(SectionType.STRATA_OUTPUTS, StrataOutputsSection.wrap(3, content)));
        }
        return out;
    }

    @Test
    void aRepackAddsTheTrailerAndALaterRepackKeepsIt() throws Exception {
        Path raw = record(dir.resolve("raw.wtrace"));
        Path with = withTrailer(raw, dir.resolve("with.wtrace"), CONTENT);
        try (TraceReader r = TraceReader.open(with)) {
            assertThat(r.version()).isGreaterThanOrEqualTo(TraceFormat.TRAILER_SINCE);
            assertThat(r.complete()).isTrue();
            assertThat(r.trailer()).extracting(Section::type).containsExactly(SectionType.STRATA_OUTPUTS);
            StrataOutputsSection.Content c = StrataOutputsSection.read(r);
            assertThat(c.version()).isEqualTo(3);
            assertThat(c.bytes()).isEqualTo(CONTENT);
            for (List<Section> chunk : r.chunks()) assertThat(chunk).noneMatch(s -> s.type().trailer());
        }
        assertThat(events(ParallelTrace.open(with).thread(0))).isEqualTo(events(ParallelTrace.open(raw).thread(0)));
        Path again = dir.resolve("again.wtrace");
        new TraceRepacker(Codec.NONE).repack(with, again);
        try (TraceReader r = TraceReader.open(again)) {
            assertThat(StrataOutputsSection.read(r).bytes()).isEqualTo(CONTENT);
        }
        Path replaced = withTrailer(again, dir.resolve("replaced.wtrace"), new byte[] {1, 2});
        try (TraceReader r = TraceReader.open(replaced)) {
            assertThat(r.trailer()).hasSize(1);
            assertThat(StrataOutputsSection.read(r).bytes()).containsExactly(1, 2);
        }
    }

    @Test
    void aFileCutInOrAfterTheTrailerReadsAsAKilledRecording() throws Exception {
        Path with = withTrailer(record(dir.resolve("raw.wtrace")), dir.resolve("with.wtrace"), CONTENT);
        long chunksEnd;
        long trailerEnd;
        try (TraceReader r = TraceReader.open(with)) {
            List<Section> last = r.chunks().get(r.chunks().size() - 1);
            chunksEnd = last.get(last.size() - 1).offset() + last.get(last.size() - 1).fileBytes();
            Section t = r.trailer(SectionType.STRATA_OUTPUTS);
            trailerEnd = t.offset() + t.fileBytes();
        }
        byte[] bytes = Files.readAllBytes(with);
        for (long cut : new long[] {chunksEnd + 5, trailerEnd - 1, trailerEnd, bytes.length - 1}) {
            Path f = dir.resolve("cut-" + cut + ".wtrace");
            Files.write(f, Arrays.copyOf(bytes, (int) cut));
            try (TraceReader r = TraceReader.open(f)) {
                assertThat(r.complete()).as("cut at %d", cut).isFalse();
                assertThat(r.trailer()).as("cut at %d", cut).isEmpty();
                assertThat(StrataOutputsSection.read(r)).isNull();
                assertThat(r.chunks()).hasSize(2);
                assertThat(r.ignoredBytes()).isEqualTo(cut - chunksEnd);
            }
            assertThat(ParallelTrace.open(f).eventCount()).isEqualTo(ParallelTrace.open(with).eventCount());
        }
    }

    @Test
    void anUnfinishedTraceGetsNoTrailer() throws Exception {
        Path full = record(dir.resolve("raw.wtrace"));
        long firstChunkEnd;
        try (TraceReader r = TraceReader.open(full)) {
            List<Section> c0 = r.chunks().get(0);
            firstChunkEnd = c0.get(c0.size() - 1).offset() + c0.get(c0.size() - 1).fileBytes();
        }
        Path cut = dir.resolve("cut.wtrace");
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(full), (int) firstChunkEnd + 10));
        Path out = withTrailer(cut, dir.resolve("out.wtrace"), CONTENT);
        try (TraceReader r = TraceReader.open(out)) {
            assertThat(r.complete()).isFalse();
            assertThat(r.trailer()).isEmpty();
            assertThat(r.ignoredBytes()).isZero();
        }
    }
}
