package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.reader.ParallelTrace;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunk's CLOCK in its pack (every BEST writer before session 45: the committed v15 strata recording) and
 * stored alone before it (BEST writers since, ChunkPack.clockFirst) read alike: the same clock, and every
 * section the same payload. ChunkPackTest writes the new placement only; CliStoredStrataTest reads the old one
 * without comparing it with the new.
 */
class ClockPlacementTest {
    @TempDir
    Path dir;

    @Test
    void aClockInThePackAndOneStoredAloneReadAlike() throws Exception {
        Path inPack = dir.resolve("v15.wtrace");
        try (InputStream in = ClockPlacementTest.class.getClassLoader().getResourceAsStream("strata/v15-sor-strata.wtrace")) {
            assertThat(in).isNotNull();
            Files.copy(in, inPack);
        }
        Path alone = dir.resolve("v15-again.wtrace");
        new TraceRepacker(Codec.BEST).repack(inPack, alone);

        try (TraceReader a = TraceReader.open(inPack); TraceReader b = TraceReader.open(alone)) {
            assertThat(b.version()).isEqualTo(a.version());
            assertThat(b.chunks()).hasSameSizeAs(a.chunks());
            int packedClocks = 0;
            for (int c = 0; c < a.chunks().size(); c++) {
                List<Section> x = held(a.chunks().get(c));
                List<Section> y = held(b.chunks().get(c));
                for (Section s : x) if (s.type() == SectionType.CLOCK && s.packed()) packedClocks++;
                assertThat(y).filteredOn(s -> s.type() == SectionType.CLOCK).as("chunk %d", c).allMatch(s -> !s.packed());
                assertThat(payloads(b, y, SectionType.CLOCK)).as("chunk %d's clock", c).isEqualTo(payloads(a, x, SectionType.CLOCK));
                assertThat(y).hasSameSizeAs(x);
                for (SectionType type : SectionType.values()) {
                    if (type == SectionType.PACK || type == SectionType.CHUNK_END) continue;
                    assertThat(payloads(b, y, type)).as("chunk %d, %s", c, type).isEqualTo(payloads(a, x, type));
                }
            }
            assertThat(packedClocks).as("the committed file holds its clock in packs").isPositive();
        }
        TraceClock x = ParallelTrace.open(inPack).clock();
        TraceClock y = ParallelTrace.open(alone).clock();
        assertThat(y.samples()).isEqualTo(x.samples()).isPositive();
        for (int i = 0; i < x.samples(); i++) {
            assertThat(y.sampleTicket(i)).isEqualTo(x.sampleTicket(i));
            assertThat(y.sampleNanos(i)).isEqualTo(x.sampleNanos(i));
        }
        assertThat(y.originEpochMillis()).isEqualTo(x.originEpochMillis());
    }

    /** The chunk's sections with a PACK's held ones in its place (a PACK stands for its header only). */
    private static List<Section> held(List<Section> chunk) {
        List<Section> out = new ArrayList<>();
        for (Section s : chunk) if (s.type() != SectionType.PACK) out.add(s);
        return out;
    }

    /** The payloads of {@code sections} of {@code type}, by thread and stream order. */
    private static List<String> payloads(TraceReader r, List<Section> sections, SectionType type) throws Exception {
        List<String> out = new ArrayList<>();
        for (Section s : sections) {
            if (s.type() != type) continue;
            out.add(s.thread() + "/" + s.stream() + ":" + java.util.HexFormat.of().formatHex(r.payload(s)));
        }
        java.util.Collections.sort(out);
        return out;
    }
}
