package dev.wholetrace.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A plain-text table: the first column left-aligned (names), the others right-aligned (numbers). */
public final class TextTable {
    private final List<String[]> rows = new ArrayList<>();

    public TextTable row(List<String> cells) {
        rows.add(cells.toArray(String[]::new));
        return this;
    }

    public void print(PrintWriter out) {
        int columns = 0;
        for (String[] r : rows) columns = Math.max(columns, r.length);
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int c = 0; c < r.length; c++) width[c] = Math.max(width[c], r[c].length());
        }
        for (String[] r : rows) {
            StringBuilder b = new StringBuilder();
            for (int c = 0; c < r.length; c++) {
                String s = r[c];
                if (c == 0) {
                    b.append(s).append(" ".repeat(width[0] - s.length()));
                } else {
                    b.append(" ".repeat(width[c] - s.length() + 2)).append(s);
                }
            }
            out.println(b.toString().stripTrailing());
        }
    }
}
