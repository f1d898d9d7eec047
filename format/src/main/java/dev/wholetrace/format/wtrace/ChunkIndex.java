package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import java.util.List;

/**
 * The checks of a chunk's own index, its CHUNK_END section (docs/trace-format.md): the chunk number
 * and a table of contents that names every section of the chunk where the scan found it. A writer
 * that dropped, repeated or moved a section leaves a table that disagrees. An entry is varint type,
 * varint thread + 1 and varint file offset before version 20; from version 20
 * ({@link TraceFormat#COMPACT_FRAMING_SINCE}) varint {@link #typeAndThread} and varint offset, the
 * chunk's first section's absolute and every other one's the gap after the previous listed section
 * (0 in a file written in one piece). Why: the merged study traces are a few KB, and the absolute
 * offsets and separate global thread fields were ~3 of each entry's 5 bytes.
 */
final class ChunkIndex {
    /** Bits of a version-20 entry's first varint below the thread field: the section type (ids below 32). */
    private static final int TYPE_BITS = 5;

    private ChunkIndex() {}

    /** A version-20 entry's first varint: (thread + 1) &lt;&lt; 5 | type, one byte for a global section. */
    static long typeAndThread(int type, int thread) {
        if (type >>> TYPE_BITS != 0) throw new IllegalArgumentException("section type " + type + " does not fit a table of contents entry");
        return (thread + 1L) << TYPE_BITS | type;
    }

    /**
     * Checks chunk {@code chunk}'s CHUNK_END, in a file of {@code version}, against {@code sections}
     * (the chunk's sections in file order, CHUNK_END last); returns the number of events it declares
     * for the chunk.
     */
    static long checkChunkEnd(VarIntReader in, int version, int chunk, List<Section> sections) throws FormatException {
        long number = in.readVarLong("chunk number");
        if (number != chunk) throw in.corrupt("it closes chunk " + number + " but is the end of chunk " + chunk);
        long events = in.readVarLong("event count");
        VarIntReader toc = in.readBlock("table of contents");
        in.expectEnd();
        boolean compact = version >= TraceFormat.COMPACT_FRAMING_SINCE;
        // The sections a pack holds are not in the table: the pack is (format version 12 on).
        List<Section> filed = sections.stream().filter(s -> !s.packed()).toList();
        int listed = filed.size() - 1;
        int n = toc.readCount("section count", toc.remaining() / (compact ? 2 : 3));
        if (n != listed) throw in.corrupt("its table of contents lists " + n + " sections, the chunk has " + listed);
        for (int i = 0; i < n; i++) {
            Section s = filed.get(i);
            long type;
            long thread;
            long offset;
            if (compact) {
                long head = toc.readVarLong("section type and thread");
                type = head & (1 << TYPE_BITS) - 1;
                thread = (head >>> TYPE_BITS) - 1;
                offset = toc.readVarLong("section offset");
                // A PACK's listed section stands for its header and directory only, but only CHUNK_END follows it.
                if (i > 0) offset += filed.get(i - 1).offset() + filed.get(i - 1).fileBytes();
            } else {
                type = toc.readVarLong("section type");
                thread = toc.readVarLong("section thread") - 1;
                offset = toc.readVarLong("section offset");
            }
            if (type != s.type().id || thread != s.thread() || offset != s.offset()) {
                throw in.corrupt("its table of contents disagrees with the " + s.describe() + " at offset " + s.offset());
            }
        }
        toc.expectEnd();
        return events;
    }
}
