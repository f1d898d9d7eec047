package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compress} cuts an input that outgrows {@code --chunk-memory} into chunks (.wgr version 2),
 * and {@code expand}, {@code grammar} and {@code verify} read such a file chunk by chunk; a cut
 * file is refused, and {@code expand --partial} rescues its complete chunks.
 */
class CliGrammarChunksTest {
    @TempDir
    Path dir;

    /** Values that do not compress: the grammar builders grow by tens of bytes per value. */
    static byte[] noise(int n, long seed) {
        Random rnd = new Random(seed);
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) b.putInt(rnd.nextInt());
        return b.array();
    }

    @Test
    void anInputLargerThanTheChunkMemoryRoundTripsThroughChunks() throws Exception {
        byte[] raw = noise(400_000, 1);
        Path in = Files.write(dir.resolve("in.u32"), raw);
        Path wgr = dir.resolve("in.wgr");
        Cli c = Cli.run("compress", in.toString(), "--input", "u32", "--codec", "zstd", "--chunk-memory", "1", "-o", wgr.toString());
        assertThat(c.exit()).as(c.toString()).isZero();
        Matcher m = Pattern.compile("in (\\d+) chunks").matcher(c.out());
        assertThat(m.find()).as(c.out()).isTrue();
        int chunks = Integer.parseInt(m.group(1));
        assertThat(chunks).isGreaterThan(1);

        Path back = dir.resolve("back.u32");
        Cli e = Cli.run("expand", wgr.toString(), "-o", back.toString());
        assertThat(e.exit()).as(e.toString()).isZero();
        assertThat(Files.readAllBytes(back)).isEqualTo(raw);

        Cli v = Cli.run("verify", wgr.toString());
        assertThat(v.exit()).as(v.toString()).isZero();
        assertThat(v.out()).contains("version 2, u32: 400000 records in " + chunks + " chunks");
        Cli g = Cli.run("grammar", wgr.toString(), "--format", "json");
        assertThat(g.exit()).as(g.toString()).isZero();
        assertThat(g.out()).contains("\"records\":400000").contains("\"chunks\":" + chunks).contains("\"version\":2");
        Cli t = Cli.run("grammar", wgr.toString());
        assertThat(t.out()).contains(chunks + " chunks (counts summed over them)").containsPattern("C\\d+:R\\d+");

        // the whole input in one chunk: the same bytes back
        Path one = dir.resolve("one.wgr");
        assertThat(Cli.run("compress", in.toString(), "--input", "u32", "--codec", "none", "-o", one.toString()).out()).doesNotContain(" chunks");
        Path back1 = dir.resolve("back1.u32");
        assertThat(Cli.run("expand", one.toString(), "-o", back1.toString()).exit()).isZero();
        assertThat(Files.readAllBytes(back1)).isEqualTo(raw);
    }

    @Test
    void aCutFileIsRefusedAndExpandPartialRescuesItsCompleteChunks() throws Exception {
        byte[] raw = noise(300_000, 2);
        Path in = Files.write(dir.resolve("in.u32"), raw);
        Path wgr = dir.resolve("in.wgr");
        assertThat(Cli.run("compress", in.toString(), "--input", "u32", "--codec", "none", "--chunk-memory", "1", "-o", wgr.toString()).exit()).isZero();
        byte[] all = Files.readAllBytes(wgr);
        Path cut = Files.write(dir.resolve("cut.wgr"), Arrays.copyOf(all, all.length - 1000));
        for (String cmd : new String[] {"grammar", "verify"}) {
            Cli r = Cli.run(cmd, cut.toString());
            assertThat(r.exit()).as(cmd + r).isEqualTo(2);
            assertThat(r.err()).contains("truncated inside chunk");
        }
        assertThat(CliErrorTest.badInput("expand", cut.toString(), "-o", dir.resolve("x.u32").toString())).contains("truncated inside chunk");
        assertThat(dir.resolve("x.u32")).doesNotExist();
        Path rescued = dir.resolve("rescued.u32");
        Cli p = Cli.run("expand", cut.toString(), "-o", rescued.toString(), "--partial");
        assertThat(p.exit()).as(p.toString()).isZero();
        assertThat(p.errLines()).hasSize(1);
        assertThat(p.err()).startsWith("wholetrace: warning: cut.wgr is truncated inside chunk").contains("complete chunks");
        byte[] got = Files.readAllBytes(rescued);
        assertThat(got.length).isPositive().isLessThan(raw.length);
        assertThat(got).isEqualTo(Arrays.copyOf(raw, got.length));
    }

    @Test
    void chunkMemoryOutOfRangeIsOneLine() throws Exception {
        Path in = Files.write(dir.resolve("in.u32"), noise(10, 3));
        assertThat(CliErrorTest.badInput("compress", in.toString(), "--input", "u32", "--chunk-memory", "0", "-o", dir.resolve("o.wgr").toString()))
                .contains("--chunk-memory must be 1 to 1024");
    }
}
