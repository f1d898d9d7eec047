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
        Program guava = new Program("guava", "dev.wholetrace.workloads.libs.GuavaDriver", Map.of(TraceMode.COR, 2, TraceMode.CDR, 1));
        Program hello = new Program("hello", OverheadWorkload.HELLO, Map.of(TraceMode.COR, 0, TraceMode.CDR, 0));
        List<Series> series = List.of(series(guava, TraceMode.COR, 2, 1.0, 2.6), series(guava, TraceMode.CDR, 1, 0.8, 9.5),
                series(hello, TraceMode.COR, 0, 0.3, 0.5), series(hello, TraceMode.CDR, 0, 0.3, 0.55));
        List<RunRow> rows = List.of(new RunRow(0, "guava", "plain", 2, 1.01, 1.5, 0, 0), new RunRow(0, "guava", "cor", 2, 2.6, 3.9, 12_345, 6_789_000));
        OverheadReport report = new OverheadReport(ReportFiles.MACHINE, true, 2, List.of(TraceMode.COR, TraceMode.CDR), series, rows, 99.5, 0.3, "-Xmx1g");
        ReportFiles.expect("overhead", report.markdown(), report.csv() + "\n--- runs ---\n" + report.runsCsv());
    }

    private static Series series(Program p, TraceMode mode, int size, double plain, double traced) {
        Series s = new Series(p, mode, size);
        for (int rep = 0; rep < 3; rep++) {
            s.plainWall.add(plain + rep * 0.01);
            s.plainCpu.add(plain * 1.5 + rep * 0.01);
            s.tracedWall.add(traced + rep * 0.02);
            s.tracedCpu.add(traced * 1.7 + rep * 0.02);
            s.bytes.add(10_000L + rep);
            s.events.add(1_000_000L * (rep + 1));
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
