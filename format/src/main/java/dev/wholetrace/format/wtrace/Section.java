package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.Codec;

/**
 * Where one section sits in a {@code .wtrace} file; its payload is read and checked on demand.
 *
 * @param thread the thread of a per-thread section, -1 for a global one
 * @param offset file offset of the section header
 */
public record Section(SectionType type, Codec codec, int chunk, int thread, int rawLength, int storedLength, long offset) {

    /** Bytes the section takes in the file: header, payload and payload CRC. */
    public long fileBytes() {
        return TraceFormat.SECTION_HEADER_BYTES + (long) storedLength + 4;
    }

    /** How errors name this section: "CONTROL section of thread 2 in chunk 3". */
    public String describe() {
        return type + " section" + (thread >= 0 ? " of thread " + thread : "") + " in chunk " + chunk;
    }
}
