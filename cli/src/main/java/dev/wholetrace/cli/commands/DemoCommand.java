package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.CommandSummary;
import dev.wholetrace.cli.io.FinishedTrace;
import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.baseline.GeneralPurpose;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.address.DiffRleEncoder;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.TraceCompressor;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.GrammarFile;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.synthetic.ControlFlowTrace;
import dev.wholetrace.synthetic.GridSweep;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.Units;
import dev.wholetrace.model.util.Alphabet;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The built-in end-to-end run: generates traces, compresses them through the same path as
 * {@code compress}, reads the files back, checks the expansion byte for byte, and compares the
 * sizes with general-purpose compressors on the same raw bytes.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Compress built-in traces end to end and compare with gzip, bzip2, xz and zstd.",
                "",
                "The traces: a nested-loop control-flow trace (basic-block ids of a program with loops, "
                    + "calls and data-dependent branches) as u32, and the address stream of a store sweeping the "
                    + "interior of a 2-D array as u64, with plain SEQUITUR and with Diff∘RLE∘SEQ. Every "
                    + "grammar file is read back and checked against its input.",
                "",
                "Then it records a real multithreaded program under the JVM agent: the SPLASH-2 FFT "
                    + "kernel (2^16 points, 4 threads, as in parallel-wpp-compression Table 1, run as 'workload "
                    + "fft -o FILE --mode cdr'), summarises the .wtrace like 'stats', looks for data races like "
                    + "'races' and extracts a segment like 'segment'."},
        footer = {"", "Examples:",
                "  wholetrace demo",
                "  wholetrace demo --blocks 200000 --threads 2 --keep demo-files",
                "  wholetrace demo --events 100000 --keep demo-files   # the FFT's trace in chunks of about 100,000 events",
                "  wholetrace demo --format json | jq '.inputs[] | {input, wholetrace, xz}'"})
public final class DemoCommand implements Callable<Integer>, FormatOption.Formatted {
    /** The control-flow trace is held twice (raw and expanded) to be compared: 4 bytes a block each. */
    static final int MAX_BLOCKS = 20_000_000;
    static final int MAX_GRID = 4096;
    /** The sweep's raw bytes are read whole for Diff∘RLE∘SEQ: 8 bytes an address. */
    static final long MAX_SWEEP_ADDRESSES = 10_000_000;
    @Spec
    CommandSpec spec;

    @Option(names = "--blocks", defaultValue = "2000000", paramLabel = "N", description = "control-flow trace length, 1..20000000 (default: ${DEFAULT-VALUE})")
    int blocks;

    @Option(names = "--grid", defaultValue = "200", paramLabel = "SIDE", description = "side of the swept 2-D array, 4..4096 (default: ${DEFAULT-VALUE})")
    int side;

    @Option(names = "--sweeps", defaultValue = "25", paramLabel = "K", description = "outer iterations of the sweep, >= 1, with grid^2 x sweeps <= 10000000 (default: ${DEFAULT-VALUE})")
    int sweeps;

    @Option(names = "--threads", defaultValue = "4", paramLabel = "N", description = "FFT worker threads, 1..512 (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--fft-size", defaultValue = "16", paramLabel = "M", description = "FFT of 2^M points, 4..22 (default: ${DEFAULT-VALUE})")
    int fftSize;

    @Option(names = "--keep", paramLabel = "DIR", description = "keep the generated raw traces, .wgr files and the .wtrace in DIR (created if missing; the demo's files of the same names in it are replaced)")
    Path keep;

    @Mixin
    FormatOption format;

    @Mixin
    ChunkEventsOption events;

    @Override
    public FormatRegistry<?> formats() {
        return CommandSummary.FORMATS;
    }

    /** The demo's results as facts, for --format json. */
    private final CommandSummary facts = new CommandSummary();

