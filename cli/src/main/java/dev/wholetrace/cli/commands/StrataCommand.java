package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.strata.StrataOptions;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.strata.StrataFormats;
import dev.wholetrace.report.strata.StrataReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace strata}: paths and stratum layers of a recorded trace, the strata paper's six outputs. */
@Command(name = "strata", mixinStandardHelpOptions = true,
        description = {"Paths and stratum layers of a recorded trace (.wtrace), as the strata paper builds them.",
                "",
                "Each thread's blocks are cut into cyclic paths with trip counts ('wholetrace hot'); layer 0 "
                    + "cuts the [path, tripcount] runs into cycles the same way (a stratum ends when a pair "
                    + "already in it comes again), layer k the runs of layer k-1. Tables are shared by the "
                    + "threads, the state is per thread. Everything is computed from the WPPs as they are "
                    + "expanded; only the tables are kept.",
                "",
                "The output is the paper's six (§III.D): path and strata statistics (a row per level: inputs, "
                    + "executions, runs, repeats, unique, mean length, longest run, table memory, and — the "
                    + "'hourglass' question — what the trace would take stopped at that level: its runs plus "
                    + "every table up to it, zlib-compressed as the paper's compression server did), the "
                    + "hottest paths with their code (path details), the unique strata of --layer that cover "
                    + "the most blocks, and the temporal strata of --layer: each thread's runs in order, --sample of them "
                    + "from run --from on (page through all of them with --from 0, K, 2K, ...).",
                "",
                "When the tables outgrow --strata-memory, the highest layer still built is given up (marked "
                    + "'given up', its figures partial); the paths are always complete. Needs COR, CDR, ALL or STRATA.",
                "",
                "A STRATA recording that 'record' or 'recompress' re-packed stores these outputs for the "
                    + "defaults (every thread, 4 layers, --top 10, --sample 16, sizes; its STRATA_OUTPUTS "
                    + "section): a report asking no more than that is read from there (it says 'stored'), "
                    + "unless --recompute (docs/strata.md)."},
        footer = {"", "Examples:",
                "  wholetrace strata sor.wtrace",
                "  wholetrace strata sor.wtrace --layers 6 --layer 2 --top 3",
                "  wholetrace strata sor.wtrace --layer 0 --from 1000 --sample 1000   # the second page of layer 0's temporal strata",
                "  wholetrace strata sor.wtrace --format json | jq '.levels[] | {name, unique, sizeHere}'"})
public final class StrataCommand implements Callable<Integer>, FormatOption.Formatted {
    static final int MAX_SAMPLE = 1000;
    static final int MAX_MEMORY_MIB = 1 << 16;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Option(names = "--layers", defaultValue = "4", paramLabel = "N",
            description = "stratum layers to build above the paths, 0..16 (default: ${DEFAULT-VALUE})")
    int layers;

    @Option(names = "--layer", paramLabel = "L",
            description = "the layer whose unique and temporal strata the text shows, -1 (the paths) to N-1 (default: 0, or -1 with --layers 0); JSON has all")
    Integer layer;

    @Option(names = "--top", defaultValue = "10", paramLabel = "N",
            description = "hottest paths, and unique strata per layer, to list, 0..10000 (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--sample", defaultValue = "16", paramLabel = "K",
            description = "temporal strata: the first K runs of each layer per thread, 0..1000 (default: ${DEFAULT-VALUE})")
    int sample;

    @Option(names = "--from", defaultValue = "0", paramLabel = "R",
            description = "temporal strata: start at run R of each thread (0 = its first), to page through the whole temporal sequence --sample runs at a time (default: ${DEFAULT-VALUE})")
    long from;

    @Option(names = "--strata-memory", defaultValue = "128", paramLabel = "MiB",
            description = "budget for the tables; above it layers are given up from the top, 1..65536 (default: ${DEFAULT-VALUE})")
    int memory;

    @Option(names = "--thread", paramLabel = "T", description = "only thread T (default: every thread)")
    Integer thread;

    @Option(names = "--no-sizes", description = "skip the zlib size of each level (saves compressing every layer's runs)")
    boolean noSizes;

    @Mixin
    StoredStrataSource source;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return StrataFormats.STRATA;
    }

    @Override
    public Integer call() throws Exception {
        if (layers < 0 || layers > StrataOptions.MAX_LAYERS) throw new IllegalArgumentException("--layers must be 0 to " + StrataOptions.MAX_LAYERS + ", not " + layers);
        int layer = this.layer != null ? this.layer : layers > 0 ? 0 : -1;
        if (layer < -1 || layer >= layers) throw new IllegalArgumentException("--layer must be -1 to " + (layers - 1) + " (--layers " + layers + "), not " + layer);
        if (top < 0 || top > HotCommand.MAX_TOP) throw new IllegalArgumentException("--top must be 0 to " + HotCommand.MAX_TOP + ", not " + top);
        if (sample < 0 || sample > MAX_SAMPLE) throw new IllegalArgumentException("--sample must be 0 to " + MAX_SAMPLE + ", not " + sample);
        if (from < 0) throw new IllegalArgumentException("--from must be >= 0, not " + from);
        if (memory < 1 || memory > MAX_MEMORY_MIB) throw new IllegalArgumentException("--strata-memory must be 1 to " + MAX_MEMORY_MIB + " MiB, not " + memory);
        if (thread != null && thread < 0) throw new IllegalArgumentException("--thread must be >= 0, not " + thread);
        ReportWriter<StrataReport> writer = StrataFormats.STRATA.writer(format.resolve(StrataFormats.STRATA));
        PrintWriter out = spec.commandLine().getOut();
        int only = thread == null ? -1 : thread;
        StrataOptions options = new StrataOptions(layers, (long) memory << 20, StrataPipeline.DEFAULT_MAX_LENGTH, top, sample, only, !noSizes, from);
        writer.write(source.strata(input, options, layer, spec.commandLine().getErr()), out);
        out.flush();
        return 0;
    }
}
