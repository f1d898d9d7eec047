package dev.wholetrace.importers;

import static dev.wholetrace.importers.LackeyTraces.binary;
import static dev.wholetrace.importers.LackeyTraces.compress;
import static dev.wholetrace.importers.LackeyTraces.expand;
import static dev.wholetrace.importers.LackeyTraces.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.importers.LackeyParserTest.Rec;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** lackey-mem / lackey-sb through TraceCompressor: the expansion is exactly the parsed records. */
class TraceCompressorLackeyTest {
    @TempDir
    Path dir;

    static final int I = LackeyRecord.INSTRUCTION;
    static final int L = LackeyRecord.LOAD;
    static final int S = LackeyRecord.STORE;
    static final int M = LackeyRecord.MODIFY;
    static final int SB = LackeyRecord.SUPERBLOCK;

    /** Compressed in memory, through the payload, and through a file: all expand to the records. */
    void assertRoundTrip(String text, InputFormat format) throws IOException {
        List<Rec> records = LackeyParserTest.parse(text);
        byte[] expected = binary(records);
        CompressedTrace t = compress(text, format);
        assertThat(t.format()).isEqualTo(format);
        assertThat(t.records()).isEqualTo(records.size());
        assertThat(t.expandedBytes()).isEqualTo(13L * records.size());
        assertThat(expand(t)).isEqualTo(expected);
        assertThat(expand(CompressedTrace.fromPayload(t.toPayload()))).isEqualTo(expected);
        Path f = dir.resolve("t.wgr");
        t.write(f, Codec.ZSTD);
        assertThat(expand(CompressedTrace.read(f))).isEqualTo(expected);
    }

    @Test
    void realisticSnippetRoundTrips() throws IOException {
        // lackey-mem input may also carry SB lines when both options are on
        assertRoundTrip(LackeyParserTest.SNIPPET, InputFormat.LACKEY_MEM);
    }

    @Test
    void dataRecordsBeforeAnyInstruction() throws IOException {
        List<Rec> r = List.of(new Rec(S, 0x1000, 8), new Rec(L, 0x1008, 8), new Rec(M, 0x2000, 4), new Rec(S, 0x1010, 8),
                new Rec(I, 0x400000, 3), new Rec(L, 0x1000, 8));
        assertRoundTrip(text(r), InputFormat.LACKEY_MEM);
        // data records before the first instruction form their own stream(s)
        CompressedTrace t = compress(text(r), InputFormat.LACKEY_MEM);
        assertThat(t.streams()).hasSize(5);
    }

    @Test
    void instructionsWithZeroToThreeAccessesAndModifies() throws IOException {
        List<Rec> r = new ArrayList<>();
        Random rnd = new Random(1);
        long[] pcs = {0x401000, 0x401003, 0x401008, 0x40100c, 0x401010};
        for (int it = 0; it < 500; it++) {
            for (int p = 0; p < pcs.length; p++) {
                r.add(new Rec(I, pcs[p], 3 + p));
                int accesses = p % 4; // 0, 1, 2, 3, 0
                for (int a = 0; a < accesses; a++) {
                    int kind = new int[] {L, S, M}[(a + p) % 3];
                    long addr = a == 0 ? 0x7ff000 + it * 8L : a == 1 ? 0x1ffefff000L - (it % 7) * 16L : rnd.nextInt(1 << 20);
                    r.add(new Rec(kind, addr, 1 << a));
                }
            }
        }
        assertRoundTrip(text(r), InputFormat.LACKEY_MEM);
    }

    @Test
    void sameInstructionWithDifferentAccessCountsOnDifferentVisits() throws IOException {
        // a rep-prefixed or conditional instruction: the slot numbering must be replayed exactly
        List<Rec> r = new ArrayList<>();
        for (int it = 0; it < 200; it++) {
            r.add(new Rec(I, 0x400100, 2));
            for (int a = 0; a < it % 4; a++) r.add(new Rec(a % 2 == 0 ? L : S, 0x9000 + it * 64L + a * 8L, 8));
            r.add(new Rec(I, 0x400102, 2));
        }
        assertRoundTrip(text(r), InputFormat.LACKEY_MEM);
    }

    @Test
    void extremeAddressesAndSizes() throws IOException {
        List<Rec> r = List.of(new Rec(I, -1L, 15), new Rec(L, Long.MIN_VALUE, 1 << 20), new Rec(S, Long.MAX_VALUE, 0),
                new Rec(I, 0, 1), new Rec(M, -1L, 8), new Rec(SB, Long.MIN_VALUE, 0), new Rec(I, -1L, 15),
                new Rec(L, 0, 1 << 20), new Rec(S, Long.MIN_VALUE, 0));
        assertRoundTrip(text(r), InputFormat.LACKEY_MEM);
    }

    @Test
    void emptyTrace() throws IOException {
        assertRoundTrip("", InputFormat.LACKEY_MEM);
        assertRoundTrip("==1== only commentary\n", InputFormat.LACKEY_SB);
    }

