package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import java.nio.charset.StandardCharsets;
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
        writeString(out, name);
        out.writeVarLong(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            writeString(out, columns.get(c));
            out.writeByte(types.charAt(c));
        }
        out.writeVarLong(rows.size());
        for (Object[] row : rows) {
            for (int c = 0; c < columns.size(); c++) {
                if (types.charAt(c) == 'i') out.writeSignedVarLong(((Number) row[c]).longValue());
                else writeString(out, row[c] == null ? "" : row[c].toString());
            }
        }
    }

    public static MetaTable read(VarIntReader in) throws FormatException {
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
        List<Object[]> rows = new ArrayList<>(rowCount);
        for (int r = 0; r < rowCount; r++) {
            Object[] row = new Object[n];
            for (int c = 0; c < n; c++) {
                row[c] = types.charAt(c) == 'i' ? (Object) in.readSignedVarLong(columns.get(c)) : readString(in, columns.get(c));
            }
            rows.add(row);
        }
        return new MetaTable(name, columns, types.toString(), rows);
    }

    static void writeString(VarIntWriter out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeVarLong(b.length);
        out.writeBytes(b, 0, b.length);
    }

    static String readString(VarIntReader in, String what) throws FormatException {
        int len = in.readCount(what + " length", in.remaining());
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) b[i] = (byte) in.readByte(what);
        return new String(b, StandardCharsets.UTF_8);
    }
}
