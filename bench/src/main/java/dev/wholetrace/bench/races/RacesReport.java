package dev.wholetrace.bench.races;

import dev.wholetrace.bench.Charts;
import dev.wholetrace.bench.Machine;
import dev.wholetrace.report.MarkdownTable;
import java.util.List;
import java.util.Locale;

/** races.md and races.csv. */
final class RacesReport {
    private final Machine machine;
    private final String options;
    private final List<RacesCommand.KernelRow> rows;
    private final List<RacesCommand.SuiteRow> suite;
    private final double seconds;
    private final String load;

    /**
     * {@code options}: the command's options as given (" --quick", " --only sor --size sor=100:400"), or "";
     * {@code load}: the machine's load averages while the kernels ran, as measured (the seconds follow it).
     */
    RacesReport(Machine machine, String options, List<RacesCommand.KernelRow> rows, List<RacesCommand.SuiteRow> suite, double seconds,
                String load) {
        this.machine = machine;
        this.load = load;
        this.options = options;
        this.rows = rows;
        this.suite = suite;
        this.seconds = seconds;
    }

    String markdown() {
        StringBuilder sb = new StringBuilder("# Race detection: compressed trace against the uncompressed baseline\n\n");
        sb.append(String.format(Locale.ROOT, "Run: `bench/run races%s` on %s, %s; %s; %.0f s in all.%n%n", options,
                machine.summary(), machine.os(), machine.date(), seconds));
        sb.append("Machine load (1-, 5- and 15-minute load averages, /proc/loadavg): ").append(load)
                .append(". Wall seconds grow with it; compare the two detectors of one row (same run), not rows of different reports.\n\n");
        sb.append("Each kernel's CDR trace (recorded under the agent) was analysed three times, each in a JVM of its own: *open* only "
                + "loads the trace (ParallelTrace.open), *compressed* runs `RaceDetector` (what `wholetrace races` runs: segments and "
                + "address progressions read from the grammars; with the JVM options `wholetrace races` runs with, `"
                + String.join(" ", RacesCommand.RACES_JVM) + "`), *baseline* runs `VectorClockDetector` (every event expanded and "
                + "replayed through a FastTrack-style shadow memory; with the JVM's default options, its fastest; *open* too). "
                + "Time is measured inside the child, loading included; memory "
                + "is the child's peak RSS (VmHWM), JVM included. Both detectors must report the same racing instruction pairs "
                + "(the kernels are race-free: zero). docs/races.md has the method.\n\n");
        sb.append("*CPU s* is the CPU time of the child's JVM over the same span, all its threads (JIT compilers and GC included): "
                + "under load the wall seconds include the time spent waiting for a core, the CPU seconds do not. Both are read in "
                + "a cold JVM, as a user's `wholetrace races` runs; docs/results/races-profile.md breaks them down.\n\n");
        MarkdownTable kernels = new MarkdownTable().left("workload").right("size", "steps", "threads", "events", "accesses", "trace bytes", "open s",
                "compressed s", "baseline s", "baseline ÷ compressed", "open CPU s", "compressed CPU s", "baseline CPU s",
                "baseline ÷ compressed CPU", "open MiB", "compressed MiB", "baseline MiB", "baseline ÷ compressed", "pairs");
        for (RacesCommand.KernelRow r : rows) {
            kernels.row(r.workload(), f("%,d", r.size()), r.steps(), r.threads(), f("%,d", r.events()), f("%,d", r.accesses()), f("%,d", r.fileBytes()),
                    f("%.2f", r.open().seconds()), f("%.2f", r.compressed().seconds()), f("%.2f", r.baseline().seconds()),
                    Charts.num(r.baseline().seconds() / r.compressed().seconds()), f("%.2f", r.open().cpuSeconds()),
                    f("%.2f", r.compressed().cpuSeconds()), f("%.2f", r.baseline().cpuSeconds()),
                    Charts.num(r.baseline().cpuSeconds() / r.compressed().cpuSeconds()), r.open().peakRss() >> 20, r.compressed().peakRss() >> 20,
                    r.baseline().peakRss() >> 20, Charts.num((double) r.baseline().peakRss() / r.compressed().peakRss()), r.compressed().pairs());
        }
        kernels.appendTo(sb);
        memory(sb);
        sb.append("\n## Speed target (issue 14)\n\n");
        sb.append("Faster than the vector-clock replay on every kernel, and at least 5× on the regular ones (LU, FFT, SOR): "
                + "*measured* is baseline ÷ compressed wall seconds from the table above, what *met* judges; *CPU* the same "
                + "ratio of CPU seconds, for reference.\n\n");
        MarkdownTable targets = new MarkdownTable().left("workload").right("size", "steps", "threads", "target", "measured", "CPU").left("met");
        for (RacesCommand.KernelRow r : rows) {
            double target = REGULAR.contains(r.workload()) ? 5 : 1;
            double measured = r.baseline().seconds() / r.compressed().seconds();
            targets.row(r.workload(), f("%,d", r.size()), r.steps(), r.threads(), target > 1 ? "≥ 5×" : "> 1×", Charts.num(measured) + "×",
                    Charts.num(r.baseline().cpuSeconds() / r.compressed().cpuSeconds()) + "×",
                    (target > 1 ? measured >= target : measured > target) ? "yes" : "**no**");
        }
        targets.appendTo(sb);
        if (suite.isEmpty()) return sb.toString(); // --no-suite
        sb.append("\n## Dynamic against distinct races: the labelled suite's racy programs\n\n");
        sb.append("Each `…Yes` program of `dev.wholetrace.workloads.races`, recorded in CDR and analysed as `wholetrace races` does. "
                + "*pairs*: findings (pairs of instructions); *dynamic*: racing access pairs; *artifacts*: findings reported as "
                + "artifacts of another (paper §4.2). The paper's LU example: 63,832 dynamic races were 5 instruction pairs.\n\n");
        MarkdownTable programs = new MarkdownTable().left("program").right("events", "pairs", "dynamic", "dynamic ÷ pairs", "artifacts");
        long pairs = 0, dynamic = 0;
        for (RacesCommand.SuiteRow s : suite) {
            pairs += s.pairs();
            dynamic += s.dynamic();
            programs.row(s.program(), f("%,d", s.events()), s.pairs(), f("%,d", s.dynamic()),
                    Charts.num((double) s.dynamic() / Math.max(1, s.pairs())), s.artifacts());
        }
        programs.row("**all " + suite.size() + "**", null, pairs, f("%,d", dynamic), Charts.num((double) dynamic / Math.max(1, pairs)), null);
        return programs.appendTo(sb).toString();
    }

