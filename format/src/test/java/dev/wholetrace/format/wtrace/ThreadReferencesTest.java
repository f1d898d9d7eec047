package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sections stored against another thread's ({@link Codec#ZSTD_DICT}, version 10): eight threads
 * whose sections differ in a few bytes are written with BEST, and every payload reads back byte
 * for byte; later threads are stored against earlier ones, within the chain bound; a reference
 * that is not an earlier thread's section, and the codec in a version-9 file, are corruption.
 */
class ThreadReferencesTest {
    private static final int THREADS = 8;
    /**
     * The last version with references and without packs: from {@link TraceFormat#PACKS_SINCE} a
     * BEST writer stores these small chunks as one block ({@link ChunkPackTest}), and references
     * only where a chunk's pack would be larger or too large to decode for one section.
     */
    private static final int WITHOUT_PACKS = TraceFormat.PACKS_SINCE - 1;
    @TempDir
    Path dir;

    /** Thread t's payloads: the same 3,000 random bytes (incompressible alone) with t written into a few of them. */
    private static List<ChunkCodec.RawSection> sections() {
        byte[] common = new byte[3000];
        new Random(17).nextBytes(common);
        List<ChunkCodec.RawSection> out = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            byte[] b = common.clone();
            for (int i = 0; i < b.length; i += 500) b[i] = (byte) t;
            out.add(new ChunkCodec.RawSection(SectionType.SYMBOLS, null, t, b));
            out.add(new ChunkCodec.RawSection(SectionType.STREAM, StreamKinds.CONTROL, t, java.util.Arrays.copyOf(b, 1000 + t)));
        }
        return out;
    }

    private Path write(Codec codec, int version) throws Exception {
        Path f = dir.resolve(codec + "-" + version + ".wtrace");
        try (TraceWriter w = TraceWriter.create(f, TraceMode.CDR, codec, version)) {
            w.writeChunk(sections(), 0, codec, Codec.NO_DEADLINE);
            w.finish();
        }
        return f;
    }

    @Test
    void threadsAreStoredAgainstEarlierThreadsAndReadBack() throws Exception {
        Path best = write(Codec.BEST, WITHOUT_PACKS);
        List<ChunkCodec.RawSection> expected = sections();
        try (TraceReader r = TraceReader.open(best)) {
            List<Section> chunk = r.chunks().get(0);
            int referenced = 0;
            for (int i = 0; i < expected.size(); i++) {
                Section s = chunk.get(i);
                assertThat(r.payload(s)).isEqualTo(expected.get(i).bytes());
                if (s.codec() == Codec.ZSTD_DICT) referenced++;
            }
            assertThat(chunk.get(0).codec()).isNotEqualTo(Codec.ZSTD_DICT); // thread 0 has nothing earlier
            assertThat(referenced).isEqualTo(2 * (THREADS - 1));
        }
        assertThat(Files.size(best)).isLessThan(Files.size(write(Codec.ZSTD, WITHOUT_PACKS)) / 3);
    }

    /**
     * A section whose payload happens to start with a trained zstd dictionary's magic is never a
     * reference (zstd would not take it as raw content and threw): the chunk is still written,
     * and the later threads are stored against each other instead.
     */
    @Test
    void aPayloadThatLooksLikeATrainedDictionaryIsNoReference() throws Exception {
        List<ChunkCodec.RawSection> sections = new ArrayList<>();
        for (ChunkCodec.RawSection s : sections()) {
            byte[] b = s.bytes().clone();
            if (s.thread() == 0) System.arraycopy(new byte[] {0x37, (byte) 0xA4, 0x30, (byte) 0xEC}, 0, b, 0, 4);
            sections.add(new ChunkCodec.RawSection(s.type(), s.stream(), s.thread(), b));
        }
        Path f = dir.resolve("magic.wtrace");
        try (TraceWriter w = TraceWriter.create(f, TraceMode.CDR, Codec.BEST, WITHOUT_PACKS)) {
            w.writeChunk(sections, 0, Codec.BEST, Codec.NO_DEADLINE);
            w.finish();
        }
        try (TraceReader r = TraceReader.open(f)) {
            List<Section> chunk = r.chunks().get(0);
            for (int i = 0; i < sections.size(); i++) assertThat(r.payload(chunk.get(i))).isEqualTo(sections.get(i).bytes());
            assertThat(chunk.subList(0, 4)).noneMatch(s -> s.codec() == Codec.ZSTD_DICT); // threads 0 and 1
            assertThat(chunk.subList(4, chunk.size() - 1)).allMatch(s -> s.codec() == Codec.ZSTD_DICT); // threads 2-7, against 1 on
        }
    }

    /**
     * Reading a chunk whose later threads are stored against earlier ones decompresses each
     * section once: a reference is decoded for the first section that needs it (or read itself)
     * and kept for the chunk. With no room to keep it, each section decodes its chain again.
     */
    @Test
    void eachSectionOfAChunkIsDecodedOnce() throws Exception {
        Path best = write(Codec.BEST, WITHOUT_PACKS);
        List<ChunkCodec.RawSection> expected = sections();
        try (TraceReader r = TraceReader.open(best)) {
            long opening = r.decodes(); // END, read when the file is opened
            List<Section> chunk = r.chunks().get(0);
            for (int i = expected.size() - 1; i >= 0; i--) assertThat(r.payload(chunk.get(i))).isEqualTo(expected.get(i).bytes());
            assertThat(r.decodes() - opening).isEqualTo(expected.size());
            java.util.Arrays.fill(r.payload(chunk.get(3)), (byte) 0); // a caller's copy: the cached dictionary is unchanged
            for (int i = 0; i < expected.size(); i++) assertThat(r.payload(chunk.get(i))).isEqualTo(expected.get(i).bytes());
            assertThat(r.decodes() - opening).isEqualTo(expected.size());
        }
        try (TraceReader r = TraceReader.open(best, 0)) {
            long opening = r.decodes();
            List<Section> chunk = r.chunks().get(0);
            for (int i = 0; i < expected.size(); i++) assertThat(r.payload(chunk.get(i))).isEqualTo(expected.get(i).bytes());
            assertThat(r.decodes() - opening).isGreaterThan(expected.size() + THREADS);
        }
    }

    /**
     * The payloads kept for a chunk's references are not kept past it: reading a section of a
     * chunk without references (which the cache is not asked about) drops them, and so does
     * closing the reader (a trace keeps its closed reader to reopen it for pieces).
     */
    @Test
    void theKeptPayloadsAreDroppedPastTheChunkAndOnClose() throws Exception {
        Path f = dir.resolve("two-chunks.wtrace");
        try (TraceWriter w = TraceWriter.create(f, TraceMode.CDR, Codec.BEST, WITHOUT_PACKS)) {
            w.writeChunk(sections(), 0, Codec.BEST, Codec.NO_DEADLINE);
            w.writeChunk(sections(), 0, Codec.ZSTD, Codec.NO_DEADLINE);
            w.finish();
        }
        TraceReader r = TraceReader.open(f);
        try {
            List<Section> referencing = r.chunks().get(0);
            List<Section> plain = r.chunks().get(1);
            assertThat(plain).noneMatch(s -> s.codec() == Codec.ZSTD_DICT);
            r.payload(referencing.get(referencing.size() - 2));
            assertThat(r.cachedBytes()).isPositive();
            r.payload(plain.get(0));
            assertThat(r.cachedBytes()).as("after reading the next chunk, which has no references").isZero();
            r.payload(referencing.get(referencing.size() - 2));
            assertThat(r.cachedBytes()).isPositive();
        } finally {
            r.close();
        }
        assertThat(r.cachedBytes()).as("after close").isZero();
    }

    /**
     * A chain longer than {@link TraceFormat#MAX_REFERENCE_CHAIN} is refused whichever sections
     * were read (and kept) before: every thread's SYMBOLS are the same bytes, so a frame decodes
     * alike against any of them, and each thread t's is re-pointed at thread t - 1. Thread 4's
     * chain (4, 3, 2, 1 against 0) is at the bound and reads back; thread 5's is one longer and is
     * refused, before and after thread 4's chain was kept, and with no cache.
     */
    @Test
    void aChainLongerThanTheBoundIsRefusedWhateverWasReadBefore() throws Exception {
        byte[] same = new byte[3000];
        new Random(17).nextBytes(same);
        List<ChunkCodec.RawSection> sections = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) sections.add(new ChunkCodec.RawSection(SectionType.SYMBOLS, null, t, same.clone()));
        Path f = dir.resolve("chain.wtrace");
        try (TraceWriter w = TraceWriter.create(f, TraceMode.CDR, Codec.BEST, WITHOUT_PACKS)) {
            w.writeChunk(sections, 0, Codec.BEST, Codec.NO_DEADLINE);
            w.finish();
        }
        List<Section> chunk;
        try (TraceReader r = TraceReader.open(f)) {
            chunk = r.chunks().get(0);
        }
        byte[] b = Files.readAllBytes(f);
        for (int t = 1; t < THREADS; t++) {
            Section s = chunk.get(t);
            assertThat(s.codec()).isEqualTo(Codec.ZSTD_DICT);
            int payload = (int) s.offset() + TraceFormat.SECTION_HEADER_BYTES;
            b[payload] = (byte) (t - 1); // a one-byte varint, as the one it replaces
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(payload + s.storedLength(), TraceFormat.crc(b, payload, s.storedLength()));
        }
        Files.write(f, b);
        int atBound = TraceFormat.MAX_REFERENCE_CHAIN;
        for (long cache : new long[] {ReferenceCache.DEFAULT_MAX_BYTES, 0}) {
            for (boolean boundFirst : new boolean[] {true, false}) {
                try (TraceReader r = TraceReader.open(f, cache)) {
                    if (boundFirst) assertThat(r.payload(chunk.get(atBound))).isEqualTo(same);
                    assertThatThrownBy(() -> r.payload(chunk.get(atBound + 1))).isInstanceOf(FormatException.class)
                            .hasMessageContaining("a chain of more than " + TraceFormat.MAX_REFERENCE_CHAIN + " references");
                    assertThat(r.payload(chunk.get(atBound))).isEqualTo(same);
                    assertThat(r.payload(chunk.get(1))).isEqualTo(same);
                }
            }
        }
    }

    @Test
    void onlyBestWritesReferencesAndOnlyFromVersion10() throws Exception {
        for (Path f : List.of(write(Codec.ZSTD, TraceFormat.VERSION), write(Codec.BEST, TraceFormat.REFERENCES_SINCE - 1))) {
            try (TraceReader r = TraceReader.open(f)) {
                assertThat(r.chunks().get(0)).noneMatch(s -> s.codec() == Codec.ZSTD_DICT);
            }
        }
    }

    @Test
    void aReferenceToItselfOrALaterThreadIsCorruption() throws Exception {
        Path f = write(Codec.BEST, WITHOUT_PACKS);
        Section s;
        try (TraceReader r = TraceReader.open(f)) {
            s = r.chunks().get(0).get(2); // thread 1's SYMBOLS, stored against thread 0's
            assertThat(s.codec()).isEqualTo(Codec.ZSTD_DICT);
        }
        byte[] b = Files.readAllBytes(f);
        int payload = (int) s.offset() + TraceFormat.SECTION_HEADER_BYTES;
        b[payload] = 1; // thread 1 against thread 1
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(payload + s.storedLength(), TraceFormat.crc(b, payload, s.storedLength()));
        Files.write(f, b);
        try (TraceReader r = TraceReader.open(f)) {
            assertThatThrownBy(() -> r.payload(r.chunks().get(0).get(2))).isInstanceOf(FormatException.class).hasMessageContaining("reference to thread 1");
        }
    }

    @Test
    void theCodecIsUnknownBeforeVersion10() throws Exception {
        Path f = write(Codec.NONE, TraceFormat.REFERENCES_SINCE - 1);
        byte[] b = Files.readAllBytes(f);
        int header = TraceFormat.FILE_HEADER_BYTES; // the first section
        b[header + 1] = (byte) Codec.ZSTD_DICT.id;
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(header + 20, TraceFormat.crc(b, header, 20));
        Files.write(f, b);
        assertThatThrownBy(() -> TraceReader.open(f).close()).isInstanceOf(FormatException.class)
                .hasMessageContaining("unknown codec id 4 in a version " + (TraceFormat.REFERENCES_SINCE - 1) + " file");
    }
}
