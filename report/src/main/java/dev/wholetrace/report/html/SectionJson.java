package dev.wholetrace.report.html;

import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.ReportWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * A report section in {@code report --format json}: the result as its own command writes it with
 * {@code --format json} (so a script reads the same object from either), or {@code {"unavailable":
 * why}} when the section has no result for this trace.
 */
final class SectionJson {
    private SectionJson() {}

    /** {@code result} written by {@code json} (that command's JSON writer), or the reason it is missing when null. */
    static <R> String of(R result, ReportWriter<R> json, String unavailable) throws IOException {
        StringWriter s = new StringWriter();
        PrintWriter w = new PrintWriter(s);
        if (result == null) {
            try (JsonWriter j = JsonWriter.to(w)) {
                j.beginObject().field("unavailable", unavailable).end();
            }
        } else {
            json.write(result, w);
        }
        w.flush();
        return s.toString().strip();
    }
}
