package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.ewpp.CheckSymbols;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The check stream's symbol list (format versions 8 and 9): any (tag, value) list reads back
 * exactly, whatever the values (negative, past 32 bits, CROSS's thread in bit 40), and from version
 * 9 with heads naming their load; a run of store numbers one apart costs a few bytes per symbol; a
 * tag out of range, a count past the bytes or a cut list is a FormatException.
 */
class CheckSymbolPairsTest {
    private static final int V8 = TraceFormat.CHECK_DELTAS_SINCE;
    private static final int NAMED = TraceFormat.CHECK_LOADS_SINCE;
    private static final int EXTRA = TraceFormat.CHECK_EXTRA_SINCE;

    @Test
    void crossHeadsWithTheirWriterReadBackExactly() throws Exception {
        Random rnd = new Random(13);
        for (int trial = 0; trial < 200; trial++) {
            long[] pairs = new long[2 * rnd.nextInt(50)];
            for (int i = 0; i < pairs.length; i += 2) {
                int writer = rnd.nextBoolean() ? rnd.nextInt(8) : rnd.nextInt((int) CheckSymbols.MAX_EXTRA + 1);
                int load = rnd.nextBoolean() ? rnd.nextInt(5000) : rnd.nextInt(Integer.MAX_VALUE);
                boolean cross = rnd.nextBoolean();
                pairs[i] = cross ? CheckSymbols.crossAt(load, writer) : CheckSymbols.named(CheckSymbols.LAST, load);
                pairs[i + 1] = cross ? CheckSymbols.crossSource(rnd.nextInt(1 << 23), rnd.nextInt(1 << 20), rnd.nextInt(1 << 20)) : rnd.nextInt(1 << 20);
            }
            long[] back = roundTrip(pairs, EXTRA);
            assertThat(back).as("trial %d", trial).isEqualTo(pairs);
            for (int i = 0; i < back.length; i += 2) {
                if (CheckSymbols.tag(back[i]) != CheckSymbols.CROSS_AT) continue;
                assertThat(CheckSymbols.load(back[i])).isEqualTo(CheckSymbols.load(pairs[i])).isNotNegative();
                assertThat(CheckSymbols.extra(back[i])).isEqualTo(CheckSymbols.extra(pairs[i]));
            }
        }
        long head = CheckSymbols.crossAt(Integer.MAX_VALUE, (int) CheckSymbols.MAX_EXTRA);
        assertThat(CheckSymbols.load(head)).isEqualTo(Integer.MAX_VALUE);
        assertThat(CheckSymbols.extra(head)).isEqualTo(CheckSymbols.MAX_EXTRA);
        long v = CheckSymbols.crossSource((1 << 23) - 1, (1 << 20) - 1, 3);
        assertThat(new long[] {CheckSymbols.sourceStore(v), CheckSymbols.writerSegment(v), CheckSymbols.readerSegment(v)}).containsExactly((1 << 23) - 1, (1 << 20) - 1, 3);
        // Every value is non-negative: the recorder (CheckRoutine) and recovery (EwppRecovery) take a negative one for "no fit".
        assertThat(CheckSymbols.crossSource((1 << 23) - 1, (1 << 20) - 1, (1 << 20) - 1)).as("the largest fields").isPositive();
        assertThat(CheckSymbols.crossSource(1 << 23, 0, 0)).as("a store past 23 bits").isEqualTo(-1);
        assertThat(CheckSymbols.crossSource((1 << 24) - 1, (1 << 20) - 1, (1 << 20) - 1)).as("a store past 23 bits").isEqualTo(-1);
        assertThat(CheckSymbols.crossSource(0, 1 << 20, 0)).as("a writer segment past 20 bits").isEqualTo(-1);
        assertThat(CheckSymbols.crossSource(0, 0, 1 << 20)).as("a reader segment past 20 bits").isEqualTo(-1);
        assertThatThrownBy(() -> CheckSymbolPairs.write(new VarIntWriter(), new long[] {head, 7}, NAMED)).as("no extra field before version 11")
                .isInstanceOf(IllegalArgumentException.class);
        VarIntWriter far = new VarIntWriter().writeVarLong(1).writeVarLong(CheckSymbols.CROSS_AT).writeSignedVarLong(1).writeSignedVarLong(CheckSymbols.MAX_EXTRA + 1)
                .writeSignedVarLong(0).writeSignedVarLong(0);
        assertThatThrownBy(() -> read(far.toByteArray(), EXTRA)).isInstanceOf(FormatException.class).hasMessageContaining("extra");
        // The extra field is CROSS_AT's writer, 0 on every other tag: a LAST with one is refused, both ways.
        long lastWithExtra = 3L << CheckSymbols.EXTRA_SHIFT | CheckSymbols.named(CheckSymbols.LAST, 5);
        assertThatThrownBy(() -> CheckSymbolPairs.write(new VarIntWriter(), new long[] {lastWithExtra, 7}, EXTRA)).isInstanceOf(IllegalArgumentException.class);
        VarIntWriter onLast = new VarIntWriter().writeVarLong(1).writeVarLong(CheckSymbols.LAST).writeSignedVarLong(6).writeSignedVarLong(3)
                .writeSignedVarLong(0).writeSignedVarLong(7);
        assertThatThrownBy(() -> read(onLast.toByteArray(), EXTRA)).isInstanceOf(FormatException.class).hasMessageContaining("extra field on tag 2");
    }

    @Test
    void headsNamingTheirLoadReadBackExactly() throws Exception {
        Random rnd = new Random(12);
        for (int trial = 0; trial < 200; trial++) {
            long[] pairs = new long[2 * rnd.nextInt(50)];
            for (int i = 0; i < pairs.length; i += 2) {
                int tag = rnd.nextInt(CheckSymbolPairs.MAX_TAG + 1);
                long load = rnd.nextBoolean() || CheckSymbols.isBare(tag) ? 0 : 1 + (rnd.nextBoolean() ? rnd.nextInt(5000) : rnd.nextInt(Integer.MAX_VALUE));
                pairs[i] = load << 8 | tag;
                pairs[i + 1] = (long) rnd.nextInt(4) << 40 | rnd.nextInt(1 << 20);
            }
            assertThat(roundTrip(pairs, NAMED)).as("trial %d", trial).isEqualTo(pairs);
        }
        assertThat(roundTrip(new long[] {3, 7, 1L << 8 | 3, 7}, NAMED)).as("a bare and a named symbol of one tag").containsExactly(3, 7, 1L << 8 | 3, 7);
        assertThatThrownBy(() -> CheckSymbolPairs.write(new VarIntWriter(), new long[] {5L << 8 | 2, 7}, V8)).isInstanceOf(IllegalArgumentException.class);
        long top = (long) Integer.MAX_VALUE + 1;
        assertThat(roundTrip(new long[] {CheckSymbols.named(2, Integer.MAX_VALUE), 7}, NAMED)).as("the largest load id")
                .containsExactly(CheckSymbols.named(2, Integer.MAX_VALUE), 7);
        assertThat(CheckSymbols.load(roundTrip(new long[] {CheckSymbols.named(2, Integer.MAX_VALUE), 7}, NAMED)[0])).isEqualTo(Integer.MAX_VALUE);
        assertThat(top).isEqualTo(CheckSymbols.MAX_LOAD_FIELD);
        // Load fields past 2^31 would decode to a negative id, 2^32 to -1 (bare): refused, not read wrong.
        for (long field : new long[] {top + 1, (1L << 32) - 1, 1L << 32, (1L << 32) + 1}) {
            VarIntWriter far = new VarIntWriter().writeVarLong(1).writeVarLong(2).writeSignedVarLong(field).writeSignedVarLong(0).writeSignedVarLong(0);
            assertThatThrownBy(() -> read(far.toByteArray(), NAMED)).as("load field %d", field).isInstanceOf(FormatException.class).hasMessageContaining("load");
        }
        VarIntWriter negative = new VarIntWriter().writeVarLong(1).writeVarLong(2).writeSignedVarLong(-1).writeSignedVarLong(0).writeSignedVarLong(0);
        assertThatThrownBy(() -> read(negative.toByteArray(), NAMED)).isInstanceOf(FormatException.class).hasMessageContaining("load");
        // B0, B1, END and NEW are shared by every load: a load field on them is corrupt.
        for (int bare : new int[] {CheckSymbols.B0, CheckSymbols.B1, CheckSymbols.END, CheckSymbols.NEW}) {
            VarIntWriter named = new VarIntWriter().writeVarLong(1).writeVarLong(bare).writeSignedVarLong(5).writeSignedVarLong(0).writeSignedVarLong(0);
            assertThatThrownBy(() -> read(named.toByteArray(), NAMED)).as("tag %d", bare).isInstanceOf(FormatException.class).hasMessageContaining("never names a load");
            assertThatThrownBy(() -> CheckSymbolPairs.write(new VarIntWriter(), new long[] {5L << 8 | bare, 0}, NAMED)).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> CheckSymbols.named(CheckSymbols.LAST, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CheckSymbols.named(CheckSymbols.LAST, Integer.MIN_VALUE)).isInstanceOf(IllegalArgumentException.class);
        VarIntWriter w = new VarIntWriter();
        CheckSymbolPairs.write(w, new long[] {9L << 8 | 8, 1L << 40 | 5, 2, 7}, NAMED);
        byte[] whole = w.toByteArray();
        for (int cut = 0; cut < whole.length; cut++) {
            byte[] part = Arrays.copyOf(whole, cut);
            assertThatThrownBy(() -> read(part, NAMED)).as("cut at %d", cut).isInstanceOf(FormatException.class);
        }
    }

    @Test
    void anyListReadsBackExactly() throws Exception {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 200; trial++) {
            long[] pairs = new long[2 * rnd.nextInt(50)];
            for (int i = 0; i < pairs.length; i += 2) {
                pairs[i] = rnd.nextInt(CheckSymbolPairs.MAX_TAG + 1);
                pairs[i + 1] = switch (rnd.nextInt(4)) {
                    case 0 -> rnd.nextLong();
                    case 1 -> (long) rnd.nextInt(4) << 40 | rnd.nextInt(1 << 20);
                    case 2 -> (long) rnd.nextInt(100) << 32 | rnd.nextInt(3000);
                    default -> -rnd.nextInt(5);
                };
            }
            for (int v : new int[] {V8, NAMED}) assertThat(roundTrip(pairs, v)).as("trial %d, version %d", trial, v).isEqualTo(pairs);
        }
    }

    @Test
    void storeNumbersOneApartCostTwoBytesOfDifferencesEach() throws Exception {
        long[] pairs = new long[2000];
        for (int i = 0; i < pairs.length; i += 2) {
            pairs[i] = 8; // CROSS
            pairs[i + 1] = 2L << 40 | 100_000 + i / 2;
        }
        VarIntWriter w = new VarIntWriter();
        CheckSymbolPairs.write(w, pairs, V8);
        assertThat(w.toByteArray().length).isLessThan(3 * 1000 + 16);
        assertThat(roundTrip(pairs, V8)).isEqualTo(pairs);
    }

    @Test
    void damagedListsAreFormatErrors() {
        VarIntWriter bad = new VarIntWriter().writeVarLong(1).writeVarLong(CheckSymbolPairs.MAX_TAG + 1).writeSignedVarLong(0).writeSignedVarLong(0);
        assertThatThrownBy(() -> read(bad.toByteArray())).isInstanceOf(FormatException.class).hasMessageContaining("tag");
        VarIntWriter w = new VarIntWriter();
        CheckSymbolPairs.write(w, new long[] {8, 1L << 40 | 5, 2, 7}, V8);
        byte[] whole = w.toByteArray();
        for (int cut = 0; cut < whole.length; cut++) {
            byte[] part = Arrays.copyOf(whole, cut);
            assertThatThrownBy(() -> read(part)).as("cut at %d", cut).isInstanceOf(FormatException.class);
        }
        VarIntWriter many = new VarIntWriter().writeVarLong(1_000_000);
        assertThatThrownBy(() -> read(many.toByteArray())).isInstanceOf(FormatException.class);
        VarIntWriter negative = new VarIntWriter().writeVarLong(1).writeVarLong(3).writeSignedVarLong(-1).writeSignedVarLong(0);
        assertThatThrownBy(() -> read(negative.toByteArray())).isInstanceOf(FormatException.class).hasMessageContaining("32-bit range");
        VarIntWriter wide = new VarIntWriter().writeVarLong(1).writeVarLong(3).writeSignedVarLong(0).writeSignedVarLong(1L << 32);
        assertThatThrownBy(() -> read(wide.toByteArray())).isInstanceOf(FormatException.class).hasMessageContaining("32-bit range");
    }

    private static long[] roundTrip(long[] pairs, int version) throws FormatException {
        VarIntWriter w = new VarIntWriter();
        CheckSymbolPairs.write(w, pairs, version);
        return read(w.toByteArray(), version);
    }

    private static long[] read(byte[] bytes) throws FormatException {
        return read(bytes, V8);
    }

    private static long[] read(byte[] bytes, int version) throws FormatException {
        VarIntReader in = new VarIntReader(bytes, "check symbols");
        long[] out = CheckSymbolPairs.read(in, "check symbols", version);
        in.expectEnd();
        return out;
    }
}
