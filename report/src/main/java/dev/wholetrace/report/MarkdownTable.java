package dev.wholetrace.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured markdown table: a header row, the alignment row ({@code ---} left,
 * {@code ---:} right), then one row per {@link #row}. Each cell is written between {@code "| "}
 * and a space as it is; a null cell (no value, or a column without a name) as {@code "| "}
 * alone, so that the line reads {@code | |} there.
 */
public final class MarkdownTable {
    private final List<String> header = new ArrayList<>();
    private final List<Boolean> right = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    /** Adds a left-aligned column (names, text). */
    public MarkdownTable left(String name) {
        return column(name, false);
    }

    /** Adds a right-aligned column (numbers). */
    public MarkdownTable right(String name) {
        return column(name, true);
    }

    /** Adds columns right-aligned (numbers). */
    public MarkdownTable right(String... names) {
        for (String n : names) right(n);
        return this;
    }

    private MarkdownTable column(String name, boolean alignRight) {
        header.add(name);
        right.add(alignRight);
        return this;
    }

    /** Adds a row; its cells are written with {@code toString()} (null stays blank). */
    public MarkdownTable row(Object... cells) {
        List<String> r = new ArrayList<>(cells.length);
        for (Object c : cells) r.add(c == null ? null : c.toString());
        return row(r);
    }

    /** Adds a row of cells. */
    public MarkdownTable row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException(cells.size() + " cells in a row of a table with " + header.size() + " columns");
        }
        rows.add(new ArrayList<>(cells)); // may hold nulls
        return this;
    }

    /** Appends the table, each line ended by a newline. */
    public StringBuilder appendTo(StringBuilder sb) {
        line(sb, header);
        for (boolean r : right) sb.append(r ? "|---:" : "|---");
        sb.append("|\n");
        for (List<String> r : rows) line(sb, r);
        return sb;
    }

    @Override
    public String toString() {
        return appendTo(new StringBuilder()).toString();
    }

    private static void line(StringBuilder sb, List<String> cells) {
        for (String c : cells) {
            sb.append("| ");
            if (c != null) sb.append(c).append(' ');
        }
        sb.append("|\n");
    }
}
