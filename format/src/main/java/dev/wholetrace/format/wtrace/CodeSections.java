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
    private record Stored(Section section, byte[] bytes) {}

    private final String file;
    private final List<Stored> sections = new ArrayList<>();

    /** @param file the trace's file name, for messages */
    public CodeSections(String file) {
        this.file = file;
    }

    void add(Section s, byte[] stored) {
        sections.add(new Stored(s, stored));
    }

    /** Appends the sections of {@code later} (a later chunk's), after these. */
    public void addAll(CodeSections later) {
        sections.addAll(later.sections);
    }

    /** Decodes every section, in order: their blocks appended to {@code blocks}, their instructions to {@code instructions}. */
    public void decode(List<CodeEntry> blocks, List<CodeEntry> instructions) throws FormatException {
        for (int i = 0; i < sections.size(); i++) ChunkCodec.code(reader(i, unpack(i)), blocks, instructions);
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
