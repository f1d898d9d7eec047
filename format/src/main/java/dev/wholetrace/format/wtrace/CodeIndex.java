package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A lazy code map's {@link CodeMap.Source}: each CODE section decompressed when first needed and
 * its instruction rows indexed by id (where each row starts), so that an instruction's strings are
 * made only when it is asked for. The pass checks a section's tables' structure as a full decode
 * would and makes no string; blocks are decoded only with the whole map. Sections without an id
 * range (files before version 16) are passed over when the map is made, so damage in them is
 * found then, as before; a piece of a version-16 chunk ({@link CodePieces}) only when an id its
 * range holds is asked for. On a one-query count the code map was 47 % of lu's cold eWPP time
 * (JFR, docs/results/ewpp.md, "Session 43"), most of it the blocks' and the unnamed instructions'
 * strings and the xz decode of every piece.
 */
final class CodeIndex implements CodeMap.Source {
    private final CodeSections sections;
    /** Per section, its payload, decompressed (kept: the entries asked for later, and the whole decode, read it again); null until needed. */
    private final byte[][] raw;
    /** Per instruction table (in the order indexed), its header and where the code map's columns are in it. */
    private final List<MetaTable.Header> headers = new ArrayList<>();
    private final List<int[]> columns = new ArrayList<>();
    /** Per section, once indexed: instruction id → its table's index in the high half, the row's offset in the payload in the low half; the section's first definition of an id. */
    private final List<Map<Integer, Long>> rows;

    private CodeIndex(CodeSections sections) {
        this.sections = sections;
        raw = new byte[sections.size()][];
        rows = new ArrayList<>(Collections.nCopies(sections.size(), null));
    }

    /** The index of {@code sections}, the structure of those without an id range checked (as a whole decode checks it). */
    static CodeIndex of(CodeSections sections) throws FormatException {
        CodeIndex index = new CodeIndex(sections);
        for (int i = 0; i < sections.size(); i++) if (!sections.indexed(i)) index.index(i);
        return index;
    }

    @Override
    public synchronized CodeEntry instruction(int id) {
        try {
            for (int i = 0; i < raw.length; i++) { // the first section defining id, as the whole decode keeps it
                if (!sections.mayHold(i, id)) continue;
                if (rows.get(i) == null) index(i);
                Long at = rows.get(i).get(id);
                if (at == null) continue;
                int table = (int) (at >>> 32);
                return ChunkCodec.codeEntry(headers.get(table).readRow(sections.reader(i, raw[i], (int) (long) at)), columns.get(table));
            }
            // None defines it: a file's events name only ids its code map defines, so a miss is rare, and it may be
            // a CODE_INDEX damaged behind its CRC that passed over the piece holding the id. Every piece not read yet
            // is checked against its range (which a piece holding the id outside it fails) before "none" is the answer.
            for (int i = 0; i < raw.length; i++) if (rows.get(i) == null) index(i);
            return null;
        } catch (FormatException e) {
            throw damaged(e);
        }
    }

    @Override
    public synchronized void decode(List<CodeEntry> blocks, List<CodeEntry> instructions) {
        try {
            sections.decode(this::payload, blocks, instructions); // the pieces a lookup already read come from their cache
        } catch (FormatException e) {
            throw damaged(e);
        }
    }

    /** How many sections have been decompressed so far (what a lookup cost; for tests). */
    synchronized int unpacked() {
        int n = 0;
        for (byte[] r : raw) if (r != null) n++;
        return n;
    }

    private byte[] payload(int i) throws FormatException {
        if (raw[i] == null) raw[i] = sections.unpack(i);
        return raw[i];
    }

    /** Passes over section {@code i}'s tables, indexing its instruction rows and checking them against its id range. */
    private void index(int i) throws FormatException {
        byte[] payload = payload(i);
        Map<Integer, Long> at = new HashMap<>();
        VarIntReader in = sections.reader(i, payload);
        int tables = in.readCount("table count", 64);
        int[] ids = new int[0]; // the instructions' ids, for the range check
        int n = 0;
        for (int t = 0; t < tables; t++) {
            MetaTable.Header h = MetaTable.Header.read(in);
            boolean wanted = h.name().equals("instructions");
            int idColumn = -1;
            if (wanted) {
                headers.add(h);
                columns.add(ChunkCodec.codeColumns(h.columns()));
                idColumn = columns.get(columns.size() - 1)[0];
            }
            long table = headers.size() - 1;
            if (wanted) ids = Arrays.copyOf(ids, ids.length + h.rowCount());
            for (int r = 0; r < h.rowCount(); r++) {
                long row = table << 32 | in.position();
                int id = (int) h.skipRow(in, idColumn);
                if (wanted) {
                    at.putIfAbsent(id, row);
                    ids[n++] = id;
                }
            }
        }
        sections.checkRange(i, ids, in);
        rows.set(i, at);
    }

    /** Damage the open pass's CRC check could not see, as bad input (what {@code TraceView.code()}'s users are told). */
    private static IllegalArgumentException damaged(FormatException e) {
        return new IllegalArgumentException(e.getMessage() + " (decoding the code map)", e);
    }
}
