package dev.wholetrace.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wholetrace.format.io.Codec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A real trace from valgrind's lackey (skipped where valgrind is not installed). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RealLackeyTraceTest {
    static final Path VALGRIND = Path.of("/usr/bin/valgrind");

    @TempDir
    Path dir;

    static Path lackey(Path dir, String option, String name) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(VALGRIND), "valgrind is not installed");
        Path log = dir.resolve(name);
        Process p = new ProcessBuilder(VALGRIND.toString(), "--tool=lackey", option, "--log-file=" + log, "/bin/true")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assumeTrue(p.waitFor(30, TimeUnit.SECONDS), "valgrind took too long");
        assumeTrue(p.exitValue() == 0 && Files.size(log) > 0, "valgrind failed (exit " + p.exitValue() + ")");
        return log;
    }

    /** The 13-byte records of the trace, parsed directly. */
    static byte[] parsedRecords(Path log) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer rec = ByteBuffer.allocate(13).order(ByteOrder.LITTLE_ENDIAN);
        try (InputStream in = Files.newInputStream(log)) {
            new LackeyParser().parse(in, (kind, address, size) -> {
                rec.clear();
                rec.put((byte) kind).putLong(address).putInt(size);
                out.write(rec.array(), 0, 13);
            });
        }
        return out.toByteArray();
    }

    void roundTrip(Path log, InputFormat format, List<Integer> kinds) throws IOException {
        byte[] expected = parsedRecords(log);
        assertThat(expected.length).isGreaterThan(13 * 1000);
        for (int i = 0; i < expected.length; i += 13) assertThat(kinds).contains((int) expected[i]);
        CompressedTrace t = TraceCompressor.compressFile(log, format, done -> { });
        assertThat(t.records() * 13).isEqualTo(expected.length);
        Path wgr = dir.resolve(format.cliName + ".wgr");
        long size = t.write(wgr, Codec.ZSTD);
        CompressedTrace back = CompressedTrace.read(wgr);
        ByteArrayOutputStream out = new ByteArrayOutputStream(expected.length);
        back.expandTo(out);
        assertThat(out.toByteArray()).isEqualTo(expected);
        // compression is real: the .wgr is much smaller than the text
        assertThat(size).isLessThan(Files.size(log) / 4);
    }

    @Test
    void traceMemOfBinTrue() throws Exception {
        Path log = lackey(dir, "--trace-mem=yes", "mem.txt");
        roundTrip(log, InputFormat.LACKEY_MEM,
                List.of(LackeyRecord.INSTRUCTION, LackeyRecord.LOAD, LackeyRecord.STORE, LackeyRecord.MODIFY));
    }

    @Test
    void traceSuperblocksOfBinTrue() throws Exception {
        Path log = lackey(dir, "--trace-superblocks=yes", "sb.txt");
        roundTrip(log, InputFormat.LACKEY_SB, List.of(LackeyRecord.SUPERBLOCK));
        // the same text is also a valid lackey-mem input
        roundTrip(log, InputFormat.LACKEY_MEM, List.of(LackeyRecord.SUPERBLOCK));
    }
}
