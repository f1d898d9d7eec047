package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.reader.ParallelTrace;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The durability guarantee (docs/durability.md): with the default configuration, a recording
 * killed with SIGKILL at a moment it did not choose keeps every event recorded more than
 * {@link #BOUND_NANOS} before the kill, also those of a thread that blocked for good. A real JVM
 * records without checkpoints and reports its progress on stdout; this test notes when it read
 * each report, kills the process, and checks that every report read at least the bound before the
 * kill is covered by the trace. Reports are read after they were printed, so the check is on the
 * safe side.
 */
class RecorderTimeBoundKillTest {
    /** The documented bound: every event older than 2 s survives. */
    static final long BOUND_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** When to kill, after the child's first report: long enough for several chunks. */
    static final long KILL_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(4_500);

    @TempDir
    Path dir;

    @Test
    void aKillKeepsEveryEventOlderThanTheBound() throws Exception {
        Path file = dir.resolve("killed.wtrace");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), TimedRecording.class.getName(), file.toString())
                .redirectErrorStream(true).start();
        List<long[]> reports = new ArrayList<>(); // (read at, events recorded by then)
        long blockedReportedAt = -1;
        long killedAt;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            long first = -1;
            String line;
            while (true) {
                line = out.readLine();
                if (line == null) throw new AssertionError("the recording process ended by itself");
                long now = System.nanoTime();
                if (line.equals("blocked")) {
                    blockedReportedAt = now;
                } else if (line.startsWith("busy ")) {
                    reports.add(new long[] {now, Long.parseLong(line.substring(5))});
                    if (first < 0) first = now;
                } else {
                    throw new AssertionError("recording process said: " + line);
                }
                if (first >= 0 && now - first >= KILL_AFTER_NANOS) break;
            }
            killedAt = System.nanoTime();
            p.destroyForcibly(); // SIGKILL: no close, no last chunk
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }

        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isFalse();
        long busy = -1;
        long blocked = -1;
        for (int t = 0; t < trace.threads().size(); t++) {
            String name = trace.threads().get(t).name();
            long events = trace.thread(t).eventCount() - 1; // without the begin
            if (name.equals("busy")) busy = events;
            if (name.equals("blocked")) blocked = events;
        }
        long due = 0; // events reported at least the bound before the kill
        for (long[] r : reports) if (killedAt - r[0] >= BOUND_NANOS) due = Math.max(due, r[1]);
        assertThat(due).as("reports older than the bound (the child must have run long enough)").isPositive();
        assertThat(busy).as("events of the busy thread kept; %d were reported at least 2 s before the kill", due).isGreaterThanOrEqualTo(due);
        assertThat(blockedReportedAt).as("the blocked thread reported").isPositive();
        assertThat(killedAt - blockedReportedAt).isGreaterThan(BOUND_NANOS);
        assertThat(blocked).as("events of the thread that blocked for good").isEqualTo(TimedRecording.BLOCKED_EVENTS);
    }
}
