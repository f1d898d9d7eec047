package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The benchmark files (markdown and CSV) of fixed measurements stay byte for byte what they were:
 * how they are written may change, what they contain may not without a reason. The expected files
 * are in src/test/resources/report-files; with -Dreport.files.write=DIR the tests write what they
 * get there instead (to refresh them after an intended change).
 */
public final class ReportFiles {
    /** A machine that never changes, for the files' header. */
    public static final Machine MACHINE = new Machine(2, "Test CPU @ 2.0GHz", 8L << 30, "OpenJDK 17.0.1", "Linux 6.1", "2026-01-02 03:04",
            "valgrind-3.22.0");

    private ReportFiles() {}

    /** Checks (or writes) {@code name}.md and {@code name}.csv. */
    public static void expect(String name, String markdown, String csv) throws IOException {
        String write = System.getProperty("report.files.write");
        if (write != null) {
            Files.writeString(Path.of(write, name + ".md"), markdown, StandardCharsets.UTF_8);
            Files.writeString(Path.of(write, name + ".csv"), csv, StandardCharsets.UTF_8);
            return;
        }
        assertThat(markdown).as(name + ".md").isEqualTo(resource(name + ".md"));
        assertThat(csv).as(name + ".csv").isEqualTo(resource(name + ".csv"));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ReportFiles.class.getResourceAsStream("/report-files/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
