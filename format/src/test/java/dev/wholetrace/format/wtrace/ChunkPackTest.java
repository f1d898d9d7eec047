package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunk's pack (format version 12 on, {@link ChunkPack}): a BEST writer stores a chunk's
 * per-thread sections and sync order as one block when that is smaller; the reader lists the same
 * sections with the same payloads as a file without a pack, decodes the block once for all of
 * them, checks the chunk's table of contents, and refuses a damaged directory or block.
 */
class ChunkPackTest {
    private static final int THREADS = 6;
    @TempDir
    Path dir;

    /** A THREADS table, then per thread a SYMBOLS and two STREAM sections that differ in a few bytes, then a SYNC_ORDER. */
    private static List<ChunkCodec.RawSection> sections(int bytes) {
        byte[] common = new byte[bytes];
        new Random(5).nextBytes(common);
        List<ChunkCodec.RawSection> out = new ArrayList<>();
        out.add(new ChunkCodec.RawSection(SectionType.THREADS, null, TraceFormat.NO_THREAD, new byte[] {1, 2, 3}));
        for (int t = 0; t < THREADS; t++) {
            byte[] b = common.clone();
            for (int i = 0; i < b.length; i += 300) b[i] = (byte) t;
            out.add(new ChunkCodec.RawSection(SectionType.SYMBOLS, null, t, b));
            out.add(new ChunkCodec.RawSection(SectionType.STREAM, StreamKinds.CONTROL, t, Arrays.copyOf(b, 700 + t)));
            out.add(new ChunkCodec.RawSection(SectionType.STREAM, StreamKinds.ADDRESSES, t, new byte[0]));
        }
        out.add(new ChunkCodec.RawSection(SectionType.SYNC_ORDER, null, TraceFormat.NO_THREAD, Arrays.copyOf(common, 90)));
        return out;
    }

    private Path write(String name, Codec codec, int version, List<ChunkCodec.RawSection> sections, int chunks) throws Exception {
        Path f = dir.resolve(name + ".wtrace");
        try (TraceWriter w = TraceWriter.create(f, TraceMode.CDR, codec, version)) {
            for (int c = 0; c < chunks; c++) w.writeChunk(sections, 0, codec, Codec.NO_DEADLINE);
            w.finish();
        }
        return f;
    }

    /** The sections {@code r} lists for chunk {@code c}, without the PACK that stands for its header and directory. */
    private static List<Section> held(TraceReader r, int c) {
        return r.chunks().get(c).stream().filter(s -> s.type() != SectionType.PACK && s.type() != SectionType.CHUNK_END).toList();
    }

    @Test
    void aPackedChunkReadsBackAsWrittenAndIsSmaller() throws Exception {
        Path packed = write("packed", Codec.BEST, TraceFormat.VERSION, sections(2000), 2);
        Path apart = write("apart", Codec.BEST, TraceFormat.PACKS_SINCE - 1, sections(2000), 2);
        List<ChunkCodec.RawSection> expected = ChunkPack.byKind(sections(2000)); // version 19 on: a pack's sections by kind
        try (TraceReader r = TraceReader.open(packed)) {
            long sum = TraceFormat.FILE_HEADER_BYTES;
            for (int c = 0; c < 2; c++) {
                List<Section> chunk = r.chunks().get(c);
                assertThat(chunk).filteredOn(s -> s.type() == SectionType.PACK).hasSize(1);
                assertThat(chunk.get(0).type()).isEqualTo(SectionType.THREADS); // before the first per-thread section: stored alone
                assertThat(chunk.get(0).packed()).isFalse();
                List<Section> held = held(r, c);
                assertThat(held).hasSize(expected.size());
                long before = r.decodes();
                for (int i = held.size() - 1; i >= 0; i--) {
                    Section s = held.get(i);
                    ChunkCodec.RawSection e = expected.get(i);
                    assertThat(s.type()).isEqualTo(e.type());
                    assertThat(s.thread()).isEqualTo(e.thread());
                    assertThat(s.stream()).isEqualTo(e.stream());
                    assertThat(s.packed()).isEqualTo(i > 0);
                    assertThat(r.payload(s)).isEqualTo(e.bytes());
                }
                assertThat(r.decodes() - before).as("the block decoded once, THREADS alone once").isEqualTo(2);
                for (Section s : chunk) {
                    sum += s.fileBytes();
                    r.verify(s);
                }
            }
            assertThat(sum).as("the sections add up to the file but its END").isLessThan(r.size()).isGreaterThan(r.size() - 40);
            List<Section> last = r.chunks().get(1);
            byte[] end = r.payload(last.get(last.size() - 1));
            assertThat(ChunkIndex.checkChunkEnd(new VarIntReader(end, "CHUNK_END"), r.version(), 1, last)).isZero(); // its table of contents names the PACK
        }
        assertThat(Files.size(packed)).isLessThan(Files.size(apart) * 2 / 3);
        Path again = dir.resolve("again.wtrace");
        new TraceRepacker(Codec.BEST).repack(packed, again);
        assertThat(Files.readAllBytes(again)).isEqualTo(Files.readAllBytes(packed));
    }

