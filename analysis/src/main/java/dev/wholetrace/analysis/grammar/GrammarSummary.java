package dev.wholetrace.analysis.grammar;

import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.LackeyRecord;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What {@code wholetrace grammar} says of a grammar file (.wgr): the control grammar's shape, the
 * sizes of its components before the last-stage codec, the rules that cover most of the trace and,
 * for lackey-mem traces, the address streams.
 *
 * @param file        the file as named on the command line
 * @param fileBytes   its size on disk
 * @param format      the input format it was compressed from ({@code u32}, {@code lackey-mem}, ...)
 * @param records     records (terminals) in the trace
 * @param control     the control grammar's shape
 * @param alphabet    distinct signatures (the control grammar's terminals)
 * @param alphabetBytes the signature table's varint bytes
 * @param controlBytes  the control grammar's varint bytes
 * @param streams     the address streams of a lackey-mem trace, or null
 * @param topRules    the rules with the largest expanded length × uses, largest first
 * @param topStreams  the largest address streams (lackey-mem), largest first; empty otherwise
 */
public record GrammarSummary(String file, long fileBytes, String format, long records, Shape control, int alphabet,
                             long alphabetBytes, long controlBytes, Streams streams, List<TopRule> topRules,
                             List<TopStream> topStreams) {

    /** A grammar's size: rules, right-hand-side symbols, depth. */
    public record Shape(int rules, long symbols, int depth) {}

    /** The Diff∘RLE∘SEQ streams of a lackey-mem trace: their run-pair table and grammars. */
    public record Streams(long runPairBytes, int runPairs, long grammarBytes, int count, long symbols) {}

    /**
     * One rule of the control grammar.
     *
     * @param startsWith its first terminals, described ({@code …} when it expands to more)
     */
    public record TopRule(int rule, int uses, int symbols, long expandsTo, String startsWith) {
        /** Expanded length × uses: how much of the trace the rule covers. */
        public double coverage() {
            return (double) expandsTo * uses;
        }
    }

    /** One address stream's grammar; {@code runs} is how many (difference, run) symbols it expands to. */
    public record TopStream(int stream, long symbols, int rules, int depth, long runs) {}

    /** Summarises a grammar file read into {@code trace}; lists {@code top} rules with {@code preview} terminals each. */
    public static GrammarSummary of(String file, long fileBytes, CompressedTrace trace, int top, int preview) {
        Grammar control = trace.control();
        boolean mem = trace.format() == InputFormat.LACKEY_MEM;
        Streams streams = null;
        if (mem) {
            long bytes = 0;
            long symbols = 0;
            for (Grammar g : trace.streams()) {
                bytes += grammarBytes(g);
                symbols += g.symbolCount();
            }
            streams = new Streams(alphabetBytes(trace.runs(), true), trace.runs().size(), bytes, trace.streams().size(), symbols);
        }
        return new GrammarSummary(file, fileBytes, trace.format().cliName, trace.records(),
                new Shape(control.ruleCount(), control.symbolCount(), control.depth()), trace.signatures().size(),
                alphabetBytes(trace.signatures(), trace.format().isLackey()), grammarBytes(control), streams,
                topRules(trace, control, top, preview), mem ? topStreams(trace, top) : List.of());
    }

    private static List<TopRule> topRules(CompressedTrace trace, Grammar g, int top, int preview) {
        int[] uses = g.referenceCounts();
        uses[0] = 1;
        return IntStream.range(0, g.ruleCount()).boxed()
                .sorted(Comparator.comparingDouble((Integer r) -> -(double) g.expandedLength(r) * uses[r]).thenComparing(r -> r))
                .limit(top)
                .map(r -> new TopRule(r, uses[r], g.bodyLength(r), g.expandedLength(r), preview(trace, g, r, preview)))
                .toList();
    }

    private static String preview(CompressedTrace trace, Grammar g, int rule, int preview) {
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

    private static List<TopStream> topStreams(CompressedTrace trace, int top) {
        List<Grammar> streams = trace.streams();
        return IntStream.range(0, streams.size()).boxed()
                .sorted(Comparator.comparingInt((Integer i) -> -streams.get(i).symbolCount()).thenComparing(i -> i))
                .limit(top)
                .map(i -> {
                    Grammar g = streams.get(i);
                    return new TopStream(i, g.symbolCount(), g.ruleCount(), g.depth(), g.length());
                })
                .toList();
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
