package dev.wholetrace.format.wtrace;

import static dev.wholetrace.reader.TraceTestSupport.allEvents;
import static dev.wholetrace.reader.TraceTestSupport.assertIsChunkPrefix;
import static dev.wholetrace.reader.TraceTestSupport.chunkEnd;
import static dev.wholetrace.reader.TraceTestSupport.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.RandomProgram;
import dev.wholetrace.reader.TraceTestSupport.Snapshot;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Single flipped bits: every byte of the file is covered by a CRC (file header, section headers,
 * payloads), so a flip in a complete file is a {@link FormatException} that names where
 * ("section", "header", or the magic) — never a silent wrong answer and never another exception.
 * Only a flip in a partial tail (bytes after the last complete chunk, which nothing reads) may
 * go unnoticed, and then the trace must read exactly its complete chunks.
 */
class BitFlipTraceFileTest {
    @TempDir
    Path dir;

    /** Flips bits of one file in place, one at a time, and classifies what opening it gives. */
    static final class Flips implements AutoCloseable {
        final Path file;
        final byte[] bytes;
        final FileChannel channel;

        Flips(Path file, byte[] bytes) throws Exception {
            this.file = Files.write(file, bytes);
            this.bytes = bytes;
            this.channel = FileChannel.open(file, StandardOpenOption.WRITE);
        }

        /** Opens the file with bit {@code bit} of byte {@code offset} flipped: the trace, or the FormatException. */
        Object open(int offset, int bit) throws Exception {
            write(offset, (byte) (bytes[offset] ^ (1 << bit)));
            try {
                return ParallelTrace.open(file);
            } catch (FormatException e) {
                return e;
            } catch (Throwable e) {
                throw new AssertionError("flip of bit " + bit + " at " + offset + ": not a FormatException", e);
            } finally {
                write(offset, bytes[offset]);
            }
        }