    /**
     * The chunk's CLOCK is stored alone before the pack, never in it (the writer's choice since
     * session 45, {@link ChunkPack#clockFirst}): its own bytes, not a share of the block by raw
     * length. Files that hold it in the pack (versions 12-17 as written before) are read as before:
     * cli's committed v14/v15 strata recordings hold one, CliStoredStrataTest reads them.
     */
    @Test
    void theClockIsStoredAloneBeforeThePackAndReadsBack() throws Exception {
        List<ChunkCodec.RawSection> expected = new ArrayList<>(sections(2000));
        byte[] clock = new byte[300];
        new Random(7).nextBytes(clock);
        expected.add(new ChunkCodec.RawSection(SectionType.CLOCK, null, TraceFormat.NO_THREAD, clock));
        Path packed = write("clocked", Codec.BEST, TraceFormat.VERSION, expected, 2);
        try (TraceReader r = TraceReader.open(packed)) {
            for (int c = 0; c < 2; c++) {
                List<Section> chunk = r.chunks().get(c);
                assertThat(chunk).extracting(Section::type).startsWith(SectionType.THREADS, SectionType.CLOCK);
                assertThat(chunk.get(1).packed()).isFalse();
                assertThat(chunk).filteredOn(Section::packed).hasSize(expected.size() - 2)
                        .noneMatch(s -> s.type() == SectionType.CLOCK);
                assertThat(r.payload(chunk.get(1))).isEqualTo(clock);
                List<Section> held = held(r, c);
                List<ChunkCodec.RawSection> stored = ChunkPack.byKind(ChunkPack.clockFirst(expected));
                for (int i = 0; i < held.size(); i++) assertThat(r.payload(held.get(i))).isEqualTo(stored.get(i).bytes());
            }
        }
        Path again = dir.resolve("again.wtrace");
        new TraceRepacker(Codec.BEST).repack(packed, again);
        assertThat(Files.readAllBytes(again)).isEqualTo(Files.readAllBytes(packed));
        List<ChunkCodec.RawSection> unpacked = ChunkPack.clockFirst(expected.subList(0, expected.size() - 1));
        assertThat(unpacked).isEqualTo(expected.subList(0, expected.size() - 1)); // no clock: the same list
    }

