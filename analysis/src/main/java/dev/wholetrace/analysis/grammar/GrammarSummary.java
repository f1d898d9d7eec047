package dev.wholetrace.analysis.grammar;

import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.CompressedTraceReader;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.LackeyRecord;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What {@code wholetrace grammar} says of a grammar file (.wgr): the control grammar's shape, the
 * sizes of its components before the last-stage codec, the rules that cover most of the trace and,
 * for lackey-mem traces, the address streams. A file of several chunks (each its own grammars and
 * alphabets) is summed over its chunks, read one at a time: counts and sizes add up, the depth is
 * the largest, and the top rules and streams are the largest of all chunks, each naming its chunk.
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
 * @param version     the file's format version
 * @param chunks      the file's chunks (1 for a version-1 file)
 */
public record GrammarSummary(String file, long fileBytes, String format, long records, Shape control, long alphabet,
                             long alphabetBytes, long controlBytes, Streams streams, List<TopRule> topRules,
                             List<TopStream> topStreams, int version, long chunks) {

    /** A grammar's size: rules, right-hand-side symbols, depth. */
    public record Shape(long rules, long symbols, int depth) {}

    /** The Diff∘RLE∘SEQ streams of a lackey-mem trace: their run-pair table and grammars. */
    public record Streams(long runPairBytes, long runPairs, long grammarBytes, long count, long symbols) {}

    /**
     * One rule of a chunk's control grammar.
     *
     * @param chunk      the chunk whose grammar it is (0 in a file of one chunk)
     * @param startsWith its first terminals, described ({@code …} when it expands to more)
     */
    public record TopRule(long chunk, int rule, int uses, int symbols, long expandsTo, String startsWith) {
        /** Expanded length × uses: how much of the trace the rule covers. */
        public double coverage() {
            return (double) expandsTo * uses;
        }
    }

    /** One address stream's grammar; {@code runs} is how many (difference, run) symbols it expands to. */
    public record TopStream(long chunk, int stream, long symbols, int rules, int depth, long runs) {}

    /** Summarises one trace held in memory (a file of one chunk); lists {@code top} rules with {@code preview} terminals each. */
    public static GrammarSummary of(String file, long fileBytes, CompressedTrace trace, int top, int preview) {
        Totals t = new Totals(top, preview);
        t.add(trace);
        return t.summary(file, fileBytes, trace.format(), dev.wholetrace.format.io.GrammarFile.VERSION);
    }

    /**
     * Summarises the file {@code in} reads, one chunk in memory at a time; lists {@code top} rules
     * with {@code preview} terminals each.
     */
    public static GrammarSummary of(String file, CompressedTraceReader in, int top, int preview) throws IOException {
        Totals t = new Totals(top, preview);
        CompressedTrace chunk;
        while ((chunk = in.next()) != null) t.add(chunk);
        return t.summary(file, in.size(), in.format(), in.version());
    }

    /** The sums over the chunks seen so far and the largest rules and streams among them. */
    private static final class Totals {
        private final int top;
        private final int preview;
        private long chunks;
        private long records;
        private long rules;
        private long symbols;
        private int depth;
        private long alphabet;
        private long alphabetBytes;
        private long controlBytes;
        private boolean mem;
        private long runPairBytes;
        private long runPairs;
        private long streamBytes;
        private long streamCount;
        private long streamSymbols;
        private List<TopRule> topRules = List.of();
        private List<TopStream> topStreams = List.of();

        Totals(int top, int preview) {
            this.top = top;
            this.preview = preview;
        }

        void add(CompressedTrace trace) {
            Grammar control = trace.control();
            records += trace.records();
            rules += control.ruleCount();
            symbols += control.symbolCount();
            depth = Math.max(depth, control.depth());
            alphabet += trace.signatures().size();
            alphabetBytes += alphabetBytes(trace.signatures(), trace.format().isLackey());
            controlBytes += grammarBytes(control);
            topRules = largest(topRules, topRules(chunks, trace, control, top, preview),
                    Comparator.comparingDouble((TopRule r) -> -r.coverage()).thenComparingLong(TopRule::chunk).thenComparingInt(TopRule::rule));
            if (trace.format() == InputFormat.LACKEY_MEM) {
                mem = true;
                for (Grammar g : trace.streams()) {
                    streamBytes += grammarBytes(g);
                    streamSymbols += g.symbolCount();
                }
                runPairBytes += alphabetBytes(trace.runs(), true);
                runPairs += trace.runs().size();
                streamCount += trace.streams().size();
                topStreams = largest(topStreams, topStreams(chunks, trace, top),
                        Comparator.comparingLong((TopStream s) -> -s.symbols()).thenComparingLong(TopStream::chunk).thenComparingInt(TopStream::stream));
            }
            chunks++;
        }

        private <T> List<T> largest(List<T> a, List<T> b, Comparator<T> order) {
            return java.util.stream.Stream.concat(a.stream(), b.stream()).sorted(order).limit(top).toList();
        }

        GrammarSummary summary(String file, long fileBytes, InputFormat format, int version) {
            Streams streams = mem ? new Streams(runPairBytes, runPairs, streamBytes, streamCount, streamSymbols) : null;
            return new GrammarSummary(file, fileBytes, format.cliName, records, new Shape(rules, symbols, depth), alphabet,
                    alphabetBytes, controlBytes, streams, topRules, topStreams, version, chunks);
        }
    }

    private static List<TopRule> topRules(long chunk, CompressedTrace trace, Grammar g, int top, int preview) {
        int[] uses = g.referenceCounts();
        uses[0] = 1;
        return IntStream.range(0, g.ruleCount()).boxed()
                .sorted(Comparator.comparingDouble((Integer r) -> -(double) g.expandedLength(r) * uses[r]).thenComparing(r -> r))
                .limit(top)
                .map(r -> new TopRule(chunk, r, uses[r], g.bodyLength(r), g.expandedLength(r), preview(trace, g, r, preview)))
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

    private static List<TopStream> topStreams(long chunk, CompressedTrace trace, int top) {
        List<Grammar> streams = trace.streams();
        return IntStream.range(0, streams.size()).boxed()
                .sorted(Comparator.comparingInt((Integer i) -> -streams.get(i).symbolCount()).thenComparing(i -> i))
                .limit(top)
                .map(i -> {
                    Grammar g = streams.get(i);
                    return new TopStream(chunk, i, g.symbolCount(), g.ruleCount(), g.depth(), g.length());
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
