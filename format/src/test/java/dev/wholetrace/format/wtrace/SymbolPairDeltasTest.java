package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
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
}