    /**
     * From version 19 a writer orders the packed sections by kind (every thread's SYMBOLS, then each
     * stream kind's STREAM, then SYNC_COUNTS, each in thread order; the globals last), before it by
     * thread; a reader reads both orders. The sections before the first per-thread one stay first.
     */
    @Test
    void fromVersion19ThePackHoldsItsSectionsByKindAndBothOrdersRead() throws Exception {
        List<ChunkCodec.RawSection> written = new ArrayList<>(sections(2000));
        for (int t = 0; t < THREADS; t++) written.add(4 + 4 * t, new ChunkCodec.RawSection(SectionType.SYNC_COUNTS, null, t, new byte[] {(byte) t, 9}));
        List<ChunkCodec.RawSection> byKind = ChunkPack.byKind(written);
        assertThat(byKind).hasSameElementsAs(written).first().isEqualTo(written.get(0));
        assertThat(byKind.get(byKind.size() - 1).type()).isEqualTo(SectionType.SYNC_ORDER);
        List<String> kinds = byKind.subList(1, byKind.size() - 1).stream()
                .map(s -> s.type() + (s.stream() == null ? "" : "-" + s.stream().name()) + "-t" + s.thread()).toList();
        List<String> wanted = new ArrayList<>();
        for (String kind : new String[] {"SYMBOLS", "STREAM-" + StreamKinds.CONTROL.name(), "STREAM-" + StreamKinds.ADDRESSES.name(), "SYNC_COUNTS"}) {
            for (int t = 0; t < THREADS; t++) wanted.add(kind + "-t" + t);
        }
        assertThat(kinds).isEqualTo(wanted);
        assertThat(ChunkPack.byKind(byKind)).as("already by kind: unchanged").isEqualTo(byKind);
        for (int version : new int[] {TraceFormat.RAW_LZMA2_SINCE - 1, TraceFormat.VERSION}) {
            Path f = write("order" + version, Codec.BEST, version, written, 1);
            List<ChunkCodec.RawSection> order = version >= TraceFormat.RAW_LZMA2_SINCE ? byKind : written;
            try (TraceReader r = TraceReader.open(f)) {
                List<Section> held = held(r, 0);
                assertThat(held).hasSize(order.size());
                for (int i = 0; i < held.size(); i++) {
                    assertThat(held.get(i).type()).isEqualTo(order.get(i).type());
                    assertThat(held.get(i).thread()).isEqualTo(order.get(i).thread());
                    assertThat(r.payload(held.get(i))).isEqualTo(order.get(i).bytes());
                }
            }
        }
    }

    /**
     * From version 20 the framing is compact: a pack's directory names an entry that follows the
     * previous one's kind in the next thread by its raw length alone, a CHUNK_END's table of contents
     * gives type and thread in one varint and offsets as gaps, END its chunks' offsets as differences.
     * The same sections read back alike from both versions, and only the framing is smaller.
     */
    @Test
    void fromVersion20TheFramingIsCompactAndBothVersionsRead() throws Exception {
        List<ChunkCodec.RawSection> written = sections(2000);
        Path before = write("v19", Codec.BEST, TraceFormat.COMPACT_FRAMING_SINCE - 1, written, 3);
        Path now = write("v20", Codec.BEST, TraceFormat.VERSION, written, 3);
        long framing = 0;
        try (TraceReader a = TraceReader.open(before); TraceReader b = TraceReader.open(now)) {
            assertThat(b.chunks()).hasSameSizeAs(a.chunks()).hasSize(3);
            for (int c = 0; c < 3; c++) {
                List<Section> x = a.chunks().get(c), y = b.chunks().get(c);
                assertThat(y).hasSameSizeAs(x);
                for (int i = 0; i < x.size(); i++) {
                    Section s = x.get(i), t = y.get(i);
                    assertThat(List.of(t.type(), t.thread(), t.packed())).isEqualTo(List.of(s.type(), s.thread(), s.packed()));
                    assertThat(t.stream()).isEqualTo(s.stream());
                    if (s.type() == SectionType.PACK || s.type() == SectionType.CHUNK_END) {
                        assertThat(t.storedLength()).as(s.describe()).isLessThan(s.storedLength());
                        framing += s.storedLength() - t.storedLength();
                    } else {
                        assertThat(b.payload(t)).isEqualTo(a.payload(s));
                    }
                }
                byte[] end = b.payload(y.get(y.size() - 1));
                assertThat(ChunkIndex.checkChunkEnd(new VarIntReader(end, "CHUNK_END"), b.version(), c, y)).isZero();
            }
            assertThat(a.declaredEvents()).isEqualTo(b.declaredEvents());
        }
        long saved = Files.size(before) - Files.size(now);
        assertThat(saved).as("packs and CHUNK_ENDs (%d B), END", framing).isBetween(framing, framing + 8);
        assertThat(framing).as("19 directory entries, 15 of them implicit, and 2 table of contents entries, a chunk").isGreaterThan(3 * 30);
    }

