package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A lazy code map's {@link CodeMap.Source}: the CODE sections decompressed once, when the map is
 * first asked for, and their instruction rows indexed by id (where each row starts), so
 * that an instruction's strings are made only when it is asked for. The pass checks every table's
 * structure as a full decode would and makes no string; blocks are decoded only with the whole
 * map. On a one-query count the code map was 47 % of lu's cold eWPP time (JFR, docs/results/ewpp.md,
 * "Session 43"), most of it the blocks' and the unnamed instructions' strings and the xz decode.
 */
final class CodeIndex implements CodeMap.Source {
    private final CodeSections sections;
    /** Per section, its payload, decompressed (kept: the entries asked for later, and the whole decode, read it again). */
    private byte[][] raw;
    /** Per instruction table (in file order), its header, where the code map's columns are in it and its section. */
    private final List<MetaTable.Header> headers = new ArrayList<>();
    private final List<int[]> columns = new ArrayList<>();
    private final List<Integer> sectionOf = new ArrayList<>();
    /** Instruction id → its table's index in the high half, the row's offset in its payload in the low half; the first definition of an id. */
    private Map<Integer, Long> rows;

    private CodeIndex(CodeSections sections) {
        this.sections = sections;
    }

    /** The index of {@code sections}, their structure checked (as a whole decode checks it). */
    static CodeIndex of(CodeSections sections) throws FormatException {
        CodeIndex index = new CodeIndex(sections);
        index.index();
        return index;
    }

    @Override
    public synchronized CodeEntry instruction(int id) {
        try {
            Long at = rows.get(id);
            if (at == null) return null;
            int table = (int) (at >>> 32);
            int i = sectionOf.get(table);
            return ChunkCodec.codeEntry(headers.get(table).readRow(sections.reader(i, raw[i], (int) (long) at)), columns.get(table));
        } catch (FormatException e) {
            throw damaged(e);
        }
    }

    @Override
    public synchronized void decode(List<CodeEntry> blocks, List<CodeEntry> instructions) {
        try {
            for (int i = 0; i < raw.length; i++) ChunkCodec.code(sections.reader(i, raw[i]), blocks, instructions);
        } catch (FormatException e) {
            throw damaged(e);
        }
    }

    private void index() throws FormatException {
        int n = sections.size();
        byte[][] payloads = new byte[n][];
        Map<Integer, Long> at = new HashMap<>();
        for (int i = 0; i < n; i++) {
            payloads[i] = sections.unpack(i);
            VarIntReader in = sections.reader(i, payloads[i]);
            int tables = in.readCount("table count", 64);
            for (int t = 0; t < tables; t++) {
                MetaTable.Header h = MetaTable.Header.read(in);
                boolean wanted = h.name().equals("instructions");
                int idColumn = -1;
                if (wanted) {
                    headers.add(h);
                    columns.add(ChunkCodec.codeColumns(h.columns()));
                    sectionOf.add(i);
                    idColumn = columns.get(columns.size() - 1)[0];
                }
                long table = headers.size() - 1;
                for (int r = 0; r < h.rowCount(); r++) {
                    long row = table << 32 | in.position();
                    int id = (int) h.skipRow(in, idColumn);
                    if (wanted) at.putIfAbsent(id, row);
                }
            }
        }
        raw = payloads;
        rows = at;
    }

    /** Damage the open pass's CRC check could not see, as bad input (what {@code TraceView.code()}'s users are told). */
    private static IllegalArgumentException damaged(FormatException e) {
        return new IllegalArgumentException(e.getMessage() + " (decoding the code map)", e);
    }
}
