package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import java.util.ArrayList;
import java.util.List;

/**
 * CODE sections as a trace is opened: read and CRC-checked, kept as stored, and decoded into the
 * code map's entries only when a reader asks for them ({@link #decode}). The code map is most of a
 * small trace's metadata (SOR's: 248 KB of strings, xz-packed to 25 KB), and what reads only the
 * events — the race detector on a trace without races, a replay — never asks for it, so it does not
 * pay for its decompression nor, when nothing else in the file is xz, for the xz decoder's classes.
 */
public final class CodeSections {
    /** {@code range}: what the chunk's CODE_INDEX says of this piece's instructions; null where the chunk has none (before version 16). */
    private record Stored(Section section, byte[] bytes, CodePieces.Range range) {}

    private final String file;
    private final List<Stored> sections = new ArrayList<>();
    /** While one chunk's sections are added: its CODE_INDEX's ranges, or null. */
    private List<CodePieces.Range> index;

    /** @param file the trace's file name, for messages */
    public CodeSections(String file) {
        this.file = file;
    }

    /** The chunk's CODE_INDEX, which precedes its CODE sections (format version 16). */
    void index(Section s, List<CodePieces.Range> ranges) throws FormatException {
        if (index != null || !sections.isEmpty()) throw new FormatException(file + ": " + s.describe() + " after the chunk's " + (index != null ? "CODE_INDEX" : "CODE sections"));
        index = ranges;
    }

    void add(Section s, byte[] stored) throws FormatException {
        CodePieces.Range range = null;
        if (index != null) {
            if (sections.size() == index.size()) throw new FormatException(file + ": " + s.describe() + " beyond the " + index.size() + " pieces its chunk's CODE_INDEX lists");
            range = index.get(sections.size());
            String mismatch = range.lengthMismatch(s);
            if (mismatch != null) throw new FormatException(file + ": " + s.describe() + " at offset " + s.offset() + ", code piece " + sections.size() + ", " + mismatch);
        }
        sections.add(new Stored(s, stored, range));
    }

    /** After the chunk's last section: every piece its CODE_INDEX lists is there. */
    void checkPieces(int chunk) throws FormatException {
        if (index != null && sections.size() != index.size()) {
            throw new FormatException(file + ": chunk " + chunk + "'s CODE_INDEX lists " + index.size() + " pieces, the chunk has " + sections.size() + " CODE sections");
        }
    }

    /** Appends the sections of {@code later} (a later chunk's), after these. */
    public void addAll(CodeSections later) {
        sections.addAll(later.sections);
    }

    /** Decodes every section, in order: their blocks appended to {@code blocks}, their instructions to {@code instructions}. */
    public void decode(List<CodeEntry> blocks, List<CodeEntry> instructions) throws FormatException {
        decode(this::unpack, blocks, instructions);
    }

    /** Where {@link #decode(Payloads, List, List)} gets section {@code i}'s decompressed payload (CodeIndex: its cache). */
    interface Payloads {
        byte[] payload(int i) throws FormatException;
    }

    /** {@link #decode(List, List)} with each section's payload from {@code payloads}. */
    void decode(Payloads payloads, List<CodeEntry> blocks, List<CodeEntry> instructions) throws FormatException {
        for (int i = 0; i < sections.size(); i++) {
            int from = instructions.size();
            VarIntReader in = reader(i, payloads.payload(i));
            ChunkCodec.code(in, blocks, instructions);
            checkRange(i, instructions.subList(from, instructions.size()), in);
        }
    }

    /** Whether section {@code i} may define instruction {@code id}: its index's range holds it, or it has no index. */
    boolean mayHold(int i, int id) {
        CodePieces.Range r = sections.get(i).range();
        return r == null || r.mayHold(id);
    }

    /** Whether section {@code i} has an index entry (is looked into only for the ids it lists). */
    boolean indexed(int i) {
        return sections.get(i).range() != null;
    }

    /** Damage where section {@code i}'s decoded instructions are not what its CODE_INDEX entry says. */
    void checkRange(int i, List<CodeEntry> decoded, VarIntReader in) throws FormatException {
        if (indexed(i)) checkRange(i, decoded.stream().mapToInt(CodeEntry::id).toArray(), in);
    }

    void checkRange(int i, int[] ids, VarIntReader in) throws FormatException {
        CodePieces.Range r = sections.get(i).range();
        String mismatch = r == null ? null : r.mismatch(ids);
        if (mismatch != null) throw in.corrupt("the code piece " + mismatch);
    }

    /**
     * The code map of these sections, its entries made as they are asked for ({@link CodeIndex}),
     * after the pass that checks every table's structure, here: damage a whole decode would find
     * is found before the map is returned, so a command that asks for the map before its first
     * line (stats, export) still rejects a damaged one before printing anything.
     */
    public CodeMap lazy() throws FormatException {
        return CodeMap.lazy(CodeIndex.of(this));
    }

    int size() {
        return sections.size();
    }

    /** Section {@code i}'s payload, decompressed. */
    byte[] unpack(int i) throws FormatException {
        Stored s = sections.get(i);
        return TraceReader.unpack(s.section(), s.bytes(), file);
    }

    /** A reader of {@code raw}, section {@code i}'s payload, from {@code from} on; its errors name the file and the section. */
    VarIntReader reader(int i, byte[] raw, int from) {
        Section section = sections.get(i).section();
        return new VarIntReader(raw, from, raw.length, file + ": " + section.describe() + " at offset " + section.offset());
    }

    VarIntReader reader(int i, byte[] raw) {
        return reader(i, raw, 0);
    }
}
