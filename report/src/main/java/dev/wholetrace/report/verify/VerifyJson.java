package dev.wholetrace.report.verify;

import dev.wholetrace.analysis.verify.Verification;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;

/**
 * {@code verify} as one JSON object: {@code file}, {@code kind} (trace, grammar), {@code valid};
 * when valid {@code version}, {@code mode} and the counts ({@code complete}, {@code chunks},
 * {@code threads}, {@code events}, {@code syncOperations} for a trace; {@code records} for a
 * grammar file); when not, {@code error}.
 */
final class VerifyJson implements ReportWriter<Verification> {
    @Override
    public void write(Verification v, PrintWriter out) {
        try (JsonWriter j = JsonWriter.to(out)) {
            j.beginObject().field("file", v.file()).field("kind", v.kind()).field("valid", v.valid());
            if (!v.valid()) {
                j.field("error", v.error());
            } else if (v.kind().equals("grammar")) {
                j.field("version", v.version()).field("format", v.mode()).field("records", v.events()).field("chunks", v.chunks());
            } else {
                j.field("version", v.version()).field("mode", v.mode()).field("complete", v.complete()).field("chunks", v.chunks())
                        .field("threads", v.threads()).field("events", v.events()).field("syncOperations", v.syncOps());
            }
            j.end();
        }
        out.println();
        out.flush();
    }
}
