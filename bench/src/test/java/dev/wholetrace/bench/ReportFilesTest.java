package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.bench.OverheadCommand.Program;
import dev.wholetrace.bench.OverheadCommand.RunRow;
import dev.wholetrace.bench.OverheadCommand.Series;
import dev.wholetrace.bench.Result.RawForm;
import dev.wholetrace.bench.SegmentAccessBench.Extraction;
import dev.wholetrace.bench.RecorderThroughputBench.Throughput;
import dev.wholetrace.baseline.GeneralPurpose;
import dev.wholetrace.model.event.TraceMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The compressor, overhead and trace benchmarks' files, for fixed measurements (see {@link ReportFiles}). */
class ReportFilesTest {
    @Test
    void compressor() throws IOException {
        Result lackey = new Result("a", "lackey-small", "a \"quoted\" lackey trace");
        fill(lackey, 1_234_567, 0.31);
        lackey.extra.put("records", "1,234,567");
        lackey.extra.put("parse-only (M rec/s)", "55.10");
        lackey.raws.add(raw("lackey text", 40_000_000, 900_000, "not run: the text is too large"));
        lackey.raws.add(raw("13-byte records", 16_049_371, 700_000, null));
        Result small = new Result("b", "cf-" + CompressorCommand.label(1_000_000), "control flow, 10^6 symbols");
        fill(small, 1_000_000, 0.05);
        small.raws.add(raw("u32", 4_000_000, 1_000, null));
        Result large = new Result("b", "cf-" + CompressorCommand.label(10_000_000), "control flow, 10^7 symbols");
        fill(large, 10_000_000, Double.NaN);
        large.buildRate = 15e6; // below the group's target: a finding
        large.verified = "no: differs at 12";
        large.raws.add(raw("u32", 40_000_000, 30_000, null));
        Result grid = new Result("c", "grid-64", "2-D sweep");
        fill(grid, 250_000, 0.5);
        grid.extra.put("terminals into SEQUITUR", "1,024");
        grid.extra.put("alphabet", "3 runs");
        grid.raws.add(raw("u64", 2_000_000, 2_500, null));
        Report report = new Report(ReportFiles.MACHINE, true, List.of(lackey, small, large, grid), 0.83, 1_000_000, 10_000_000, 123.4, 2, 0.4, 0.1);
        ReportFiles.expect("compressor", report.markdown(), report.csv());
    }

    private static void fill(Result r, long symbols, double load) {
        r.symbols = symbols;
        r.grammarSymbols = symbols / 50 + 7;
        r.rules = symbols / 400 + 3;
        r.buildRate = 2.5e7;
        r.reps = 3;
        r.expandRate = 1.5e8;
        r.peakBytes = symbols * 3;
        r.wgrBest = symbols / 90 + 100;
        r.wgrZstd = symbols / 80 + 100;
        r.wgrXz = symbols / 90 + 100;
        r.verified = "yes";
        r.otherLoad = load;
    }

    private static RawForm raw(String name, long bytes, long smallest, String naReason) {
        RawForm f = new RawForm(name, bytes, null, naReason);
        if (naReason != null) return f;
        long size = smallest;
        for (GeneralPurpose gp : GeneralPurpose.values()) {
            f.sizes.put(gp, size);
            f.seconds.put(gp, bytes / 1e7 * (1 + gp.ordinal()));
            size = size * 3 / 4;
        }
        return f;
    }

