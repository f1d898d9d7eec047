package dev.wholetrace.bench;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.baseline.GeneralPurpose;
import dev.wholetrace.bench.Result.RawForm;
import dev.wholetrace.report.Csv;
import dev.wholetrace.report.MarkdownTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** Writes compressor.md, compressor.csv and the plots. */
final class Report {
    private final Machine machine;
    private final boolean quick;
    private final List<Result> results;
    private final double scaling;
    private final long small;
    private final long large;
    private final double seconds;
    private final int threads;
    private final double grammarLoad;
    private final double gpLoad;
    private String markdown;

    Report(Machine machine, boolean quick, List<Result> results, double scaling, long small, long large,
           double seconds, int threads, double grammarLoad, double gpLoad) {
        this.machine = machine;
        this.quick = quick;
        this.results = results;
        this.scaling = scaling;
        this.small = small;
        this.large = large;
        this.seconds = seconds;
        this.threads = threads;
        this.grammarLoad = grammarLoad;
        this.gpLoad = gpLoad;
    }

    // ---- formatting ------------------------------------------------------------------------------

    static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    /** Millions per second, two decimals. */
    static String rate(double perSecond) {
        return Double.isNaN(perSecond) ? "n/a" : String.format(Locale.ROOT, "%.2f", perSecond / 1e6);
    }

    static String ratio(double r) {
        if (Double.isNaN(r) || Double.isInfinite(r)) return "n/a";
        return r >= 10 ? String.format(Locale.ROOT, "%.1f", r) : String.format(Locale.ROOT, "%.3f", r);
    }

    static String load(double cores) {
        return Double.isNaN(cores) ? "n/a" : String.format(Locale.ROOT, "%.2f", cores);
    }

    private static String size(Long v) {
        return v == null ? "n/a" : count(v);
    }

    private static double over(long grammar, Long other) {
        return other == null ? Double.NaN : grammar / (double) other;
    }

    // ---- output ----------------------------------------------------------------------------------

    void write(Path out, Log log) throws IOException {
        ResultsPage.write(out.resolve("compressor.md"), markdown());
        Files.writeString(out.resolve("compressor.csv"), csv(), StandardCharsets.UTF_8);
        try {
            plots(out);
        } catch (Throwable e) { // headless AWT or font trouble must not lose the tables
            log.info("plots skipped: %s", e);
        }
    }

    String csv() {
        Csv csv = new Csv("group,input,description,symbols,grammar_symbols,rules,build_rate_sym_per_s,build_reps,expand_rate_sym_per_s,"
                + "peak_bytes,peak_bytes_per_grammar_symbol,wgr_best_bytes,wgr_zstd_bytes,wgr_xz_bytes,verified,"
                + "raw_form,raw_bytes,gzip9_bytes,bzip2_9_bytes,xz9_bytes,zstd19_bytes,"
                + "grammar_over_gzip,grammar_over_bzip2,grammar_over_xz,grammar_over_zstd,other_cpu_load,gp_note");
        for (Result r : results) {
            for (RawForm f : r.raws) {
                List<String> c = new ArrayList<>();
                c.add(r.group);
                c.add(r.input);
                c.add(Csv.quote(r.description));
                c.add(Long.toString(r.symbols));
                c.add(Long.toString(r.grammarSymbols));
                c.add(Long.toString(r.rules));
                c.add(num(r.buildRate));
                c.add(Integer.toString(r.reps));
                c.add(num(r.expandRate));
                c.add(Long.toString(r.peakBytes));
                c.add(num(r.peakPerGrammarSymbol()));
                c.add(Long.toString(r.wgrBest));
                c.add(Long.toString(r.wgrZstd));
                c.add(Long.toString(r.wgrXz));
                c.add(r.verified);
                c.add(f.name);
                c.add(Long.toString(f.bytes));
                for (GeneralPurpose gp : GeneralPurpose.values()) c.add(f.sizes.containsKey(gp) ? f.sizes.get(gp).toString() : "");
                for (GeneralPurpose gp : GeneralPurpose.values()) c.add(num(over(r.wgrBest, f.sizes.get(gp))));
                c.add(num(r.otherLoad));
                c.add(f.naReason == null ? "" : Csv.quote(f.naReason));
                csv.row(c);
            }
        }
        return csv.toString();
    }

