package dev.wholetrace.report.grammar;

import dev.wholetrace.analysis.grammar.GrammarSummary;
import dev.wholetrace.analysis.grammar.GrammarSummary.TopRule;
import dev.wholetrace.analysis.grammar.GrammarSummary.TopStream;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;

/**
 * {@code wholetrace grammar} as one JSON object: {@code file}, {@code fileBytes}, {@code format},
 * {@code records}, {@code control} (rules, symbols, depth, alphabet), {@code bytes} (varint sizes
 * per component before the codec), {@code topRules} and, for lackey-mem, {@code streams} and
 * {@code topStreams}; {@code version} and {@code chunks} of the file last (a rule or stream names
 * its {@code chunk}: 0 in a file of one chunk).
 */
final class GrammarJson implements ReportWriter<GrammarSummary> {
    @Override
    public void write(GrammarSummary s, PrintWriter out) {
        try (JsonWriter j = JsonWriter.to(out)) {
            j.beginObject().field("file", s.file()).field("fileBytes", s.fileBytes()).field("format", s.format())
                    .field("records", s.records());
            j.object("control").field("rules", s.control().rules()).field("symbols", s.control().symbols())
                    .field("depth", s.control().depth()).field("alphabet", s.alphabet()).end();
            j.object("bytes").field("alphabet", s.alphabetBytes()).field("controlGrammar", s.controlBytes());
            if (s.streams() != null) j.field("runPairs", s.streams().runPairBytes()).field("addressStreams", s.streams().grammarBytes());
            j.end();
            if (s.streams() != null) {
                j.object("streams").field("count", s.streams().count()).field("symbols", s.streams().symbols())
                        .field("distinctRunPairs", s.streams().runPairs()).end();
            }
            j.array("topRules");
            for (TopRule r : s.topRules()) {
                j.beginObject().field("chunk", r.chunk()).field("rule", r.rule()).field("uses", r.uses()).field("symbols", r.symbols())
                        .field("expandsTo", r.expandsTo()).field("startsWith", r.startsWith()).end();
            }
            j.endArray();
            if (s.streams() != null) {
                j.array("topStreams");
                for (TopStream t : s.topStreams()) {
                    j.beginObject().field("chunk", t.chunk()).field("stream", t.stream()).field("symbols", t.symbols()).field("rules", t.rules())
                            .field("depth", t.depth()).field("runs", t.runs()).end();
                }
                j.endArray();
            }
            j.field("version", s.version()).field("chunks", s.chunks());
            j.end();
        }
        out.println();
        out.flush();
    }
}
