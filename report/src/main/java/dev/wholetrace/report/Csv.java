package dev.wholetrace.report;

import java.util.List;

/** CSV as the benchmark files write it: comma-separated cells, one record per line, text quoted when asked. */
public final class Csv {
    private final StringBuilder sb = new StringBuilder();

    /** A file that starts with this header line (its column names, comma-separated). */
    public Csv(String header) {
        sb.append(header).append('\n');
    }

    /** Adds a record of cells (written as they are: quote text with {@link #quote}). */
    public Csv row(String... cells) {
        return row(List.of(cells));
    }

    /** Adds a record of cells (written as they are: quote text with {@link #quote}). */
    public Csv row(List<String> cells) {
        sb.append(String.join(",", cells)).append('\n');
        return this;
    }

    /** {@code s} as a quoted CSV field: in double quotes, its own double quotes doubled. */
    public static String quote(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** The file's text. */
    @Override
    public String toString() {
        return sb.toString();
    }
}