    @Test
    void overhead() throws IOException {
        Program guava = new Program("guava", "dev.wholetrace.workloads.libs.GuavaDriver", 2);
        Program sor = new Program("sor", "dev.wholetrace.workloads.kernels.Sor", 50);
        Program hello = new Program("hello", OverheadWorkload.HELLO, 0);
        OverheadVariant cor = OverheadVariant.agent(TraceMode.COR), cdr = OverheadVariant.agent(TraceMode.CDR);
        Series capped = series(sor, cdr, 5.0, 60.0);
        capped.capped = 1; // its slowdown, and CDR's geomean, become lower bounds
        List<Series> series = List.of(series(guava, OverheadVariant.JACOCO, 5.0, 6.0), series(guava, cor, 5.0, 13.0),
                series(guava, OverheadVariant.baseline(TraceMode.COR), 5.0, 26.0), series(guava, cdr, 5.0, 45.0),
                series(sor, OverheadVariant.JACOCO, 5.0, 5.5), series(sor, cor, 5.0, 11.0),
                series(sor, OverheadVariant.baseline(TraceMode.COR), 5.0, 12.0), capped,
                series(hello, cor, 0.3, 0.5), series(hello, cdr, 0.3, 0.55));
        Program g1 = new Program("math3", "dev.wholetrace.workloads.libs.Math3Driver", 10);
        Program g2 = new Program("math3", "dev.wholetrace.workloads.libs.Math3Driver", 40);
        List<Series> growth = List.of(series(g1, cor, 5.0, 15.0), series(g2, cor, 20.0, 70.0));
        List<RunRow> rows = List.of(new RunRow("main", 1, "guava", "plain", 2, 5.01, 7.5, 300L << 20, false, 0, 0),
                new RunRow("main", 1, "guava", "cor", 2, 13.0, 19.9, 700L << 20, false, 12_345, 6_789_000),
                new RunRow("main", 1, "sor", "cdr", 50, 180, 300.1, 900L << 20, true, 0, 0));
        OverheadReport report = new OverheadReport(ReportFiles.MACHINE, false, 3, List.of(TraceMode.COR, TraceMode.CDR), series, growth,
                rows, List.of("main rep 2 h2 (dev.wholetrace.workloads.libs.H2Driver 50) all: exit code 1, the plain run's was 4"),
                99.5, 0.3, "-Xmx2g", 15, true);
        ReportFiles.expect("overhead", report.markdown(), report.csv() + "\n--- runs ---\n" + report.runsCsv());
    }

    private static Series series(Program p, OverheadVariant v, double plain, double traced) {
        Series s = new Series(p, v);
        for (int rep = 0; rep < 3; rep++) {
            s.plainWall.add(plain + rep * 0.01);
            s.plainCpu.add(plain * 1.5 + rep * 0.01);
            s.plainRss.add((200L + rep) << 20);
            s.tracedWall.add(traced + rep * 0.02);
            s.tracedCpu.add(traced * 1.7 + rep * 0.02);
            s.tracedRss.add((long) (traced * 20 + rep) << 20);
            s.bytes.add(10_000L + rep);
            s.events.add(1_000_000L * (rep + 1));
            s.completeWall.add(traced + rep * 0.02);
        }
        return s;
    }

    @Test
    void trace() throws IOException {
        List<Extraction> traces = List.of(extraction("synthetic-1e6", 1_000_000, 1.0), extraction("synthetic-1e9", 1_000_000_000, 1.1),
                extraction("red-black-sor", 5_000_000, 7.0));
        List<Throughput> rates = List.of(new Throughput(TraceMode.COR, true, 1, 1, 3_000_000, 3, 4e8, 4e8, 6e7, 6e7, 3e7, 120_000, 0.1),
                new Throughput(TraceMode.CDR, false, 1, 1, 3_000_000, 3, 4e8, 4e8, 2e7, 2e7, 1e7, 900_000, Double.NaN));
        TraceReport report = new TraceReport(ReportFiles.MACHINE, false, traces, rates, new double[] {0.5, 0.25, 0.24, 0.01}, 321.0, 0.2, 0.3);
        ReportFiles.expect("trace", report.markdown(), report.csv());
    }

    private static Extraction extraction(String name, long events, double scale) {
        Extraction x = new Extraction(name, "the " + name + " trace", Path.of(name + ".wtrace"));
        x.events = events;
        x.threads = 4;
        x.syncOps = events / 1000;
        x.grammarSymbols = 12_345;
        x.depth = 17;
        x.fileBytes = 54_321;
        x.createSeconds = 1.25 * scale;
        x.loadSeconds = 0.012 * scale;
        x.loadReps = 5;
        x.verified = "yes";
        for (int i = 0; i < 10; i++) x.add((long) ((1000 + 100 * i) * scale), (long) ((200 + 10 * i) * scale), 1000);
        return x;
    }
}
