package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.CommandSummary;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.importers.ChunkingCompressor;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.TraceCompressor;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarFileWriter;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "compress", mixinStandardHelpOptions = true,
        description = {"Compress a raw trace into a grammar file (.wgr).",
                "",
                "The trace goes through online SEQUITUR (or the --grammar algorithm); the grammar is then varint-coded and packed by xz or zstd. lackey-mem traces keep the data addresses of each instruction in their own Diff∘RLE∘SEQ stream.",
                "",
                "Inputs of any size stream: when the grammar builders hold --chunk-memory, the file gets a chunk of its own and the next records start a fresh grammar (docs/formats.md, .wgr version 2).",
                "",
                "--grammar strata stores each grammar with the stratum layers (none to 4, or to --strata-layers N) whose payload packs smallest with --codec, as the re-pack of a STRATA recording chooses them (docs/strata.md, 'Stored layers'); --strata-memory bounds the layer tables built while choosing."},
        footer = {"", "Examples:",
                "  wholetrace compress trace.u32 --input u32 -o trace.wgr",
                "  wholetrace compress lackey.out --input lackey-mem --codec xz -o run.wgr",
                "  wholetrace compress trace.u32 --input u32 -o trace.wgr --force   # replace trace.wgr",
                "  wholetrace compress huge.u64 --input u64 -o huge.wgr --chunk-memory 32   # smaller chunks",
                "  wholetrace compress trace.u32 --input u32 -o trace.wgr --grammar enhanced --window 1048576",
                "  wholetrace compress sb.out --input lackey-sb -o sb.wgr --grammar strata --strata-layers 2   # at most 2 stratum layers",
                "  wholetrace compress trace.u32 --input u32 -o trace.wgr --format json | jq .outputBytes"})
public final class CompressCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "the raw trace")
    Path input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.wgr", description = "the grammar file to write")
    Path output;

    @Option(names = "--input", required = true, paramLabel = "FORMAT", converter = InputFormatConverter.class,
            completionCandidates = InputFormatConverter.class,
            description = "u32 | u64 (little-endian values), lackey-sb | lackey-mem (valgrind lackey text)")
    InputFormat format;

    @Option(names = "--codec", defaultValue = "best", paramLabel = "CODEC",
            description = "last stage: best (smaller of xz and zstd), xz, zstd, none (default: ${DEFAULT-VALUE})")
    String codecName;

    @Option(names = "--grammar", defaultValue = "sequitur", paramLabel = "ALGORITHM", converter = GrammarAlgorithmConverter.class,
            completionCandidates = GrammarAlgorithmConverter.class,
            description = "the grammar-compression algorithm: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    GrammarAlgorithm algorithm;

    @Mixin
    GrammarWindowOption window;

    @Mixin
    StrataLayerOptions strataLayers;

    @Option(names = "--chunk-memory", defaultValue = "64", paramLabel = "MiB",
            description = "memory the grammar builders may hold before a chunk is closed, 1..1024 MiB (default: ${DEFAULT-VALUE})")
    int chunkMiB;

    @Mixin
    ForceOption force;

    @Mixin
    FormatOption summaryFormat;

    @Override
    public FormatRegistry<?> formats() {
        return CommandSummary.FORMATS;
    }

    /** The shape of all chunks together, for the summary lines. */
    private static final class Totals {
        long records;
        long chunks;
        long rules;
        long symbols;
        int depth;
        long streams;
        long streamSymbols;
        long runPairs;
        long expandedBytes;

        void add(CompressedTrace t) {
            Grammar control = t.control();
            records += t.records();
            chunks++;
            rules += control.ruleCount();
            symbols += control.symbolCount();
            depth = Math.max(depth, control.depth());
            streams += t.streams().size();
            for (Grammar g : t.streams()) streamSymbols += g.symbolCount();
            runPairs += t.runs().size();
            expandedBytes += t.expandedBytes();
        }
    }

    @Override
    public Integer call() throws Exception {
        OutputFormat outputFormat = summaryFormat.resolve(CommandSummary.FORMATS); // a wrong --format fails before the work
        Codec codec = Codecs.parse(spec, codecName);
        PrintWriter out = spec.commandLine().getOut();
        OutputFile target = OutputFile.check(output, force.force(), input);
        if (chunkMiB < 1 || chunkMiB > 1024) throw new IllegalArgumentException("--chunk-memory must be 1 to 1024 (MiB), not " + chunkMiB);
        java.util.List<String> givenUp = new java.util.ArrayList<>(); // layers the search gave up: in the summary, not beside the progress line
        GrammarAlgorithm grammar = strataLayers.grammar(window.apply(algorithm), codec, givenUp);
        long inBytes = Files.size(input);
        long t0 = System.nanoTime();
        Totals totals = new Totals();
        long outBytes = target.write(tmp -> {
            try (GrammarFileWriter w = new GrammarFileWriter(tmp, format.id);
                 Progress progress = new Progress(spec.commandLine().getErr(), "compressing " + input.getFileName(), inBytes)) {
                ChunkingCompressor chunks = new ChunkingCompressor(format, grammar, (long) chunkMiB << 20, chunk -> {
                    totals.add(chunk);
                    chunk.appendTo(w, codec);
                });
                TraceCompressor.compressFile(input, chunks, progress);
                w.close();
                return w.bytes();
            }
        });
        double seconds = (System.nanoTime() - t0) / 1e9;
        String inChunks = totals.chunks > 1 ? " in " + totals.chunks + " chunks" : "";
        CommandSummary summary = new CommandSummary()
                .line("input    %s: %s, %s records", input, format.cliName, Units.count(totals.records))
                .line("grammar  control: %d rules, %d symbols, depth %d%s", totals.rules, totals.symbols, totals.depth, inChunks);
        if (format == InputFormat.LACKEY_MEM) {
            summary.line("         address streams: %d, %d symbols over %d (difference, run) pairs", totals.streams, totals.streamSymbols, totals.runPairs);
        }
        StrataLayerOptions.report(summary, givenUp);
        summary.line("output   %s: %s (%s of the %s input; %s of %s as binary records)", output, Units.bytes(outBytes),
                        Units.percent(outBytes, inBytes), Units.bytes(inBytes), Units.percent(outBytes, totals.expandedBytes),
                        Units.bytes(totals.expandedBytes))
                .line("time     %.2f s (%.1f M records/s)", seconds, totals.records / seconds / 1e6);
        summary.put("input", input.toString()).put("inputFormat", format.cliName).put("inputBytes", inBytes).put("records", totals.records)
                .put("grammar", algorithm.cliName()).put("chunks", totals.chunks).put("rules", totals.rules).put("symbols", totals.symbols)
                .put("depth", totals.depth);
        if (format == InputFormat.LACKEY_MEM) {
            summary.object("addressStreams").put("streams", totals.streams).put("symbols", totals.streamSymbols).put("runPairs", totals.runPairs);
        }
        summary.put("output", output.toString()).put("outputBytes", outBytes).put("binaryRecordBytes", totals.expandedBytes).put("seconds", seconds);
        summary.write(outputFormat, out);
        return 0;
    }
}
