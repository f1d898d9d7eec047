package dev.wholetrace.cli;

import static dev.wholetrace.cli.CliAddressCopiesTest.V17_BUILD;
import static dev.wholetrace.cli.CliAddressCopiesTest.answers;
import static dev.wholetrace.cli.CliAddressCopiesTest.ok;
import static dev.wholetrace.cli.CliAddressCopiesTest.withoutFirstLine;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Format 19 (docs/trace-format.md, "Versions"): xz's output stored as raw LZMA2 (codec 5) and a pack's
 * sections ordered by kind. The fixtures src/test/resources/addresses/v17-water-cdr.wtrace (made by the
 * version-17 build, see {@link CliAddressCopiesTest}) and v18-water-cdr.wtrace (the version-18 build's
 * {@code recompress FIXTURE17 --chunk-events 4194304 --grammar repair --addresses predictive}, session
 * 48) and their version-19 rewrites must print what the version-17 build printed; a damaged raw LZMA2
 * payload is one line and exit 2.
 */
class CliRawLzma2Test {
    @TempDir
    Path dir;

    private Path fixture(String name) throws IOException {
        Path f = dir.resolve(name);
        if (Files.exists(f)) return f;
        try (InputStream in = CliRawLzma2Test.class.getClassLoader().getResourceAsStream("addresses/" + name)) {
            if (in == null) throw new IOException("missing test resource addresses/" + name);
            Files.copy(in, f);
        }
        return f;
    }

    @Test
    void theVersion17And18FixturesAndTheirVersion19RewritesAnswerAlike() throws Exception {
        Path v17 = fixture("v17-water-cdr.wtrace");
        Path v18 = fixture("v18-water-cdr.wtrace");
        assertThat(ok("verify", v18.toString()).out()).contains("valid trace, version 18, cdr");
        assertThat(codecs(v18)).contains(Codec.XZ).doesNotContain(Codec.LZMA2);
        for (Path old : List.of(v17, v18)) {
            Path v19 = dir.resolve(old.getFileName() + ".v19.wtrace");
            ok("recompress", old.toString(), "-o", v19.toString(), "--chunk-events", "4194304", "--grammar", "repair", "--addresses", "predictive");
            assertThat(ok("verify", v19.toString()).out()).contains("valid trace, version " + TraceFormat.VERSION + ", cdr");
            assertThat(codecs(v19)).as("xz's output stored without its container").contains(Codec.LZMA2).doesNotContain(Codec.XZ);
            assertThat(answers(v19)).as(v19.getFileName().toString()).isEqualTo(V17_BUILD);
            for (String command : new String[] {"races", "deps"}) {
                assertThat(withoutFirstLine(ok(command, v19.toString()).out())).as(command).isEqualTo(withoutFirstLine(ok(command, old.toString()).out()));
            }
            assertThat(Files.size(v19)).isLessThan(Files.size(v18));
        }
        assertThat(answers(v18)).as("the version-18 fixture").isEqualTo(V17_BUILD);
        Path copied = dir.resolve("copied.wtrace"); // a re-pack that copies sections keeps the file's version, so its xz
        ok("recompress", v18.toString(), "-o", copied.toString());
        assertThat(ok("verify", copied.toString()).out()).contains("valid trace, version 18, cdr");
        assertThat(codecs(copied)).doesNotContain(Codec.LZMA2);
    }