    /**
     * The memory section: both detectors again at one heap budget, and what the compressed one
     * held. With a heap of 12 GiB the JVM lets garbage pile up before it collects (the compressed
     * detector reads and drops one part after another), so its peak RSS there shows the JVM's
     * laziness more than what a detector keeps; at the same small budget both must live within it.
     */
    private void memory(StringBuilder sb) {
        if (rows.isEmpty()) return;
        String heap = rows.get(0).heap();
        sb.append("\n## Memory: bounded by the data, not the access count (issue 14)\n\n");
        sb.append("The compressed and the baseline detector once more, each in a JVM of its own with the same heap, `-Xmx").append(heap)
                .append("` (what `wholetrace races` runs with by default): *RSS*, the peak RSS (VmHWM, JVM included), or *out of "
                        + "memory* when the detector does not fit; *after GC*, the most heap in use right after a garbage collection "
                        + "in that run (what the detector kept, and garbage the collection left for later: an upper bound of the "
                        + "live heap at that moment, read from the JVM's collection notifications). In the runs above (`-Xmx12g`, "
                        + "both alike) the JVM collects garbage lazily, so their peak RSS grows with what a detector allocates "
                        + "over its run, not only with what it keeps; at a small budget the RSS is mostly the budget itself. "
                        + "*rows held*: the most access rows the compressed detector held at once (`RaceDetector.Stats.peakRows`), "
                        + "*parts*: how many parts it checked the trace in, dropping each part's rows but those a later access may "
                        + "still race with (docs/races.md, \"Parts\"). *one part*: the same detector holding every row at once, as "
                        + "before it checked in parts (`RaceDetector.detect` with parts of `Long.MAX_VALUE` accesses), in the same run "
                        + "and at the same heap: the before of this change.\n\n");
        MarkdownTable memory = new MarkdownTable().left("workload").right("size", "steps", "threads", "accesses", "rows held", "accesses ÷ rows held",
                "parts", "compressed RSS MiB", "baseline RSS MiB", "baseline ÷ compressed RSS", "compressed after GC MiB",
                "baseline after GC MiB", "baseline ÷ compressed after GC", "one part: rows held", "one part: RSS MiB", "one part: after GC MiB");
        for (RacesCommand.KernelRow r : rows) {
            RacesCommand.Detection c = r.compressedAtHeap(), b = r.baselineAtHeap(), o = r.onePartAtHeap();
            long held = r.compressed().rowsHeld();
            memory.row(r.workload(), f("%,d", r.size()), r.steps(), r.threads(), f("%,d", r.accesses()), f("%,d", held),
                    Charts.num((double) r.accesses() / Math.max(1, held)), r.compressed().parts(), mib(c), mib(b),
                    c != null && b != null ? Charts.num((double) b.peakRss() / c.peakRss()) : null, afterGc(c), afterGc(b),
                    c != null && b != null && c.heapAfterGc() > 0 && b.heapAfterGc() > 0 ? Charts.num((double) b.heapAfterGc() / c.heapAfterGc()) : null,
                    o != null ? f("%,d", o.rowsHeld()) : null, mib(o), afterGc(o));
        }
        memory.appendTo(sb);
    }

