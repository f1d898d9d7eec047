package dev.wholetrace.cli;

import static dev.wholetrace.cli.CliAddressCopiesTest.V17_BUILD;
import static dev.wholetrace.cli.CliAddressCopiesTest.answers;
import static dev.wholetrace.cli.CliAddressCopiesTest.ok;
import static dev.wholetrace.cli.CliAddressCopiesTest.withoutFirstLine;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Format 20 (docs/trace-format.md, "Versions"): no stored sync counts, and compact framing (a pack's
 * directory, CHUNK_END's table of contents, END's chunk offsets). The fixture src/test/resources/addresses/v19-water-cdr.wtrace is the
 * version-19 build's {@code recompress v18-water-cdr.wtrace --chunk-events 4194304 --grammar repair
 * --addresses predictive} (session 49); it and its version-20 rewrite must print what the version-17
 * build printed for the recording they come from ({@link CliAddressCopiesTest}), and a table of contents
 * that disagrees with the sections is one line and exit 2.
 */
class CliCompactFramingTest {
    @TempDir
    Path dir;

    private Path fixture() throws IOException {
        Path f = dir.resolve("v19-water-cdr.wtrace");
        try (InputStream in = CliCompactFramingTest.class.getClassLoader().getResourceAsStream("addresses/v19-water-cdr.wtrace")) {
            if (in == null) throw new IOException("missing test resource addresses/v19-water-cdr.wtrace");
            Files.copy(in, f);
        }
        return f;
    }

    @Test
    void theVersion19FixtureAndItsVersion20RewriteAnswerAlikeAndTheRewriteHasNoSyncCounts() throws Exception {
        Path v19 = fixture();
        assertThat(ok("verify", v19.toString()).out()).contains("valid trace, version 19, cdr");
        assertThat(answers(v19)).as("the version-19 fixture").isEqualTo(V17_BUILD);
        Path v20 = dir.resolve("v20.wtrace");
        ok("recompress", v19.toString(), "-o", v20.toString(), "--chunk-events", "4194304", "--grammar", "repair", "--addresses", "predictive");
        assertThat(ok("verify", v20.toString()).out()).contains("valid trace, version " + TraceFormat.VERSION + ", cdr");
        assertThat(answers(v20)).as("its rewrite").isEqualTo(V17_BUILD);
        for (String command : new String[] {"races", "deps"}) {
            assertThat(withoutFirstLine(ok(command, v20.toString()).out())).as(command).isEqualTo(withoutFirstLine(ok(command, v19.toString()).out()));
        }
        assertThat(types(v19)).contains(SectionType.SYNC_COUNTS);
        assertThat(types(v20)).as("sync counts are computed, not stored").doesNotContain(SectionType.SYNC_COUNTS);
        assertThat(Files.size(v20)).as("the sync counts and the framing saved").isLessThan(Files.size(v19) - 30);
        Path copied = dir.resolve("copied.wtrace"); // a re-pack that copies sections keeps the file's version
        ok("recompress", v19.toString(), "-o", copied.toString());
        assertThat(ok("verify", copied.toString()).out()).contains("valid trace, version 19, cdr");
    }

    /** A version-20 table of contents whose last gap is not 0, its CRC made to agree: it names no section there. */
    @Test
    void aTableOfContentsThatDisagreesIsOneLineAndExit2() throws Exception {
        Path v20 = dir.resolve("v20.wtrace");
        ok("recompress", fixture().toString(), "-o", v20.toString(), "--chunk-events", "4194304", "--grammar", "repair", "--addresses", "predictive");
        byte[] b = Files.readAllBytes(v20);
        int at = TraceFormat.FILE_HEADER_BYTES;
        while (b[at] != SectionType.CHUNK_END.id) at += TraceFormat.SECTION_HEADER_BYTES + stored(b, at) + 4;
        int payload = at + TraceFormat.SECTION_HEADER_BYTES;
        int n = stored(b, at);
        assertThat(b[payload + n - 1]).as("the PACK's gap after the previous section").isZero();
        b[payload + n - 1] = 1;
        CRC32 c = new CRC32();
        c.update(b, payload, n);
        ByteBuffer.wrap(b, payload + n, 4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) c.getValue());
        CliRawLzma2Test.assertOneLineExit2(dir, b, "table of contents disagrees");
    }

    private static java.util.Set<SectionType> types(Path f) throws Exception {
        java.util.Set<SectionType> out = java.util.EnumSet.noneOf(SectionType.class);
        try (TraceReader r = TraceReader.open(f)) {
            for (List<Section> chunk : r.chunks()) for (Section s : chunk) out.add(s.type());
        }
        return out;
    }

    private static int stored(byte[] file, int at) {
        return ByteBuffer.wrap(file, at + 16, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }
}
