package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input and bad usage: exit code 2 and exactly one line on stderr, "wholetrace: ...", with no
 * exception class name or stack trace.
 */
class CliErrorTest {
    @TempDir
    Path dir;

    Path good;    // a valid u32 .wgr
    Path goodMem; // a valid lackey-mem .wgr

    @BeforeEach
    void compressSomething() throws IOException {
        Path raw = Files.write(dir.resolve("in.u32"), CliTest.u32(5000, 1));
        good = dir.resolve("good.wgr");
        assertThat(Cli.run("compress", raw.toString(), "--input", "u32", "--codec", "zstd", "-o", good.toString()).exit()).isZero();
        Path text = Files.writeString(dir.resolve("in.txt"), CliTest.LACKEY);
        goodMem = dir.resolve("mem.wgr");
        assertThat(Cli.run("compress", text.toString(), "--input", "lackey-mem", "--codec", "none", "-o", goodMem.toString()).exit()).isZero();
    }

    /** Runs the command and checks the error contract; returns the single stderr line. */
    static String badInput(String... args) {
        Cli r = Cli.run(args);
        String what = String.join(" ", args) + "\n" + r;
        assertThat(r.exit()).as(what).isEqualTo(2);
        assertThat(r.err()).as(what).endsWith(System.lineSeparator());
        List<String> lines = r.errLines();
        assertThat(lines).as(what).hasSize(1);
        String line = lines.get(0);
        assertThat(line).as(what).startsWith("wholetrace: ")
                .doesNotContain("Exception")
                .doesNotContain("\tat ")
                .doesNotContain("internal error");
        assertThat(r.err()).as(what).doesNotContain("\tat ").doesNotContain("Exception");
        return line;
    }

    String s(Path p) {
        return p.toString();
    }

    Path out(String name) {
        return dir.resolve(name);
    }

    // ---- usage ------------------------------------------------------------------------------

    @Test
    void missingCommand() {
        assertThat(badInput()).contains("missing command").contains("--help");
    }

    @Test
    void unknownCommand() {
        assertThat(badInput("frobnicate")).contains("frobnicate");
    }

    @Test
    void unknownCommandWithHelpIsAnErrorNotTheRootHelp() {
        Cli r = Cli.run("nosuch", "--help");
        assertThat(r.out()).as(r.toString()).isEmpty();
        assertThat(badInput("nosuch", "--help")).contains("unknown command 'nosuch'").contains("stats");
        assertThat(badInput("nosuch")).contains("unknown command 'nosuch'");
    }

    @Test
    void argumentsOutOfRangeAreOneLineErrors() {
        // None of these starts a JVM or reads a file: the ranges are checked first.
        assertThat(badInput("workload", "fft", "--threads", "100000")).contains("--threads must be at most 512");
        assertThat(badInput("workload", "fft", "--threads", "-3")).contains("--threads must be at least 1");
        assertThat(badInput("workload", "sor", "--size", "2000000000")).contains("--size must be at most 4096 for sor");
        assertThat(badInput("workload", "fft", "--size", "23")).contains("--size must be at most 22 for fft");
        assertThat(badInput("workload", "lu", "--size", "15")).contains("--size must be at least 16 for lu");
        assertThat(badInput("workload", "water", "--steps", "0")).contains("--steps must be 1 to 10000");
        assertThat(badInput("workload", "water", "--steps", "10001")).contains("--steps must be 1 to 10000");
        assertThat(badInput("workload", "sor", "--threads", "many")).contains("--threads").contains("many");
        assertThat(badInput("workload", "sor", "--size", "99999999999")).contains("--size");
        assertThat(badInput("demo", "--fft-size", "23")).contains("--fft-size must be 4 to 22");
        assertThat(badInput("demo", "--blocks", "20000001")).contains("--blocks must be 1 to 20000000");
        assertThat(badInput("demo", "--grid", "4000", "--sweeps", "1000")).contains("--sweeps");
        assertThat(badInput("demo", "--threads", "513")).contains("--threads must be 1 to 512");
        assertThat(badInput("demo", "--keep", s(good))).contains("is not a directory");
        assertThat(badInput("grammar", s(good), "--top", "10001")).contains("--top must be 0 to 10000");
        assertThat(badInput("grammar", s(good), "--preview", "1001")).contains("--preview must be 0 to 1000");
        assertThat(badInput("dump", s(out("none.wtrace")), "--thread", "-1")).contains("--thread must be at least 0");
        assertThat(badInput("dump", s(out("none.wtrace")), "--sync-from", "-5")).contains("--sync-from must be at least 0");
        assertThat(badInput("segment", s(out("none.wtrace")), "--thread", "0", "3", "1")).contains("comes after");
    }

