package dev.wholetrace.bench.races;

import dev.wholetrace.bench.Charts;
import dev.wholetrace.bench.Machine;
import java.util.List;
import java.util.Locale;

/** races.md and races.csv. */
final class RacesReport {
    private final Machine machine;
    private final boolean quick;
    private final List<RacesCommand.KernelRow> rows;
    private final List<RacesCommand.SuiteRow> suite;
    private final double seconds;

    RacesReport(Machine machine, boolean quick, List<RacesCommand.KernelRow> rows, List<RacesCommand.SuiteRow> suite, double seconds) {
        this.machine = machine;
        this.quick = quick;
        this.rows = rows;
        this.suite = suite;
        this.seconds = seconds;
    }

    String markdown() {
        StringBuilder sb = new StringBuilder("# Race detection: compressed trace against the uncompressed baseline\n\n");
        sb.append(String.format(Locale.ROOT, "Run: `./wholetrace bench races%s` on %s, %s; %s; %.0f s in all.%n%n", quick ? " --quick" : "",
                machine.summary(), machine.os(), machine.date(), seconds));
        sb.append("Each kernel's CDR trace (recorded under the agent) was analysed three times, each in a JVM of its own: *open* only "
                + "loads the trace (ParallelTrace.open), *compressed* runs `RaceDetector` (what `wholetrace races` runs: segments and "
                + "address progressions read from the grammars), *baseline* runs `VectorClockDetector` (every event expanded and "
                + "replayed through a FastTrack-style shadow memory). Time is measured inside the child, loading included; memory "
                + "is the child's peak RSS (VmHWM), JVM included. Both detectors must report the same racing instruction pairs "
                + "(the kernels are race-free: zero). docs/races.md has the method.\n\n");
        sb.append("| workload | threads | events | accesses | trace bytes | open s | compressed s | baseline s | baseline ÷ compressed "
                + "| open MiB | compressed MiB | baseline MiB | baseline ÷ compressed | pairs |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (RacesCommand.KernelRow r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %d | %,d | %,d | %,d | %.2f | %.2f | %.2f | %s | %d | %d | %d | %s | %d |%n",
                    r.workload(), r.threads(), r.events(), r.accesses(), r.fileBytes(), r.open().seconds(), r.compressed().seconds(),
                    r.baseline().seconds(), Charts.num(r.baseline().seconds() / r.compressed().seconds()), r.open().peakRss() >> 20,
                    r.compressed().peakRss() >> 20, r.baseline().peakRss() >> 20,
                    Charts.num((double) r.baseline().peakRss() / r.compressed().peakRss()), r.compressed().pairs()));
        }
        sb.append("\n## Dynamic against distinct races: the labelled suite's racy programs\n\n");
        sb.append("Each `…Yes` program of `dev.wholetrace.workloads.races`, recorded in CDR and analysed as `wholetrace races` does. "
                + "*pairs*: findings (pairs of instructions); *dynamic*: racing access pairs; *artifacts*: findings reported as "
                + "artifacts of another (paper §4.2). The paper's LU example: 63,832 dynamic races were 5 instruction pairs.\n\n");
        sb.append("| program | events | pairs | dynamic | dynamic ÷ pairs | artifacts |\n|---|---:|---:|---:|---:|---:|\n");
        long pairs = 0, dynamic = 0;
        for (RacesCommand.SuiteRow s : suite) {
            pairs += s.pairs();
            dynamic += s.dynamic();
            sb.append(String.format(Locale.ROOT, "| %s | %,d | %d | %,d | %s | %d |%n", s.program(), s.events(), s.pairs(), s.dynamic(),
                    Charts.num((double) s.dynamic() / Math.max(1, s.pairs())), s.artifacts()));
        }
        sb.append(String.format(Locale.ROOT, "| **all %d** | | %d | %,d | %s | |%n", suite.size(), pairs, dynamic,
                Charts.num((double) dynamic / Math.max(1, pairs))));
        return sb.toString();
    }

    String csv() {
        StringBuilder sb = new StringBuilder("workload,threads,size,events,accesses,trace_bytes,open_s,compressed_s,baseline_s,open_rss,"
                + "compressed_rss,baseline_rss,pairs,dynamic\n");
        for (RacesCommand.KernelRow r : rows) {
            sb.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%d,%d,%d,%d,%d%n", r.workload(), r.threads(), r.size(),
                    r.events(), r.accesses(), r.fileBytes(), r.open().seconds(), r.compressed().seconds(), r.baseline().seconds(),
                    r.open().peakRss(), r.compressed().peakRss(), r.baseline().peakRss(), r.compressed().pairs(), r.compressed().dynamic()));
        }
        for (RacesCommand.SuiteRow s : suite) {
            sb.append(String.format(Locale.ROOT, "%s,,,%d,,,,,,,,,%d,%d%n", s.program(), s.events(), s.pairs(), s.dynamic()));
        }
        return sb.toString();
    }
}
