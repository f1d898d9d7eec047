package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import java.io.IOException;
import java.util.Arrays;

/**
 * The framing of a STRATA_OUTPUTS trailer section (docs/trace-format.md, "Trailer sections"): a
 * varint content version, then the content, which the analysis that stored it encodes (the strata
 * paper's six outputs, as analysis/strata's StoredStrata writes them). The content version lets the
 * content change without a new file version: a reader that does not know it ignores the section
 * and computes the outputs again, as it does for a file without one.
 */
public final class StrataOutputsSection {
    private StrataOutputsSection() {}

    /** A stored section's content and the version it is written in. */
    public record Content(int version, byte[] bytes) {}

    /** The payload of a section holding {@code content} of version {@code version}. */
    public static byte[] wrap(int version, byte[] content) {
        if (version < 1) throw new IllegalArgumentException("content version " + version + " < 1");
        return new VarIntWriter().writeVarLong(version).writeBytes(content, 0, content.length).toByteArray();
    }

    /** The section's content in {@code reader}'s file (CRC checked), or null if the file has none. */
    public static Content read(TraceReader reader) throws IOException {
        Section s = reader.trailer(SectionType.STRATA_OUTPUTS);
        if (s == null) return null;
        byte[] payload = reader.payload(s);
        VarIntReader in = new VarIntReader(payload, reader.file().getFileName() + ": " + s.describe());
        int version = in.readCount("content version", Integer.MAX_VALUE);
        if (version < 1) throw new FormatException(reader.file().getFileName() + ": " + s.describe() + " names content version 0");
        int at = payload.length - in.remaining();
        return new Content(version, Arrays.copyOfRange(payload, at, payload.length));
    }
}
