package dev.wholetrace.bench;

import dev.wholetrace.simulate.machine.MachineFile;
import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.correspond.ComputeM;
import dev.wholetrace.simulate.tx.correspond.RandomWalkEvents;
import dev.wholetrace.simulate.tx.correspond.ThreadEvents;
import dev.wholetrace.simulate.tx.extrapolate.Accuracy;
import dev.wholetrace.simulate.tx.gen.RandomPrograms;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Lowering;
import dev.wholetrace.simulate.tx.lang.Parser;
import dev.wholetrace.simulate.tx.lang.Program;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench extrapolation} (issue 21): (1) accuracy of extrapolating a source execution from
 * machine A to machine B against a direct simulation on B, as nondeterminism (TCP instances hit)
 * grows, for the counter program and the thesis's examples; (2) Compute_M's time per event from 10^5
 * to 10^8 events per execution and its live memory, on generated execution graphs streamed without
 * storage. Writes docs/results/extrapolation.md, extrapolation.csv and extrapolation-computem.png.
 */
@Command(name = "extrapolation", mixinStandardHelpOptions = true,
        description = {"Trace extrapolation accuracy vs TCPs hit, and Compute_M time per event from 1e5 to 1e8 events.", "",
                "Example: bench/run extrapolation --quick"})
final class ExtrapolationBenchCommand implements Callable<Integer> {
    @Option(names = "--quick", description = "Sizes up to 1e6 events and 3 seeds (a smoke test of the harness).")
    boolean quick;

    @Option(names = "--out", defaultValue = "docs/results", description = "Directory of the report (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--examples", defaultValue = "docs/examples/tx", description = "Directory of the .tx examples and machines (default: ${DEFAULT-VALUE}).")
    Path examples;

    private final Log log = new Log();

    record AccRow(String program, long n, int seeds, double tcpHits, double diverged, double levPerKEvents, double lockAgreement, double pairAgreement, double timeError,
            double fdist, double suspectShare, double representative) {}

