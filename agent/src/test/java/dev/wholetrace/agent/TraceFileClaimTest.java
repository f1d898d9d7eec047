package dev.wholetrace.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording holds its trace file; a second claim of a held file (here from the same JVM, as a
 * forked child's would be from another) gets NAME-PID and says so; a file nobody holds is replaced
 * with a note. RecordForkedJvmsTest does the same across real JVMs.
 */
class TraceFileClaimTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String err() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aHeldFileIsNotClaimedTwice() throws IOException {
        Path run = dir.resolve("run.wtrace");
        try (TraceFileClaim first = TraceFileClaim.claim(run, 11, err)) {
            assertThat(first.path()).isEqualTo(run);
            assertThat(err()).isEmpty();
            try (TraceFileClaim second = TraceFileClaim.claim(run, 22, err)) {
                assertThat(second.path()).isEqualTo(dir.resolve("run-22.wtrace"));
                assertThat(err()).isEqualTo("wholetrace agent: " + run + " is being recorded by another JVM; this one (pid 22) records into "
                        + dir.resolve("run-22.wtrace") + System.lineSeparator());
                assertThatThrownBy(() -> TraceFileClaim.claim(run, 22, err)).isInstanceOf(IOException.class)
                        .hasMessageContaining("both being recorded");
            }
        }
    }

    @Test
    void aFileNobodyHoldsIsReplacedWithANote() throws IOException {
        Path run = dir.resolve("old.wtrace");
        Files.writeString(run, "a trace of an earlier run");
        try (TraceFileClaim claim = TraceFileClaim.claim(run, 11, err)) {
            assertThat(claim.path()).isEqualTo(run);
        }
        assertThat(err()).isEqualTo("wholetrace agent: replacing " + run + " (a trace no running JVM holds)" + System.lineSeparator());
        // released: claimed again as it is
        try (TraceFileClaim again = TraceFileClaim.claim(run, 12, err)) {
            assertThat(again.path()).isEqualTo(run);
        }
    }

    @Test
    void thePidGoesBeforeTheExtension() {
        assertThat(TraceFileClaim.withPid(Path.of("/t/run.wtrace"), 7)).isEqualTo(Path.of("/t/run-7.wtrace"));
        assertThat(TraceFileClaim.withPid(Path.of("/t/run"), 7)).isEqualTo(Path.of("/t/run-7"));
        assertThat(TraceFileClaim.withPid(Path.of("a.b.wtrace"), 7)).isEqualTo(Path.of("a.b-7.wtrace"));
    }
}
