package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.SequiturGrammar;
import org.junit.jupiter.api.Test;

/**
 * The check counts a check-stream section holds before its grammar (format 14): they read back
 * as written; a head that is no head symbol, or per-tag totals the heads do not sum to, is a
 * FormatException at open; a deferred grammar is decoded when first asked for, and one that is
 * not what its counts count is an IllegalArgumentException then (a command's one-line error).
 */
class CheckCountsTest {
    /** Symbols 0..3: LAST of load 7 (head), B0 (bare), OK of load 9 (head), B1 (bare). */
    private static final long[] PAIRS = {
        CheckSymbols.named(CheckSymbols.LAST, 7), 3, CheckSymbols.B0, 0, CheckSymbols.named(CheckSymbols.OK, 9), 0, CheckSymbols.B1, 0};

    private static Grammar grammar(int... symbols) {
        SequiturGrammar b = new SequiturGrammar();
        for (int s : symbols) b.append(s);
        return b.toGrammar();
    }

    @Test
    void readsBackAsWritten() throws Exception {
        Grammar g = grammar(0, 1, 3, 0, 1, 3, 2, 2, 0);
        CheckCounts c = CheckCounts.of(g, PAIRS);
        assertThat(c.heads()).containsExactly(0, 2);
        assertThat(c.headCounts()).containsExactly(3, 2);
        assertThat(c.perTag()[CheckSymbols.B0]).isEqualTo(2);
        VarIntWriter w = new VarIntWriter();
        c.write(w);
        CheckCounts back = CheckCounts.read(new VarIntReader(w.toByteArray(), "test"), PAIRS);
        assertThat(back.perTag()).containsExactly(c.perTag());
        assertThat(back.heads()).containsExactly(c.heads());
        assertThat(back.headCounts()).containsExactly(c.headCounts());
        assertThat(back.counts(g, PAIRS)).isTrue();
        assertThat(back.counts(grammar(0, 1, 3, 2, 2, 0), PAIRS)).isFalse();
    }

    @Test
    void aHeadThatIsNoHeadOrTotalsThatDoNotAddUpAreFormatErrors() {
        VarIntWriter noHead = new VarIntWriter();
        new CheckCounts(new long[CheckSymbols.XSTORE + 1], new int[] {1}, new long[] {1}).write(noHead); // symbol 1 is B0
        assertThatThrownBy(() -> CheckCounts.read(new VarIntReader(noHead.toByteArray(), "test"), PAIRS))
                .isInstanceOf(FormatException.class).hasMessageContaining("is no head");
        VarIntWriter sums = new VarIntWriter();
        long[] perTag = new long[CheckSymbols.XSTORE + 1];
        perTag[CheckSymbols.LAST] = 5;
        new CheckCounts(perTag, new int[] {0}, new long[] {4}).write(sums);
        assertThatThrownBy(() -> CheckCounts.read(new VarIntReader(sums.toByteArray(), "test"), PAIRS))
                .isInstanceOf(FormatException.class).hasMessageContaining("by head");
        VarIntWriter past = new VarIntWriter();
        new CheckCounts(new long[CheckSymbols.XSTORE + 1], new int[] {4}, new long[] {1}).write(past);
        assertThatThrownBy(() -> CheckCounts.read(new VarIntReader(past.toByteArray(), "test"), PAIRS))
                .isInstanceOf(FormatException.class).hasMessageContaining("not in the chunk's 4 check symbols");
    }

    @Test
    void aDeferredGrammarIsDecodedWhenAskedAndCheckedAgainstItsCounts() throws Exception {
        Grammar g = grammar(0, 1, 3, 0, 1, 3, 2, 2, 0);
        assertThat(deferred(g, CheckCounts.of(g, PAIRS)).grammar().expand()).containsExactly(g.expand());
        Grammar other = grammar(0, 1, 3, 2);
        StreamChunk wrong = deferred(other, CheckCounts.of(g, PAIRS));
        assertThat(wrong.checkCounts().heads()).containsExactly(0, 2); // the counts are there without decoding
        assertThatThrownBy(wrong::grammar).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("its check grammar is not what its check counts count");
    }

    @Test
    void aDamagedDeferredGrammarGivesTheSameErrorEveryTimeItIsAsked() throws Exception {
        Grammar g = grammar(0, 1, 3, 0, 1, 3, 2, 2, 0, 1, 3, 2, 0, 0, 1);
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(g, w);
        byte[] all = w.toByteArray();
        CheckCounts counts = CheckCounts.of(g, PAIRS);
        for (int cut = 1; cut < all.length; cut++) {
            VarIntReader in = new VarIntReader(java.util.Arrays.copyOf(all, cut), "test");
            StreamChunk s = StreamChunk.deferred(StreamKinds.CHECKS, PAIRS, counts, new DeferredGrammar(in, PAIRS, counts, "thread 0 in chunk 0"));
            Throwable first = org.assertj.core.api.Assertions.catchThrowable(s::grammar);
            assertThat(first).as("cut at %d", cut).isInstanceOf(IllegalArgumentException.class);
            // another reader thread of the same piece, or a second command step, asks again
            Throwable second = org.assertj.core.api.Assertions.catchThrowable(s::grammar);
            assertThat(second).as("cut at %d, asked again", cut).isInstanceOf(IllegalArgumentException.class).hasMessage(first.getMessage());
        }
    }

    private static StreamChunk deferred(Grammar g, CheckCounts counts) throws FormatException {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(g, w);
        VarIntReader in = new VarIntReader(w.toByteArray(), "test");
        return StreamChunk.deferred(StreamKinds.CHECKS, PAIRS, counts, new DeferredGrammar(in, PAIRS, counts, "thread 0 in chunk 0"));
    }
}
