package dev.wholetrace.importers;

import dev.wholetrace.format.io.FormatException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Streaming parser for the text that valgrind's lackey tool writes:
 * <pre>
 * SB 04001150          (--trace-superblocks=yes)
 * I  04001150,3        (--trace-mem=yes: instruction address, length)
 *  L 1ffefff8c0,8      (load, store, modify: data address, size)
 * ==1234== ...         (valgrind's own commentary: skipped)
 * </pre>
 * It works on bytes, allocating nothing per line, since such traces run to gigabytes.
 */
public final class LackeyParser {
    private static final int MAX_LINE = 4096;

    private final byte[] buf = new byte[1 << 16];
    private final byte[] line = new byte[MAX_LINE];
    private long lineNo;
    private long bytesRead;

    /** Parses all of {@code in}, handing each record to {@code sink}; returns the record count. */
    public long parse(InputStream in, LackeyRecord.Sink sink) throws IOException {
        long records = 0;
        int len = 0;
        int n;
        while ((n = in.read(buf)) > 0) {
            bytesRead += n;
            for (int i = 0; i < n; i++) {
                byte b = buf[i];
                if (b == '\n') {
                    lineNo++;
                    if (parseLine(len, sink)) records++;
                    len = 0;
                } else {
                    if (len == MAX_LINE) {
                        throw new FormatException("line " + (lineNo + 1) + ": longer than " + MAX_LINE + " bytes; is this a lackey trace?");
                    }
                    line[len++] = b;
                }
            }
        }
        if (len > 0) {
            lineNo++;
            if (parseLine(len, sink)) records++;
        }
        return records;
    }

    /** Bytes consumed so far, for progress reports. */
    public long bytesRead() {
        return bytesRead;
    }

    private boolean parseLine(int len, LackeyRecord.Sink sink) throws IOException {
        if (len > 0 && line[len - 1] == '\r') len--;
        if (len == 0) return false;
        if (len >= 2 && line[0] == '=' && line[1] == '=') return false;
        int p = 0;
        int kind;
        if (line[0] == 'S' && len > 1 && line[1] == 'B') {
            kind = LackeyRecord.SUPERBLOCK;
            p = 2;
        } else if (line[0] == 'I') {
            kind = LackeyRecord.INSTRUCTION;
            p = 1;
        } else if (line[0] == ' ' && len > 1) {
            kind = switch (line[1]) {
                case 'L' -> LackeyRecord.LOAD;
                case 'S' -> LackeyRecord.STORE;
                case 'M' -> LackeyRecord.MODIFY;
                default -> throw error("unknown record '" + preview(len) + "'");
            };
            p = 2;
        } else {
            throw error("not a lackey record: '" + preview(len) + "'");
        }
        while (p < len && line[p] == ' ') p++;
        int start = p;
        long address = 0;
        for (; p < len; p++) {
            int d = Character.digit(line[p], 16);
            if (d < 0) break;
            if (p - start == 16) throw error("address longer than 64 bits");
            address = (address << 4) | d;
        }
        if (p == start) throw error("missing hexadecimal address in '" + preview(len) + "'");
        int size = 0;
        if (kind != LackeyRecord.SUPERBLOCK) {
            if (p >= len || line[p] != ',') throw error("missing ',size' in '" + preview(len) + "'");
            p++;
            int sizeStart = p;
            for (; p < len && line[p] >= '0' && line[p] <= '9'; p++) {
                size = size * 10 + (line[p] - '0');
                if (size > 1 << 20) throw error("access size too large");
            }
            if (p == sizeStart) throw error("missing size in '" + preview(len) + "'");
        }
        while (p < len && line[p] == ' ') p++;
        if (p != len) throw error("unexpected text after record: '" + preview(len) + "'");
        sink.record(kind, address, size);
        return true;
    }

    private String preview(int len) {
        int n = Math.min(len, 60);
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            char c = (char) (line[i] & 0xFF);
            sb.append(c >= 32 && c < 127 ? c : '?');
        }
        return sb.toString();
    }

    private FormatException error(String message) {
        return new FormatException("line " + lineNo + ": " + message);
    }
}