    @Test
    void anImplicitDirectoryEntryMustFollowAPerThreadOne() throws Exception {
        byte[] first = {1, 5 << 1}; // one entry, implicit, 5 bytes
        byte[] afterGlobal = {2, 3 << 1 | 1, (byte) SectionType.SYNC_ORDER.id, 0, 0, 2 << 1};
        for (byte[] d : List.of(first, afterGlobal)) {
            assertThatThrownBy(() -> ChunkPack.directory(new VarIntReader(d, "directory"), TraceFormat.VERSION, 5))
                    .isInstanceOf(FormatException.class).hasMessageContaining("implicit entry");
        }
        byte[] threads = {2, 3 << 1 | 1, (byte) SectionType.SYMBOLS.id, 0, 3, 2 << 1}; // thread 2, then thread 3
        assertThat(ChunkPack.directory(new VarIntReader(threads, "directory"), TraceFormat.VERSION, 5))
                .extracting(ChunkPack.Entry::thread).containsExactly(2, 3);
    }

    @Test
    void onlyBestPacksOnlyFromVersion12AndOnlyBlocksOfAtMostAMebibyte() throws Exception {
        List<Path> files = List.of(write("zstd", Codec.ZSTD, TraceFormat.VERSION, sections(2000), 1),
                write("v10", Codec.BEST, TraceFormat.PACKS_SINCE - 1, sections(2000), 1),
                write("large", Codec.BEST, TraceFormat.VERSION, sections(ChunkPack.MAX_RAW_BYTES / THREADS), 1));
        for (Path f : files) {
            try (TraceReader r = TraceReader.open(f)) {
                assertThat(r.chunks().get(0)).noneMatch(s -> s.type() == SectionType.PACK || s.packed());
            }
        }
    }

    @Test
    void aDamagedDirectoryOrBlockIsRefused() throws Exception {
        Path f = write("damaged", Codec.BEST, TraceFormat.VERSION, sections(2000), 1);
        Section pack;
        try (TraceReader r = TraceReader.open(f)) {
            pack = r.chunks().get(0).stream().filter(s -> s.type() == SectionType.PACK).findFirst().orElseThrow();
        }
        int payload = (int) pack.offset() + TraceFormat.SECTION_HEADER_BYTES;
        byte[] good = Files.readAllBytes(f);
        byte[] b = good.clone();
        b[payload + 3] ^= 1; // inside the directory
        Files.write(f, b);
        assertThatThrownBy(() -> TraceReader.open(f).close()).isInstanceOf(FormatException.class).hasMessageContaining("directory is corrupt");
        b = good.clone();
        b[payload + pack.storedLength() + 10] ^= 1; // inside the block
        Files.write(f, b);
        try (TraceReader r = TraceReader.open(f)) {
            Section last = held(r, 0).get(THREADS);
            assertThatThrownBy(() -> r.payload(last)).isInstanceOf(FormatException.class).hasMessageContaining("CRC mismatch");
        }
    }