    @Override
    public Integer call() throws Exception {
        checkRanges();
        OutputFormat summaryFormat = format.resolve(CommandSummary.FORMATS);
        boolean text = CommandSummary.isText(summaryFormat);
        // JSON: the tables are not printed; their numbers go into one object written at the end.
        PrintWriter out = text ? spec.commandLine().getOut() : new PrintWriter(Writer.nullWriter());
        PrintWriter err = spec.commandLine().getErr();
        if (keep != null && Files.exists(keep) && !Files.isDirectory(keep)) {
            throw new IllegalArgumentException("--keep " + keep + " is not a directory");
        }
        Path dir = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("wholetrace-demo");
        try {
            Path control = dir.resolve("control-flow.u32");
            writeControlFlow(control);
            GridSweep sweep = new GridSweep(side, sweeps, false);
            Path addresses = dir.resolve("grid-sweep.u64");
            writeSweep(addresses, new GridSweep(side, sweeps, false));

            err.println("compressing and verifying the round trip ...");
            Row flow = roundTrip(control, InputFormat.U32, dir.resolve("control-flow.wgr"),
                    String.format(Locale.ROOT, "control flow: %s blocks (u32)", Units.count(blocks)));
            Row seq = roundTrip(addresses, InputFormat.U64, dir.resolve("grid-sweep.wgr"),
                    String.format(Locale.ROOT, "2-D sweep, SEQUITUR: %s addresses (u64)", Units.count(sweep.length())));
            Row diffRle = diffRleSeq(addresses, sweep);

            err.println("running gzip -9, bzip2 -9, xz -9, zstd -19 on the same raw bytes ...");
            out.println();
            out.println("Wholetrace demo: sizes in bytes (smaller is better); every .wgr file was read back and");
            out.println("expanded byte for byte equal to its input.");
            out.println();
            out.printf(Locale.ROOT, "%-44s %11s %11s %11s %11s %11s %11s %9s%n", "input", "raw", "wholetrace",
                    "gzip -9", "bzip2 -9", "xz -9", "zstd -19", "wt / xz");
            for (Row r : new Row[] {flow, seq, diffRle}) printRow(out, r);
            out.println();
            out.printf(Locale.ROOT, "control-flow grammar: %d rules, %d symbols, depth %d, for %s blocks.%n",
                    flow.grammar.ruleCount(), flow.grammar.symbolCount(), flow.grammar.depth(), Units.count(blocks));
            out.printf(Locale.ROOT, "Diff∘RLE∘SEQ turned %s addresses into %d (difference, run) symbols; plain SEQUITUR needs %d symbols.%n",
                    Units.count(sweep.length()), diffRle.grammar.symbolCount(), seq.grammar.symbolCount());
            facts.object("controlFlowGrammar").put("rules", flow.grammar.ruleCount()).put("symbols", flow.grammar.symbolCount())
                    .put("depth", flow.grammar.depth()).put("blocks", blocks);
            facts.object("sweep").put("addresses", sweep.length()).put("diffRleSymbols", diffRle.grammar.symbolCount())
                    .put("sequiturSymbols", seq.grammar.symbolCount());
            parallelTrace(out, err, dir, text);
            if (keep != null) {
                out.println("files kept in " + dir);
                facts.put("kept", dir.toString());
            }
            if (!text) facts.write(summaryFormat, spec.commandLine().getOut());
            return 0;
        } finally {
            if (keep == null) deleteTree(dir);
        }
    }

    /** The demo's inputs within what a run in the CLI's heap budget and a few minutes can do. */
    private void checkRanges() {
        if (blocks < 1 || blocks > MAX_BLOCKS) throw new IllegalArgumentException("--blocks must be 1 to " + MAX_BLOCKS + ", not " + blocks);
        if (side < 4 || side > MAX_GRID) throw new IllegalArgumentException("--grid must be 4 to " + MAX_GRID + ", not " + side);
        if (sweeps < 1) throw new IllegalArgumentException("--sweeps must be at least 1, not " + sweeps);
        if ((long) side * side * sweeps > MAX_SWEEP_ADDRESSES) {
            throw new IllegalArgumentException("--grid squared times --sweeps must be at most " + MAX_SWEEP_ADDRESSES + " addresses, not "
                    + (long) side * side * sweeps);
        }
        if (threads < 1 || threads > KernelRange.MAX_THREADS) {
            throw new IllegalArgumentException("--threads must be 1 to " + KernelRange.MAX_THREADS + ", not " + threads);
        }
        if (fftSize < KernelRange.FFT.minSize || fftSize > KernelRange.FFT.maxSize) {
            throw new IllegalArgumentException("--fft-size must be " + KernelRange.FFT.minSize + " to " + KernelRange.FFT.maxSize + ", not " + fftSize);
        }
        events.apply(KernelLauncher.agentOptions(Path.of("fft.wtrace"), TraceMode.CDR)); // a bad --events is refused before the compression runs
    }

