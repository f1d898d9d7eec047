package dev.wholetrace.report.html;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The grammar explorer's data: per thread its top rules (by expanded length × occurrences, how much
 * of the thread they cover, as {@code wholetrace grammar} ranks them) and the rules below them, each
 * with its body, expanded length, occurrences and sync count (sync operations in one expansion); a
 * terminal points into one table of code descriptions (block or instruction: class, method, line,
 * bytecode index and text). The page expands a rule on click from this JSON.
 *
 * <p>Bounded whatever the trace: {@link Limits} threads (those with most events), top rules per
 * thread, rules embedded per thread (breadth-first from the top rules, at most {@code depth} levels
 * below them), symbols per body and in all, and terminals described with their code; a rule beyond
 * the bounds shows as not embedded. So the JSON stays below about symbols × 8 bytes, plus rules ×
 * 40 and code × (200 + {@link #TEXT}) bytes: about 2.5 MB with the defaults, whatever the trace.
 */
final class GrammarExplorer {
    /**
     * The bounds on what is embedded.
     *
     * @param threads  threads shown (those with most events)
     * @param top      top rules per thread
     * @param rules    rules embedded per thread below its top rules
     * @param body     symbols per body
     * @param depth    levels below a top rule
     * @param symbols  body symbols in all, shared equally by the threads shown
     * @param code     terminals described with their code (class, method, line, bytecode); the others
     *                 keep only their label
     */
    record Limits(int threads, int top, int rules, int body, int depth, int symbols, int code) {
        static final Limits DEFAULT = new Limits(16, 12, 300, 64, 3, 120_000, 2_000);
    }

    /** Characters of a terminal's bytecode text kept (a long block's text is cut, marked with …). */
    static final int TEXT = 160;

    private final TraceView trace;
    private final Limits limits;
    /** Terminal descriptions, by key "type:value". */
    private final Map<String, Integer> codeIndex = new LinkedHashMap<>();
    private final List<String[]> code = new ArrayList<>();

    GrammarExplorer(TraceView trace, Limits limits) {
        this.trace = trace;
        this.limits = limits;
    }

    Limits limits() {
        return limits;
    }

    /** The threads shown: the {@code limits.threads} with most events, by index. */
    List<Integer> threads() {
        List<Integer> all = new ArrayList<>();
        for (int t = 0; t < trace.threadCount(); t++) if (trace.eventCount(t) > 0) all.add(t);
        all.sort(Comparator.comparingLong((Integer t) -> -trace.eventCount(t)).thenComparing(t -> t));
        List<Integer> shown = new ArrayList<>(all.subList(0, Math.min(limits.threads(), all.size())));
        shown.sort(null);
        return shown;
    }

    void writeJson(JsonGenerator j) throws IOException {
        List<Integer> shown = threads();
        j.writeStartObject();
        j.writeObjectFieldStart("limits");
        j.writeNumberField("threads", limits.threads());
        j.writeNumberField("top", limits.top());
        j.writeNumberField("rules", limits.rules());
        j.writeNumberField("body", limits.body());
        j.writeNumberField("depth", limits.depth());
        j.writeNumberField("symbols", limits.symbols());
        j.writeNumberField("code", limits.code());
        j.writeEndObject();
        j.writeNumberField("threadCount", trace.threadCount());
        j.writeArrayFieldStart("threads");
        int symbols = limits.symbols() / Math.max(1, shown.size());
        for (int t : shown) thread(j, t, symbols);
        j.writeEndArray();
        j.writeArrayFieldStart("code"); // after the threads: they filled it
        for (String[] c : code) {
            j.writeStartArray();
            for (String s : c) j.writeString(s);
            j.writeEndArray();
        }
        j.writeEndArray();
        j.writeEndObject();
    }

    /** One chunk's grammar of a thread with its per-rule figures. */
    private record Part(int chunk, ThreadGrammar source, Grammar wpp, long[] occurrences, long[] syncs) {}

    /**
     * One thread: its top rules, then the rules breadth-first below them while {@code symbols} last.
     * Two passes over the thread's chunks so that memory stays bounded on a trace of many chunks:
     * the first ranks every chunk's rules and keeps only the best few ([coverage, chunk, rule]); the
     * second decodes again just the chunks those come from (at most {@code limits.top}).
     */
    private void thread(JsonGenerator j, int t, int symbols) throws IOException {
        List<ThreadGrammar> grammars = trace.grammars(t);
        // the top rules over all the thread's grammars: [coverage, chunk, rule], smallest first in the queue
        Comparator<double[]> byCoverage = Comparator.comparingDouble((double[] x) -> x[0]).thenComparingDouble(x -> -x[1])
                .thenComparingDouble(x -> -x[2]);
        PriorityQueue<double[]> top = new PriorityQueue<>(byCoverage);
        for (int c = 0; c < grammars.size(); c++) {
            Grammar wpp = grammars.get(c).wpp();
            long[] occurrences = wpp.occurrences();
            for (int r = 0; r < wpp.ruleCount(); r++) {
                if (wpp.expandedLength(r) == 0) continue;
                top.add(new double[] {(double) wpp.expandedLength(r) * occurrences[r], c, r});
                if (top.size() > limits.top()) top.poll();
            }
        }
        List<double[]> ranked = new ArrayList<>(top);
        ranked.sort(byCoverage.reversed());
        Map<Integer, Part> parts = new java.util.HashMap<>();
        List<long[]> best = new ArrayList<>();
        for (double[] x : ranked) {
            int c = (int) x[1];
            parts.computeIfAbsent(c, k -> {
                ThreadGrammar g = grammars.get(k);
                Grammar wpp = g.wpp();
                return new Part(k, g, wpp, wpp.occurrences(), syncCounts(g, wpp));
            });
            best.add(new long[] {c, (long) x[2]});
        }

        j.writeStartObject();
        j.writeNumberField("thread", t);
        j.writeStringField("name", trace.threads().get(t).label());
        j.writeNumberField("events", trace.eventCount(t));
        j.writeNumberField("chunks", grammars.size());
        j.writeArrayFieldStart("top");
        for (long[] x : best) j.writeString(key(x[0], x[1]));
        j.writeEndArray();
        // breadth-first from the top rules, depth- and count-limited
        Map<String, Integer> embedded = new LinkedHashMap<>();
        ArrayDeque<long[]> queue = new ArrayDeque<>();
        for (long[] x : best) {
            if (embedded.putIfAbsent(key(x[0], x[1]), 0) == null) queue.add(new long[] {x[0], x[1], 0});
        }
        j.writeObjectFieldStart("rules");
        int left = symbols; // the top rules are always embedded; a rule below them only while its body fits
        for (long[] x : best) left -= Math.min(parts.get((int) x[0]).wpp().bodyLength((int) x[1]), limits.body());
        while (!queue.isEmpty()) {
            long[] x = queue.poll();
            Part p = parts.get((int) x[0]);
            int r = (int) x[1];
            int n = p.wpp().bodyLength(r);
            int shown = Math.min(n, limits.body());
            j.writeArrayFieldStart(key(x[0], r));
            j.writeNumber(p.wpp().expandedLength(r));
            j.writeNumber(p.syncs()[r]);
            j.writeNumber(p.occurrences()[r]);
            j.writeStartArray();
            for (int i = 0; i < shown; i++) {
                int s = p.wpp().symbol(r, i);
                if (Grammar.isRule(s)) {
                    int child = Grammar.ruleOf(s);
                    j.writeNumber(s);
                    int cost = Math.min(p.wpp().bodyLength(child), limits.body());
                    if (x[2] < limits.depth() && cost <= left && embedded.size() < limits.rules() + best.size()
                            && embedded.putIfAbsent(key(x[0], child), (int) x[2] + 1) == null) {
                        queue.add(new long[] {x[0], child, x[2] + 1});
                        left -= cost;
                    }
                } else {
                    j.writeNumber(describe(p.source(), s));
                }
            }
            j.writeEndArray();
            j.writeNumber(n - shown);
            j.writeEndArray();
        }
        j.writeEndObject();
        j.writeEndObject();
    }

    private static String key(long chunk, long rule) {
        return chunk + ":" + rule;
    }

    /** Sync operations in one expansion of each rule (references point to later rules: fill from the last). */
    private static long[] syncCounts(ThreadGrammar g, Grammar wpp) {
        boolean[] sync = new boolean[g.terminals()];
        for (int s = 0; s < sync.length; s++) sync[s] = g.type(s) == Event.Type.SYNC;
        long[] syncs = new long[wpp.ruleCount()];
        for (int r = wpp.ruleCount() - 1; r >= 0; r--) {
            long n = 0;
            for (int i = 0, len = wpp.bodyLength(r); i < len; i++) {
                int s = wpp.symbol(r, i);
                n += Grammar.isRule(s) ? syncs[Grammar.ruleOf(s)] : sync[s] ? 1 : 0;
            }
            syncs[r] = n;
        }
        return syncs;
    }

    /** The index of a terminal's description: [kind, label, where, bci, text] (where, bci, text empty when unknown). */
    private int describe(ThreadGrammar g, int terminal) {
        Event.Type type = g.type(terminal);
        long value = g.value(terminal);
        String key = type.ordinal() + ":" + value;
        Integer known = codeIndex.get(key);
        if (known != null) return known;
        CodeEntry e;
        String label;
        switch (type) {
            case BLOCK -> {
                e = trace.code().block((int) value);
                label = "B" + value;
            }
            case SYNC -> {
                SyncKind kind = SyncKind.byOrdinal((int) (value >>> 32));
                int site = (int) value;
                e = site >= 0 ? trace.code().instruction(site) : null;
                label = kind == null ? "sync" : kind.label;
            }
            default -> {
                boolean instruction = trace.mode().control; // DOR keeps the address instead
                e = instruction ? trace.code().instruction((int) value) : null;
                label = (type == Event.Type.LOAD ? "load" : "store") + (instruction ? " I" + value : " @" + Long.toHexString(value));
            }
        }
        if (code.size() >= limits.code()) e = null; // past the bound: the label only
        String text = e == null || e.text() == null ? "" : e.text();
        if (text.length() > TEXT) text = text.substring(0, TEXT) + " …";
        code.add(new String[] {type.name().toLowerCase(java.util.Locale.ROOT), label, e == null ? "" : e.where(),
                e == null ? "" : Integer.toString(e.bci()), text});
        codeIndex.put(key, code.size() - 1);
        return code.size() - 1;
    }
}
