package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.TraceCompressor;
import dev.wholetrace.format.io.Codec;
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
                "The trace goes through online SEQUITUR (or the --grammar algorithm); the grammar is then varint-coded and packed by xz or zstd. lackey-mem traces keep the data addresses of each instruction in their own Diff∘RLE∘SEQ stream."},
        footer = {"", "Examples:",
                "  wholetrace compress trace.u32 --input u32 -o trace.wgr",
                "  wholetrace compress lackey.out --input lackey-mem --codec xz -o run.wgr",
                "  wholetrace compress trace.u32 --input u32 -o trace.wgr --force   # replace trace.wgr"})
public final class CompressCommand implements Callable<Integer> {
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
    ForceOption force;

    @Override
    public Integer call() throws Exception {
        Codec codec = Codecs.parse(spec, codecName);
        PrintWriter out = spec.commandLine().getOut();
        OutputFile target = OutputFile.check(output, force.force(), input);
        long inBytes = Files.size(input);
        long t0 = System.nanoTime();
        CompressedTrace trace;
        try (Progress progress = new Progress(spec.commandLine().getErr(), "compressing " + input.getFileName(), inBytes)) {
            trace = TraceCompressor.compressFile(input, format, algorithm, progress);
        }
        long outBytes = target.write(tmp -> trace.write(tmp, codec));
        double seconds = (System.nanoTime() - t0) / 1e9;
        Grammar control = trace.control();
        out.printf(Locale.ROOT, "input    %s: %s, %s records%n", input, format.cliName, Units.count(trace.records()));
        out.printf(Locale.ROOT, "grammar  control: %d rules, %d symbols, depth %d%n", control.ruleCount(), control.symbolCount(), control.depth());
        if (format == InputFormat.LACKEY_MEM) {
            long symbols = 0;
            for (Grammar g : trace.streams()) symbols += g.symbolCount();
            out.printf(Locale.ROOT, "         address streams: %d, %d symbols over %d (difference, run) pairs%n",
                    trace.streams().size(), symbols, trace.runs().size());
        }
        out.printf(Locale.ROOT, "output   %s: %s (%s of the %s input; %s of %s as binary records)%n", output, Units.bytes(outBytes),
                Units.percent(outBytes, inBytes), Units.bytes(inBytes), Units.percent(outBytes, trace.expandedBytes()),
                Units.bytes(trace.expandedBytes()));
        out.printf(Locale.ROOT, "time     %.2f s (%.1f M records/s)%n", seconds, trace.records() / seconds / 1e6);
        return 0;
    }
}
