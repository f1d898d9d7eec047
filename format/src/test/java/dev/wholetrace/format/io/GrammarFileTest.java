package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The .wgr container: round trip per codec, and every kind of damage is a FormatException. */
class GrammarFileTest {
    @TempDir
    Path dir;

    static byte[] compressible(int n, long seed) {
        Random rnd = new Random(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i % 64 < 48 ? i % 17 : rnd.nextInt(256));
        return b;
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Rewrites header fields, then fixes the header CRC so that only the edited field is wrong. */
    static byte[] patchHeader(byte[] file, Consumer<ByteBuffer> edit) {
        byte[] b = file.clone();
        ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        edit.accept(h);
        CRC32 c = new CRC32();
        c.update(b, 0, 28);
        h.putInt(28, (int) c.getValue());
        return b;
    }

    Path write(String name, byte[] payload, Codec codec) throws IOException {
        Path f = dir.resolve(name);
        long size = GrammarFile.write(f, payload, codec);
        assertThat(Files.size(f)).isEqualTo(size);
        return f;
    }

    Path file(String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content);
    }

    /** Reads a damaged file: must be a FormatException, never anything else. */
    static FormatException readFails(Path f, String what) {
        try {
            byte[] payload = GrammarFile.read(f);
            throw new AssertionError(what + ": damaged file was accepted (" + payload.length + " bytes)");
        } catch (FormatException e) {
            assertThat(e.getMessage()).as(what).isNotBlank().doesNotContain("\n");
            return e;
        } catch (Throwable t) {
            throw new AssertionError(what + ": expected FormatException, got " + t, t);
        }
    }

    // ---- round trips ------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(value = Codec.class, names = {"DEFLATE", "ZSTD_DICT", "LZMA2"}, mode = EnumSource.Mode.EXCLUDE) // .wtrace only: refused below
    void writeThenReadReturnsThePayload(Codec codec) throws IOException {
        byte[][] payloads = {new byte[0], {42}, compressible(50_000, 1), random(5_000, 2)};
        if (codec == Codec.XZ) payloads = new byte[][] {new byte[0], compressible(50_000, 1)}; // xz -9 costs ~0.3 s per call
        if (codec == Codec.BEST) payloads = new byte[][] {compressible(50_000, 1)};
        for (byte[] payload : payloads) {
            Path f = write("p-" + codec + "-" + payload.length + ".wgr", payload, codec);
            assertThat(GrammarFile.read(f)).isEqualTo(payload);
            byte[] all = Files.readAllBytes(f);
            assertThat(Arrays.copyOf(all, 4)).isEqualTo(GrammarFile.MAGIC);
            ByteBuffer h = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
            assertThat(h.getShort(4)).isEqualTo((short) GrammarFile.VERSION_1);
            assertThat(h.getLong(8)).isEqualTo(payload.length);
            assertThat(h.getLong(16)).isEqualTo(all.length - GrammarFile.HEADER_BYTES);
            int storedCodec = all[6];
            if (codec == Codec.BEST) assertThat(storedCodec).isIn(Codec.XZ.id, Codec.ZSTD.id);
            else if (codec == Codec.FAST) assertThat(storedCodec).isEqualTo(payload.length == 50_000 ? Codec.XZ.id : Codec.NONE.id); // only the compressible one pays
            else assertThat(storedCodec).isEqualTo(codec.id);
        }
    }

    @Test
    void bestKeepsTheSmallerOfXzAndZstd() throws IOException {
        byte[] payload = compressible(30_000, 9);
        long best = Files.size(write("best.wgr", payload, Codec.BEST));
        long xz = Files.size(write("xz.wgr", payload, Codec.XZ));
        long zstd = Files.size(write("zstd.wgr", payload, Codec.ZSTD));
        assertThat(best).isEqualTo(Math.min(xz, zstd));
        assertThat(Files.size(write("none.wgr", payload, Codec.NONE))).isEqualTo(GrammarFile.HEADER_BYTES + payload.length);
    }

