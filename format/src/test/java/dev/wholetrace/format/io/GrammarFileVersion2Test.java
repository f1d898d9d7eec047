package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chunked {@code .wgr} container (version 2): chunks round trip with every codec, version-1
 * files stay readable, and every kind of damage — a cut at any byte, a flipped bit anywhere,
 * fields edited behind recomputed checksums — is a one-line {@link FormatException}, or, for a cut
 * file read as such, exactly its complete chunks.
 */
class GrammarFileVersion2Test {
    @TempDir
    Path dir;

    static final Codec[] CODECS = {Codec.NONE, Codec.ZSTD, Codec.FAST, Codec.NONE, Codec.ZSTD};

    List<byte[]> payloads() {
        List<byte[]> p = new ArrayList<>();
        p.add(GrammarFileTest.compressible(3000, 1));
        p.add(new byte[0]);
        p.add(GrammarFileTest.random(700, 2));
        p.add(new byte[] {7});
        p.add(GrammarFileTest.compressible(5000, 3));
        return p;
    }

    /** Writes the payloads as chunks; returns the offsets where each chunk ends (the last: where END starts). */
    long[] write(Path f, List<byte[]> payloads) throws IOException {
        long[] ends = new long[payloads.size()];
        try (GrammarFileWriter w = new GrammarFileWriter(f, 1)) {
            for (int i = 0; i < payloads.size(); i++) {
                w.chunk(payloads.get(i), 10 + i, CODECS[i % CODECS.length]);
                ends[i] = w.bytes();
            }
            w.close();
            assertThat(Files.size(f)).isEqualTo(w.bytes());
        }
        return ends;
    }

    static List<byte[]> readAll(Path f, boolean readCut, String[] truncation) throws IOException {
        try (GrammarFileReader r = GrammarFileReader.open(f, readCut)) {
            List<byte[]> out = new ArrayList<>();
            byte[] p;
            while ((p = r.next()) != null) out.add(p);
            if (truncation != null) truncation[0] = r.truncation();
            return out;
        }
    }

    static FormatException fails(Path f, String what) {
        try {
            List<byte[]> got = readAll(f, false, null);
            throw new AssertionError(what + ": damaged file was accepted (" + got.size() + " chunks)");
        } catch (FormatException e) {
            assertThat(e.getMessage()).as(what).isNotBlank().doesNotContain("\n");
            return e;
        } catch (IOException | RuntimeException e) {
            throw new AssertionError(what + ": expected FormatException, got " + e, e);
        }
    }

