package dev.wholetrace.bench.study;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What a trace's sections stored against another thread's ({@link Codec#ZSTD_DICT}, format
 * version 10) and its chunks' packs (format version 12) save: for each referencing section, the
 * bytes {@link Codec#BEST} gives it alone (what the writer compared it with) minus its stored
 * bytes; for each pack, its sections stored one by one with {@code BEST}, header and CRC
 * included, minus the pack's bytes. The same file then measures with and without them, side by side.
 */
final class ReferenceGain {
    private ReferenceGain() {}

    /** Bytes saved by the references and packs of {@code file} (0 for a file without any). */
    static long saved(Path file) throws IOException {
        long saved = 0;
        try (TraceReader r = TraceReader.open(file)) {
            for (List<Section> chunk : r.chunks()) {
                for (Section s : chunk) {
                    if (s.type() == SectionType.PACK) saved -= s.fileBytes(); // its header and directory
                    else if (s.packed() || s.codec() == Codec.ZSTD_DICT) {
                        saved += TraceFormat.SECTION_HEADER_BYTES + Codec.BEST.pack(r.payload(s)).bytes().length + 4 - s.fileBytes();
                    }
                }
            }
        }
        return saved;
    }
}
