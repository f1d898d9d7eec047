package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code races} and {@code export --format std} on a real program recorded under the agent
 * (wtdemo.RacyCounter: one racy counter, a disjoint array, a guarded field).
 */
class CliRacesTest {
    @TempDir
    static Path dir;
    static Path trace;

    @BeforeAll
    static void record() throws Exception {
        trace = dir.resolve("racy.wtrace");
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        List<String> cmd = new ArrayList<>(List.of(CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "record", "-o", trace.toString(), "--mode", "cdr", "--agent", agent.toString(), "--include", "wtdemo.*", "--",
                CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), "wtdemo.RacyCounter"));
        CliRecordTest.Run run = CliRecordTest.run(cmd, "");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEqualTo("done\n");
    }

    @Test
    void findsTheCounterRaceAndNothingElse() {
        Cli r = Cli.run("races", trace.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        // both workers run the same counter++ (one GETSTATIC, one PUTSTATIC): the pairs are read/write and write/write
        assertThat(r.out()).contains("2 apparent data races (pairs of instructions): 2 first, 0 artifacts").contains("RacyCounter.counter")
                .doesNotContain("int[]").doesNotContain("guarded");
        assertThat(r.out()).containsPattern("thread \\d \\([ab]\\) segment \\d+ and thread \\d \\([ab]\\) segment \\d+")
                .containsPattern("RacyCounter.work:\\d+ \\(bci \\d+\\)").doesNotContain("note:");
    }

    /** races counts racing access pairs, deps racy loads: for the one counter race two figures, each output saying which it is (session 45). */
    @Test
    void racesAndDepsSayWhatTheyCount() {
        Cli races = Cli.run("races", trace.toString());
        Cli deps = Cli.run("deps", trace.toString());
        assertThat(races.exit()).as(races.toString()).isZero();
        assertThat(deps.exit()).as(deps.toString()).isZero();
        assertThat(races.out()).contains("dynamic instances are racing access pairs: every access of one instruction paired with every access of the other",
                "'wholetrace deps' counts racy loads instead (each load once, with the store it read)");
        assertThat(deps.out()).contains("racy counts loads: each load that read another thread's store the synchronization does not order before it, once",
                "'wholetrace races' counts racing access pairs instead");
        java.util.regex.Matcher racy = java.util.regex.Pattern.compile("(?m)^  racy\\s+([\\d,]+)$").matcher(deps.out());
        assertThat(racy.find()).as(deps.out()).isTrue();
        @SuppressWarnings("unchecked") Map<String, Object> summary = (Map<String, Object>) ((Map<String, Object>) JsonText.parse(
                Cli.run("races", trace.toString(), "--format", "json").out())).get("summary");
        // each racy load and the store it read are one racing pair: never more racy loads than pairs
        assertThat(Long.parseLong(racy.group(1).replace(",", ""))).isPositive().isLessThanOrEqualTo(((Number) summary.get("dynamicInstances")).longValue());
        // and both commands' help say it
        assertThat(Cli.run("races", "--help").out().replaceAll("\\s+", " ")).contains("Counts: dynamic instances are racing access pairs");
        assertThat(Cli.run("deps", "--help").out().replaceAll("\\s+", " ")).contains("Counts: racy counts loads");
    }

    @Test
    void jsonHasOneEntryPerInstructionPair() {
        Cli r = Cli.run("races", trace.toString(), "--json", "--all-instances");
        assertThat(r.exit()).as(r.toString()).isZero();
        @SuppressWarnings("unchecked") Map<String, Object> json = (Map<String, Object>) JsonText.parse(r.out());
        @SuppressWarnings("unchecked") List<Map<String, Object>> races = (List<Map<String, Object>>) json.get("races");
        assertThat(races).hasSize(2);
        for (Map<String, Object> race : races) {
            @SuppressWarnings("unchecked") Map<String, Object> a = (Map<String, Object>) race.get("a");
            @SuppressWarnings("unchecked") Map<String, Object> b = (Map<String, Object>) race.get("b");
            assertThat(a.get("target")).isEqualTo("RacyCounter.counter");
            assertThat(b.get("target")).isEqualTo("RacyCounter.counter");
            assertThat(List.of(a.get("access"), b.get("access"))).contains("write");
            assertThat(a.get("class")).isEqualTo("wtdemo.RacyCounter");
            assertThat(((Number) race.get("count")).longValue()).isPositive();
            assertThat(race.get("artifactOf")).isNull();
            assertThat((List<?>) race.get("instances")).isNotEmpty();
        }
        @SuppressWarnings("unchecked") Map<String, Object> summary = (Map<String, Object>) json.get("summary");
        assertThat(((Number) summary.get("races")).intValue()).isEqualTo(2);
        assertThat(summary.get("artifactsClassified")).isEqualTo(true);
    }

    @Test
    void exportsRapidStd() throws Exception {
        Path std = dir.resolve("racy.std");
        Cli r = Cli.run("export", trace.toString(), "--format", "std", "-o", std.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        List<String> lines = Files.readAllLines(std);
        ParallelTrace t = ParallelTrace.open(trace);
        long accesses = 0;
        for (int i = 0; i < t.threads().size(); i++) {
            var c = dev.wholetrace.reader.EventCounts.of(t.thread(i));
            accesses += c.loads + c.stores;
        }
        assertThat(lines).allMatch(l -> l.matches("T\\d+\\|(r|w|acq|rel|fork|join)\\([A-Z]\\w*\\)\\|-?\\d+"));
        assertThat(lines.stream().filter(l -> l.contains("|r(") || l.contains("|w(")).count()).isEqualTo(accesses);
        assertThat(lines).filteredOn(l -> l.startsWith("T0|fork(")).hasSize(2);
        assertThat(lines).filteredOn(l -> l.startsWith("T0|join(")).hasSize(2);
        // each acq of a lock is followed, in its own thread, by the rel of the same lock before the lock is taken again
        Map<String, String> holder = new java.util.HashMap<>();
        for (String l : lines) {
            String[] f = l.split("\\|");
            if (f[1].startsWith("acq(")) assertThat(holder.put(f[1].substring(4), f[0])).as(l).isNull();
            if (f[1].startsWith("rel(")) assertThat(holder.remove(f[1].substring(4))).as(l).isEqualTo(f[0]);
        }
    }

    @Test
    void aControlOnlyTraceIsBadInput() throws Exception {
        Path cor = dir.resolve("cor.wtrace");
        try (var rec = dev.wholetrace.recorder.TraceRecorder.open(cor,
                dev.wholetrace.recorder.RecorderConfig.defaults(dev.wholetrace.model.event.TraceMode.COR))) {
            rec.thread().block(1);
        }
        for (Cli r : List.of(Cli.run("races", cor.toString()), Cli.run("export", cor.toString(), "--format", "std"))) {
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.errLines()).singleElement().asString().contains("CDR or ALL");
        }
        Cli bad = Cli.run("export", trace.toString(), "--format", "csv");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.errLines()).singleElement().asString().contains("unknown export format 'csv'");
    }
}