    @Test
    void fastWritesAGrammarFileItCanReadBack() throws IOException {
        byte[] payload = new byte[2048]; // compressible and under FAST's zlib size: a .wgr holds xz instead
        for (int i = 0; i < payload.length; i++) payload[i] = (byte) (i % 7);
        assertThat(GrammarFile.read(write("fast.wgr", payload, Codec.FAST))).isEqualTo(payload);
    }

    @Test
    void fastIsResolvedBeforePackingSoEachPayloadIsCompressedOnce() throws FormatException {
        // Below FAST_DEFLATE_BELOW FAST deflates, which a .wgr cannot hold: packed must go to xz
        // directly, not deflate first and throw that away.
        int[] sizes = {Codec.FAST_MIN_BYTES - 1, Codec.FAST_MIN_BYTES, 2048, Codec.FAST_DEFLATE_BELOW - 1, Codec.FAST_DEFLATE_BELOW, 20_000};
        for (int n : sizes) {
            byte[] payload = compressible(n, n);
            java.util.List<Codec> packedWith = new java.util.ArrayList<>();
            Codec.Packed p = GrammarFile.packed(payload, Codec.FAST, (c, raw) -> {
                packedWith.add(c);
                return c.pack(raw);
            });
            assertThat(packedWith).as("codecs packed with, payload of %d bytes", n).hasSize(1).doesNotContain(Codec.DEFLATE);
            assertThat(p.codec()).as("stored codec, %d bytes", n).isEqualTo(n < Codec.FAST_MIN_BYTES ? Codec.NONE : Codec.XZ);
            assertThat(p.codec().decompress(p.bytes(), n, "test")).isEqualTo(payload);
        }
        byte[] noise = random(2048, 3); // xz does not shrink it: kept raw, as FAST keeps what does not pay
        assertThat(GrammarFile.packed(noise, Codec.FAST).codec()).isEqualTo(Codec.NONE);
    }