    /** A section as a writer stores it: header (with its CRC), payload, payload CRC. */
    private static byte[] section(SectionType type, Codec codec, int chunk, int thread, int raw, byte[] stored) {
        ByteBuffer b = ByteBuffer.allocate(TraceFormat.SECTION_HEADER_BYTES + stored.length + 4).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) type.id).put((byte) codec.id).put((byte) 0).put((byte) 0).putInt(chunk).putInt(thread).putInt(raw).putInt(stored.length);
        b.putInt(TraceFormat.crc(b.array(), 0, 20)).put(stored).putInt(TraceFormat.crc(stored, 0, stored.length));
        return b.array();
    }

    /**
     * A writer puts nothing but the CHUNK_END after a chunk's PACK, and no per-thread section
     * stored alone before it. A section stored against thread 0's (codec 4) placed after the pack
     * would name a packed section, which has no stored payload of its own, as its reference: the
     * reader refuses the chunk when it scans it, not with an internal error when it is read.
     */
    @Test
    void aSectionStoredAloneAfterThePackIsRefused() throws Exception {
        Path f = write("after", Codec.BEST, TraceFormat.VERSION, sections(2000), 1);
        Section pack;
        Section chunkEnd;
        try (TraceReader r = TraceReader.open(f)) {
            List<Section> chunk = r.chunks().get(0);
            pack = chunk.stream().filter(s -> s.type() == SectionType.PACK).findFirst().orElseThrow();
            chunkEnd = chunk.get(chunk.size() - 1);
        }
        byte[] good = Files.readAllBytes(f);
        byte[] head = Arrays.copyOf(good, (int) chunkEnd.offset()); // up to the end of the PACK
        byte[] referencing = section(SectionType.SYMBOLS, Codec.ZSTD_DICT, 0, 1, 2000, new byte[] {0, 1, 2, 3});
        byte[] end = section(SectionType.CHUNK_END, Codec.NONE, 0, TraceFormat.NO_THREAD, 3, new byte[] {0, 0, 0});
        Path crafted = dir.resolve("crafted.wtrace");
        Files.write(crafted, ByteBuffer.allocate(head.length + referencing.length + end.length).put(head).put(referencing).put(end).array());
        assertThatThrownBy(() -> {
            try (TraceReader r = TraceReader.open(crafted)) {
                for (Section s : r.chunks().get(0)) if (s.type() != SectionType.PACK) r.payload(s);
            }
        }).isInstanceOf(FormatException.class).hasMessageContaining("follows its chunk's PACK");
        // A per-thread section stored alone before the pack: the reader lists it and the pack's, twice.
        byte[] threads = Arrays.copyOf(head, (int) pack.offset());
        byte[] symbols = section(SectionType.SYMBOLS, Codec.NONE, 0, 0, 1, new byte[] {7});
        byte[] rest = Arrays.copyOfRange(good, (int) pack.offset(), good.length);
        Files.write(crafted, ByteBuffer.allocate(threads.length + symbols.length + rest.length).put(threads).put(symbols).put(rest).array());
        assertThatThrownBy(() -> TraceReader.open(crafted).close()).isInstanceOf(FormatException.class)
                .hasMessageContaining("follows a per-thread section stored alone");
    }

    /**
     * A file cut anywhere after its first chunk (a recording killed while its second chunk's pack
     * or CHUNK_END was being written) reads its complete chunks, packed ones included, and nothing
     * of the cut one: a pack's directory is read only once the whole pack is in the file.
     */
    @Test
    void aFileCutInsideAPackedChunkReadsItsCompleteChunks() throws Exception {
        Path f = write("whole", Codec.BEST, TraceFormat.VERSION, sections(300), 2); // small chunks: a cut at every byte stays quick
        List<ChunkCodec.RawSection> expected = ChunkPack.byKind(sections(300));
        long[] chunkEnds = new long[2];
        try (TraceReader r = TraceReader.open(f)) {
            for (int c = 0; c < 2; c++) {
                assertThat(r.chunks().get(c)).as("chunk %d", c).anyMatch(s -> s.type() == SectionType.PACK);
                Section end = r.chunks().get(c).get(r.chunks().get(c).size() - 1);
                chunkEnds[c] = end.offset() + end.fileBytes();
            }
        }
        byte[] whole = Files.readAllBytes(f);
        Path cut = dir.resolve("cut.wtrace");
        for (int length = (int) chunkEnds[0]; length < whole.length; length++) {
            Files.write(cut, Arrays.copyOf(whole, length));
            try (TraceReader r = TraceReader.open(cut)) {
                assertThat(r.complete()).isFalse();
                assertThat(r.chunks()).as("cut at %d", length).hasSize(length < chunkEnds[1] ? 1 : 2);
                List<Section> held = held(r, 0);
                for (int i = 0; i < held.size(); i++) assertThat(r.payload(held.get(i))).as("cut at %d", length).isEqualTo(expected.get(i).bytes());
            }
        }
    }
}
