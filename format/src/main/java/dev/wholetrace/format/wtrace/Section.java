package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.StreamKind;

/**
 * Where one section sits in a {@code .wtrace} file; its payload is read and checked on demand.
 *
 * @param stream the stream kind of a STREAM section (or of version 1's CONTROL, DATA and STREAMS),
 *               null for other sections
 * @param thread the thread of a per-thread section, -1 for a global one
 * @param storedLength bytes of the stored payload; of a section in a pack (format version 12 on,
 *               {@link ChunkPack}), its share of the pack's compressed block (by raw length, the
 *               shares adding up to the block); of the PACK section itself, its directory's
 * @param offset file offset of the section header (of a section in a pack: the pack's)
 * @param slice  where a section in a pack starts in the pack's decompressed block; -1 for a
 *               section stored on its own
 */
public record Section(SectionType type, StreamKind stream, Codec codec, int chunk, int thread, int rawLength, int storedLength,
                      long offset, int slice) {

    /** A section stored on its own. */
    public Section(SectionType type, StreamKind stream, Codec codec, int chunk, int thread, int rawLength, int storedLength, long offset) {
        this(type, stream, codec, chunk, thread, rawLength, storedLength, offset, -1);
    }

    /** Whether the section is stored in its chunk's pack, not on its own. */
    public boolean packed() {
        return slice >= 0;
    }

    /**
     * Bytes the section takes in the file: header, payload and payload CRC; for a section in a
     * pack its share of the block; for a PACK section its header, directory and CRCs. A chunk's
     * sections add up to the chunk either way.
     */
    public long fileBytes() {
        return packed() ? storedLength : TraceFormat.SECTION_HEADER_BYTES + (long) storedLength + 4;
    }

    /** How errors name this section: "CONTROL section of thread 2 in chunk 3", "STREAM (data) section …". */
    public String describe() {
        return type + (type == SectionType.STREAM ? " (" + stream + ")" : "") + " section"
                + (thread >= 0 ? " of thread " + thread : "") + " in chunk " + chunk;
    }
}
