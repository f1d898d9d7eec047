package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export --format chrome|perfetto} from the command line: files written, the bound said on
 * standard error and in the file, bad input one line with exit 2 (the formats themselves are read
 * back by their schemas in report's TimelineFormatsTest).
 */
class CliExportTimelineTest {
    @TempDir
    static Path dir;
    static Path sor;

    @BeforeAll
    static void record() throws Exception {
        sor = Traces.sor(dir.resolve("sor.wtrace"), TraceMode.COR, 18, 2); // COR: the timeline needs no addresses
    }

    @Test
    void chromeJsonHasEveryThreadAndEverySyncOperation() throws Exception {
        Path out = dir.resolve("sor.json");
        Cli r = Cli.run("export", sor.toString(), "--format", "chrome", "-o", out.toString(), "--force");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).doesNotContain("aggregated");
        JsonNode root = new ObjectMapper().readTree(out.toFile());
        ParallelTrace trace = ParallelTrace.open(sor);
        long threadNames = 0, ops = 0;
        for (JsonNode e : root.get("traceEvents")) {
            if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("thread_name")) threadNames++;
            if (e.get("ph").asText().equals("B") && e.get("cat").asText().equals("sync")) {
                ops++;
                // the recording's clock: each operation's time as an argument, from its ticket
                long ticket = e.get("args").get("ticket").asLong();
                assertThat(e.get("args").get("clock_us").asLong()).as("operation with ticket %d", ticket)
                        .isEqualTo(trace.clock().nanos(ticket) / 1000)
                        .isBetween(e.get("args").get("clock_earliest_us").asLong(), e.get("args").get("clock_latest_us").asLong());
                assertThat(e.get("args").get("clock_earliest_us").asLong()).isEqualTo(trace.clock().earliest(ticket) / 1000);
                assertThat(e.get("args").get("clock_latest_us").asLong()).isEqualTo(trace.clock().latest(ticket) / 1000);
            }
        }
        assertThat(trace.clock().known()).isTrue();
        assertThat(threadNames).isEqualTo(trace.threadCount());
        assertThat(ops).isEqualTo(trace.syncOrder().size());
        assertThat(root.get("otherData").get("aggregated").asBoolean()).isFalse();
    }

    @Test
    void aboveMaxOpsTheTimelineIsAggregatedAndStandardErrorSaysSo() throws Exception {
        Path out = dir.resolve("sor-small.pftrace");
        Cli r = Cli.run("export", sor.toString(), "--format", "perfetto", "-o", out.toString(), "--max-ops", "10", "--force");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.errLines()).singleElement().asString().contains("more than --max-ops 10").contains("aggregated into bins of");
        assertThat(Files.size(out)).isPositive();
        Path json = dir.resolve("sor-small.json");
        Cli c = Cli.run("export", sor.toString(), "--format", "chrome", "-o", json.toString(), "--max-ops", "10", "--force");
        assertThat(c.exit()).as(c.toString()).isZero();
        assertThat(new ObjectMapper().readTree(json.toFile()).get("otherData").get("aggregated").asBoolean()).isTrue();
    }

    @Test
    void fromAndToDrawAWindowOfTheSyncOrder() throws Exception {
        for (String[] limit : new String[][] {{}, {"--max-ops", "5"}}) { // drawn one by one, and aggregated
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("export", sor.toString(), "--format", "chrome", "--from", "10", "--to", "29"));
            args.addAll(java.util.List.of(limit));
            Cli r = Cli.run(args);
            assertThat(r.exit()).as(r.toString()).isZero();
            JsonNode root = new ObjectMapper().readTree(r.out());
            assertThat(root.get("otherData").get("windowFrom").asLong()).isEqualTo(10);
            assertThat(root.get("otherData").get("windowTo").asLong()).isEqualTo(29);
            long ops = 0;
            for (JsonNode e : root.get("traceEvents")) {
                if (!e.get("ph").asText().equals("B")) continue;
                if (e.get("cat").asText().equals("sync")) {
                    assertThat(e.get("args").get("order").asLong()).isBetween(10L, 29L);
                    ops++;
                } else if (e.get("cat").asText().equals("aggregate")) {
                    ops += e.get("args").get("sync operations").asLong();
                }
            }
            assertThat(ops).isEqualTo(20);
        }
        Cli outside = Cli.run("export", sor.toString(), "--format", "chrome", "--from", "100000000");
        assertThat(outside.exit()).isEqualTo(2);
        assertThat(outside.errLines()).singleElement().asString().contains("lies outside the trace's sync order");
        Cli backwards = Cli.run("export", sor.toString(), "--format", "chrome", "--from", "5", "--to", "4");
        assertThat(backwards.exit()).isEqualTo(2);
        assertThat(backwards.errLines()).singleElement().asString().contains("--to 4 is before --from 5");
    }

    @Test
    void theClockAxisDrawsEachOperationAtItsRecordedTimeOrJustAfterThePreviousOne() throws Exception {
        ParallelTrace trace = ParallelTrace.open(sor);
        Cli r = Cli.run("export", sor.toString(), "--format", "chrome", "--axis", "clock");
        assertThat(r.exit()).as(r.toString()).isZero();
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.get("otherData").get("timeAxis").asText()).contains("recording's clock");
        double previous = -1;
        long ops = 0, atTheirTime = 0;
        for (JsonNode e : root.get("traceEvents")) {
            if (!e.get("ph").asText().equals("B") || !e.get("cat").asText().equals("sync")) continue;
            double ts = e.get("ts").asDouble(); // µs
            long recordedNs = trace.clock().nanos(e.get("args").get("ticket").asLong());
            // never before its recorded time, at least 1 µs after the previous operation, and at its time unless that was too close
            assertThat(ts * 1000).isGreaterThanOrEqualTo(recordedNs + 400 - 0.5);
            if (previous >= 0) assertThat(ts - previous).isGreaterThanOrEqualTo(1.0 - 1e-6);
            if (previous < 0 || recordedNs / 1000.0 >= previous + 1) {
                assertThat(ts * 1000).isCloseTo(recordedNs + 400, org.assertj.core.data.Offset.offset(1.0));
                atTheirTime++;
            }
            previous = ts;
            ops++;
        }
        assertThat(ops).isEqualTo(trace.syncOrder().size());
        assertThat(atTheirTime).isPositive();
        // the last operation is drawn no earlier than the clock's span says the recording ran before it
        assertThat(previous * 1000).isGreaterThanOrEqualTo(trace.clock().nanos(trace.syncOrder().ticket(trace.syncOrder().size() - 1)));
    }

    @Test
    void aWindowGivenInTimeIsTheOperationsTheClockPutsInIt() throws Exception {
        ParallelTrace trace = ParallelTrace.open(sor);
        int n = trace.syncOrder().size();
        long fromNs = trace.clock().nanos(trace.syncOrder().ticket(n / 4)), toNs = trace.clock().nanos(trace.syncOrder().ticket(n / 2));
        Cli r = Cli.run("export", sor.toString(), "--format", "chrome", "--from", fromNs + "ns", "--to", (toNs / 1000.0) + "us");
        assertThat(r.exit()).as(r.toString()).isZero();
        JsonNode data = new ObjectMapper().readTree(r.out()).get("otherData");
        long first = data.get("windowFrom").asLong(), last = data.get("windowTo").asLong();
        assertThat(first).isLessThanOrEqualTo(n / 4);
        assertThat(last).isGreaterThanOrEqualTo(n / 2);
        assertThat(trace.clock().nanos(trace.syncOrder().ticket((int) first))).isGreaterThanOrEqualTo(fromNs);
        if (first > 0) assertThat(trace.clock().nanos(trace.syncOrder().ticket((int) first - 1))).isLessThan(fromNs);
        assertThat(trace.clock().nanos(trace.syncOrder().ticket((int) last))).isLessThanOrEqualTo(toNs);
        if (last + 1 < n) assertThat(trace.clock().nanos(trace.syncOrder().ticket((int) last + 1))).isGreaterThan(toNs);

        Cli late = Cli.run("export", sor.toString(), "--format", "chrome", "--from", "1000s");
        assertThat(late.exit()).isEqualTo(2);
        assertThat(late.errLines()).singleElement().asString().contains("no sync operation in the window 1000.000000s..").contains("on the recording's clock");
        Cli unit = Cli.run("export", sor.toString(), "--format", "chrome", "--from", "3 weeks");
        assertThat(unit.exit()).isEqualTo(2);
        assertThat(unit.errLines()).singleElement().asString().contains("--from is an entry of the sync order (5000) or a time");
        Cli axis = Cli.run("export", sor.toString(), "--format", "chrome", "--axis", "wall");
        assertThat(axis.exit()).isEqualTo(2);
        assertThat(axis.errLines()).singleElement().asString().contains("--axis is order or clock, not wall");
        Cli std = Cli.run("export", sor.toString(), "--format", "std", "--axis", "clock");
        assertThat(std.exit()).isEqualTo(2);
        assertThat(std.errLines()).singleElement().asString().contains("--axis applies to the timeline formats");
    }

    @Test
    void chromeJsonGoesToStandardOutputWithoutO() throws Exception {
        Cli r = Cli.run("export", sor.toString(), "--format", "chrome", "--max-ops", "50");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(new ObjectMapper().readTree(r.out()).get("traceEvents").size()).isPositive();
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        Cli zero = Cli.run("export", sor.toString(), "--format", "chrome", "--max-ops", "0");
        assertThat(zero.exit()).isEqualTo(2);
        assertThat(zero.errLines()).singleElement().asString().contains("--max-ops must be at least 1");
        Cli binary = Cli.run("export", sor.toString(), "--format", "perfetto");
        assertThat(binary.exit()).isEqualTo(2);
        assertThat(binary.errLines()).singleElement().asString().contains("-o FILE");
        Cli std = Cli.run("export", sor.toString(), "--format", "std", "--max-ops", "5");
        assertThat(std.exit()).isEqualTo(2);
        assertThat(std.errLines()).singleElement().asString().contains("--max-ops applies to the timeline formats");
        Cli unknown = Cli.run("export", sor.toString(), "--format", "svg");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.errLines()).singleElement().asString().contains("unknown export format 'svg' (std, chrome, perfetto)");
        Cli missing = Cli.run("export", dir.resolve("nosuch.wtrace").toString(), "--format", "chrome");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.errLines()).hasSize(1);
    }

    @Test
    void helpListsTheFormatsWithExamples() {
        Cli r = Cli.run("export", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("chrome", "perfetto", "--max-ops", "--format perfetto -o run.pftrace", "--format chrome -o run.json");
    }
}
