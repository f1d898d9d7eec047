package dev.wholetrace.bench.study;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TraceBreakdown} on {@link AccessStreamsTest}'s two-thread CDR recording: its parts and
 * the metadata add up to the file, the metadata is what {@code wholetrace stats} counts, every
 * per-thread section's header and CRC is framing, and the address payloads' three parts add up
 * to their decompressed length.
 */
class TraceBreakdownTest {
    @TempDir
    Path dir;

    @Test
    void partsAddUpToTheFile() throws Exception {
        Path file = dir.resolve("cdr.wtrace");
        AccessStreamsTest.record(file, TraceMode.CDR);
        TraceBreakdown b = TraceBreakdown.of(file);
        assertThat(b.trace() + b.metadata()).isEqualTo(Files.size(file));
        TraceStats stats = new StatsAnalysis().analyze(ParallelTrace.open(file));
        assertThat(b.metadata()).isEqualTo(stats.total.bytes(TraceStats.Component.METADATA));

        long perThread = 0;
        long addressRaw = 0;
        try (TraceReader r = TraceReader.open(file)) {
            assertThat(b.chunks()).isEqualTo(r.chunks().size());
            for (List<Section> chunk : r.chunks()) {
                for (Section s : chunk) {
                    if (s.thread() >= 0) perThread++;
                    if (s.type() == SectionType.STREAM && s.stream() == StreamKinds.ADDRESSES) addressRaw += s.rawLength();
                }
            }
        }
        assertThat(b.sections()).isEqualTo(perThread).isPositive();
        assertThat(b.addresses()).isPositive();
        assertThat(b.framing()).isGreaterThanOrEqualTo(TraceFormat.FILE_HEADER_BYTES + (TraceFormat.SECTION_HEADER_BYTES + 4) * perThread);
        assertThat(b.addressList() + b.addressExceptions() + b.addressGrammars()).isEqualTo(addressRaw);
        assertThat(b.addressList()).isPositive();
        assertThat(b.addressGrammars()).isPositive();
    }
}
