package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording process killed with SIGKILL (no shutdown hook, no close) leaves a file that reads
 * back as exactly the events of its complete chunks: here a real JVM, not a truncated copy.
 */
class RecorderKillTest {
    @TempDir
    Path dir;

    @Test
    void aKilledRecorderLeavesItsCompleteChunks() throws Exception {
        Path file = dir.resolve("killed.wtrace");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), KilledRecording.class.getName(),
                file.toString()).redirectErrorStream(true).start();
        long confirmed = 0;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (!line.startsWith("chunk ")) throw new AssertionError("recording process said: " + line);
                confirmed = Long.parseLong(line.substring(6));
                if (confirmed >= 4L * KilledRecording.EVENTS_PER_CHUNK) break;
            }
            p.destroyForcibly(); // SIGKILL: the recorder gets no chance to finish anything
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(confirmed).as("chunks the process confirmed before it was killed").isGreaterThanOrEqualTo(4L * KilledRecording.EVENTS_PER_CHUNK);

        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isFalse();
        ThreadTrace t = trace.thread(0);
        // Every confirmed checkpoint is on disk; later chunks may be too, but nothing half-written.
        long n = t.eventCount() - 1; // without the thread's begin
        assertThat(n).isGreaterThanOrEqualTo(confirmed).isEqualTo(n / KilledRecording.EVENTS_PER_CHUNK * KilledRecording.EVENTS_PER_CHUNK);
        List<Event> got = new ArrayList<>();
        for (Iterator<Event> it = t.events(); it.hasNext(); ) got.add(it.next());
        assertThat(got.get(0).kind()).isEqualTo(SyncKind.THREAD_BEGIN);
        assertThat(got.subList(1, got.size())).isEqualTo(KilledRecording.prefix(n));
    }
}
