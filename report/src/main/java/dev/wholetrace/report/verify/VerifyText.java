package dev.wholetrace.report.verify;

import dev.wholetrace.analysis.verify.Verification;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;

/**
 * {@code verify} as one line: "FILE: valid trace, version 3, cdr, complete: 3 chunks, 2 threads,
 * 706 events, 206 sync operations", or "FILE: invalid: what is wrong where".
 */
final class VerifyText implements ReportWriter<Verification> {
    @Override
    public void write(Verification v, PrintWriter out) {
        if (!v.valid()) {
            out.println(v.file() + ": invalid: " + v.error());
        } else if (v.kind().equals("grammar")) {
            out.println(v.file() + ": valid grammar file, version " + v.version() + ", " + v.mode() + ": " + v.events()
                    + " records in " + v.chunks() + (v.chunks() == 1 ? " chunk" : " chunks")
                    + ", every grammar decoded and expanded");
        } else {
            out.println(v.file() + ": valid trace, version " + v.version() + ", " + v.mode() + ", " + (v.complete() ? "complete" : "unfinished")
                    + ": " + v.chunks() + (v.chunks() == 1 ? " chunk, " : " chunks, ") + v.threads() + (v.threads() == 1 ? " thread, " : " threads, ")
                    + v.events() + " events, " + v.syncOps() + " sync operations; every section decoded and every stream expanded");
        }
        out.flush();
    }
}
