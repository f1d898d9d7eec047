package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.AgentOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --events N} of {@code record}, {@code workload} and {@code demo}: the agent option
 * {@code events=N} (chunks sealed by event count, no time bound), which until session 45 only a
 * {@code -javaagent} line could give; a bad N is one line and exit 2 before anything runs. And the
 * agent's own bounds on {@code events} and {@code interval}: one line, and the program runs untraced.
 */
class CliChunkEventsTest {
    static final Path AGENT = CliWorkloadTest.AGENT;

    @TempDir
    Path dir;

    @Test
    void workloadRecordsWithChunksSealedByEvents() throws Exception {
        // Chunks are cut between buffers, and since counted loops (session 49) one buffer word of a
        // tight loop stands for up to 65,535 blocks: SOR 64 x 20 steps filled less than one buffer per
        // thread and gave one or two chunks by timing. Mp3d's irregular particle moves fill several.
        Path file = dir.resolve("mp3d.wtrace");
        Cli r = Cli.run("workload", "mp3d", "--threads", "2", "--size", "2000", "--steps", "40", "-o", file.toString(), "--mode", "strata",
                "--events", "2000", "--agent", AGENT.toString(), "--workloads", CliWorkloadTest.WORKLOADS.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.properties().get("agent.options")).contains(",events=2000").doesNotContain("interval=");
        assertThat(trace.chunkCount()).as("chunks of about 2000 events (a STRATA recording keeps its chunks at the re-pack)").isGreaterThan(1);
    }

    @Test
    void recordPassesEventsToTheAgent() throws Exception {
        Path file = dir.resolve("racy.wtrace");
        List<String> cmd = new ArrayList<>(List.of(CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "record", "-o", file.toString(), "--mode", "strata", "--events", "5000", "--agent", AGENT.toString(), "--include", "wtdemo.*", "--",
                CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), "wtdemo.RacyCounter"));
        CliRecordTest.Run run = CliRecordTest.run(cmd, "");
        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(ParallelTrace.open(file).properties().get("agent.options")).contains(",events=5000");
    }

    @Test
    void badEventsAreOneLineAndExitCode2BeforeAnythingRuns() {
        Path never = dir.resolve("never.wtrace");
        Cli record = Cli.run("record", "-o", never.toString(), "--events", "0", "--agent", AGENT.toString(), "--", CliRecordTest.java(), "-version");
        assertThat(record.exit()).isEqualTo(2);
        assertThat(record.errLines()).singleElement().asString().startsWith("wholetrace: ").contains("events must be at least 1");
        Cli huge = Cli.run("record", "-o", never.toString(), "--events", String.valueOf(AgentOptions.MAX_CHUNK_EVENTS + 1), "--agent",
                AGENT.toString(), "--", CliRecordTest.java(), "-version");
        assertThat(huge.exit()).isEqualTo(2);
        assertThat(huge.errLines()).singleElement().asString().contains("events must be at most");
        Cli word = Cli.run("record", "-o", never.toString(), "--events", "4M", "--", CliRecordTest.java(), "-version");
        assertThat(word.exit()).isEqualTo(2);
        assertThat(word.errLines()).hasSize(1);
        Cli workload = Cli.run("workload", "sor", "--events", "1000", "--agent", AGENT.toString(), "--workloads", CliWorkloadTest.WORKLOADS.toString());
        assertThat(workload.exit()).isEqualTo(2);
        assertThat(workload.errLines()).singleElement().asString().contains("--events needs -o");
        Cli demo = Cli.run("demo", "--events", "0");
        assertThat(demo.exit()).isEqualTo(2);
        assertThat(demo.errLines()).singleElement().asString().contains("events must be at least 1");
        assertThat(never).doesNotExist();
    }

    @Test
    void helpShowsTheOptionWithAnExample() {
        for (String command : new String[] {"record", "workload", "demo"}) {
            Cli help = Cli.run(command, "--help");
            assertThat(help.exit()).isZero();
            assertThat(help.out()).as(command).contains("--events=N", " --events ");
        }
    }

    /** An interval past a year, events past 2^62: the agent says so in one line and the program runs untraced. */
    @Test
    void theAgentRefusesOutOfRangeOptionsInOneLine() throws Exception {
        for (String option : new String[] {"interval=99999999999999", "events=9223372036854775807"}) {
            Path err = dir.resolve("err.txt");
            Path trace = dir.resolve("never.wtrace");
            Process p = new ProcessBuilder(CliRecordTest.java(), "-javaagent:" + AGENT + "=out=" + trace + "," + option, "-cp",
                    System.getProperty("java.class.path"), "wtdemo.ForkingParent", "child").redirectError(err.toFile()).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(option).isZero();
            assertThat(out).as(option).isEqualTo("child" + System.lineSeparator());
            assertThat(Files.readAllLines(err)).as(option).singleElement().asString().startsWith("wholetrace agent: not recording: ")
                    .contains("must be at most");
            assertThat(trace).as(option).doesNotExist();
        }
    }
}