    @Test
    void missingOptionsAndParameters() {
        assertThat(badInput("compress", s(dir.resolve("in.u32")), "--input", "u32")).contains("--output").contains("compress --help");
        assertThat(badInput("compress", s(dir.resolve("in.u32")), "-o", s(out("x.wgr")))).contains("--input");
        assertThat(badInput("compress", "--input", "u32", "-o", s(out("x.wgr")))).contains("IN");
        assertThat(badInput("expand", s(good))).contains("--output").contains("expand --help");
        assertThat(badInput("expand", "-o", s(out("x")))).contains("IN.wgr");
        assertThat(badInput("grammar")).contains("IN.wgr");
        assertThat(badInput("compress", s(dir.resolve("in.u32")), "--input")).contains("--input");
        assertThat(badInput("grammar", s(good), "--top", "many")).contains("--top");
        assertThat(badInput("compress", s(dir.resolve("in.u32")), "--input", "u32", "-o", s(out("x.wgr")), "--bogus")).contains("--bogus");
        assertThat(Files.exists(out("x.wgr"))).isFalse();
    }

    @Test
    void negativeNumbersAreBadUsage() {
        badInput("grammar", s(good), "--top", "-1");
        badInput("demo", "--grid", "2");
        badInput("demo", "--blocks", "0");
        badInput("demo", "--fft-size", "2");
    }

    @Test
    void unknownInputFormat() {
        String line = badInput("compress", s(dir.resolve("in.u32")), "--input", "u16", "-o", s(out("x.wgr")));
        assertThat(line).contains("u16").contains("u32").contains("lackey-mem");
        assertThat(Files.exists(out("x.wgr"))).isFalse();
    }

    @Test
    void unknownCodec() {
        String line = badInput("compress", s(dir.resolve("in.u32")), "--input", "u32", "--codec", "lz4", "-o", s(out("x.wgr")));
        assertThat(line).contains("lz4").contains("xz");
        assertThat(Files.exists(out("x.wgr"))).isFalse();
    }

    @Test
    void unknownGrammarAlgorithm() {
        String line = badInput("compress", s(dir.resolve("in.u32")), "--input", "u32", "--grammar", "lz78", "-o", s(out("x.wgr")));
        assertThat(line).contains("lz78").contains("sequitur").contains("enhanced").contains("repair");
        assertThat(Files.exists(out("x.wgr"))).isFalse();
        Cli named = Cli.run("compress", s(dir.resolve("in.u32")), "--input", "u32", "--grammar", "SEQUITUR", "-o", s(out("y.wgr")));
        assertThat(named.exit()).as(named.toString()).isZero();
    }

    @Test
    void aWindowNeedsTheEnhancedGrammarAndASize() {
        String in = s(dir.resolve("in.u32"));
        assertThat(badInput("compress", in, "--input", "u32", "--window", "65536", "-o", s(out("x.wgr")))).contains("--window needs --grammar enhanced").contains("sequitur");
        assertThat(badInput("compress", in, "--input", "u32", "--grammar", "enhanced", "--window", "10", "-o", s(out("x.wgr")))).contains("64").contains("10");
        assertThat(badInput("recompress", in, "--window", "65536", "-o", s(out("x.wgr")))).contains("--window needs --grammar enhanced");
        assertThat(badInput("record", "-o", s(out("x.wtrace")), "--window", "65536", "--", "java", "-version")).contains("--window needs --grammar enhanced");
        assertThat(badInput("record", "-o", s(out("x.wtrace")), "--grammar", "enhanced", "--window", "10", "--", "java", "-version")).contains("64").contains("10");
        assertThat(Files.exists(out("x.wtrace"))).isFalse();
        assertThat(Files.exists(out("x.wgr"))).isFalse();
    }

    // ---- bad files --------------------------------------------------------------------------

    @Test
    void missingFiles() {
        assertThat(badInput("compress", s(out("nope.u32")), "--input", "u32", "-o", s(out("x.wgr")))).contains("nope.u32").contains("no such file");
        assertThat(badInput("compress", s(out("nope.txt")), "--input", "lackey-mem", "-o", s(out("x.wgr")))).contains("no such file");
        assertThat(badInput("expand", s(out("nope.wgr")), "-o", s(out("x")))).contains("nope.wgr").contains("no such file");
        assertThat(badInput("grammar", s(out("nope.wgr")))).contains("nope.wgr").contains("no such file");
        assertThat(badInput("compress", s(dir.resolve("in.u32")), "--input", "u32", "-o", s(dir.resolve("no/such/dir/x.wgr"))))
                .contains("no such file");
        assertThat(Files.exists(out("x"))).isFalse();
    }

