package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A self-describing table: a name, named and typed columns, rows. The metadata sections
 * (properties, threads, code map) are such tables, so a reader can show or skip a table or a
 * column it does not know, and a later version can add columns without breaking older readers.
 * Column types: {@code 'i'} a signed integer, {@code 's'} a UTF-8 string.
 */
public record MetaTable(String name, List<String> columns, String types, List<Object[]> rows) {

    public MetaTable {
        if (columns.size() != types.length()) throw new IllegalArgumentException("one type per column");
    }

    public int column(String column) {
        return columns.indexOf(column);
    }

    public void write(VarIntWriter out) {
        out.writeUtf8(name);
        out.writeVarLong(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            out.writeUtf8(columns.get(c));
            out.writeByte(types.charAt(c));
        }
        out.writeVarLong(rows.size());
        for (Object[] row : rows) {
            for (int c = 0; c < columns.size(); c++) {
                if (types.charAt(c) == 'i') out.writeSignedVarLong(((Number) row[c]).longValue());
                else out.writeUtf8(row[c] == null ? "" : row[c].toString());
            }
        }
    }

    public static MetaTable read(VarIntReader in) throws FormatException {
        Header h = Header.read(in);
        List<Object[]> rows = new ArrayList<>(h.rowCount());
        for (int r = 0; r < h.rowCount(); r++) rows.add(h.readRow(in));
        return new MetaTable(h.name(), h.columns(), h.types(), rows);
    }

    /**
     * A table's name, columns and row count, read ahead of its rows: a reader that wants a few
     * rows of a large table ({@link CodeIndex}) passes over the others without decoding their text.
     */
    record Header(String name, List<String> columns, String types, int rowCount) {
        static Header read(VarIntReader in) throws FormatException {
            String name = readString(in, "table name");
            int n = in.readCount("column count", 256);
            List<String> columns = new ArrayList<>(n);
            StringBuilder types = new StringBuilder();
            for (int c = 0; c < n; c++) {
                columns.add(readString(in, "column name"));
                int t = in.readByte("column type");
                if (t != 'i' && t != 's') throw in.corrupt("table " + name + " has a column of unknown type " + t);
                types.append((char) t);
            }
            int rowCount = in.readCount("row count of table " + name, in.remaining());
            return new Header(name, columns, types.toString(), rowCount);
        }

        int column(String column) {
            return columns.indexOf(column);
        }

        Object[] readRow(VarIntReader in) throws FormatException {
            Object[] row = new Object[columns.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = types.charAt(c) == 'i' ? (Object) in.readSignedVarLong(columns.get(c)) : readString(in, columns.get(c));
            }
            return row;
        }

        /**
         * Passes over a row, checking its structure as {@link #readRow} would, without making its
         * strings; returns its integer column {@code keep} (0 if that is no integer column).
         */
        long skipRow(VarIntReader in, int keep) throws FormatException {
            long kept = 0;
            for (int c = 0; c < types.length(); c++) {
                if (types.charAt(c) != 'i') in.skip(in.readLength(columns.get(c)), columns.get(c));
                else if (c == keep) kept = in.readSignedVarLong(columns.get(c));
                else in.readVarLong(columns.get(c));
            }
            return kept;
        }
    }

    static String readString(VarIntReader in, String what) throws FormatException {
        return in.readUtf8(in.readLength(what), what);
    }
}