    record ScaleRow(long events, double seconds, double nsPerEvent, long regions, double liveMb) {}

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(out);
        String loadBefore = Machine.loadAverage();
        MachineModel a = MachineFile.read(examples.resolve("machine-a.properties"));
        MachineModel b = MachineFile.read(examples.resolve("machine-b.properties"));
        int seeds = quick ? 3 : 10;
        List<AccRow> acc = new ArrayList<>();
        Program counter = load("counter.tx");
        for (long n : quick ? new long[] {1, 4, 16} : new long[] {1, 2, 4, 8, 16, 32, 64, 128}) acc.add(accuracy(counter, n, a, b, seeds, new long[] {n}));
        // the thesis's examples in the structured form, each with a data set (Figure 23's tasks read their loop bounds)
        for (String f : new String[] {"fig04.tx", "fig10.tx", "fig14.tx", "fig39.tx"}) acc.add(accuracy(load(f), 0, a, b, seeds, new long[] {0}));
        acc.add(accuracy(load("fig23.tx"), 0, a, b, seeds, new long[] {3, 1, 2}));
        // generated programs (the property tests' generator: two tasks, shared scalars, an array, a lock, ifs, loops), by seed
        for (long g = 1; g <= (quick ? 2 : 8); g++) {
            acc.add(accuracy(Parser.parse("random-" + g, RandomPrograms.generate(g)), 0, a, b, seeds, new long[] {2, 0, 1}));
        }
        List<ScaleRow> scale = new ArrayList<>();
        TcpSets sets = SvdAnalysis.worklist(counter);
        scaleRun(sets, 1_000_000, 2); // warm-up (JIT)
        for (long size : quick ? new long[] {100_000, 1_000_000} : new long[] {100_000, 1_000_000, 10_000_000, 100_000_000}) {
            ScaleRow r = scaleRun(sets, size, quick ? 1 : size >= 100_000_000 ? 2 : 5);
            scale.add(r);
            log.info("Compute_M %,d events per execution: %.1f ns/event, live %.1f MB", r.events, r.nsPerEvent, r.liveMb);
        }
        write(acc, scale, a, b, seeds, loadBefore, Machine.loadAverage());
        return 0;
    }

    private Program load(String name) throws Exception {
        Path f = examples.resolve(name);
        return Parser.parse(name, Files.readString(f, StandardCharsets.UTF_8));
    }

    private AccRow accuracy(Program p, long n, MachineModel a, MachineModel b, int seeds, long[] input) throws Exception {
        Code c = Lowering.lower(p);
        TcpSets sets = SvdAnalysis.worklist(p);
        double hits = 0, div = 0, lev = 0, lock = 0, pair = 0, terr = 0, fd = 0, susp = 0, rep = 0;
        for (int s = 1; s <= seeds; s++) {
            Accuracy x = Accuracy.measure(c, sets, a.withSeed(s), b, input, 100_000_000);
            hits += x.tcpHits();
            div += x.divergedTcps();
            lev += 1000.0 * x.levenshtein() / x.actual().size();
            lock += x.lockOrderAgreement();
            pair += x.lockPairAgreement();
            terr += Math.abs(x.predictedCycles() - x.simulatedCycles()) / (double) x.simulatedCycles();
            fd += x.extrapolation().fdist();
            susp += x.extrapolation().instances() == 0 ? 0 : (double) x.extrapolation().suspectInstances() / x.extrapolation().instances();
            rep += x.extrapolation().representative();
        }
        AccRow r = new AccRow(p.name(), n, seeds, hits / seeds, div / seeds, lev / seeds, lock / seeds, pair / seeds, terr / seeds, fd / seeds, susp / seeds, rep / seeds);
        log.info("%s n=%d: %.1f TCP instances, %.2f diverged, lock agreement %.3f (pairs %.3f), time error %.3f", p.name(), n, r.tcpHits, r.diverged, r.lockAgreement,
                r.pairAgreement, r.timeError);
        return r;
    }

    /** Corresponds two generated executions of about {@code size} events each; live heap sampled after a GC every tenth of the run. */
    private ScaleRow scaleRun(TcpSets sets, long size, int reps) {
        long iterations = Math.max(1, (long) (size / 14.5));
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        double best = Double.MAX_VALUE;
        long events = 0, regions = 0;
        double live = 0;
        for (int rep = 0; rep < reps; rep++) {
            long[] reads = {0};
            long[] sampleAt = {size / 5};
            double[] liveMax = {0};
            ThreadEvents ea = new RandomWalkEvents(sets, iterations, 0, 1, reads), eb = new RandomWalkEvents(sets, iterations, 0.05, 2, reads);
            long t0 = System.nanoTime();
            long[] gcNanos = {0};
            ComputeM.Result r = new ComputeM(sets).correspond(sampling(ea, reads, sampleAt, size / 5, liveMax, mem, gcNanos), eb, x -> { });
            double sec = (System.nanoTime() - t0 - gcNanos[0]) / 1e9;
            best = Math.min(best, sec);
            events = reads[0];
            regions = r.regions;
            live = Math.max(live, liveMax[0]);
        }
        return new ScaleRow(events / 2, best, best * 1e9 / events, regions, live);
    }

    /** Wraps a thread's events (and its tasks') to sample the live heap (after a GC, time excluded) every {@code step} events read. */
    private static ThreadEvents sampling(ThreadEvents t, long[] reads, long[] next, long step, double[] liveMax, MemoryMXBean mem, long[] gcNanos) {
        return new ThreadEvents() {
            @Override
            public boolean next() {
                if (reads[0] >= next[0]) {
                    next[0] += step;
                    long g = System.nanoTime();
                    System.gc();
                    liveMax[0] = Math.max(liveMax[0], mem.getHeapMemoryUsage().getUsed() / 1048576.0);
                    gcNanos[0] += System.nanoTime() - g;
                }
                return t.next();
            }

            @Override public int stmt() { return t.stmt(); }
            @Override public long value() { return t.value(); }
            @Override public int instructions() { return t.instructions(); }

            @Override
            public ThreadEvents[] children() {
                ThreadEvents[] k = t.children();
                for (int i = 0; i < k.length; i++) k[i] = sampling(k[i], reads, next, step, liveMax, mem, gcNanos);
                return k;
            }

            @Override public String name() { return t.name(); }
        };
    }

    private void write(List<AccRow> acc, List<ScaleRow> scale, MachineModel a, MachineModel b, int seeds, String loadBefore, String loadAfter) throws Exception {
        StringBuilder md = new StringBuilder();
        StringBuilder csv = new StringBuilder("table,program,n,seeds,tcp_hits,diverged,lev_per_1000_events,lock_agreement,lock_pair_agreement,time_error,fdist,suspect_share,representative,events,seconds,ns_per_event,regions,live_mb\n");
        md.append("# Trace extrapolation (issue 21)\n\nGenerated by `bench/run extrapolation").append(quick ? " --quick" : "").append("` (")
                .append(java.time.LocalDate.now()).append(", ").append(Runtime.getRuntime().availableProcessors()).append(" processors, Java ")
                .append(System.getProperty("java.version")).append(", max heap ").append(Runtime.getRuntime().maxMemory() >> 20)
                .append(" MB; the machine is shared with other jobs, so single timings are noisy: load averages (1, 5, 15 minutes, /proc/loadavg) ")
                .append(loadBefore).append(" at the start, ").append(loadAfter).append(" at the end). Method: docs/tx.md.\n\n");
        md.append("## Accuracy against direct simulation\n\nSource: each program on `").append(a.name()).append("` (docs/examples/tx/machine-a.properties), ")
                .append(seeds).append(" seeds; extrapolated to `").append(b.name()).append("` and compared with a direct run on it. counter.tx runs n iterations a task; "
                        + "random-K is the program the property tests' generator (simulate/tx/gen/RandomPrograms) makes from seed K, run with the data set 2, 0, 1.\n")
                .append("Columns: TCP instances hit in the source (conditionals, loops, array references); divergent regions between the extrapolated and the "
                        + "actual target (Compute_M); their Levenshtein distance per 1000 events; lock-order agreement (same position in the lock's order) and pair agreement (consecutive acquisitions of the actual run made in the same relative order); |predicted − simulated| / simulated time; "
                        + "the extrapolation's own measures (feasibility distance, share of suspect TCP instances, representative).\n\n")
                .append("| program | n | TCP hits | diverged | Lev/1000 ev | lock agreement | pair agreement | time error | fdist | suspect share | representative |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (AccRow r : acc) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.2f | %.2f | %.3f | %.3f | %.3f | %.2f | %.3f | %.3f |%n", r.program, r.n, r.tcpHits, r.diverged,
                    r.levPerKEvents, r.lockAgreement, r.pairAgreement, r.timeError, r.fdist, r.suspectShare, r.representative));
            csv.append(String.format(Locale.ROOT, "accuracy,%s,%d,%d,%.3f,%.3f,%.3f,%.4f,%.4f,%.4f,%.3f,%.4f,%.4f,,,,,%n", r.program, r.n, r.seeds, r.tcpHits, r.diverged,
                    r.levPerKEvents, r.lockAgreement, r.pairAgreement, r.timeError, r.fdist, r.suspectShare, r.representative));
        }
        md.append("\n## Compute_M: time per event and memory\n\nTwo generated executions of counter.tx (RandomWalkEvents: streamed, never stored; "
                + "the second flips 5% of TCP outcomes), corresponded on the fly. Time: best of ").append(quick ? 1 : 5)
                .append(" runs (2 at 1e8), the heap sampling excluded; ns per event counts the events of both executions. Live heap: used heap after a full GC, sampled five times a run (the JVM's and the harness's own included).\n\n")
                .append("| events per execution | seconds | ns per event | divergent regions | live heap MB |\n|---:|---:|---:|---:|---:|\n");
        CategoryChart chart = new CategoryChartBuilder().width(700).height(400).title("Compute_M: time per event").xAxisTitle("events per execution")
                .yAxisTitle("ns per event").build();
        List<String> xs = new ArrayList<>();
        List<Number> ys = new ArrayList<>();
        for (ScaleRow r : scale) {
            md.append(String.format(Locale.ROOT, "| %,d | %.2f | %.2f | %,d | %.1f |%n", r.events, r.seconds, r.nsPerEvent, r.regions, r.liveMb));
            csv.append(String.format(Locale.ROOT, "computem,counter.tx,,,,,,,,,,,,%d,%.4f,%.3f,%d,%.2f%n", r.events, r.seconds, r.nsPerEvent, r.regions, r.liveMb));
            xs.add(String.format(Locale.ROOT, "%.0e", (double) r.events));
            ys.add(r.nsPerEvent);
        }
        chart.addSeries("Compute_M", xs, ys);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setYAxisMin(0.0);
        Charts.save(chart, out.resolve("extrapolation-computem.png"));
        md.append("\n![Compute_M time per event](extrapolation-computem.png)\n");
        ResultsPage.write(out.resolve("extrapolation.md"), md.toString());
        Files.writeString(out.resolve("extrapolation.csv"), csv.toString());
        log.info("wrote %s", out.resolve("extrapolation.md"));
    }
}