    static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return "";
        return String.format(Locale.ROOT, "%.6g", v);
    }

    String markdown() {
        if (markdown != null) return markdown;
        StringBuilder sb = new StringBuilder();
        sb.append("# Compressor benchmark").append(quick ? " (--quick)" : "").append("\n\n");
        sb.append("Generated by `bench/run compressor").append(quick ? " --quick" : "").append("` (do not edit by hand; rerun to refresh).\n\n");
        machine.markdownTable("Java").row("valgrind", machine.valgrind())
                .row("run time", String.format(Locale.ROOT, "%.0f s (general-purpose compressors on %d threads)", seconds, threads))
                .row("other processes' CPU load", String.format(Locale.ROOT, "%s cores during the grammar measurements, %s during the "
                        + "general-purpose compressors (of %d)", load(grammarLoad), load(gpLoad), machine.nproc()))
                .appendTo(sb).append('\n');
        if (grammarLoad > 0.25) {
            sb.append(String.format(Locale.ROOT, "**Warning:** other processes kept %.2f cores busy on average while the grammar "
                    + "side was measured, so build/expansion rates are lower than on an idle machine (per-input load in the "
                    + "table below).\n\n", grammarLoad));
        }
        sb.append("**All numbers come from one run on this machine; the ratios are same-run comparisons** "
                + "(grammar and general-purpose compressors on the same input, same JVM, same run). "
                + "Absolute rates move with the machine and its load; compare ratios, not rates, across machines.\n\n");

        method(sb);
        grammarTable(sb);
        sizeTable(sb);
        lackeyTable(sb);
        scalingSection(sb);
        gridTable(sb);
        throughputTable(sb);
        findings(sb);
        markdown = sb.toString();
        return markdown;
    }

    private void method(StringBuilder sb) {
        sb.append("## Method\n\n");
        sb.append("- **symbols**: input records/values (lackey: records; (c): addresses). **grammar symbols**: symbols on all "
                + "right-hand sides (lackey-mem: control grammar plus all per-instruction address-stream grammars).\n");
        sb.append("- **build**: input symbols per second, median of N reps (N in the table; 5 for inputs up to 10^6 "
                + "symbols, 3 up to ~2x10^7 (lackey: 5x10^6), else 1), after a JIT warm-up on separate small inputs. "
                + "(a): wall time of `TraceCompressor.compressFile` (file read + lackey parsing + SEQUITUR + `finish()`); "
                + "(b): `SequiturGrammar.append` only, generator time excluded; (c): `Alphabet.idOf` + `append`, or "
                + "`DiffRleEncoder.append`; (d): `TraceCompressor.value` (Alphabet + SEQUITUR).\n");
        sb.append("- **expand**: output symbols per second of `Grammar.expander().read()` into a 64 Ki int buffer "
                + "(lackey: control grammar only; (c) Diff-RLE: full address decoding through `DiffRleDecoder`).\n");
        sb.append("- **peak B/sym**: builder's peak array footprint (`TraceCompressor.peakFootprintBytes()`, or "
                + "`SequiturGrammar.peakFootprintBytes()` + alphabet) divided by the final grammar symbols.\n");
        sb.append("- **.wgr**: size of the file `GrammarFile.write` produces for the payload (`CompressedTrace.toPayload()`; "
                + "(c) Diff-RLE: run alphabet + run grammar blocks): 32-byte header + codec output. `.wgr` = Codec.BEST "
                + "(" + Codec.BEST_DESCRIPTION + "); zstd-only / xz-only force one codec. "
                + "Every `.wgr` is read back and decoded.\n");
        sb.append("- **general-purpose** (same raw input, streamed in-process): ");
        List<String> hows = new ArrayList<>();
        for (GeneralPurpose gp : GeneralPurpose.values()) hows.add("**" + gp.label + "** = " + gp.how);
        sb.append(String.join("; ", hows)).append(".\n");
        sb.append("- **raw forms**: u32/u64 values as 4/8-byte little-endian; lackey traces both as the **lackey text** "
                + "file valgrind wrote and as **13-byte records** (u8 kind, u64 address, u32 size, LE: what "
                + "`CompressedTrace.expandTo` writes, i.e. exactly the information in the grammar).\n");
        sb.append("- **grammar/X** = .wgr bytes / X bytes: below 1 the grammar is smaller.\n");
        sb.append("- **verified**: (a) `expandTo` output equals a fresh parse of the text record by record, and the "
                + ".wgr decodes to the same grammars, and two builds give the same payload; (b)-(d) the expansion "
                + "equals the regenerated input and the .wgr decodes to the same grammar.\n\n");
    }

    private void grammarTable(StringBuilder sb) {
        sb.append("## Grammar side\n\n");
        MarkdownTable table = new MarkdownTable().left("input").right("symbols", "grammar symbols", "rules", "build (M sym/s)", "reps",
                "expand (M sym/s)", "peak B / grammar sym", ".wgr (best)", ".wgr zstd-only", ".wgr xz-only").left("verified")
                .right("others' load");
        for (Result r : results) {
            table.row(r.input, count(r.symbols), count(r.grammarSymbols), count(r.rules), rate(r.buildRate), r.reps, rate(r.expandRate),
                    String.format(Locale.ROOT, "%.1f", r.peakPerGrammarSymbol()), count(r.wgrBest), count(r.wgrZstd), count(r.wgrXz),
                    r.verified, load(r.otherLoad));
        }
        table.appendTo(sb);
        sb.append("\n*others' load*: cores kept busy by other processes while the input was measured (from /proc/stat).\n");
        sb.append("\nInputs:\n\n");
        for (Result r : results) sb.append("- `").append(r.input).append("`: ").append(r.description).append("\n");
        sb.append('\n');
    }

    private void sizeTable(StringBuilder sb) {
        sb.append("## Sizes against general-purpose compressors (bytes)\n\n");
        MarkdownTable table = new MarkdownTable().left("input").left("raw form").right("raw", "gzip -9", "bzip2 -9", "xz -9", "zstd -19",
                ".wgr", "grammar/gzip", "grammar/bzip2", "grammar/xz", "grammar/zstd");
        List<String> notes = new ArrayList<>();
        for (Result r : results) {
            for (RawForm f : r.raws) {
                List<String> cells = new ArrayList<>(List.of(r.input, f.name, count(f.bytes)));
                for (GeneralPurpose gp : GeneralPurpose.values()) cells.add(size(f.sizes.get(gp)));
                cells.add("**" + count(r.wgrBest) + "**");
                for (GeneralPurpose gp : GeneralPurpose.values()) {
                    double x = over(r.wgrBest, f.sizes.get(gp));
                    String s = ratio(x);
                    cells.add(x > 1 ? "**" + s + "**" : s);
                }
                table.row(cells);
                if (f.naReason != null) notes.add("`" + r.input + "` " + f.name + ": general-purpose compressors " + f.naReason + ".");
            }
        }
        table.appendTo(sb);
        sb.append("\nRatios above 1 (grammar larger) are in bold.\n");
        for (String n : notes) sb.append("\n").append(n).append('\n');
        sb.append('\n');
    }

    private void lackeyTable(StringBuilder sb) {
        List<Result> rows = results.stream().filter(r -> r.group.equals("a")).toList();
        if (rows.isEmpty()) return;
        sb.append("## (a) lackey traces: details\n\n");
        List<String> cols = new ArrayList<>(rows.get(0).extra.keySet());
        MarkdownTable table = new MarkdownTable().left("input");
        for (int i = 0; i < cols.size(); i++) {
            if (i == 0) table.left(cols.get(i));
            else table.right(cols.get(i));
        }
        for (Result r : rows) {
            List<String> cells = new ArrayList<>(List.of(r.input));
            for (String c : cols) cells.add(r.extra.getOrDefault(c, ""));
            table.row(cells);
        }
        table.appendTo(sb);
        sb.append("\nThe build rate in the first table is end to end; *parse-only* is `LackeyParser` into a no-op sink, "
                + "and *build excl. parse* subtracts that time. *expandTo* writes all 13-byte records to a file.\n\n");
    }

    private void scalingSection(StringBuilder sb) {
        Result s = find("cf-" + CompressorCommand.label(small));
        Result l = find("cf-" + CompressorCommand.label(large));
        if (s == null || l == null) return;
        sb.append("## (b) scaling of the control-flow trace\n\n");
        sb.append(String.format(Locale.ROOT,
                "Build rate at %s symbols / build rate at %s symbols = %s / %s M sym/s = **%.2f**. "
                        + "Grammar: %s -> %s symbols (%.1fx, for %.0fx the input); peak builder memory %.1f MiB -> %.1f MiB.\n\n",
                count(large), count(small), rate(l.buildRate), rate(s.buildRate), scaling, count(s.grammarSymbols),
                count(l.grammarSymbols), l.grammarSymbols / (double) s.grammarSymbols, large / (double) small,
                s.peakBytes / (double) (1 << 20), l.peakBytes / (double) (1 << 20)));
    }

    private void gridTable(StringBuilder sb) {
        List<Result> rows = results.stream().filter(r -> r.group.equals("c")).toList();
        if (rows.isEmpty()) return;
        sb.append("## (c) sub-grid sweeps: SEQUITUR on addresses vs Diff∘RLE∘SEQ\n\n");
        MarkdownTable table = new MarkdownTable().left("input").right("addresses", "terminals into SEQUITUR").left("alphabet")
                .right("grammar symbols", "rules", ".wgr", "xz -9 of raw u64", "bzip2 -9 of raw u64", "build (M addr/s)");
        for (Result r : rows) {
            RawForm f = r.raws.get(0);
            table.row(r.input, count(r.symbols), String.valueOf(r.extra.get("terminals into SEQUITUR")), String.valueOf(r.extra.get("alphabet")),
                    count(r.grammarSymbols), count(r.rules), count(r.wgrBest), size(f.sizes.get(GeneralPurpose.XZ)),
                    size(f.sizes.get(GeneralPurpose.BZIP2)), rate(r.buildRate));
        }
        table.appendTo(sb).append('\n');
    }

    private void throughputTable(StringBuilder sb) {
        Map<GeneralPurpose, double[]> acc = new LinkedHashMap<>();
        IdentityHashMap<RawForm, Boolean> seen = new IdentityHashMap<>();
        for (Result r : results) {
            for (RawForm f : r.raws) {
                if (seen.put(f, Boolean.TRUE) != null) continue;
                for (var e : f.seconds.entrySet()) {
                    double[] a = acc.computeIfAbsent(e.getKey(), k -> new double[2]);
                    a[0] += f.bytes;
                    a[1] += e.getValue();
                }
            }
        }
        if (acc.isEmpty()) return;
        sb.append("## General-purpose compressor throughput in this run\n\n");
        MarkdownTable table = new MarkdownTable().left("compressor").right("raw MB compressed", "seconds (sum over jobs)", "MB/s");
        for (var e : acc.entrySet()) {
            double[] a = e.getValue();
            table.row(e.getKey().label, String.format(Locale.ROOT, "%.0f", a[0] / 1e6), String.format(Locale.ROOT, "%.0f", a[1]),
                    String.format(Locale.ROOT, "%.1f", a[0] / 1e6 / a[1]));
        }
        table.appendTo(sb);
        sb.append("\n(With ").append(threads).append(" compressor jobs running at once; for context only.)\n\n");
    }

    private void findings(StringBuilder sb) {
        sb.append("## Findings (computed from the tables above)\n\n");
        List<String> lines = new ArrayList<>();
        for (Result r : results) {
            for (RawForm f : r.raws) {
                List<String> lost = new ArrayList<>();
                for (GeneralPurpose gp : GeneralPurpose.values()) {
                    double x = over(r.wgrBest, f.sizes.get(gp));
                    if (x > 1) lost.add(gp.label + " (" + ratio(x) + "x)");
                }
                if (!lost.isEmpty()) {
                    lines.add("`" + r.input + "` (" + f.name + "): the .wgr is larger than " + String.join(", ", lost) + ".");
                }
            }
        }
        for (Result r : results) {
            double threshold = r.group.equals("a") ? 10e6 : r.group.equals("b") ? 20e6 : Double.NaN;
            if (!Double.isNaN(threshold) && r.buildRate < threshold) {
                lines.add(String.format(Locale.ROOT, "`%s`: build rate %s M sym/s is below the %.0f M sym/s target for group (%s).",
                        r.input, rate(r.buildRate), threshold / 1e6, r.group));
            }
        }
        for (Result r : results) {
            if (!r.verified.equals("yes")) lines.add("`" + r.input + "`: verification " + r.verified + ".");
        }
        List<String> loaded = new ArrayList<>();
        for (Result r : results) {
            if (r.otherLoad > 0.25) loaded.add(String.format(Locale.ROOT, "`%s` (%.2f)", r.input, r.otherLoad));
        }
        if (!loaded.isEmpty()) {
            lines.add("Measured while other processes kept more than a quarter core busy (cores in parentheses), so their "
                    + "rates are pessimistic: " + String.join(", ", loaded) + ".");
        }
        if (!Double.isNaN(scaling)) {
            lines.add(String.format(Locale.ROOT, "Control-flow build rate ratio %s/%s symbols: %.2f.", count(large), count(small), scaling));
        }
        if (lines.isEmpty()) lines.add("The grammar is smaller than every general-purpose compressor on every input.");
        for (String l : lines) sb.append("- ").append(l).append('\n');
        sb.append('\n');
    }

    private Result find(String input) {
        for (Result r : results) if (r.input.equals(input)) return r;
        return null;
    }

    // ---- plots -----------------------------------------------------------------------------------

    private void plots(Path out) throws IOException {
        List<String> xs = new ArrayList<>();
        Map<String, List<Number>> series = new LinkedHashMap<>();
        series.put("grammar (.wgr)", new ArrayList<>());
        for (GeneralPurpose gp : GeneralPurpose.values()) series.put(gp.label, new ArrayList<>());
        for (Result r : results) {
            RawForm f = r.raws.get(r.raws.size() - 1); // lackey: the 13-byte records
            if (!f.complete()) continue;
            xs.add(r.input);
            series.get("grammar (.wgr)").add(Math.max(1, r.wgrBest));
            for (GeneralPurpose gp : GeneralPurpose.values()) series.get(gp.label).add(Math.max(1, f.sizes.get(gp)));
        }
        if (!xs.isEmpty()) {
            CategoryChart chart = new CategoryChartBuilder().width(1600).height(800)
                    .title("Compressed size per input (bytes, log scale; lackey inputs: 13-byte binary records)")
                    .xAxisTitle("input").yAxisTitle("bytes").build();
            Charts.style(chart, Charts.floorPow10(series.values()));
            for (var e : series.entrySet()) chart.addSeries(e.getKey(), xs, e.getValue());
            Charts.save(chart, out.resolve("compressor.png"));
        }
        List<String> names = new ArrayList<>();
        List<Number> build = new ArrayList<>();
        List<Number> expand = new ArrayList<>();
        for (Result r : results) {
            names.add(r.input);
            build.add(r.buildRate / 1e6);
            expand.add(r.expandRate / 1e6);
        }
        CategoryChart rates = new CategoryChartBuilder().width(1600).height(800)
                .title("Grammar build and expansion rate (M symbols/s, log scale)").xAxisTitle("input").yAxisTitle("M symbols/s").build();
        Charts.style(rates, Charts.floorPow10(List.of(build, expand)));
        rates.addSeries("build", names, build);
        rates.addSeries("expand", names, expand);
        Charts.save(rates, out.resolve("compressor-rates.png"));
    }
}
