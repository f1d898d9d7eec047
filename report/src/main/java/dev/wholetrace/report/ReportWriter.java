package dev.wholetrace.report;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * Writes one result in one format, as JaCoCo's report formatters do: the analysis computes the
 * result, the writer only renders it. One implementation per (kind of result, format), registered
 * in that kind's {@link FormatRegistry}.
 *
 * @param <R> the result written
 */
@FunctionalInterface
public interface ReportWriter<R> {
    /** Writes {@code result} to {@code out} (not closed; flushed by the caller). */
    void write(R result, PrintWriter out) throws IOException;
}
