package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.model.event.StreamKinds;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Format 18's copied address streams (docs/trace-format.md, "Address streams"). The fixture
 * src/test/resources/addresses/v17-water-cdr.wtrace is a version-17 file made by the version-17 build
 * (session 47): {@code Workload water 2 8 1} recorded under the agent in CDR, then {@code recompress
 * --chunk-events 4194304 --grammar repair --addresses predictive}. The digests below are of what that
 * build printed for it ({@code dump --thread T}, {@code segment --thread 1 FILE 3 9}); this build must
 * print the same for the file and for its rewrite in version 18, which stores copies.
 */
class CliAddressCopiesTest {
    /** SHA-256 of the version-17 build's {@code dump FILE --thread 0, 1, 2}, then of {@code segment --thread 1 FILE 3 9}. */
    static final List<String> V17_BUILD = List.of(
            "94e025f15e4b4dc38fe0870cf6f180376fd92e5cfb17c6cc6c9bd0b82ad55c01",
            "b185d35a820e8c97b9a1d842f7715b00c18c4e7e1bdf6b903ea953bde0278d07",
            "fbab26b9bb280226fbf8fca2fc4ed4a7f6d73793a31b378a3cb25da5905f3574",
            "711aff466dbe667204a5563a3cf5d0eb5c0f192de726bcd0f3c76778495712e5");

    @TempDir
    Path dir;

    @Test
    void version17FileAndItsVersion18RewriteReadAsTheVersion17BuildReadIt() throws Exception {
        Path v17 = dir.resolve("v17-water-cdr.wtrace");
        try (InputStream in = CliAddressCopiesTest.class.getClassLoader().getResourceAsStream("addresses/v17-water-cdr.wtrace")) {
            if (in == null) throw new IOException("missing test resource addresses/v17-water-cdr.wtrace");
            Files.copy(in, v17);
        }
        Path v18 = dir.resolve("v18.wtrace");
        ok("recompress", v17.toString(), "-o", v18.toString(), "--chunk-events", "4194304", "--grammar", "repair", "--addresses", "predictive");
        assertThat(ok("verify", v17.toString()).out()).contains("valid trace, version 17, cdr");
        assertThat(ok("verify", v18.toString()).out()).contains("valid trace, version " + TraceFormat.VERSION + ", cdr");
        assertThat(answers(v17)).as("the version-17 file").isEqualTo(V17_BUILD);
        assertThat(answers(v18)).as("its rewrite").isEqualTo(V17_BUILD);
        for (String command : new String[] {"races", "deps"}) { // the analyses over every stream, copies included: the same answers
            assertThat(withoutFirstLine(ok(command, v18.toString()).out())).as(command).isEqualTo(withoutFirstLine(ok(command, v17.toString()).out()));
        }
        assertThat(ok("stats", v18.toString()).out()).contains("status      complete");
        assertThat(copies(v17)).as("version 17 has no copy list").isZero();
        assertThat(copies(v18)).as("the rewrite stores the workers' equal streams as copies").isGreaterThan(10);
        assertThat(Files.size(v18)).isLessThan(Files.size(v17));
    }

    static List<String> answers(Path f) throws Exception {
        return List.of(digest(ok("dump", f.toString(), "--thread", "0").out()), digest(ok("dump", f.toString(), "--thread", "1").out()),
                digest(ok("dump", f.toString(), "--thread", "2").out()), digest(ok("segment", "--thread", "1", f.toString(), "3", "9").out()));
    }

    /** Streams stored as copies in the file's address sections (format 18's copy list: a nonzero distance, then a terminal). */
    private static int copies(Path f) throws Exception {
        int n = 0;
        try (TraceReader r = TraceReader.open(f)) {
            if (r.version() < TraceFormat.ADDRESS_COPIES_SINCE) return 0;
            for (List<Section> chunk : r.chunks()) {
                for (Section s : chunk) {
                    if (s.type() != SectionType.STREAM || s.stream() != StreamKinds.ADDRESSES) continue;
                    VarIntReader in = new VarIntReader(r.payload(s), s.describe());
                    long streams = in.readVarLong("streams");
                    for (long i = 0; i < streams; i++) in.readVarLong("instruction");
                    for (long i = 0; i < streams; i++) {
                        if (in.readVarLong("copy distance") == 0) continue;
                        in.readSignedVarLong("first terminal");
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /** A command's output without its first line, which names the file and the time taken. */
    static String withoutFirstLine(String out) {
        return out.substring(out.indexOf('\n') + 1);
    }

    private static String digest(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    static Cli ok(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return r;
    }
}
