package dev.wholetrace.cli.commands;

import dev.wholetrace.report.RaceCounts;
import dev.wholetrace.analysis.deps.DepsAnalysis;
import dev.wholetrace.analysis.deps.DepsOptions;
import dev.wholetrace.analysis.deps.DepsResult;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.deps.DepsFormats;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace deps}: the store→load dependences of a recording (docs/ewpp.md). */
@Command(name = "deps", mixinStandardHelpOptions = true,
        description = {"The dynamic store-to-load dependences of a recorded trace (.wtrace), per static edge.",
                "",
                "From an eWPP (record --mode ewpp) they are recovered from the check signatures in its control "
                    + "flow, without addresses; from a cdr or all recording by replaying its addresses with a "
                    + "last-writer hash table (the address-trace baseline). Each edge is a store instruction S and a "
                    + "load instruction L (ids as 'wholetrace dump' shows them) with its count and origin: same-thread, "
                    + "cross-thread (another thread's store the sync order orders before the load), racy (another "
                    + "thread's store the sync order does not order: a data race), or no-writer (a value no traced "
                    + "store wrote).",
                "",
                "Counts: " + RaceCounts.DEPS + ".",
                "",
                "--chain follows dependences back from a load: the store it read, the load whose value that store "
                    + "wrote (the last load before it in its basic block: locals and the operand stack are not "
                    + "recorded), the store that load read, ...",
                "",
                "On an eWPP, every edge with its count is counted per load without timestamps (no store's "
                    + "instances are listed, no search replayed); --to, --from and --chain walk the compressed grammars "
                    + "for what they ask (docs/ewpp.md); --expand, or --instances without --to/--from, expands the whole "
                    + "eWPP instead. With --chain on an eWPP the edges listed are the "
                    + "chain's load's (as --to would list them); on a cdr or all recording, every edge."},
        footer = {"", "Examples:",
                "  wholetrace deps run.wtrace",
                "  wholetrace deps run.wtrace --top 20                  # the 20 edges with the most dependences",
                "  wholetrace deps run.wtrace --to 42 --instances 10     # what load 42 read, with timestamps",
                "  wholetrace deps run.wtrace --from 7 --to 42          # one static dependence: walks the grammar, not the trace",
                "  wholetrace deps run.wtrace --to 42 --expand          # the same by expanding the whole eWPP",
                "  wholetrace deps run.wtrace --from 7                  # what store 7's values were read by",
                "  wholetrace deps run.wtrace --chain 42 --length 3",
                "  wholetrace deps run.wtrace --format json | jq '.edges[] | select(.origin == \"racy\")'"})
public final class DepsCommand implements Callable<Integer>, FormatOption.Formatted {
    static final int MAX_INSTANCES = 1_000_000;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace): mode ewpp, cdr or all")
    Path input;

    @Option(names = "--from", paramLabel = "INSN", description = "only dependences from this store instruction")
    Integer from;

    @Option(names = "--to", paramLabel = "INSN", description = "only dependences into this load instruction")
    Integer to;

    @Option(names = "--instances", defaultValue = "0", paramLabel = "N",
            description = "also list the first N dynamic dependences with both ends' thread:position (timestamps), 0..1000000 (default: ${DEFAULT-VALUE})")
    int instances;

    @Option(names = "--chain", paramLabel = "INSN", description = "the dependence chains that start at this load instruction, with their frequency")
    Integer chain;

    @Option(names = "--length", defaultValue = "2", paramLabel = "K", description = "with --chain: dependences per chain, 1..64 (default: ${DEFAULT-VALUE})")
    int length;

    @Option(names = "--top", paramLabel = "N",
            description = "only the N edges with the most dependences, the most first (default: every edge, in the loads' program order); "
                    + "the totals still count every edge")
    Integer top;

    @Option(names = "--expand",
            description = "on an eWPP: expand the whole eWPP (the one-pass recovery of every load, with every timestamp) instead of "
                    + "counting each load's signatures (every edge) or walking the grammars for what is asked only (--to, --from, --chain); "
                    + "for comparison: the edges and chains are the same")
    boolean expand;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return DepsFormats.DEPS;
    }

    @Override
    public Integer call() throws Exception {
        if (from != null && from < 0) throw new IllegalArgumentException("--from must be an instruction id >= 0, not " + from);
        if (to != null && to < 0) throw new IllegalArgumentException("--to must be an instruction id >= 0, not " + to);
        if (chain != null && chain < 0) throw new IllegalArgumentException("--chain must be an instruction id >= 0, not " + chain);
        if (length < 1 || length > 64) throw new IllegalArgumentException("--length must be 1 to 64, not " + length);
        if (top != null && top < 1) throw new IllegalArgumentException("--top must be 1 or more, not " + top);
        if (instances < 0 || instances > MAX_INSTANCES) throw new IllegalArgumentException("--instances must be 0 to " + MAX_INSTANCES + ", not " + instances);
        ReportWriter<DepsResult> writer = DepsFormats.DEPS.writer(format.resolve(DepsFormats.DEPS));
        ParallelTrace trace = TraceFiles.openLazily(input, spec.commandLine().getErr()); // an eWPP's chunks decoded as recovery reads them
        DepsOptions options = new DepsOptions(from == null ? -1 : from, to == null ? -1 : to, instances, chain == null ? -1 : chain, length, expand,
                top == null ? 0 : top);
        PrintWriter out = spec.commandLine().getOut();
        writer.write(new DepsAnalysis(options).analyze(trace), out);
        out.flush();
        return 0;
    }
}
