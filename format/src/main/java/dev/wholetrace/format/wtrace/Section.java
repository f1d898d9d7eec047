package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.StreamKind;

/**
 * Where one section sits in a {@code .wtrace} file; its payload is read and checked on demand.
 *
 * @param stream the stream kind of a STREAM section (or of version 1's CONTROL, DATA and STREAMS),
 *               null for other sections
 * @param thread the thread of a per-thread section, -1 for a global one
 * @param offset file offset of the section header
 */
public record Section(SectionType type, StreamKind stream, Codec codec, int chunk, int thread, int rawLength, int storedLength,
                      long offset) {

    /** Bytes the section takes in the file: header, payload and payload CRC. */
    public long fileBytes() {
        return TraceFormat.SECTION_HEADER_BYTES + (long) storedLength + 4;
    }

    /** How errors name this section: "CONTROL section of thread 2 in chunk 3", "STREAM (data) section …". */
    public String describe() {
        return type + (type == SectionType.STREAM ? " (" + stream + ")" : "") + " section"
                + (thread >= 0 ? " of thread " + thread : "") + " in chunk " + chunk;
    }
}