    /** A run's peak RSS in MiB, or "out of memory". */
    static String mib(RacesCommand.Detection d) {
        return d == null ? "out of memory" : Long.toString(d.peakRss() >> 20);
    }

    /** A run's most heap after a collection in MiB, "out of memory", or "none" (no collection ran). */
    private static String afterGc(RacesCommand.Detection d) {
        return d == null ? "out of memory" : d.heapAfterGc() < 0 ? "none" : Long.toString(d.heapAfterGc() >> 20);
    }

    /** A run's peak RSS in bytes for the CSV, or empty (out of memory). */
    private static String rss(RacesCommand.Detection d) {
        return d == null ? "" : Long.toString(d.peakRss());
    }

    /** The kernels the issue calls regular (LU/FFT/SOR-like): their target is 5×. */
    private static final List<String> REGULAR = List.of("lu", "fft", "sor");

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    String csv() {
        StringBuilder sb = new StringBuilder("workload,threads,size,events,accesses,trace_bytes,open_s,compressed_s,baseline_s,open_rss,"
                + "compressed_rss,baseline_rss,pairs,dynamic,open_cpu_s,compressed_cpu_s,baseline_cpu_s,steps,rows_held,parts,heap,"
                + "compressed_rss_at_heap,baseline_rss_at_heap,compressed_heap_after_gc,baseline_heap_after_gc,one_part_rows_held,"
                + "one_part_rss_at_heap,one_part_heap_after_gc\n");
        for (RacesCommand.KernelRow r : rows) {
            sb.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%d,%d,%d,%s,%s,%s,%s,%s,%s,%s,%s%n", r.workload(),
                    r.threads(), r.size(), r.events(), r.accesses(), r.fileBytes(), r.open().seconds(), r.compressed().seconds(),
                    r.baseline().seconds(), r.open().peakRss(), r.compressed().peakRss(), r.baseline().peakRss(), r.compressed().pairs(),
                    r.compressed().dynamic(), r.open().cpuSeconds(), r.compressed().cpuSeconds(), r.baseline().cpuSeconds(), r.steps(),
                    r.compressed().rowsHeld(), r.compressed().parts(), r.heap(), rss(r.compressedAtHeap()), rss(r.baselineAtHeap()),
                    r.compressedAtHeap() == null ? "" : Long.toString(r.compressedAtHeap().heapAfterGc()),
                    r.baselineAtHeap() == null ? "" : Long.toString(r.baselineAtHeap().heapAfterGc()),
                    r.onePartAtHeap() == null ? "" : Long.toString(r.onePartAtHeap().rowsHeld()), rss(r.onePartAtHeap()),
                    r.onePartAtHeap() == null ? "" : Long.toString(r.onePartAtHeap().heapAfterGc())));
        }
        for (RacesCommand.SuiteRow s : suite) {
            sb.append(String.format(Locale.ROOT, "%s,,,%d,,,,,,,,,%d,%d,,,,,,,,,,,,,,%n", s.program(), s.events(), s.pairs(), s.dynamic()));
        }
        return sb.toString();
    }
}
