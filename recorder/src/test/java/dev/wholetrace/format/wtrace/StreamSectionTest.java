package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Version 2's generic STREAM sections: every stream kind of the mode has one, named in the
 * header; a header that names an unknown kind, a kind the mode does not keep, or a section type
 * of version 1 is a corrupt file even when its CRCs are right.
 */
class StreamSectionTest {
    @TempDir
    Path dir;

    @Test
    void eachModeWritesAStreamSectionPerKindItKeeps() throws Exception {
        for (TraceMode mode : TraceMode.values()) {
            CheckpointedTrace rec = CheckpointedTrace.record(dir.resolve(mode.label() + ".wtrace"), mode, Codec.NONE, 1, 0, 12);
            List<StreamKind> kinds = new ArrayList<>();
            for (Section s : sections(rec.file)) {
                if (s.type() == SectionType.STREAM && !kinds.contains(s.stream())) kinds.add(s.stream());
                assertThat(s.type().inVersion(1) && !s.type().inVersion(2)).as("%s is a version-1 section", s.describe()).isFalse();
            }
            assertThat(kinds).as(mode.label()).containsExactlyElementsOf(mode.kinds);
        }
    }

    @Test
    void aHeaderNamingAnUnknownOrUnkeptKindOrAVersion1TypeIsCorrupt() throws Exception {
        CheckpointedTrace rec = CheckpointedTrace.record(dir.resolve("cdr.wtrace"), TraceMode.CDR, Codec.NONE, 1, 0, 12);
        Section addresses = sections(rec.file).stream().filter(s -> s.stream() == StreamKinds.ADDRESSES).findFirst().orElseThrow();
        assertThat(openFails(rewrite(rec.file, addresses, SectionType.STREAM.id, 200))).contains("unknown stream kind 200");
        assertThat(openFails(rewrite(rec.file, addresses, SectionType.STREAM.id, StreamKinds.DATA.id())))
                .contains("STREAM (data) section of thread 0 in chunk 0", "does not keep");
        assertThat(openFails(rewrite(rec.file, addresses, SectionType.STREAMS.id, 0))).contains("unknown section type 7");
    }

    private static List<Section> sections(Path file) throws Exception {
        List<Section> out = new ArrayList<>();
        try (TraceReader r = TraceReader.open(file)) {
            for (List<Section> chunk : r.chunks()) out.addAll(chunk);
        }
        return out;
    }

    /** A copy of the file with the section's type and stream kind bytes replaced, its header CRC made right again. */
    private Path rewrite(Path file, Section s, int type, int kind) throws Exception {
        byte[] b = Files.readAllBytes(file);
        int at = (int) s.offset();
        b[at] = (byte) type;
        b[at + 2] = (byte) kind;
        ByteBuffer.wrap(b, at + 20, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(TraceFormat.crc(b, at, 20));
        return Files.write(dir.resolve("bad.wtrace"), b);
    }

    private static String openFails(Path file) {
        Throwable t = catchThrowable(() -> ParallelTrace.open(file));
        assertThat(t).isInstanceOf(FormatException.class);
        return t.getMessage();
    }
}
