package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.grammar.Grammar;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Format 18's copy list ({@link AddressCopies}): which streams are copies, and that they read back as the grammars written. */
class AddressCopiesTest {
    private static Grammar g(int... start) {
        return Grammar.fromRules(new int[][] {start});
    }

    private static Grammar nested(int first) {
        return Grammar.fromRules(new int[][] {{first, Grammar.ref(1), Grammar.ref(1)}, {7, 8}});
    }

    @Test
    void streamsEqualButForTheirFirstTerminalAndExceptionsAreCopiesOfTheFirst() throws Exception {
        Grammar[] gs = {nested(1), nested(2), g(3, 7, 8), nested(4), g(5, 7, 8), g(6, 7, 9), Grammar.fromRules(new int[][] {{Grammar.ref(1)}, {1, 2}})};
        long[][] ex = {{}, {}, {}, {5}, {}, {}, null};
        AddressCopies.Plan p = AddressCopies.plan(gs, ex);
        assertThat(p.source()).containsExactly(-1, 0, -1, -1, 2, -1, -1); // stream 3's exceptions differ; 6 begins with a rule

        VarIntWriter w = new VarIntWriter();
        AddressCopies.write(p, gs, w);
        VarIntReader in = new VarIntReader(w.toByteArray(), "test");
        AddressCopies.Plan read = AddressCopies.read(in, gs.length);
        in.expectEnd();
        List<Grammar> own = AddressCopies.own(read, gs);
        long[][] ownEx = new long[own.size()][];
        int i = 0;
        for (int k : read.own()) ownEx[i++] = ex[k] == null ? new long[0] : ex[k];
        long[][] all = new long[gs.length][];
        Grammar[] back = AddressCopies.assemble(read, own, ownEx, all, in);
        assertThat(back).containsExactly(gs);
        assertThat(all[1]).isEmpty();
        assertThat(all[3]).containsExactly(5);
        assertThat(back[1].length()).isEqualTo(gs[0].length());
    }

    @Test
    void aCopyOfALaterStreamOrOfOneThatBeginsWithARuleIsCorrupt() throws Exception {
        VarIntWriter w = new VarIntWriter();
        w.writeVarLong(0).writeVarLong(2).writeSignedVarLong(1); // stream 1 copies stream -1
        assertThatThrownBy(() -> AddressCopies.read(new VarIntReader(w.toByteArray(), "test"), 2))
                .isInstanceOf(FormatException.class).hasMessageContaining("copies a stream 2 before it");

        VarIntWriter v = new VarIntWriter();
        v.writeVarLong(0).writeVarLong(1).writeSignedVarLong(1);
        VarIntReader in = new VarIntReader(v.toByteArray(), "test");
        AddressCopies.Plan p = AddressCopies.read(in, 2);
        List<Grammar> own = new ArrayList<>(List.of(Grammar.fromRules(new int[][] {{Grammar.ref(1)}, {1, 2}})));
        assertThatThrownBy(() -> AddressCopies.assemble(p, own, new long[][] {{}}, new long[2][], in))
                .isInstanceOf(FormatException.class).hasMessageContaining("does not begin with a terminal");
        assertThatThrownBy(() -> AddressCopies.assemble(p, List.of(), new long[0][], new long[2][], in))
                .isInstanceOf(FormatException.class).hasMessageContaining("stream grammars");
        assertThatThrownBy(() -> AddressCopies.assemble(p, List.of(g(1), g(2)), new long[][] {{}, {}}, new long[2][], in))
                .isInstanceOf(FormatException.class).hasMessageContaining("2 stream grammars for 1 streams");
    }

    @Test
    void aCopyDistanceOfTenBytesThatReadsNegativeIsCorrupt() throws Exception {
        // A 10-byte varint sets the long's sign bit: -1 would name the stream after this one, and
        // 2^63 + 1 (low int 1) the one before it: both must be refused, not resolved by the cast to int.
        for (long back : new long[] {-1L, Long.MIN_VALUE + 1, Long.MIN_VALUE}) {
            VarIntWriter w = new VarIntWriter();
            w.writeVarLong(0).writeVarLong(back).writeSignedVarLong(1).writeVarLong(0);
            assertThatThrownBy(() -> AddressCopies.read(new VarIntReader(w.toByteArray(), "test"), 3))
                    .as("distance %d", back)
                    .isInstanceOf(FormatException.class).hasMessageContaining("copies a stream");
        }
    }

    @Test
    void aFirstTerminalBelowZeroIsCorrupt() throws Exception {
        VarIntWriter w = new VarIntWriter();
        w.writeVarLong(0).writeVarLong(1).writeSignedVarLong(-9);
        VarIntReader in = new VarIntReader(w.toByteArray(), "test");
        AddressCopies.Plan p = AddressCopies.read(in, 2);
        assertThatThrownBy(() -> AddressCopies.assemble(p, List.of(g(3, 4)), new long[][] {{}}, new long[2][], in))
                .isInstanceOf(FormatException.class).hasMessageContaining("out of range");
    }
}
