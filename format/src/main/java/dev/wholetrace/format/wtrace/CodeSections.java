package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.model.event.CodeEntry;
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
        for (Stored s : sections) {
            Section section = s.section();
            byte[] raw = TraceReader.unpack(section, s.bytes(), file);
            ChunkCodec.code(new VarIntReader(raw, file + ": " + section.describe() + " at offset " + section.offset()), blocks, instructions);
        }
    }
}