    private void writeControlFlow(Path file) throws IOException {
        ControlFlowTrace trace = new ControlFlowTrace(42);
        int[] buf = new int[1 << 14];
        ByteBuffer bytes = ByteBuffer.allocate(buf.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            for (int left = blocks; left > 0; ) {
                int n = Math.min(left, buf.length);
                trace.fill(buf, n);
                bytes.clear();
                for (int i = 0; i < n; i++) bytes.putInt(buf[i]);
                out.write(bytes.array(), 0, bytes.position());
                left -= n;
            }
        }
    }

    private static void writeSweep(Path file, GridSweep sweep) throws IOException {
        long[] buf = new long[1 << 13];
        ByteBuffer bytes = ByteBuffer.allocate(buf.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            int n;
            while ((n = sweep.fill(buf)) > 0) {
                bytes.clear();
                for (int i = 0; i < n; i++) bytes.putLong(buf[i]);
                out.write(bytes.array(), 0, bytes.position());
            }
        }
    }

    private static Row roundTrip(Path raw, InputFormat format, Path wgr, String label) throws IOException {
        CompressedTrace trace = TraceCompressor.compressFile(raw, format, done -> { });
        long size = trace.write(wgr, Codec.BEST);
        ByteArrayOutputStream expanded = new ByteArrayOutputStream((int) Files.size(raw));
        CompressedTrace.read(wgr).expandTo(expanded);
        if (!Arrays.equals(expanded.toByteArray(), Files.readAllBytes(raw))) {
            throw new IllegalStateException("round trip of " + raw.getFileName() + " differs from its input");
        }
        return new Row(label, raw, size, trace.control());
    }

