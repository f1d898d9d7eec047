package dev.wholetrace.cli;

import static dev.wholetrace.cli.CliErrorTest.badInput;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarFile;
import dev.wholetrace.format.io.ReadLimits;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.model.event.TraceMode;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crafted files with valid checksums that declare sizes no reader should try to honour (issue 13,
 * "resource bombs"): each is refused with one line, quickly, before the memory is allocated or
 * the data decompressed; the magic is checked before anything else is read.
 */
class CliReadLimitsTest {
    @TempDir
    static Path dir;

    static Path good;

    @BeforeAll
    static void record() throws Exception {
        good = Traces.twoThreads(dir.resolve("good.wtrace"), TraceMode.CDR);
    }

    /** {@code good} with section {@code index}'s header changed by {@code patch}, header CRC recomputed. */
    static Path patched(String name, int index, java.util.function.Consumer<ByteBuffer> patch) throws Exception {
        FuzzSections s = raw();
        patch.accept(FuzzSections.le(s.parts.get(index).header));
        return Files.write(dir.resolve(name), s.write(true));
    }

    /** {@code good} with every section stored raw (a valid file), taken apart; its indexes are kept as they are from now on. */
    static FuzzSections raw() throws Exception {
        FuzzSections s = FuzzSections.parse(FuzzSections.parse(Files.readAllBytes(good)).write(false));
        for (FuzzSections.Part p : s.parts) p.touched = true;
        return s;
    }

    static List<String[]> commands(Path f) {
        String s = f.toString();
        return List.of(new String[] {"stats", s}, new String[] {"dump", s}, new String[] {"dump", s, "--thread", "1"},
                new String[] {"races", s}, new String[] {"verify", s});
    }

    @Test
    void aSectionDeclaringMoreThanTheLimitIsRefusedBeforeDecompression() throws Exception {
        // an xz section that says it holds 1.5 GB: refused from its header, the payload never read
        Path f = patched("bomb.wtrace", 4, h -> {
            h.put(1, (byte) Codec.XZ.id);
            h.putInt(12, 1_500_000_000);
        });
        for (String[] args : commands(f)) {
            long start = System.nanoTime();
            assertThat(badInput(args)).contains("offset").contains("1.4 GiB").contains("256 MiB a section may hold")
                    .contains(ReadLimits.SECTION_PROPERTY);
            assertThat((System.nanoTime() - start) / 1_000_000).as("milliseconds").isLessThan(5_000);
        }
    }

    @Test
    void aRealDecompressionBombIsStoppedByTheLimit() throws Exception {
        // 4 MB of zeros in a few hundred xz bytes, declared honestly; the limit lowered to 1 MB
        byte[] zeros = new byte[4 << 20];
        byte[] xz = Codec.XZ.compress(zeros);
        FuzzSections s = raw();
        FuzzSections.Part sym = s.parts.stream().filter(p -> p.type() == SectionType.SYMBOLS.id).findFirst().orElseThrow();
        sym.payload = xz;
        ByteBuffer h = FuzzSections.le(sym.header);
        h.put(1, (byte) Codec.XZ.id);
        h.putInt(12, zeros.length);
        h.putInt(16, xz.length);
        for (FuzzSections.Part p : s.parts) p.touched = p == sym; // indexes rewritten to the new layout
        Path f = Files.write(dir.resolve("zeros.wtrace"), s.write(true));
        String old = System.setProperty(ReadLimits.SECTION_PROPERTY, Integer.toString(1 << 20));
        try {
            assertThat(badInput("stats", f.toString())).contains("4 MiB").contains("1 MiB a section may hold");
        } finally {
            if (old == null) System.clearProperty(ReadLimits.SECTION_PROPERTY);
            else System.setProperty(ReadLimits.SECTION_PROPERTY, old);
        }
        // under the default limit the same file is decompressed and found wrong, not accepted
        assertThat(badInput("stats", f.toString())).contains("at offset").contains("unexpected trailing bytes");
    }

    @Test
    void aRawSectionWhoseLengthsDisagreeIsCorrupt() throws Exception {
        Path f = patched("lengths.wtrace", 4, h -> h.putInt(12, h.getInt(16) + 1));
        for (String[] args : commands(f)) assertThat(badInput(args)).contains("stored raw but declares");
    }

    @Test
    void grammarFilesAreJudgedByTheirMagicFirst() throws Exception {
        // 3 GB that are not a grammar file (sparse, so the test costs no disk): refused after 32 bytes
        Path big = dir.resolve("big.wgr");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        for (String cmd : new String[] {"grammar", "verify"}) {
            long start = System.nanoTime();
            assertThat(badInput(cmd, big.toString())).contains("bad magic");
            assertThat((System.nanoTime() - start) / 1_000_000).as("milliseconds").isLessThan(5_000);
        }
        assertThat(badInput("expand", big.toString(), "-o", dir.resolve("out.raw").toString())).contains("bad magic");
        Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) assertThat(badInput("grammar", zero.toString())).contains("bad magic");
    }

    @Test
    void aGrammarFileDeclaringAHugePayloadIsRefusedFromItsHeader() throws Exception {
        Path f = dir.resolve("huge.wgr");
        GrammarFile.write(f, new byte[100], Codec.XZ);
        byte[] b = Files.readAllBytes(f);
        ByteBuffer h = FuzzSections.le(b);
        h.putLong(8, 40L << 30); // 40 GiB raw
        h.putInt(28, FuzzSections.crc(b, 28));
        Files.write(f, b);
        assertThat(badInput("grammar", f.toString())).contains("40.0 GiB").contains("does not fit");
        // a stored length beyond the file: truncated, found from the header
        h.putLong(8, 100);
        h.putLong(16, 3L << 30);
        h.putInt(28, FuzzSections.crc(b, 28));
        Files.write(f, b);
        assertThat(badInput("grammar", f.toString())).contains("truncated");
    }
}
