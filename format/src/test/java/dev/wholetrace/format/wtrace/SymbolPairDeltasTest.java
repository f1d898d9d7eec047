package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** SYMBOLS pair lists from format version 13 (docs/trace-format.md, "Streams"): every long pair reads back. */
class SymbolPairDeltasTest {

    private static long[] roundTrip(StreamKind kind, long[] pairs) throws FormatException {
        VarIntWriter w = new VarIntWriter();
        SymbolPairDeltas.write(w, kind, pairs);
        VarIntReader in = new VarIntReader(w.toByteArray(), "symbols");
        long[] back = SymbolPairDeltas.read(in, kind, "symbols");
        assertThat(in.remaining()).isZero();
        return back;
    }

    @Property(tries = 300)
    void anyPairsReadBack(@ForAll long[] values) throws FormatException {
        long[] pairs = java.util.Arrays.copyOf(values, values.length & ~1);
        assertThat(roundTrip(StreamKinds.ADDRESSES, pairs)).containsExactly(pairs);
        assertThat(roundTrip(StreamKinds.CONTROL, pairs)).containsExactly(pairs);
        for (int i = 0; i < pairs.length; i += 2) pairs[i] = Math.floorMod(pairs[i], 4); // tags as the recorder makes them
        assertThat(roundTrip(StreamKinds.DATA, pairs)).containsExactly(pairs);
    }

    @Test
    void extremesReadBack() throws FormatException {
        long[] runs = {Long.MIN_VALUE, 3, Long.MAX_VALUE, 1, -1, 1, 1L << 31, 2, -(1L << 31), 5, (8L << 32) + 8, 1, -(4L << 32) - 8, 1};
        assertThat(roundTrip(StreamKinds.ADDRESSES, runs)).containsExactly(runs);
        long[] tagged = {0, 5, 1, (2L << 32) | 7, 0, 3, 3, Long.MIN_VALUE, 3, Long.MAX_VALUE, 99, -1, -7, 0};
        assertThat(roundTrip(StreamKinds.CONTROL, tagged)).containsExactly(tagged);
    }

    @Test
    void workersNamingTheSameCodeGetTheSameBytesAfterTheirFirstSymbol() {
        // two threads whose blocks and instructions are the same up to an offset: as differences, equal
        long[] a = {0, 600, 2, 1650, 0, 601, 2, 1651, 0, 603};
        long[] b = {0, 700, 2, 1750, 0, 701, 2, 1751, 0, 703};
        VarIntWriter wa = new VarIntWriter();
        VarIntWriter wb = new VarIntWriter();
        SymbolPairDeltas.write(wa, StreamKinds.CONTROL, a);
        SymbolPairDeltas.write(wb, StreamKinds.CONTROL, b);
        byte[] x = wa.toByteArray();
        byte[] y = wb.toByteArray();
        assertThat(java.util.Arrays.copyOfRange(x, 10, x.length)).isEqualTo(java.util.Arrays.copyOfRange(y, 10, y.length));
    }

    @Test
    void aHalfOutOfRangeIsCorrupt() {
        byte[] b = new VarIntWriter().writeVarLong(1).writeSignedVarLong(1L << 40).writeSignedVarLong(0).writeSignedVarLong(1).toByteArray();
        assertThatThrownBy(() -> SymbolPairDeltas.read(new VarIntReader(b, "symbols"), StreamKinds.ADDRESSES, "symbols"))
                .isInstanceOf(FormatException.class).hasMessageContaining("32-bit range");
        byte[] t = new VarIntWriter().writeVarLong(1).writeSignedVarLong(0).writeSignedVarLong(0).writeSignedVarLong(-1).toByteArray();
        assertThatThrownBy(() -> SymbolPairDeltas.read(new VarIntReader(t, "symbols"), StreamKinds.CONTROL, "symbols"))
                .isInstanceOf(FormatException.class).hasMessageContaining("32-bit range");
    }

    @Test
    void checksAndOlderVersionsKeepTheirCoding() {
        assertThat(SymbolPairDeltas.codes(StreamKinds.CHECKS, TraceFormat.SYMBOL_DELTAS_SINCE)).isFalse();
        assertThat(SymbolPairDeltas.codes(StreamKinds.CONTROL, TraceFormat.SYMBOL_DELTAS_SINCE - 1)).isFalse();
        assertThat(SymbolPairDeltas.codes(StreamKinds.ADDRESSES, TraceFormat.SYMBOL_DELTAS_SINCE)).isTrue();
    }

    /**
     * Tables of any length (empty and one entry included) mixing the values at the edges of the
     * halves (Long.MIN/MAX, 0, -1, 2^31, 2^32 and their neighbours) with any long, under tags that
     * interleave in the per-tag contexts and the shared one: every stream kind reads back exactly.
     */
    @Property(tries = 500)
    void edgeValuesUnderInterleavedTagsReadBack(@ForAll("edgePairs") List<Long> flat) throws FormatException {
        long[] pairs = flat.stream().mapToLong(Long::longValue).toArray();
        for (StreamKind kind : List.of(StreamKinds.CONTROL, StreamKinds.DATA, StreamKinds.STRATA, StreamKinds.ADDRESSES)) {
            assertThat(roundTrip(kind, pairs)).as("%s", kind).containsExactly(pairs);
        }
    }

    /**
     * A damaged table (one byte changed, or cut short) reads back as something or is refused with
     * a FormatException: no other exception escapes (the CLI would report it as an internal error).
     */
    @Property(tries = 500)
    void aDamagedTableIsReadOrRefusedAsCorrupt(@ForAll("edgePairs") List<Long> flat, @ForAll @IntRange(min = 0, max = 1 << 20) int where,
            @ForAll byte to, @ForAll boolean cut) {
        long[] pairs = flat.stream().mapToLong(Long::longValue).toArray();
        for (StreamKind kind : List.of(StreamKinds.CONTROL, StreamKinds.ADDRESSES)) {
            VarIntWriter w = new VarIntWriter();
            SymbolPairDeltas.write(w, kind, pairs);
            byte[] b = w.toByteArray();
            int at = where % b.length;
            byte[] bad = cut ? java.util.Arrays.copyOf(b, at) : b.clone();
            if (!cut) bad[at] = to;
            try {
                long[] back = SymbolPairDeltas.read(new VarIntReader(bad, "symbols"), kind, "symbols");
                assertThat(back.length % 2).isZero();
            } catch (FormatException expected) {
                // refused in one line
            }
        }
    }

    @Provide
    Arbitrary<List<Long>> edgePairs() {
        Arbitrary<Long> tag = Arbitraries.oneOf(Arbitraries.longs().between(0, 3), Arbitraries.of(62L, 63L, 64L, -1L, Long.MIN_VALUE, Long.MAX_VALUE));
        Arbitrary<Long> value = Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L,
                1L << 31, (1L << 31) - 1, -(1L << 31), -(1L << 31) - 1, 1L << 32, (1L << 32) - 1, -(1L << 32), (1L << 32) + 1,
                0x7FFF_FFFF_0000_0000L, 0x8000_0000_FFFF_FFFFL, 0xFFFF_FFFF_0000_0000L, 0x0000_0001_8000_0000L));
        return pair(tag, value).list().ofMaxSize(40).map(ps -> ps.stream().flatMap(List::stream).toList());
    }

    private static Arbitrary<List<Long>> pair(Arbitrary<Long> tag, Arbitrary<Long> value) {
        return tag.flatMap(t -> value.map(v -> List.of(t, v)));
    }
}
