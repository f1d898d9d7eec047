package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's second part: the FFT kernel recorded under the agent (agent and workloads jars from the
 * reactor build), summarised, one segment.
 */
class CliTraceDemoTest {
    @TempDir
    Path dir;

    @Test
    void recordsTheFftKernelAndShowsASegment() throws Exception {
        Path keep = dir.resolve("kept");
        Cli r = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> Cli.run("demo", "--blocks", "1000", "--grid", "8", "--sweeps", "1", "--fft-size", "8", "--threads", "3",
                        "--keep", keep.toString()));
        assertThat(r.exit()).as(r.toString()).isZero();
        String out = r.out();
        assertThat(out).containsPattern("fft m=8 points=256 matrix=16x16 steps=1 inverse-error=\\S+ parseval-error=\\S+ checksum=\\S+")
                .contains("Trace of the FFT kernel, 2^8 points, 3 threads, CDR mode:")
                .containsPattern("events   \\d+ in 4 threads \\(blocks \\d+, loads \\d+, stores \\d+, sync \\d+\\)");
        Path trace = keep.resolve("fft.wtrace");
        ParallelTrace t = ParallelTrace.open(trace);
        assertThat(t.complete()).isTrue();
        // FFT itself takes no lock; the JDK's own synchronized Hashtable/Vector/StringBuffer uses on the way are
        // recorded as their monitors (docs/agent.md): the demo reports the pairs the trace holds
        var order = t.syncOrder();
        long locks = java.util.stream.IntStream.range(0, order.size()).filter(i -> order.kind(i) == dev.wholetrace.model.event.SyncKind.LOCK).count();
        assertThat(out).contains("S_synch  " + order.size() + " entries: " + order.barrierEpisodes() + " barrier episodes, " + locks + " lock/unlock pairs");
        assertThat(t.syncOrder().barrierEpisodes()).isGreaterThanOrEqualTo(10); // forward and inverse FFT1D, five barriers each
        assertThat(out).contains("  races    none: every conflicting pair of accesses is ordered by the barriers");
        long size = Files.size(trace);
        assertThat(out).containsPattern("file     " + size + " bytes \\([^)]+\\) = [0-9.]+% of raw: WPP \\d+, data \\d+, S_synch \\d+, synch_cnt \\d+, other \\d+");
        assertThat(out).contains("segment  thread 1 (fft-", "), sync ops 2..3: events ");
        // the segment shown is what 'segment' prints (the demo shows at most 6 of its events)
        var seg = Cli.run("segment", trace.toString(), "--thread", "1", "2", "3").out().lines().toList();
        for (String line : seg.subList(0, Math.min(seg.size(), 7))) assertThat(out).contains(line);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("warning");
    }
}