        private void write(int offset, byte b) throws Exception {
            channel.write(ByteBuffer.wrap(new byte[] {b}), offset);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    static void assertNamesTheDamage(FormatException e, String what) {
        assertThat(e.getMessage()).as(what).containsAnyOf("section", "header", "magic");
    }

    /**
     * Every byte of a small file that has every kind of section. Every bit of the structure (file
     * header, section headers, payload CRCs); one bit per payload byte, rotating, to keep it fast.
     */
    @Test
    void everyBitFlipInACompleteFileIsAFormatException() throws Exception {
        CheckpointedTrace rec = CheckpointedTrace.record(dir.resolve("small.wtrace"), TraceMode.ALL, Codec.NONE, 2, 1, 8);
        byte[] bytes = Files.readAllBytes(rec.file);
        boolean[] structure = new boolean[bytes.length];
        Arrays.fill(structure, 0, TraceFormat.FILE_HEADER_BYTES, true);
        try (TraceReader reader = TraceReader.open(rec.file)) {
            assertThat(reader.complete()).isTrue();
            List<Section> sections = new ArrayList<>();
            for (List<Section> chunk : reader.chunks()) sections.addAll(chunk);
            long endOfChunks = chunkEnd(reader.chunks(), reader.chunks().size() - 1);
            // The END section follows the last chunk: treat all of it as structure.
            Arrays.fill(structure, (int) endOfChunks, bytes.length, true);
            Set<SectionType> types = EnumSet.noneOf(SectionType.class);
            for (Section sec : sections) {
                types.add(sec.type());
                int at = (int) sec.offset();
                Arrays.fill(structure, at, at + TraceFormat.SECTION_HEADER_BYTES, true);
                Arrays.fill(structure, (int) (at + sec.fileBytes() - 4), (int) (at + sec.fileBytes()), true);
            }
            Set<SectionType> chunkSections = EnumSet.noneOf(SectionType.class);
            for (SectionType t : SectionType.values()) if (t.inVersion(TraceFormat.VERSION) && t.inChunk()) chunkSections.add(t);
            chunkSections.remove(SectionType.PACK); // only BEST writers pack: everyBitFlipInAPackedFileIsAFormatException
            chunkSections.remove(SectionType.SYNC_COUNTS); // version 20 on: not written, the reader computes the counts
            assertThat(types).as("the file has every kind of chunk section").containsAll(chunkSections);
            assertThat(sections.stream().map(Section::stream).filter(k -> k != null).distinct().toList())
                    .as("and a stream section of every stream kind").containsExactlyInAnyOrderElementsOf(TraceMode.ALL.kinds);
        }
        assertEveryFlipIsAFormatException(bytes, structure);
    }

    /**
     * The same small file re-packed with BEST, so that its chunks are packs (format version 12
     * on): every bit of each pack's header and directory, one bit per byte elsewhere.
     */
    @Test
    void everyBitFlipInAPackedFileIsAFormatException() throws Exception {
        CheckpointedTrace rec = CheckpointedTrace.record(dir.resolve("small.wtrace"), TraceMode.ALL, Codec.NONE, 2, 1, 8);
        Path packed = dir.resolve("packed.wtrace");
        new TraceRepacker(Codec.BEST).repack(rec.file, packed);
        byte[] bytes = Files.readAllBytes(packed);
        boolean[] structure = new boolean[bytes.length];
        Arrays.fill(structure, 0, TraceFormat.FILE_HEADER_BYTES, true);
        try (TraceReader reader = TraceReader.open(packed)) {
            int packs = 0;
            for (List<Section> chunk : reader.chunks()) {
                for (Section sec : chunk) {
                    if (sec.packed()) continue;
                    int at = (int) sec.offset();
                    Arrays.fill(structure, at, at + TraceFormat.SECTION_HEADER_BYTES, true);
                    if (sec.type() == SectionType.PACK) {
                        packs++;
                        Arrays.fill(structure, at, (int) (at + sec.fileBytes() - 4), true); // its header and directory
                    } else {
                        Arrays.fill(structure, (int) (at + sec.fileBytes() - 4), (int) (at + sec.fileBytes()), true);
                    }
                }
            }
            assertThat(packs).as("packed chunks").isPositive();
            Arrays.fill(structure, (int) chunkEnd(reader.chunks(), reader.chunks().size() - 1), bytes.length, true);
        }
        assertEveryFlipIsAFormatException(bytes, structure);
    }

    /** Flips every bit of the {@code structure} bytes of {@code bytes} and one bit of each other byte: each must be a named FormatException. */
    private void assertEveryFlipIsAFormatException(byte[] bytes, boolean[] structure) throws Exception {
        try (Flips flips = new Flips(dir.resolve("flipped.wtrace"), bytes)) {
            for (int offset = 0; offset < bytes.length; offset++) {
                for (int bit = 0; bit < 8; bit++) {
                    if (!structure[offset] && bit != offset % 8) continue;
                    Object got = flips.open(offset, bit);
                    String what = "bit " + bit + " of byte " + offset + " of " + bytes.length;
                    assertThat(got).as(what).isInstanceOf(FormatException.class);
                    assertNamesTheDamage((FormatException) got, what);
                }
            }
        }
    }

    /** A file cut inside its last chunk: flips in the complete chunks are errors, flips in the tail harmless. */
    @Test
    void bitFlipsInAPartialTailAreIgnoredOrDetected() throws Exception {
        CheckpointedTrace rec = CheckpointedTrace.record(dir.resolve("small.wtrace"), TraceMode.CDR, Codec.NONE, 1, 2, 8);
        byte[] all = Files.readAllBytes(rec.file);
        ParallelTrace full = ParallelTrace.open(rec.file);
        Map<Integer, List<Event>> fullEvents = allEvents(full);
        int k = full.chunkCount() - 1;
        int complete = (int) chunkEnd(full.chunks(), k - 1);
        int cut = (int) (chunkEnd(full.chunks(), k) - 10); // all of the last chunk but the end of its CHUNK_END
        byte[] bytes = Arrays.copyOf(all, cut);
        Path original = Files.write(dir.resolve("cut.wtrace"), bytes);
        ParallelTrace prefix = ParallelTrace.open(original);
        assertThat(prefix.complete()).isFalse();
        assertThat(prefix.chunkCount()).isEqualTo(k);
        assertIsChunkPrefix(prefix, full, fullEvents, "the cut file");
        Snapshot expected = snapshot(prefix);
        int ignored = 0;
        try (Flips flips = new Flips(dir.resolve("flipped.wtrace"), bytes)) {
            for (int offset = 0; offset < bytes.length; offset++) {
                for (int bit = 0; bit < 8; bit++) {
                    Object got = flips.open(offset, bit);
                    String what = "bit " + bit + " of byte " + offset + " (complete chunks end at " + complete + ")";
                    if (got instanceof FormatException e) {
                        assertNamesTheDamage(e, what);
                        continue;
                    }
                    assertThat(offset).as(what + " went unnoticed").isGreaterThanOrEqualTo(complete);
                    assertThat(snapshot((ParallelTrace) got)).as(what).isEqualTo(expected);
                    ignored++;
                }
            }
        }
        assertThat(ignored).as("flips inside the tail's payloads are never read").isPositive();
    }

    /** Sampled flips in a larger, zstd-compressed trace of a random program. */
    @Property(tries = 2)
    void sampledBitFlipsInALargerTraceAreFormatExceptions(@ForAll("programs") RandomProgram program, @ForAll long seed)
            throws Exception {
        Path dir = Files.createTempDirectory("wtrace-flips");
        try {
            Path file = dir.resolve("large.wtrace");
            try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.ALL).withCodec(Codec.ZSTD)
                    .withBatchLongs(64).withChunkEvents(200))) {
                program.run(rec);
            }
            byte[] bytes = Files.readAllBytes(file);
            Random random = new Random(seed);
            try (Flips flips = new Flips(dir.resolve("flipped.wtrace"), bytes)) {
                for (int i = 0; i < 60; i++) {
                    int offset = random.nextInt(bytes.length);
                    int bit = random.nextInt(8);
                    Object got = flips.open(offset, bit);
                    String what = "bit " + bit + " of byte " + offset + " of " + bytes.length;
                    assertThat(got).as(what).isInstanceOf(FormatException.class);
                    assertNamesTheDamage((FormatException) got, what);
                }
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    @Provide
    Arbitrary<RandomProgram> programs() {
        return RandomProgram.programs(4, 30, 2);
    }
}
