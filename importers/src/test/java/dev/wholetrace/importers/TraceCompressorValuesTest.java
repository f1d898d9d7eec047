package dev.wholetrace.importers;

import static dev.wholetrace.importers.LackeyTraces.expand;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** u32 / u64 inputs: compressFile then expandTo is byte-identical. */
class TraceCompressorValuesTest {
    @TempDir
    Path dir;

    static byte[] values(int count, int width, long seed, int distinct) {
        Random rnd = new Random(seed);
        long[] pool = new long[Math.max(1, distinct)];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = switch (i % 5) {
                case 0 -> rnd.nextLong();
                case 1 -> width == 4 ? 0x8000_0000L + rnd.nextInt(1000) : Long.MIN_VALUE + rnd.nextInt(1000); // >= 2^31 / negative
                case 2 -> -1L;
                case 3 -> 0;
                default -> rnd.nextInt(64);
            };
        }
        ByteBuffer b = ByteBuffer.allocate(count * width).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            long v = i % 100 < 70 ? pool[i % 7 % pool.length] : pool[rnd.nextInt(pool.length)];
            if (width == 8) b.putLong(v);
            else b.putInt((int) v);
        }
        return b.array();
    }

    byte[] roundTrip(byte[] raw, InputFormat format) throws IOException {
        // jqwik properties get no @TempDir: use (and remove) a temporary file of our own
        Path f = Files.write(Files.createTempFile("wholetrace-test", "." + format.cliName), raw);
        CompressedTrace t;
        try {
            t = TraceCompressor.compressFile(f, format, done -> { });
        } finally {
            Files.deleteIfExists(f);
        }
        assertThat(t.records()).isEqualTo(raw.length / (format == InputFormat.U64 ? 8 : 4));
        assertThat(t.expandedBytes()).isEqualTo(raw.length);
        assertThat(t.streams()).isEmpty();
        byte[] viaPayload = expand(CompressedTrace.fromPayload(t.toPayload()));
        assertThat(viaPayload).isEqualTo(raw);
        return expand(t);
    }

    @Property(tries = 40)
    void randomU32FilesRoundTrip(@ForAll @IntRange(max = 3000) int count, @ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int distinct)
            throws IOException {
        byte[] raw = values(count, 4, seed, distinct);
        assertThat(roundTrip(raw, InputFormat.U32)).isEqualTo(raw);
    }

    @Property(tries = 40)
    void randomU64FilesRoundTrip(@ForAll @IntRange(max = 3000) int count, @ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int distinct)
            throws IOException {
        byte[] raw = values(count, 8, seed, distinct);
        assertThat(roundTrip(raw, InputFormat.U64)).isEqualTo(raw);
    }

    @Test
    void fullyRandomBytesRoundTripBothWidths() throws IOException {
        byte[] raw = new byte[8 * 5000];
        new Random(3).nextBytes(raw);
        assertThat(roundTrip(raw, InputFormat.U32)).isEqualTo(raw);
        assertThat(roundTrip(raw, InputFormat.U64)).isEqualTo(raw);
    }

    @Test
    void u32ValuesAtAndAbove2To31() throws IOException {
        ByteBuffer b = ByteBuffer.allocate(4 * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : new int[] {Integer.MIN_VALUE, -1, Integer.MAX_VALUE, 0, 0x8000_0001, -1, Integer.MIN_VALUE, 7}) b.putInt(v);
        byte[] raw = b.array();
        assertThat(roundTrip(raw, InputFormat.U32)).isEqualTo(raw);
        // the alphabet holds them as unsigned values
        Path f = Files.write(dir.resolve("x.u32"), raw);
        CompressedTrace t = TraceCompressor.compressFile(f, InputFormat.U32, d -> { });
        assertThat(t.signatures().first(0)).isEqualTo(0x8000_0000L);
        assertThat(t.signatures().first(1)).isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void filesLargerThanTheReadBufferAndEmptyFiles() throws IOException {
        byte[] big = values(150_001, 8, 4, 50); // 1.2 MB, not a multiple of the 64 KiB buffer
        assertThat(roundTrip(big, InputFormat.U64)).isEqualTo(big);
        byte[] big32 = values(70_001, 4, 5, 3000);
        assertThat(roundTrip(big32, InputFormat.U32)).isEqualTo(big32);
        assertThat(roundTrip(new byte[0], InputFormat.U32)).isEmpty();
        assertThat(roundTrip(new byte[0], InputFormat.U64)).isEmpty();
    }

    @Test
    void lengthNotAMultipleOfTheWidthIsAFormatException() throws IOException {
        for (int len : new int[] {1, 3, 5, 4 * 20_000 + 2, 65_537}) {
            Path f = Files.write(dir.resolve("odd.u32"), new byte[len]);
            assertThatThrownBy(() -> TraceCompressor.compressFile(f, InputFormat.U32, d -> { }))
                    .isInstanceOf(FormatException.class).hasMessageContaining("multiple of 4");
        }
        for (int len : new int[] {1, 4, 7, 12, 8 * 10_000 + 4}) {
            Path f = Files.write(dir.resolve("odd.u64"), new byte[len]);
            assertThatThrownBy(() -> TraceCompressor.compressFile(f, InputFormat.U64, d -> { }))
                    .isInstanceOf(FormatException.class).hasMessageContaining("multiple of 8");
        }
    }

    @Test
    void missingFileIsAFormatException() {
        assertThatThrownBy(() -> TraceCompressor.compressFile(dir.resolve("nope.u32"), InputFormat.U32, d -> { }))
                .isInstanceOf(FormatException.class).hasMessageContaining("no such file");
    }

    @Test
    void inputFormatNamesAndIds() {
        assertThat(InputFormat.byName("u32")).isEqualTo(InputFormat.U32);
        assertThat(InputFormat.byName("LACKEY-MEM")).isEqualTo(InputFormat.LACKEY_MEM);
        assertThat(InputFormat.byName("lackey")).isNull();
        for (InputFormat f : InputFormat.values()) {
            assertThat(InputFormat.byId(f.id)).isEqualTo(f);
            assertThat(InputFormat.byName(f.cliName)).isEqualTo(f);
        }
        assertThat(InputFormat.byId(99)).isNull();
    }
}
