package dev.wholetrace.report.html;

import static dev.wholetrace.report.html.Html.esc;
import static dev.wholetrace.report.html.Html.num;

import dev.wholetrace.analysis.strata.StrataResult;
import dev.wholetrace.analysis.strata.StrataResult.Block;
import dev.wholetrace.analysis.strata.StrataResult.HotPath;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import dev.wholetrace.report.strata.PathText;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.strata.StrataFormats;
import dev.wholetrace.report.strata.StrataReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the execution spent its blocks: the hottest methods and blocks (block executions counted on
 * the grammars: each rule's occurrences times its terminals, nothing expanded) and the hottest
 * cyclic paths ({@code wholetrace hot}, analysis/strata), each with its code. Plain HTML.
 */
final class HotSection {
    /** Methods and blocks listed. */
    static final int TOP = 15;
    /** Blocks of a hot path listed with their bytecode. */
    static final int PATH_BLOCKS = 40;

    private final long blocks;
    private final List<Map.Entry<Integer, Long>> hotBlocks;
    private final List<Map.Entry<String, Long>> hotMethods;
    private final TraceView trace;
    private final StrataResult paths;
    private final String unavailable;

    private HotSection(TraceView trace, long blocks, List<Map.Entry<Integer, Long>> hotBlocks, List<Map.Entry<String, Long>> hotMethods,
                       StrataResult paths, String unavailable) {
        this.trace = trace;
        this.blocks = blocks;
        this.hotBlocks = hotBlocks;
        this.hotMethods = hotMethods;
        this.paths = paths;
        this.unavailable = unavailable;
    }

    /** Counts the blocks of every thread on its grammars; {@code paths} is the hot-path analysis (null with {@code unavailable} when the trace has no control WPP). */
    static HotSection of(TraceView trace, StrataResult paths, String unavailable) {
        Map<Integer, Long> perBlock = new HashMap<>();
        if (paths != null) {
            for (int t = 0; t < trace.threadCount(); t++) {
                for (ThreadGrammar g : trace.grammars(t)) {
                    long[] perTerminal = g.wpp().terminalCounts(g.terminals());
                    for (int s = 0; s < perTerminal.length; s++) {
                        if (perTerminal[s] > 0 && g.type(s) == Event.Type.BLOCK) perBlock.merge((int) g.value(s), perTerminal[s], Long::sum);
                    }
                }
            }
        }
        long all = 0;
        Map<String, Long> perMethod = new LinkedHashMap<>();
        for (Map.Entry<Integer, Long> e : perBlock.entrySet()) {
            all += e.getValue();
            CodeEntry c = trace.code().block(e.getKey());
            perMethod.merge(c == null ? "(not in the code map)" : c.className() + "." + c.method(), e.getValue(), Long::sum);
        }
        return new HotSection(trace, all, top(perBlock), top(perMethod), paths, unavailable);
    }

    private static <K extends Comparable<K>> List<Map.Entry<K, Long>> top(Map<K, Long> counts) {
        List<Map.Entry<K, Long>> list = new ArrayList<>(counts.entrySet());
        list.sort(Comparator.comparing((Map.Entry<K, Long> e) -> -e.getValue()).thenComparing(Map.Entry::getKey));
        return list.subList(0, Math.min(TOP, list.size()));
    }

    /**
     * The section as JSON: blocks counted, the hot methods and blocks, and the paths as
     * {@code hot --format json} writes them ({@code paths}), or {@code unavailable} (why not).
     */
    void writeJson(JsonGenerator j, String file) throws IOException {
        j.writeStartObject();
        if (paths == null) {
            j.writeStringField("unavailable", unavailable);
        } else {
            j.writeNumberField("blocks", blocks);
            j.writeArrayFieldStart("methods");
            for (Map.Entry<String, Long> m : hotMethods) {
                j.writeStartObject();
                j.writeStringField("method", m.getKey());
                j.writeNumberField("blocks", m.getValue());
                j.writeEndObject();
            }
            j.writeEndArray();
            j.writeArrayFieldStart("hotBlocks");
            for (Map.Entry<Integer, Long> b : hotBlocks) {
                CodeEntry c = trace.code().block(b.getKey());
                j.writeStartObject();
                j.writeNumberField("block", b.getKey());
                j.writeStringField("where", c == null ? null : c.where());
                j.writeNumberField("executions", b.getValue());
                j.writeEndObject();
            }
            j.writeEndArray();
            j.writeFieldName("paths");
            j.writeRawValue(SectionJson.of(new StrataReport(file, paths, -1), StrataFormats.HOT.writer(StrataFormats.HOT.parse(OutputFormat.JSON.name())), null));
        }
        j.writeEndObject();
    }

    void write(PrintWriter out) {
        out.println("<section id=\"hot\"><h2>Hot methods, blocks and paths</h2>");
        if (paths == null) {
            out.println("<p class=\"note\" id=\"hot-unavailable\">" + esc(unavailable) + "</p></section>");
            return;
        }
        out.println("<p>" + num(blocks) + " blocks executed, counted on the grammars (a rule's occurrences times its blocks).</p>");
        out.println("<h3>Methods</h3><table class=\"numbers\" id=\"hot-methods\"><thead><tr><th>method</th><th>blocks executed</th><th>share</th></tr></thead><tbody>");
        for (Map.Entry<String, Long> m : hotMethods) {
            out.println("<tr><td><code>" + esc(m.getKey()) + "</code></td><td>" + num(m.getValue()) + "</td><td>" + Html.percent(m.getValue(), blocks) + "</td></tr>");
        }
        out.println("</tbody></table>");
        out.println("<h3>Blocks</h3><table class=\"numbers\" id=\"hot-blocks\"><thead><tr><th>block</th><th>where</th><th>executions</th><th>share</th></tr></thead><tbody>");
        for (Map.Entry<Integer, Long> b : hotBlocks) {
            CodeEntry c = trace.code().block(b.getKey());
            out.println("<tr><td>" + b.getKey() + "</td><td class=\"text\">" + code(c) + "</td><td>" + num(b.getValue()) + "</td><td>" + Html.percent(b.getValue(), blocks) + "</td></tr>");
        }
        out.println("</tbody></table>");
        out.println("<h3>Paths</h3><p class=\"note\">Cyclic paths as <code>wholetrace hot</code> cuts them (a path ends when one of its "
                + "blocks comes again); heat is executions × length, the blocks a path accounts for.</p>");
        out.println("<table class=\"numbers\" id=\"hot-paths\"><thead><tr><th>#</th><th>path</th><th>share of blocks</th><th>executions</th>"
                + "<th>runs</th><th>length</th><th>where and code</th></tr></thead><tbody>");
        for (int i = 0; i < paths.hottest().size(); i++) {
            HotPath p = paths.hottest().get(i);
            StringBuilder code = new StringBuilder("<details><summary>" + esc(PathText.where(p)) + "</summary><ol class=\"code\">");
            int shown = Math.min(p.code().size(), PATH_BLOCKS);
            for (int k = 0; k < shown; k++) {
                Block b = p.code().get(k);
                code.append("<li>").append(b.id()).append(": ").append(code(b.entry())).append("</li>");
            }
            code.append("</ol>");
            if (shown < p.code().size()) code.append("<p class=\"note\">… ").append(p.code().size() - shown).append(" more blocks (wholetrace hot --format json)</p>");
            code.append("</details>");
            out.println("<tr><td>" + (i + 1) + "</td><td>" + p.id() + "</td><td>" + Html.percent(p.share()) + "</td><td>" + num(p.executions())
                    + "</td><td>" + num(p.runs()) + "</td><td>" + p.length() + "</td><td class=\"code text\">" + code + "</td></tr>");
        }
        out.println("</tbody></table></section>");
    }

    /** A block's place and bytecode: Class.method:line, bci, text (its first line). */
    static String code(CodeEntry c) {
        if (c == null) return "<span class=\"note\">(not in the code map)</span>";
        String text = c.text() == null ? "" : c.text();
        return "<code title=\"" + esc(text) + "\">" + esc(c.where()) + "</code> <span class=\"note\">bci " + c.bci() + "</span>";
    }
}