    @Test
    void chunksRoundTripWithTheirCodecsAndTheEndRecordCountsThem() throws IOException {
        Path f = dir.resolve("a.wgr");
        List<byte[]> payloads = payloads();
        write(f, payloads);
        List<byte[]> back = readAll(f, false, null);
        assertThat(back).hasSize(payloads.size());
        for (int i = 0; i < back.size(); i++) assertThat(back.get(i)).isEqualTo(payloads.get(i));
        try (GrammarFileReader r = GrammarFileReader.open(f)) {
            assertThat(r.version()).isEqualTo(GrammarFile.VERSION);
            assertThat(r.inputFormat()).isEqualTo(1);
            while (r.next() != null) { }
            assertThat(r.endRecords()).isEqualTo(10 + 11 + 12 + 13 + 14);
        }
        byte[] all = Files.readAllBytes(f);
        assertThat(Arrays.copyOf(all, 4)).isEqualTo(GrammarFile.MAGIC);
        assertThat(ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).getShort(4)).isEqualTo((short) 2);
        assertThat(all[GrammarFile.HEADER_BYTES + 4]).isEqualTo((byte) Codec.NONE.id);
    }

    @Test
    void versionOneFilesStayReadable() throws IOException {
        Path f = dir.resolve("v1.wgr");
        byte[] payload = GrammarFileTest.compressible(4000, 5);
        GrammarFile.write(f, payload, Codec.ZSTD);
        try (GrammarFileReader r = GrammarFileReader.open(f)) {
            assertThat(r.version()).isEqualTo(1);
            assertThat(r.next()).isEqualTo(payload);
            assertThat(r.next()).isNull();
            assertThat(r.chunks()).isEqualTo(1);
        }
    }

    @Test
    void aCutIsRefusedOrReadsExactlyItsCompleteChunks() throws IOException {
        Path f = dir.resolve("whole.wgr");
        List<byte[]> payloads = payloads();
        long[] ends = write(f, payloads);
        byte[] all = Files.readAllBytes(f);
        Path cut = dir.resolve("cut.wgr");
        // every byte near a structure (header, chunk headers, the end record), every 37th elsewhere
        java.util.TreeSet<Integer> cuts = new java.util.TreeSet<>();
        for (int len = 0; len < all.length; len += 37) cuts.add(len);
        List<Long> marks = new ArrayList<>();
        marks.add(0L);
        for (long e : ends) marks.add(e);
        marks.add((long) all.length);
        for (long m : marks) for (long len = m - 4; len <= m + GrammarFile.CHUNK_HEADER_BYTES + 4; len++) if (len >= 0 && len < all.length) cuts.add((int) len);
        for (int len : cuts) {
            Files.write(cut, Arrays.copyOf(all, len));
            String msg = fails(cut, "cut at " + len).getMessage();
            assertThat(msg).as("cut at " + len).containsAnyOf("truncated", "bad magic");
            if (len < GrammarFile.HEADER_BYTES) continue;
            String[] truncation = new String[1];
            List<byte[]> got = readAll(cut, true, truncation);
            int complete = 0;
            while (complete < ends.length && ends[complete] <= len) complete++;
            assertThat(got).as("cut at " + len).hasSize(complete);
            for (int i = 0; i < complete; i++) assertThat(got.get(i)).isEqualTo(payloads.get(i));
            assertThat(truncation[0]).as("cut at " + len).contains("truncated").contains("after " + complete + " complete chunks");
        }
    }

    @Test
    void aFlippedBitAnywhereIsFound() throws IOException {
        Path f = dir.resolve("good.wgr");
        write(f, payloads());
        byte[] all = Files.readAllBytes(f);
        Random rnd = new Random(11);
        Path bad = dir.resolve("bad.wgr");
        for (int pos = 0; pos < all.length; pos += 1 + rnd.nextInt(40)) {
            byte[] b = all.clone();
            b[pos] ^= (byte) (1 << rnd.nextInt(8));
            fails(Files.write(bad, b), "flip at " + pos);
        }
    }

    /** Edits a 40-byte chunk header at {@code at}, then fixes its CRC so that only the edit is wrong. */
    static byte[] patchChunk(byte[] file, int at, Consumer<ByteBuffer> edit) {
        byte[] b = file.clone();
        ByteBuffer h = ByteBuffer.wrap(b, at, GrammarFile.CHUNK_HEADER_BYTES).slice().order(ByteOrder.LITTLE_ENDIAN);
        edit.accept(h);
        CRC32 c = new CRC32();
        c.update(b, at, 36);
        h.putInt(36, (int) c.getValue());
        return b;
    }

    static byte[] patchEnd(byte[] file, Consumer<ByteBuffer> edit) {
        byte[] b = file.clone();
        int at = b.length - GrammarFile.END_BYTES;
        ByteBuffer h = ByteBuffer.wrap(b, at, GrammarFile.END_BYTES).slice().order(ByteOrder.LITTLE_ENDIAN);
        edit.accept(h);
        CRC32 c = new CRC32();
        c.update(b, at, 28);
        h.putInt(28, (int) c.getValue());
        return b;
    }

    @Test
    void fieldsEditedBehindRecomputedChecksumsAreFound() throws IOException {
        Path f = dir.resolve("good.wgr");
        long[] ends = write(f, payloads());
        byte[] all = Files.readAllBytes(f);
        int first = GrammarFile.HEADER_BYTES;
        int second = (int) ends[0];
        Path bad = dir.resolve("bad.wgr");
        assertThat(fails(Files.write(bad, patchChunk(all, second, h -> h.putLong(8, 5))), "index").getMessage())
                .contains("chunk 1").contains("says it is chunk 5");
        assertThat(fails(Files.write(bad, patchChunk(all, first, h -> h.put(5, (byte) 1))), "reserved").getMessage()).contains("reserved");
        assertThat(fails(Files.write(bad, patchChunk(all, first, h -> h.put(4, (byte) 77))), "codec").getMessage()).contains("unknown codec id 77");
        assertThat(fails(Files.write(bad, patchChunk(all, first, h -> h.putLong(16, -1))), "negative").getMessage()).contains("negative");
        // a declared size past every limit is refused before anything is allocated or read
        assertThat(fails(Files.write(bad, patchChunk(all, first, h -> h.putLong(16, 40L << 30).putLong(24, 40L << 30))), "40 GiB").getMessage())
                .contains("40.0 GiB").contains("does not fit");
        // a stored length past the end of the file: the file is cut there
        assertThat(fails(Files.write(bad, patchChunk(all, first, h -> h.putLong(16, all.length).putLong(24, all.length))), "past the end").getMessage()).contains("truncated");
        // raw and stored lengths of an uncompressed chunk disagree
        assertThat(fails(Files.write(bad, patchChunk(all, first, h -> h.putLong(16, 2999))), "raw length").getMessage()).contains("corrupted");
        assertThat(fails(Files.write(bad, patchEnd(all, h -> h.putLong(8, 4))), "end count").getMessage()).contains("declares 4 chunks, the file has 5");
        assertThat(fails(Files.write(bad, patchEnd(all, h -> h.putInt(4, 1))), "end reserved").getMessage()).contains("reserved");
        byte[] trailing = Arrays.copyOf(all, all.length + 3);
        assertThat(fails(Files.write(bad, trailing), "trailing").getMessage()).contains("3 bytes of trailing data");
        byte[] twoEnds = Arrays.copyOf(all, all.length + GrammarFile.END_BYTES);
        System.arraycopy(all, all.length - GrammarFile.END_BYTES, twoEnds, all.length, GrammarFile.END_BYTES);
        assertThat(fails(Files.write(bad, twoEnds), "two ends").getMessage()).contains("trailing data");
        byte[] junk = all.clone();
        junk[second] = 'X';
        assertThat(fails(Files.write(bad, junk), "no chunk").getMessage()).contains("no chunk at byte " + second);
        byte[] header = GrammarFileTest.patchHeader(all, h -> h.put(12, (byte) 1));
        assertThat(fails(Files.write(bad, header), "header reserved").getMessage()).contains("reserved");
        byte[] v9 = GrammarFileTest.patchHeader(all, h -> h.putShort(4, (short) 9));
        assertThat(fails(Files.write(bad, v9), "version 9").getMessage()).contains("unsupported format version 9");
    }
}
