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
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TraceBreakdown} on {@link AccessStreamsTest}'s two-thread CDR recording: its parts and
 * the metadata add up to the file, the metadata is what {@code wholetrace stats} counts, the
 * framing is exactly the file header, the header and CRC of every other section in a chunk,
 * CHUNK_END and END (so no payload is counted as framing), and the address payloads' three parts
 * add up to their decompressed length.
 */
class TraceBreakdownTest {
    /** The sections {@link TraceBreakdown} counts whole as metadata, framing included. */
    private static final Set<SectionType> METADATA = EnumSet.of(SectionType.PROPERTIES, SectionType.THREADS, SectionType.CODE, SectionType.CODE_INDEX, SectionType.CLOCK);

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
        long framing = TraceFormat.FILE_HEADER_BYTES; // the file header, then each trace section's header and CRC, CHUNK_END and END whole
        try (TraceReader r = TraceReader.open(file)) {
            assertThat(r.complete()).isTrue();
            assertThat(b.chunks()).isEqualTo(r.chunks().size());
            long end = r.size();
            for (List<Section> chunk : r.chunks()) {
                for (Section s : chunk) {
                    if (s.thread() >= 0) perThread++;
                    if (s.type() == SectionType.STREAM && s.stream() == StreamKinds.ADDRESSES) addressRaw += s.rawLength();
                    if (s.type() == SectionType.CHUNK_END) framing += s.fileBytes();
                    else if (!METADATA.contains(s.type())) framing += TraceFormat.SECTION_HEADER_BYTES + 4;
                }
                Section last = chunk.get(chunk.size() - 1);
                end = last.offset() + last.fileBytes();
            }
            for (Section s : r.trailer()) end = s.offset() + s.fileBytes();
            framing += r.size() - end; // END, the last section
        }
        assertThat(b.sections()).isEqualTo(perThread).isPositive();
        assertThat(b.addresses()).isPositive();
        assertThat(b.symbols()).isPositive();
        assertThat(b.control()).isPositive();
        assertThat(b.framing()).isEqualTo(framing);
        assertThat(b.addressList() + b.addressExceptions() + b.addressGrammars()).isEqualTo(addressRaw);
        assertThat(b.addressList()).isPositive();
        assertThat(b.addressGrammars()).isPositive();
    }
}
