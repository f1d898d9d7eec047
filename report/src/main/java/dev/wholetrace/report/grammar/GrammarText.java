package dev.wholetrace.report.grammar;

import dev.wholetrace.analysis.grammar.GrammarSummary;
import dev.wholetrace.analysis.grammar.GrammarSummary.TopRule;
import dev.wholetrace.analysis.grammar.GrammarSummary.TopStream;
import dev.wholetrace.model.util.Text;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * {@code wholetrace grammar} for people: shape, sizes before the codec, top rules and streams. In a
 * file of several chunks a rule or stream is named with its chunk: {@code C3:R12}.
 */
final class GrammarText implements ReportWriter<GrammarSummary> {
    @Override
    public void write(GrammarSummary s, PrintWriter out) {
        boolean chunked = s.chunks() > 1;
        out.printf(Locale.ROOT, "file        %s (%s), format %s, %s records%s%n", Text.oneLine(s.file()), Units.bytes(s.fileBytes()),
                s.format(), Units.count(s.records()), chunked ? ", " + s.chunks() + " chunks (counts summed over them)" : "");
        out.printf(Locale.ROOT, "control     %d rules, %d symbols, depth %d, alphabet %d%n", s.control().rules(),
                s.control().symbols(), s.control().depth(), s.alphabet());
        out.println("sizes before the codec (varint bytes):");
        out.printf(Locale.ROOT, "  alphabet        %10d%n", s.alphabetBytes());
        out.printf(Locale.ROOT, "  control grammar %10d%n", s.controlBytes());
        if (s.streams() != null) {
            out.printf(Locale.ROOT, "  run pairs       %10d  (%d distinct (difference, run length) pairs)%n",
                    s.streams().runPairBytes(), s.streams().runPairs());
            out.printf(Locale.ROOT, "  address streams %10d  (%d streams, %d symbols)%n", s.streams().grammarBytes(),
                    s.streams().count(), s.streams().symbols());
        }
        out.printf(Locale.ROOT, "top rules by expanded length × uses:%n");
        out.printf(Locale.ROOT, "  %-8s %6s %8s %14s %16s  %s%n", "rule", "uses", "symbols", "expands to", "length × uses", "starts with");
        for (TopRule r : s.topRules()) {
            out.printf(Locale.ROOT, "  %-8s %6d %8d %14d %16.4g  %s%n", (chunked ? "C" + r.chunk() + ":" : "") + "R" + r.rule(), r.uses(), r.symbols(), r.expandsTo(),
                    r.coverage(), r.startsWith());
        }
        if (s.streams() != null) {
            out.printf(Locale.ROOT, "largest address streams:%n");
            out.printf(Locale.ROOT, "  %-8s %8s %8s %6s %14s%n", "stream", "symbols", "rules", "depth", "runs");
            for (TopStream t : s.topStreams()) {
                out.printf(Locale.ROOT, "  %-8s %8d %8d %6d %14d%n", (chunked ? "C" + t.chunk() + ":" : "") + "#" + t.stream(), t.symbols(), t.rules(), t.depth(), t.runs());
            }
        }
        out.flush();
    }
}
