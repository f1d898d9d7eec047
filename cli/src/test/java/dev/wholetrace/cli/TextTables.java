package dev.wholetrace.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back the plain-text tables the CLI prints: a header row whose first cell names the table,
 * then one row per name, cells separated by at least two spaces, the table ending at a blank line.
 */
final class TextTables {
    private TextTables() {}

    /** Row name → column name → cell of the table whose header starts with {@code title}. */
    static Map<String, Map<String, String>> table(String output, String title) {
        List<String> lines = output.lines().toList();
        int start = -1;
        for (int i = 0; i < lines.size() && start < 0; i++) {
            if (lines.get(i).startsWith(title + "  ") && (i == 0 || lines.get(i - 1).isBlank())) start = i;
        }
        if (start < 0) throw new IllegalArgumentException("no table '" + title + "' in:\n" + output);
        String[] header = lines.get(start).trim().split("\\s{2,}");
        Map<String, Map<String, String>> rows = new LinkedHashMap<>();
        for (int i = start + 1; i < lines.size() && !lines.get(i).isBlank(); i++) {
            String[] cells = lines.get(i).trim().split("\\s{2,}");
            if (cells.length != header.length) throw new IllegalArgumentException("row with " + cells.length + " cells, header has " + header.length + ": " + lines.get(i));
            Map<String, String> row = new LinkedHashMap<>();
            for (int c = 1; c < cells.length; c++) row.put(header[c], cells[c]);
            rows.put(cells[0], row);
        }
        return rows;
    }

    static long number(Map<String, Map<String, String>> table, String row, String column) {
        Map<String, String> r = table.get(row);
        if (r == null || !r.containsKey(column)) throw new IllegalArgumentException("no cell " + row + "/" + column + " in " + table);
        return Long.parseLong(r.get(column));
    }
}
