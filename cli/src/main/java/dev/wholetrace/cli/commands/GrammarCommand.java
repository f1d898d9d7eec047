package dev.wholetrace.cli.commands;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.LackeyRecord;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "grammar", mixinStandardHelpOptions = true,
        description = {"Describe a grammar file: rules, depth, sizes, top rules.",
                "",
                "Sizes are given per component; the top rules are those that cover most of the trace "
                    + "(expanded length × uses)."},
        footer = {"", "Examples:",
                "  wholetrace grammar trace.wgr",
                "  wholetrace grammar run.wgr --top 20 --preview 10"})
public final class GrammarCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN.wgr", description = "the grammar file")
    Path input;

    @Option(names = "--top", defaultValue = "10", paramLabel = "N", description = "how many top rules to list (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--preview", defaultValue = "6", paramLabel = "N", description = "terminals shown per rule (default: ${DEFAULT-VALUE})")
    int preview;

    @Override
    public Integer call() throws Exception {
        if (top < 0 || preview < 0) throw new IllegalArgumentException("--top and --preview must be >= 0");
        CompressedTrace trace = CompressedTrace.read(input);
        PrintWriter out = spec.commandLine().getOut();
        Grammar control = trace.control();
        out.printf(Locale.ROOT, "file        %s (%s), format %s, %s records%n", input, Units.bytes(Files.size(input)),
                trace.format().cliName, Units.count(trace.records()));
        out.printf(Locale.ROOT, "control     %d rules, %d symbols, depth %d, alphabet %d%n", control.ruleCount(),
                control.symbolCount(), control.depth(), trace.signatures().size());
        out.println("sizes before the codec (varint bytes):");
        out.printf(Locale.ROOT, "  alphabet        %10d%n", alphabetBytes(trace.signatures(), trace.format().isLackey()));
        out.printf(Locale.ROOT, "  control grammar %10d%n", grammarBytes(control));
        if (trace.format() == InputFormat.LACKEY_MEM) {
            long streamBytes = 0;
            long streamSymbols = 0;
            for (Grammar g : trace.streams()) {
                streamBytes += grammarBytes(g);
                streamSymbols += g.symbolCount();
            }
            out.printf(Locale.ROOT, "  run pairs       %10d  (%d distinct (difference, run length) pairs)%n",
                    alphabetBytes(trace.runs(), true), trace.runs().size());
            out.printf(Locale.ROOT, "  address streams %10d  (%d streams, %d symbols)%n", streamBytes, trace.streams().size(), streamSymbols);
        }
        printTopRules(out, trace, control);
        if (trace.format() == InputFormat.LACKEY_MEM) printTopStreams(out, trace);
        return 0;
    }

    private void printTopRules(PrintWriter out, CompressedTrace trace, Grammar g) {
        int[] uses = g.referenceCounts();
        uses[0] = 1;
        Integer[] order = IntStream.range(0, g.ruleCount()).boxed()
                .sorted(Comparator.comparingDouble((Integer r) -> -(double) g.expandedLength(r) * uses[r]).thenComparing(r -> r))
                .limit(top).toArray(Integer[]::new);
        out.printf(Locale.ROOT, "top rules by expanded length × uses:%n");
        out.printf(Locale.ROOT, "  %-8s %6s %8s %14s %16s  %s%n", "rule", "uses", "symbols", "expands to", "length × uses", "starts with");
        for (int r : order) {
            out.printf(Locale.ROOT, "  %-8s %6d %8d %14d %16.4g  %s%n", "R" + r, uses[r], g.bodyLength(r), g.expandedLength(r),
                    (double) g.expandedLength(r) * uses[r], previewOf(trace, g, r));
        }
    }

    private String previewOf(CompressedTrace trace, Grammar g, int rule) {
        StringBuilder sb = new StringBuilder();
        long shown = Math.min(preview, g.expandedLength(rule));
        GrammarExpander ex = g.ruleExpander(rule);
        for (long i = 0; i < shown; i++) {
            if (i > 0) sb.append(' ');
            sb.append(describe(trace, ex.next()));
        }
        if (g.expandedLength(rule) > shown) sb.append(" …");
        return sb.toString();
    }

    private static String describe(CompressedTrace trace, int symbol) {
        Alphabet a = trace.signatures();
        if (!trace.format().isLackey()) return Long.toString(a.first(symbol));
        long sig = a.first(symbol);
        int kind = (int) (sig & 7);
        String name = LackeyRecord.name(kind);
        return LackeyRecord.isData(kind) ? name + "/" + (sig >>> 3) : name + ":" + Long.toHexString(a.second(symbol));
    }

    private void printTopStreams(PrintWriter out, CompressedTrace trace) {
        var streams = trace.streams();
        Integer[] order = IntStream.range(0, streams.size()).boxed()
                .sorted(Comparator.comparingInt((Integer i) -> -streams.get(i).symbolCount()).thenComparing(i -> i))
                .limit(top).toArray(Integer[]::new);
        out.printf(Locale.ROOT, "largest address streams:%n");
        out.printf(Locale.ROOT, "  %-8s %8s %8s %6s %14s%n", "stream", "symbols", "rules", "depth", "runs");
        for (int i : order) {
            Grammar g = streams.get(i);
            out.printf(Locale.ROOT, "  %-8s %8d %8d %6d %14d%n", "#" + i, g.symbolCount(), g.ruleCount(), g.depth(), g.length());
        }
    }

    private static int grammarBytes(Grammar g) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(g, w);
        return w.size();
    }

    private static int alphabetBytes(Alphabet a, boolean pairs) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(a, pairs, w);
        return w.size();
    }
}
