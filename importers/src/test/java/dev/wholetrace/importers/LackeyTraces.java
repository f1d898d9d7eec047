package dev.wholetrace.importers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.importers.LackeyParserTest.Rec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Helpers: lackey text, the 13-byte binary records it should expand to, and compression. */
final class LackeyTraces {
    private LackeyTraces() {}

    /** One line as lackey prints it: {@code SB %08lx}, {@code I  %08lx,%lu}, {@code  L %08lx,%lu}. */
    static StringBuilder line(Rec r, StringBuilder sb) {
        sb.append(switch (r.kind()) {
            case LackeyRecord.SUPERBLOCK -> "SB ";
            case LackeyRecord.INSTRUCTION -> "I  ";
            default -> " " + LackeyRecord.name(r.kind()) + " ";
        });
        String hex = Long.toHexString(r.address());
        for (int i = hex.length(); i < 8; i++) sb.append('0');
        sb.append(hex);
        if (r.kind() != LackeyRecord.SUPERBLOCK) sb.append(',').append(r.size());
        return sb;
    }

    static String text(List<Rec> records) {
        StringBuilder sb = new StringBuilder("==1== Lackey, an example Valgrind tool\n");
        for (Rec r : records) line(r, sb).append('\n');
        return sb.append("==1== \n").toString();
    }

    /** The binary form that {@code expandTo} writes: u8 kind, u64 LE address, u32 LE size. */
    static byte[] binary(List<Rec> records) {
        ByteBuffer b = ByteBuffer.allocate(records.size() * LackeyRecord.BINARY_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (Rec r : records) b.put((byte) r.kind()).putLong(r.address()).putInt(r.size());
        return b.array();
    }

    static CompressedTrace compress(String text, InputFormat format) throws IOException {
        return compress(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)), format);
    }

    static CompressedTrace compress(InputStream in, InputFormat format) throws IOException {
        TraceCompressor c = new TraceCompressor(format);
        long n = new LackeyParser().parse(in, c);
        assertThat(c.records()).isEqualTo(n);
        return c.finish();
    }

    static byte[] expand(CompressedTrace t) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        t.expandTo(out);
        assertThat((long) out.size()).isEqualTo(t.expandedBytes());
        return out.toByteArray();
    }
}
