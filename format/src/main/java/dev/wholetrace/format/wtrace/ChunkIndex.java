package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import java.util.List;

/**
 * The checks of a chunk's own index, its CHUNK_END section (docs/trace-format.md): the chunk number
 * and a table of contents that names every section of the chunk where the scan found it. A writer
 * that dropped, repeated or moved a section leaves a table that disagrees.
 */
final class ChunkIndex {
    private ChunkIndex() {}

    /**
     * Checks chunk {@code chunk}'s CHUNK_END against {@code sections} (the chunk's sections in file
     * order, CHUNK_END last); returns the number of events it declares for the chunk.
     */
    static long checkChunkEnd(VarIntReader in, int chunk, List<Section> sections) throws FormatException {
        long number = in.readVarLong("chunk number");
        if (number != chunk) throw in.corrupt("it closes chunk " + number + " but is the end of chunk " + chunk);
        long events = in.readVarLong("event count");
        VarIntReader toc = in.readBlock("table of contents");
        in.expectEnd();
        // The sections a pack holds are not in the table: the pack is (format version 12 on).
        List<Section> filed = sections.stream().filter(s -> !s.packed()).toList();
        int listed = filed.size() - 1;
        int n = toc.readCount("section count", toc.remaining() / 3);
        if (n != listed) throw in.corrupt("its table of contents lists " + n + " sections, the chunk has " + listed);
        for (int i = 0; i < n; i++) {
            Section s = filed.get(i);
            long type = toc.readVarLong("section type");
            long thread = toc.readVarLong("section thread") - 1;
            long offset = toc.readVarLong("section offset");
            if (type != s.type().id || thread != s.thread() || offset != s.offset()) {
                throw in.corrupt("its table of contents disagrees with the " + s.describe() + " at offset " + s.offset());
            }
        }
        toc.expectEnd();
        return events;
    }
}