    @Test
    void u32InputOfOddLength() throws IOException {
        Path odd = Files.write(out("odd.u32"), new byte[4 * 1000 + 3]);
        assertThat(badInput("compress", s(odd), "--input", "u32", "-o", s(out("x.wgr")))).contains("multiple of 4");
        assertThat(badInput("compress", s(odd), "--input", "u64", "-o", s(out("x.wgr")))).contains("multiple of 8");
        assertThat(Files.exists(out("x.wgr"))).isFalse();
    }

    @Test
    void malformedLackeyLine() throws IOException {
        Path bad = Files.writeString(out("bad.txt"), "==1== hi\nI  0400,3\n L 12,8\nI  0404\n");
        assertThat(badInput("compress", s(bad), "--input", "lackey-mem", "-o", s(out("x.wgr")))).contains("line 4:").contains("size");
        Path sb = Files.writeString(out("sb.txt"), "SB 0400\nI  0400,3\n");
        assertThat(badInput("compress", s(sb), "--input", "lackey-sb", "-o", s(out("x.wgr")))).contains("lackey-mem");
        Path binary = Files.write(out("binary.txt"), CliTest.u32(5000, 9));
        assertThat(badInput("compress", s(binary), "--input", "lackey-mem", "-o", s(out("x.wgr")))).contains("line ");
        assertThat(Files.exists(out("x.wgr"))).isFalse();
    }

    @Test
    void wrongMagic() throws IOException {
        Path text = Files.writeString(out("notes.wgr"), "these are my notes, not a grammar\n");
        assertThat(badInput("expand", s(text), "-o", s(out("x")))).contains("notes.wgr").contains("bad magic");
        assertThat(badInput("grammar", s(text))).contains("bad magic");
        Path empty = Files.write(out("empty.wgr"), new byte[0]);
        assertThat(badInput("expand", s(empty), "-o", s(out("x")))).contains("bad magic");
        // a raw trace passed where a .wgr is expected
        assertThat(badInput("expand", s(dir.resolve("in.u32")), "-o", s(out("x")))).contains("bad magic");
        assertThat(Files.exists(out("x"))).isFalse();
    }

    @Test
    void truncatedWgr() throws IOException {
        byte[] all = Files.readAllBytes(good);
        for (int len : new int[] {4, 20, 31, 32, 33, all.length / 2, all.length - 1}) {
            Path cut = Files.write(out("cut.wgr"), Arrays.copyOf(all, len));
            assertThat(badInput("expand", s(cut), "-o", s(out("x")))).contains("cut.wgr").contains("truncated");
            assertThat(badInput("grammar", s(cut))).contains("truncated");
        }
        assertThat(Files.exists(out("x"))).isFalse();
        assertThat(Files.exists(out("x.partial"))).isFalse();
    }

    @Test
    void corruptedWgr() throws IOException {
        for (Path file : new Path[] {good, goodMem}) {
            byte[] all = Files.readAllBytes(file);
            for (int pos : new int[] {5, 10, 27, 29, 40, all.length / 2, all.length - 1}) {
                byte[] b = all.clone();
                b[pos] ^= 0x10;
                Path bad = Files.write(out("bad.wgr"), b);
                assertThat(badInput("expand", s(bad), "-o", s(out("x")))).contains("bad.wgr").containsAnyOf("corrupted", "checksum");
                assertThat(badInput("grammar", s(bad))).containsAnyOf("corrupted", "checksum");
            }
            byte[] tail = Arrays.copyOf(all, all.length + 3);
            assertThat(badInput("expand", s(Files.write(out("tail.wgr"), tail)), "-o", s(out("x")))).contains("trailing");
        }
        assertThat(Files.exists(out("x"))).isFalse();
    }

    @Test
    void unsupportedVersion() throws IOException {
        byte[] b = Files.readAllBytes(good);
        ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        h.putShort(4, (short) 7);
        CRC32 crc = new CRC32();
        crc.update(b, 0, 28);
        h.putInt(28, (int) crc.getValue());
        Path v7 = Files.write(out("v7.wgr"), b);
        assertThat(badInput("expand", s(v7), "-o", s(out("x")))).contains("unsupported format version 7");
        assertThat(badInput("grammar", s(v7))).contains("unsupported format version 7");
    }

    @Test
    void errorLinesHaveNoNewlinesEvenForOddFileNames() throws IOException {
        Path odd = Files.writeString(out("a b ü.wgr"), "x");
        assertThat(badInput("grammar", s(odd))).contains("a b ü.wgr");
        assertThat(new String("ü".getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo("ü");
    }
}