    /**
     * A raw LZMA2 payload has no check of its own: the section's CRC over its stored bytes is checked
     * before decoding, and our header is checked when it is. Each damage is one line and exit 2.
     */
    @Test
    void aDamagedRawLzma2PayloadIsOneLineAndExit2() throws Exception {
        Path v19 = dir.resolve("v19.wtrace");
        ok("recompress", fixture("v18-water-cdr.wtrace").toString(), "-o", v19.toString(), "--chunk-events", "4194304", "--grammar", "repair",
                "--addresses", "predictive");
        byte[] whole = Files.readAllBytes(v19);
        int at = firstSection(whole, Codec.LZMA2, SectionType.PACK); // the threads' streams: what every command reads
        int stored = ByteBuffer.wrap(whole, at + 16, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int payload = at + TraceFormat.SECTION_HEADER_BYTES;

        byte[] flipped = whole.clone(); // a byte of the LZMA2 stream: the section's CRC
        flipped[payload + stored / 2] ^= 0x20;
        assertOneLineExit2(flipped, "CRC");

        byte[] header = whole.clone(); // our header's version, its CRC made to agree: our own check
        header[payload + payloadStart(whole, at)] = 7;
        putInt(header, payload + stored, crc(header, payload, stored));
        assertOneLineExit2(header, "header has version 7");

        byte[] old = Files.readAllBytes(fixture("v18-water-cdr.wtrace")); // codec 5 in a version-18 file (read, not changed)
        int xz = firstSection(old, Codec.XZ, null);
        old[xz + 1] = (byte) Codec.LZMA2.id;
        putInt(old, xz + 20, crc(old, xz, 20));
        assertOneLineExit2(old, "unknown codec id 5 in a version 18 file");
    }

    /**
     * An xz payload (codec 2, as every file before version 19 holds) whose block header names a 1.5 GiB
     * dictionary, the block header's and the section's CRCs made to agree: xz's decoder allocated it
     * and read the file; it is corruption, one line and exit 2, as a raw LZMA2 header's dictionary byte
     * above 64 MiB is.
     */
    @Test
    void anXzPayloadNamingAHugeDictionaryIsOneLineAndExit2() throws Exception {
        byte[] old = Files.readAllBytes(fixture("v18-water-cdr.wtrace"));
        int at = firstSection(old, Codec.XZ, null);
        int stored = ByteBuffer.wrap(old, at + 16, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int payload = at + TraceFormat.SECTION_HEADER_BYTES;
        int block = payload + payloadStart(old, at) + 12; // after xz's stream header
        int blockHeader = ((old[block] & 0xFF) + 1) * 4;
        assertThat(old[block + 2]).as("the LZMA2 filter").isEqualTo((byte) 0x21);
        old[block + 4] = 37; // (2 | 37 & 1) << (37 / 2 + 11): 1.5 GiB
        putInt(old, block + blockHeader - 4, crc(old, block, blockHeader - 4));
        putInt(old, payload + stored, crc(old, payload, stored));
        assertOneLineExit2(old, "xz data is damaged");
    }

    private void assertOneLineExit2(byte[] file, String says) throws IOException {
        assertOneLineExit2(dir, file, says);
    }

    /** {@code file}, written to {@code dir}, is one line and exit 2 saying {@code says} for {@code verify} and {@code dump}. */
    static void assertOneLineExit2(Path dir, byte[] file, String says) throws IOException {
        Path f = dir.resolve("damaged.wtrace");
        Files.write(f, file);
        for (String command : new String[] {"verify", "dump"}) {
            Cli r = Cli.run(command, f.toString());
            assertThat(r.exit()).as(command + ": " + r).isEqualTo(2);
            assertThat(CliFuzzTest.contract(r)).as(command + ": " + r).isNull();
            assertThat(r.err()).as(command).contains(says);
        }
    }

    /** Where our header starts in the stored payload of the section at {@code at}: a PACK's after its directory. */
    private static int payloadStart(byte[] file, int at) {
        if (file[at] != SectionType.PACK.id) return 0;
        int p = at + TraceFormat.SECTION_HEADER_BYTES;
        long d = 0;
        int shift = 0;
        int n = 0;
        while (true) {
            int b = file[p + n++] & 0xFF;
            d |= (long) (b & 0x7F) << shift;
            shift += 7;
            if (b < 0x80) break;
        }
        return n + (int) d + 4;
    }

    /** The offset of the first section stored with {@code codec} (of {@code type}, if not null), walking the sections from the file header. */
    private static int firstSection(byte[] file, Codec codec, SectionType type) {
        int at = TraceFormat.FILE_HEADER_BYTES;
        while (at < file.length) {
            if (file[at + 1] == codec.id && (type == null || file[at] == type.id)) return at;
            at += TraceFormat.SECTION_HEADER_BYTES + ByteBuffer.wrap(file, at + 16, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() + 4;
        }
        throw new AssertionError("no section stored with " + codec);
    }

    private static int crc(byte[] b, int off, int len) {
        CRC32 c = new CRC32();
        c.update(b, off, len);
        return (int) c.getValue();
    }

    private static void putInt(byte[] b, int at, int v) {
        ByteBuffer.wrap(b, at, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(v);
    }

    private static java.util.Set<Codec> codecs(Path f) throws Exception {
        java.util.Set<Codec> out = java.util.EnumSet.noneOf(Codec.class);
        try (TraceReader r = TraceReader.open(f)) {
            for (List<Section> chunk : r.chunks()) for (Section s : chunk) out.add(s.codec());
        }
        return out;
    }
}