    @Test
    void zlibIsRefusedForGrammarFiles() {
        assertThatThrownBy(() -> GrammarFile.write(dir.resolve("d.wgr"), new byte[100], Codec.DEFLATE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(".wgr files hold none, zstd or xz, not DEFLATE");
    }

    @Test
    void zstdWithADictionaryIsRefusedForGrammarFiles() {
        assertThatThrownBy(() -> GrammarFile.write(dir.resolve("r.wgr"), new byte[100], Codec.ZSTD_DICT)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(".wgr files hold none, zstd or xz, not ZSTD_DICT");
        assertThatThrownBy(() -> GrammarFile.codecOf(Codec.ZSTD_DICT.id, "r.wgr")).isInstanceOf(FormatException.class).hasMessageContaining("unknown codec id 4");
    }

    @Test
    void codecIdsAreStableAndBestCannotBeRead() throws FormatException {
        assertThat(Codec.byId(0)).isEqualTo(Codec.NONE);
        assertThat(Codec.byId(1)).isEqualTo(Codec.ZSTD);
        assertThat(Codec.byId(2)).isEqualTo(Codec.XZ);
        assertThat(Codec.byId(3)).isEqualTo(Codec.DEFLATE);
        assertThatThrownBy(() -> Codec.byId(-1)).isInstanceOf(FormatException.class).hasMessageContaining("unknown codec id -1");
        assertThat(Codec.byId(4)).isEqualTo(Codec.ZSTD_DICT);
        assertThat(Codec.byId(5)).isEqualTo(Codec.LZMA2);
        assertThatThrownBy(() -> Codec.byId(6)).isInstanceOf(FormatException.class).hasMessageContaining("unknown codec id 6");
    }

    // ---- not a grammar file -----------------------------------------------------------------

    @Test
    void wrongMagicIsReported() throws IOException {
        for (String content : new String[] {"hello, world: this is a text file and not a grammar\n", "", "W", "WTG", "WTGX", "wtgr" + "x".repeat(40)}) {
            FormatException e = readFails(file("text.txt", content.getBytes(StandardCharsets.UTF_8)), content);
            assertThat(e.getMessage()).contains("bad magic").contains("text.txt");
        }
    }

    @Test
    void missingFileIsAFormatException() {
        Path f = dir.resolve("does-not-exist.wgr");
        assertThat(readFails(f, "missing").getMessage()).contains("no such file");
    }

    // ---- truncation ---------------------------------------------------------------------------

    @Test
    void truncationAtEveryLengthOfASmallFile() throws IOException {
        for (Codec codec : new Codec[] {Codec.NONE, Codec.ZSTD}) {
            byte[] all = Files.readAllBytes(write("small.wgr", compressible(60, 3), codec));
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                for (int len = 0; len < all.length; len++) {
                    FormatException e = readFails(file("cut.wgr", Arrays.copyOf(all, len)), codec + " cut at " + len);
                    if (len < GrammarFile.MAGIC.length) assertThat(e.getMessage()).contains("bad magic");
                    else assertThat(e.getMessage()).as("cut at %d", len).contains("truncated");
                }
            });
        }
    }

    @Test
    void truncationAtSampledLengthsOfALargerFile() throws IOException {
        for (Codec codec : new Codec[] {Codec.ZSTD, Codec.XZ}) {
            byte[] all = Files.readAllBytes(write("large.wgr", random(40_000, 4), codec));
            Random rnd = new Random(5);
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                for (int k = 0; k < 100; k++) {
                    int len = k < 40 ? k : k < 60 ? all.length - 1 - (k - 40) : rnd.nextInt(all.length);
                    FormatException e = readFails(file("cut.wgr", Arrays.copyOf(all, len)), codec + " cut at " + len);
                    assertThat(e.getMessage()).as("cut at %d", len).containsAnyOf("truncated", "bad magic");
                    if (len >= GrammarFile.MAGIC.length) assertThat(e.getMessage()).contains("truncated");
                }
            });
        }
    }

    // ---- damage -------------------------------------------------------------------------------

    @Test
    void singleBitFlipsAreDetected() throws IOException {
        Random rnd = new Random(6);
        for (Codec codec : new Codec[] {Codec.NONE, Codec.ZSTD, Codec.XZ}) {
            byte[] all = Files.readAllBytes(write("flip.wgr", compressible(4_000, 7), codec));
            int samples = codec == Codec.XZ ? 40 : 200;
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                for (int k = 0; k < samples; k++) {
                    // all header bytes first, then random payload positions
                    int pos = k < GrammarFile.HEADER_BYTES ? k : GrammarFile.HEADER_BYTES + rnd.nextInt(all.length - GrammarFile.HEADER_BYTES);
                    byte[] b = all.clone();
                    b[pos] ^= (byte) (1 << rnd.nextInt(8));
                    FormatException e = readFails(file("flipped.wgr", b), codec + " flip at " + pos);
                    if (pos < 4) assertThat(e.getMessage()).contains("bad magic");
                    else if (pos < GrammarFile.HEADER_BYTES) assertThat(e.getMessage()).contains("corrupted header");
                    else assertThat(e.getMessage()).contains("corrupted");
                }
            });
        }
    }

    @Test
    void trailingGarbageIsRejected() throws IOException {
        for (Codec codec : new Codec[] {Codec.NONE, Codec.ZSTD, Codec.XZ}) {
            byte[] all = Files.readAllBytes(write("t.wgr", compressible(1000, 8), codec));
            for (byte[] tail : new byte[][] {{0}, {'\n'}, random(1000, 1)}) {
                byte[] b = Arrays.copyOf(all, all.length + tail.length);
                System.arraycopy(tail, 0, b, all.length, tail.length);
                assertThat(readFails(file("tail.wgr", b), codec + " + " + tail.length).getMessage()).contains("trailing");
            }
            // a second copy of the whole file appended
            byte[] twice = Arrays.copyOf(all, all.length * 2);
            System.arraycopy(all, 0, twice, all.length, all.length);
            assertThat(readFails(file("twice.wgr", twice), "twice").getMessage()).contains("trailing");
        }
    }

    @Test
    void unsupportedVersionIsReported() throws IOException {
        byte[] all = Files.readAllBytes(write("v.wgr", compressible(100, 9), Codec.ZSTD));
        for (int version : new int[] {0, 2, 3, 0xFFFF}) {
            byte[] b = patchHeader(all, h -> h.putShort(4, (short) version));
            FormatException e = readFails(file("v" + version + ".wgr", b), "version " + version);
            assertThat(e.getMessage()).contains("unsupported format version " + version);
        }
        // the version field is covered by the header CRC: without re-fixing it, it is damage
        byte[] raw = all.clone();
        raw[4] = 2;
        assertThat(readFails(file("v2raw.wgr", raw), "raw").getMessage()).contains("checksum");
    }

    @Test
    void unknownCodecIdInAValidHeaderIsReported() throws IOException {
        byte[] all = Files.readAllBytes(write("c.wgr", compressible(100, 10), Codec.NONE));
        for (int id : new int[] {3, 4, 9, 127, -1, -128}) { // 3, zlib, exists in .wtrace only
            byte[] b = patchHeader(all, h -> h.put(6, (byte) id));
            assertThat(readFails(file("c.wgr", b), "codec " + id).getMessage()).contains("unknown codec id " + id);
        }
    }

    @Test
    void inconsistentLengthsInAValidHeaderAreRejected() throws IOException {
        for (Codec codec : new Codec[] {Codec.NONE, Codec.ZSTD, Codec.XZ}) {
            byte[] all = Files.readAllBytes(write("l.wgr", compressible(500, 11), codec));
            long stored = all.length - GrammarFile.HEADER_BYTES;
            long[][] cases = { // raw length, stored length
                    {-1, stored}, {Long.MIN_VALUE, stored}, {Integer.MAX_VALUE, stored}, {Long.MAX_VALUE, stored},
                    {499, stored}, {501, stored}, {0, stored},
                    {500, stored + 1}, {500, stored - 1}, {500, 0}, {500, -1}, {500, Long.MAX_VALUE}, {500, Long.MIN_VALUE},
                    {500, Long.MAX_VALUE - 16}};
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                for (long[] c : cases) {
                    byte[] b = patchHeader(all, h -> h.putLong(8, c[0]).putLong(16, c[1]));
                    readFails(file("l.wgr", b), codec + " raw " + c[0] + " stored " + c[1]);
                }
            });
        }
    }

    @Test
    void payloadChecksumMismatchIsReported() throws IOException {
        byte[] all = Files.readAllBytes(write("crc.wgr", compressible(500, 12), Codec.ZSTD));
        byte[] b = patchHeader(all, h -> h.putInt(24, h.getInt(24) ^ 1));
        assertThat(readFails(file("crc.wgr", b), "payload crc").getMessage()).contains("corrupted payload (checksum mismatch)");
    }

    @Test
    void hugeDeclaredPayloadOfAZstdOrUncompressedFileIsRejectedWithoutAllocatingIt() throws IOException {
        for (Codec codec : new Codec[] {Codec.NONE, Codec.ZSTD}) {
            byte[] all = Files.readAllBytes(write("h.wgr", compressible(100, 13), codec));
            byte[] b = patchHeader(all, h -> h.putLong(8, Integer.MAX_VALUE - 8));
            readFails(file("h.wgr", b), codec + " huge raw length");
        }
    }

    @Test
    void hugeDeclaredPayloadOfAnXzFileIsRejectedWithoutAllocatingIt() throws IOException {
        byte[] all = Files.readAllBytes(write("h.wgr", compressible(100, 13), Codec.XZ));
        byte[] b = patchHeader(all, h -> h.putLong(8, Integer.MAX_VALUE - 8));
        readFails(file("h.wgr", b), "xz huge raw length");
    }
}