    @Test
    void stridedLoopAddressStreamsCompressToTinyGrammars() throws IOException {
        // for i: a[i] = b[2*i] + c[i % 64]: three streams, each a Diff∘RLE∘SEQ of a simple pattern
        List<Rec> r = new ArrayList<>();
        int n = 5_000;
        for (int i = 0; i < n; i++) {
            r.add(new Rec(I, 0x401000, 4));
            r.add(new Rec(L, 0x10_0000L + 16L * i, 8));
            r.add(new Rec(I, 0x401004, 4));
            r.add(new Rec(L, 0x20_0000L + 8L * (i % 64), 8));
            r.add(new Rec(I, 0x401008, 3));
            r.add(new Rec(S, 0x30_0000L + 8L * i, 8));
            r.add(new Rec(I, 0x40100b, 2));
        }
        String txt = text(r);
        CompressedTrace t = compress(txt, InputFormat.LACKEY_MEM);
        assertThat(expand(t)).isEqualTo(binary(r));
        assertThat(t.streams()).hasSize(3);
        for (Grammar g : t.streams()) {
            assertThat(g.symbolCount()).as("stream grammar %s", g).isLessThanOrEqualTo(30);
        }
        // runs: (0x100000,1) (16,n-1); (0x200000,1) (8,63) (-504,1) (8,n%64-1); (0x300000,1) (8,n-1)
        assertThat(t.runs().size()).isEqualTo(8);
        assertThat(t.control().symbolCount()).isLessThan(60);
        // and the whole payload is tiny compared with the text
        assertThat(t.toPayload().length).isLessThan(1000);
        assertThat(expand(CompressedTrace.fromPayload(t.toPayload()))).isEqualTo(binary(r));
    }

    @Test
    void lackeySbRoundTripsSuperblocks() throws IOException {
        List<Rec> r = new ArrayList<>();
        Random rnd = new Random(2);
        long[] blocks = {0x401000, 0x401020, 0x401050, 0x7f001230L};
        for (int i = 0; i < 3000; i++) r.add(new Rec(SB, blocks[i % 3 == 0 ? rnd.nextInt(4) : i % 4], 0));
        assertRoundTrip(text(r), InputFormat.LACKEY_SB);
        CompressedTrace t = compress(text(r), InputFormat.LACKEY_SB);
        assertThat(t.streams()).isEmpty();
    }

    @Test
    void lackeySbRejectsOtherRecordsWithAClearMessage() {
        for (String bad : new String[] {"SB 0400\nI  0400,3\n", " L 1234,8\n", "SB 1\n M 1,1\n", "SB 1\n S 1,1\n"}) {
            assertThatThrownBy(() -> compress(bad, InputFormat.LACKEY_SB)).isInstanceOf(FormatException.class)
                    .hasMessageContaining("record in a lackey-sb input")
                    .hasMessageContaining("lackey-mem");
        }
        assertThatThrownBy(() -> compress("SB 0400\nI  0400,3\n", InputFormat.LACKEY_SB)).hasMessageContaining("'I'");
        assertThatThrownBy(() -> compress(" L 1234,8\n", InputFormat.LACKEY_SB)).hasMessageContaining("'L'");
    }

    @Test
    void compressFileReadsLackeyText() throws IOException {
        List<Rec> r = LackeyParserTest.parse(LackeyParserTest.SNIPPET);
        Path f = Files.writeString(dir.resolve("trace.txt"), LackeyParserTest.SNIPPET, StandardCharsets.ISO_8859_1);
        long[] progress = {-1};
        CompressedTrace t = TraceCompressor.compressFile(f, InputFormat.LACKEY_MEM, done -> progress[0] = done);
        assertThat(expand(t)).isEqualTo(binary(r));
        assertThat(progress[0]).isEqualTo(Files.size(f));
        Path bad = Files.writeString(dir.resolve("bad.txt"), "I  0400,3\nI  0401\n");
        assertThatThrownBy(() -> TraceCompressor.compressFile(bad, InputFormat.LACKEY_MEM, d -> { }))
                .isInstanceOf(FormatException.class).hasMessageStartingWith("line 2: ");
    }

    // ---- random traces ------------------------------------------------------------------------

    @Property(tries = 150)
    void randomTracesRoundTrip(@ForAll("traces") List<Rec> records) throws IOException {
        String txt = text(records);
        byte[] expected = binary(records);
        CompressedTrace t = compress(txt, InputFormat.LACKEY_MEM);
        assertThat(expand(t)).isEqualTo(expected);
        assertThat(expand(CompressedTrace.fromPayload(t.toPayload()))).isEqualTo(expected);
    }

    @Provide
    Arbitrary<List<Rec>> traces() {
        return Arbitraries.randomValue(rnd -> {
            List<Rec> r = new ArrayList<>();
            int n = rnd.nextInt(rnd.nextBoolean() ? 20 : 800);
            long[] pcs = new long[1 + rnd.nextInt(6)];
            for (int i = 0; i < pcs.length; i++) pcs[i] = rnd.nextInt(4) == 0 ? rnd.nextLong() : 0x400000 + rnd.nextInt(64);
            long[] bases = {0, 0x7ff0000, -8, Long.MIN_VALUE, rnd.nextLong()};
            for (int i = 0; i < n; i++) {
                int k = rnd.nextInt(10);
                if (k < 3) r.add(new Rec(I, pcs[rnd.nextInt(pcs.length)], 1 + rnd.nextInt(15)));
                else if (k == 3) r.add(new Rec(SB, pcs[rnd.nextInt(pcs.length)], 0));
                else {
                    int kind = new int[] {L, S, M}[rnd.nextInt(3)];
                    long a = bases[rnd.nextInt(bases.length)] + (rnd.nextBoolean() ? 8L * i : rnd.nextInt(100));
                    r.add(new Rec(kind, a, new int[] {1, 2, 4, 8, 16, 32}[rnd.nextInt(6)]));
                }
            }
            return r;
        });
    }
}