    /** The same addresses through Diff∘RLE∘SEQ, checked against the raw stream. */
    private static Row diffRleSeq(Path raw, GridSweep sweep) throws IOException {
        Alphabet runs = new Alphabet();
        DiffRleEncoder encoder = new DiffRleEncoder(runs);
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(raw)).order(ByteOrder.LITTLE_ENDIAN);
        while (bytes.hasRemaining()) encoder.append(bytes.getLong());
        encoder.finish();
        Grammar g = encoder.grammar().toGrammar();
        var decoder = new DiffRleDecoder(g, runs);
        bytes.rewind();
        while (bytes.hasRemaining()) {
            if (!decoder.hasNext() || decoder.nextLong() != bytes.getLong()) throw new IllegalStateException("Diff∘RLE∘SEQ round trip differs");
        }
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(runs, true, w);
        GrammarCodec.write(g, w);
        Path file = raw.resolveSibling("grid-sweep-diff-rle.wgr");
        long size = GrammarFile.write(file, w.toByteArray(), Codec.BEST);
        return new Row(String.format(Locale.ROOT, "2-D sweep, Diff∘RLE∘SEQ: %s addresses", Units.count(sweep.length())), raw, size, g);
    }

    private void printRow(PrintWriter out, Row r) throws IOException {
        GeneralPurpose.ByteSource src = GeneralPurpose.ByteSource.file(r.raw);
        long[] gp = new long[GeneralPurpose.values().length];
        for (GeneralPurpose c : GeneralPurpose.values()) gp[c.ordinal()] = c.compressedBytes(src);
        out.printf(Locale.ROOT, "%-44s %11d %11d %11d %11d %11d %11d %9.3f%n", r.label, src.length(), r.wgrBytes,
                gp[GeneralPurpose.GZIP.ordinal()], gp[GeneralPurpose.BZIP2.ordinal()], gp[GeneralPurpose.XZ.ordinal()],
                gp[GeneralPurpose.ZSTD.ordinal()], (double) r.wgrBytes / gp[GeneralPurpose.XZ.ordinal()]);
        out.flush();
        facts.element("inputs").put("input", r.label).put("raw", src.length()).put("wholetrace", r.wgrBytes)
                .put("gzip9", gp[GeneralPurpose.GZIP.ordinal()]).put("bzip2_9", gp[GeneralPurpose.BZIP2.ordinal()])
                .put("xz9", gp[GeneralPurpose.XZ.ordinal()]).put("zstd19", gp[GeneralPurpose.ZSTD.ordinal()])
                .put("wholetraceOverXz", (double) r.wgrBytes / gp[GeneralPurpose.XZ.ordinal()]);
    }

    /**
     * Records the FFT kernel under the agent (a JVM of its own, as {@code workload fft -o} does),
     * reads the trace back and shows what stats and segment would.
     */
    private void parallelTrace(PrintWriter out, PrintWriter err, Path dir, boolean text) throws IOException, InterruptedException {
        Path file = dir.resolve("fft.wtrace");
        err.printf(Locale.ROOT, "recording a multithreaded run (SPLASH-2 FFT, 2^%d points, %d threads, CDR mode) under the agent ...%n",
                fftSize, threads);
        String agentArg = events.apply(KernelLauncher.agentOptions(file, TraceMode.CDR)).javaagent(BuildJars.agentJar(null, null));
        out.println();
        out.flush();
        StringWriter kernelOutput = new StringWriter();
        int exit = KernelLauncher.run(KernelLauncher.command(null, agentArg, null, "fft", threads, fftSize, null),
                text ? out : new PrintWriter(kernelOutput), err);
        if (exit != 0) throw new IllegalStateException("the FFT kernel failed (exit code " + exit + ")");
        FinishedTrace.repack(file, err);
        ParallelTrace trace = TraceFiles.open(file, err);
        CommandSummary summary = TraceSummary.of(trace, String.format(Locale.ROOT, "the FFT kernel, 2^%d points, %d threads", fftSize, threads));
        if (text) summary.write(OutputFormat.TEXT, out);
        CommandSummary recording = facts.object("recording").put("kernel", "fft").put("fftSize", fftSize).put("threads", threads)
                .put("output", kernelOutput.toString());
        recording.putAll(summary);
        long t0 = System.nanoTime();
        RaceDetector.Result races = RaceDetector.detect(trace, false);
        long dynamic = 0;
        for (Race r : races.races()) dynamic += r.count();
        recording.object("races").put("pairs", races.races().size()).put("dynamic", dynamic).put("accessesChecked", races.stats().accesses())
                .put("segments", races.stats().segments());
        out.printf(Locale.ROOT, "  races    %s (as 'races': %s accesses in %s segments checked on the compressed trace, %.2f s)%n",
                races.races().isEmpty() ? "none: every conflicting pair of accesses is ordered by the barriers"
                        : races.races().size() + " pairs of instructions, " + dynamic + " dynamic instances",
                Units.count(races.stats().accesses()), Units.count(races.stats().segments()), (System.nanoTime() - t0) / 1e9);
        out.println("Random access through the sync counts, as 'segment --thread 1 2 3' (first events):");
        out.flush();
        ThreadTrace t = TraceFiles.thread(trace, 1);
        TraceFiles.checkOps(t, 2, 3);
        try (EventPrinter printer = new EventPrinter(trace, out, OutputFormat.TEXT, 6)) {
            SegmentCommand.print(t, 2, 3, printer);
        }
        if (keep != null) {
            out.println("More: ./wholetrace stats " + file + "; ./wholetrace dump " + file + " --limit 20");
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private record Row(String label, Path raw, long wgrBytes, Grammar grammar) {}
}
