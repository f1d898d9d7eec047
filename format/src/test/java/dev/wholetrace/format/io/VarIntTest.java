package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class VarIntTest {

    @Property(tries = 300)
    void unsignedAndSignedRoundTrip(@ForAll List<Long> values) {
        VarIntWriter w = new VarIntWriter(1);
        for (long v : values) w.writeVarLong(v).writeSignedVarLong(v);
        VarIntReader r = new VarIntReader(w.toByteArray(), "test");
        for (long v : values) {
            try {
                assertThat(r.readVarLong("u")).isEqualTo(v);
                assertThat(r.readSignedVarLong("s")).isEqualTo(v);
            } catch (FormatException e) {
                throw new AssertionError(e);
            }
        }
        assertThat(r.remaining()).isZero();
    }

    /** writeUtf8 writes what a byte length and String.getBytes(UTF_8) did, ASCII or not. */
    @Property(tries = 300)
    void utf8IsTheStringsBytesBehindTheirLength(@ForAll String s) {
        for (String text : List.of(s, "dev/wholetrace/Foo$Bar", "", "caf\u00e9 \ud83d\ude00 " + s)) {
            byte[] b = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] expected = new VarIntWriter().writeVarLong(b.length).writeBytes(b, 0, b.length).toByteArray();
            assertThat(new VarIntWriter(1).writeUtf8(text).toByteArray()).isEqualTo(expected);
        }
    }

    @Test
    void encodingLengths() {
        assertThat(new VarIntWriter().writeVarLong(0).size()).isEqualTo(1);
        assertThat(new VarIntWriter().writeVarLong(127).size()).isEqualTo(1);
        assertThat(new VarIntWriter().writeVarLong(128).size()).isEqualTo(2);
        assertThat(new VarIntWriter().writeVarLong(-1).size()).isEqualTo(10);
        assertThat(new VarIntWriter().writeVarLong(Long.MIN_VALUE).size()).isEqualTo(10);
        assertThat(new VarIntWriter().writeSignedVarLong(-1).toByteArray()).containsExactly(1);
        assertThat(new VarIntWriter().writeSignedVarLong(1).toByteArray()).containsExactly(2);
        assertThat(new VarIntWriter().writeSignedVarLong(Long.MIN_VALUE).size()).isEqualTo(10);
    }

    @Test
    void extremeValuesRoundTrip() throws FormatException {
        long[] vs = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 63 >>> 1, 0x7F, 0x80, 0x3FFF, 0x4000};
        VarIntWriter w = new VarIntWriter();
        for (long v : vs) w.writeVarLong(v).writeSignedVarLong(v);
        VarIntReader r = new VarIntReader(w.toByteArray(), "t");
        for (long v : vs) {
            assertThat(r.readVarLong("u")).isEqualTo(v);
            assertThat(r.readSignedVarLong("s")).isEqualTo(v);
        }
        r.expectEnd();
    }

    @Test
    void everyTruncationIsAFormatExceptionNamingWhatWasRead() {
        byte[] full = new VarIntWriter().writeVarLong(Long.MIN_VALUE).toByteArray();
        for (int len = 0; len < full.length; len++) {
            VarIntReader r = new VarIntReader(Arrays.copyOf(full, len), "section x");
            assertThatThrownBy(() -> r.readVarLong("the answer"))
                    .isInstanceOf(FormatException.class)
                    .hasMessageContaining("truncated section x")
                    .hasMessageContaining("the answer");
        }
    }

    @Test
    void overlongVarintIsMalformed() {
        byte[] b = new byte[11];
        Arrays.fill(b, (byte) 0x80);
        assertThatThrownBy(() -> new VarIntReader(b, "s").readVarLong("v"))
                .isInstanceOf(FormatException.class).hasMessageContaining("malformed varint");
    }

    @Test
    void readCountEnforcesItsRange() {
        byte[] b = new VarIntWriter().writeVarLong(11).writeVarLong(-1).toByteArray();
        VarIntReader r = new VarIntReader(b, "s");
        assertThatThrownBy(() -> r.readCount("count", 10)).isInstanceOf(FormatException.class)
                .hasMessageContaining("count 11 out of range [0, 10]");
        assertThatThrownBy(() -> r.readCount("n", Integer.MAX_VALUE)).isInstanceOf(FormatException.class)
                .hasMessageContaining("out of range");
    }

    @Test
    void blocksAreBoundedAndSkippable() throws FormatException {
        VarIntWriter inner = new VarIntWriter().writeVarLong(300).writeVarLong(5);
        VarIntWriter outer = new VarIntWriter().writeBlock(inner).writeVarLong(9);
        VarIntReader r = new VarIntReader(outer.toByteArray(), "outer");
        VarIntReader block = r.readBlock("inner block");
        assertThat(block.remaining()).isEqualTo(3);
        assertThat(r.readVarLong("after")).isEqualTo(9);
        r.expectEnd();
        assertThat(block.readVarLong("a")).isEqualTo(300);
        assertThat(block.readVarLong("b")).isEqualTo(5);
        assertThatThrownBy(() -> block.readVarLong("c")).isInstanceOf(FormatException.class)
                .hasMessageContaining("truncated inner block");
    }

    @Test
    void blockLongerThanItsContainerIsCorrupt() {
        byte[] b = new VarIntWriter().writeVarLong(5).writeVarLong(1).toByteArray();
        assertThatThrownBy(() -> new VarIntReader(b, "s").readBlock("blk")).isInstanceOf(FormatException.class)
                .hasMessageContaining("length of blk");
    }

    /**
     * readBlock bounds the block length by remaining() taken before the length varint itself is
     * read, so a block may claim up to that varint's size in bytes beyond the end of its container:
     * reading it then runs past the array (ArrayIndexOutOfBoundsException) or into the next block.
     */
    @Test
    void blockMayNotExtendPastItsContainer() {
        byte[] b = {5, 1, 2, 3, 4};
        assertThatThrownBy(() -> {
            VarIntReader block = new VarIntReader(b, "payload").readBlock("blk");
            while (true) block.readVarLong("v"); // must end in a FormatException
        }).isInstanceOf(FormatException.class);
    }

    @Test
    void expectEndReportsTrailingBytes() {
        VarIntReader r = new VarIntReader(new byte[] {1, 2, 3}, "s");
        assertThatThrownBy(r::expectEnd).isInstanceOf(FormatException.class).hasMessageContaining("3 unexpected trailing bytes");
    }

    @Test
    void writerGrowsFromTinyCapacity() throws FormatException {
        VarIntWriter w = new VarIntWriter(0);
        byte[] raw = new byte[10_000];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) i;
        w.writeBytes(raw, 0, raw.length);
        for (int i = 0; i < 5000; i++) w.writeVarLong(i * 31L);
        byte[] out = w.toByteArray();
        assertThat(Arrays.copyOf(out, raw.length)).isEqualTo(raw);
        VarIntReader r = new VarIntReader(out, raw.length, out.length, "s");
        for (int i = 0; i < 5000; i++) assertThat(r.readVarLong("v")).isEqualTo(i * 31L);
        r.expectEnd();
    }
}
