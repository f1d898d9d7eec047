package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording the agent stopped before the program ended (an internal error: the agent says so once on
 * stderr and lets the program run on) is a complete file that lacks the rest of the run: the trace says
 * so, and every command that reads it warns, as for a recording that did not finish.
 */
class CliStoppedEarlyTest {
    @TempDir
    Path dir;

    @Test
    void aTraceWhoseAgentStoppedEarlyIsSaidToLackItsLaterEvents() throws Exception {
        Path trace = dir.resolve("stopped.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(trace, RecorderConfig.defaults(TraceMode.COR))) {
            rec.thread().block(1);
            rec.stoppedEarly("internal error: java.lang.IllegalStateException: a probe ran while its thread registered");
        }
        Cli stats = Cli.run("stats", trace.toString());
        assertThat(stats.exit()).as(stats.toString()).isZero();
        assertThat(stats.out()).contains("status      complete")
                .contains("stopped     the agent stopped recording before the program ended (internal error: java.lang.IllegalStateException");
        assertThat(stats.errLines()).singleElement().asString().contains("the agent stopped recording before the program ended")
                .contains("later events are missing");
        Cli json = Cli.run("stats", trace.toString(), "--format", "json");
        assertThat(json.out()).contains("\"stoppedEarly\":\"internal error: java.lang.IllegalStateException");

        Path whole = dir.resolve("whole.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(whole, RecorderConfig.defaults(TraceMode.COR))) {
            rec.thread().block(1);
        }
        Cli fine = Cli.run("stats", whole.toString());
        assertThat(fine.out()).doesNotContain("stopped ");
        assertThat(fine.errLines()).isEmpty();
    }
}
