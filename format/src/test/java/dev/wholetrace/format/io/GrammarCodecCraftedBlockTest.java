package dev.wholetrace.format.io;

import static dev.wholetrace.format.io.GrammarCodecRoundTripTest.decode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.wholetrace.model.grammar.Grammar;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-made grammar blocks (docs/formats.md, "Grammar block") that a writer never produces: cycles,
 * dangling references, counts that lie. Tokens are range-coded through the real
 * {@link GrammarModel}, so these blocks are exactly what a malicious or buggy writer would emit.
 * They are blocks of grammar model version 1, the version of files written before version 2,
 * which every reader must still read.
 */
class GrammarCodecCraftedBlockTest {

    /**
     * Emits a grammar block the way GrammarCodec.writeAll does (header, then the tokens of each
     * grammar through one range coder and model), without checking that any of it makes sense.
     */
    static final class Crafter {
        private final VarIntWriter out = new VarIntWriter();
        private final RangeEncoder rc;
        private final GrammarModel model;
        private final Deque<int[]> contexts = new ArrayDeque<>(); // per open body: {context}
        private int defined;

        /** @param headers per grammar {rules, symbols, start rule length} */
        Crafter(long maxTerminal, long[]... headers) {
            this(maxTerminal, maxTerminal, headers);
        }

        /** Declares {@code declaredMaxTerminal} in the header but codes with a model that allows more. */
        Crafter(long declaredMaxTerminal, long modelMaxTerminal, long[]... headers) {
            out.writeVarLong(headers.length).writeVarLong(declaredMaxTerminal + 1);
            for (long[] h : headers) out.writeVarLong(h[0]).writeVarLong(h[1]).writeVarLong(h[2]);
            rc = new RangeEncoder(out);
            model = new GrammarModel(rc, modelMaxTerminal);
            nextGrammar();
        }

        /** One grammar: R rules, S symbols, terminals up to maxTerminal, a start rule of the given length. */
        static Crafter one(long rules, long symbols, long maxTerminal, long startLength) {
            return new Crafter(maxTerminal, new long[] {rules, symbols, startLength});
        }

        /** Starts the tokens of the next grammar of the block. */
        Crafter nextGrammar() {
            model.nextGrammar();
            defined = 0;
            contexts.clear();
            contexts.push(new int[] {model.bodyStartContext()});
            return this;
        }

        private void code(int kind, long value, long references) {
            try {
                model.code(contexts.peek()[0], kind, value, references, defined);
            } catch (FormatException e) {
                // the token's bits are out; a decoder will reject them, which is the point
            }
        }

        Crafter t(long terminal) {
            code(GrammarModel.TERMINAL, terminal, 0);
            contexts.peek()[0] = model.contextAfter(GrammarModel.TERMINAL, terminal);
            return this;
        }

        /** A reference to the d-th rule defined (counting from 0). */
        Crafter ref(long d) {
            code(GrammarModel.REFERENCE, d, 0);
            contexts.peek()[0] = model.contextAfter(GrammarModel.REFERENCE, d);
            return this;
        }

        /** Defines a new rule of the given length, used twice; its symbols follow until {@link #close()}. */
        Crafter open(long length) {
            return open(length, 2);
        }

        /** Defines a new rule used {@code references} times in all (this definition included). */
        Crafter open(long length, long references) {
            code(GrammarModel.NEW_RULE, length, references);
            contexts.peek()[0] = model.contextAfter(GrammarModel.NEW_RULE, defined);
            defined++;
            contexts.push(new int[] {model.bodyStartContext()});
            return this;
        }

        Crafter close() {
            contexts.pop();
            return this;
        }

        byte[] bytes() {
            rc.finish();
            return out.toByteArray();
        }
    }

    static List<Grammar> decodeAll(byte[] b) throws FormatException {
        return GrammarCodec.readAll(new VarIntReader(b, "grammar block"));
    }

    @Test
    void crafterWritesWhatTheCodecWrites() throws FormatException {
        // R0 -> A A 2 ; A -> 0 1
        Grammar g = Grammar.fromRules(new int[][] {{-2, -2, 2}, {0, 1}});
        byte[] crafted = Crafter.one(2, 5, 2, 3).open(2).t(0).t(1).close().ref(0).t(2).bytes();
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.writeAll(List.of(g), w, 1);
        assertThat(crafted).isEqualTo(w.toByteArray());
        assertThat(decode(crafted)).isEqualTo(g);
    }

    @Test
    void ruleReferringToItselfIsRejected() {
        // R0 -> A ; A -> A
        byte[] b = Crafter.one(2, 2, -1, 1).open(1).ref(0).bytes();
        assertThatThrownBy(() -> decode(b)).isInstanceOf(FormatException.class).hasMessageContaining("unfinished");
    }

    @Test
    void cycleThroughTwoRulesIsRejected() {
        // R0 -> A ; A -> B ; B -> A
        byte[] b = Crafter.one(3, 3, -1, 1).open(1).open(1).ref(0).bytes();
        assertThatThrownBy(() -> decode(b)).isInstanceOf(FormatException.class).hasMessageContaining("unfinished");
        // R0 -> A ; A -> 0 B ; B -> 1 A 0
        byte[] c = Crafter.one(3, 6, 1, 1).open(2).t(0).open(3).t(1).ref(0).t(0).bytes();
        assertThatThrownBy(() -> decode(c)).isInstanceOf(FormatException.class).hasMessageContaining("unfinished");
    }

    @Test
    void referenceToARuleNotYetDefinedIsRejected() {
        // R0 -> A B, with B a reference to definition 1 while only A (definition 0) exists
        byte[] b = Crafter.one(2, 3, 0, 2).open(1).t(0).close().ref(1).bytes();
        assertThatThrownBy(() -> decode(b)).isInstanceOf(FormatException.class).hasMessageContaining("undefined");
        byte[] none = Crafter.one(1, 1, -1, 1).ref(0).bytes();
        assertThatThrownBy(() -> decode(none)).isInstanceOf(FormatException.class);
    }

    @Test
    void terminalsAboveTheDeclaredBoundAreRejected() {
        long[] header = {1, 2, 2};
        // terminal bound 1 (only terminal 0), but terminal 1 appears as "the next unseen terminal"
        byte[] b = new Crafter(0, 1, header).t(0).t(1).bytes();
        assertThatThrownBy(() -> decode(b)).isInstanceOf(FormatException.class).hasMessageContaining("more terminals than declared");
        // terminal bound 3 (a 2-bit tree), and terminal 3 spelled out through the tree
        byte[] c = new Crafter(2, 3, header).t(3).t(3).bytes();
        assertThatThrownBy(() -> decode(c)).isInstanceOf(FormatException.class).hasMessageContaining("above the declared maximum");
        // wide terminals (above 16 bits) go through the number code
        byte[] d = new Crafter(100_000, 1L << 40, header).t(1L << 39).t(0).bytes();
        assertThatThrownBy(() -> decode(d)).isInstanceOf(FormatException.class).hasMessageContaining("above the declared maximum");
    }

    @Test
    void countsThatDoNotMatchTheTokensAreRejected() {
        // R0 -> A A ; A -> 0 1 written correctly, but with lying headers
        assertThatThrownBy(() -> decode(Crafter.one(3, 4, 1, 2).open(2).t(0).t(1).close().ref(0).bytes()))
                .isInstanceOf(FormatException.class).hasMessageContaining("declared size");
        assertThatThrownBy(() -> decode(Crafter.one(2, 5, 1, 2).open(2).t(0).t(1).close().ref(0).bytes()))
                .isInstanceOf(FormatException.class).hasMessageContaining("declared size");
        assertThatThrownBy(() -> decode(Crafter.one(2, 3, 1, 2).open(2).t(0).t(1).close().ref(0).bytes()))
                .isInstanceOf(FormatException.class).hasMessageContaining("exceeds the declared symbol count");
        assertThatThrownBy(() -> decode(Crafter.one(1, 4, 1, 2).open(2).t(0).t(1).close().ref(0).bytes()))
                .isInstanceOf(FormatException.class).hasMessageContaining("more rules than the declared");
        assertThatThrownBy(() -> decode(Crafter.one(0, 4, 1, 2).bytes()))
                .isInstanceOf(FormatException.class).hasMessageContaining("rule count");
        assertThatThrownBy(() -> decode(Crafter.one(2, 4, 1, 5).bytes()))
                .isInstanceOf(FormatException.class).hasMessageContaining("start rule");
    }

    @Test
    void impossibleSymbolCountsAreRejectedBeforeAllocating() {
        assertThatThrownBy(() -> decode(Crafter.one(1, 1 << 30, 0, 1 << 30).bytes()))
                .isInstanceOf(FormatException.class).hasMessageContaining("impossible");
        // the sum over the grammars of a block counts
        long[] half = {1, 1 << 28, 1 << 28};
        assertThatThrownBy(() -> decodeAll(new Crafter(0, half, half, half, half).bytes()))
                .isInstanceOf(FormatException.class).hasMessageContaining("impossible");
        assertThatThrownBy(() -> decode(Crafter.one(1, Integer.MAX_VALUE, 0, 1).bytes())).isInstanceOf(FormatException.class);
        assertThatThrownBy(() -> decode(Crafter.one(1, Long.MAX_VALUE, 0, 1).bytes())).isInstanceOf(FormatException.class);
        assertThatThrownBy(() -> decode(Crafter.one(1, 1, Long.MAX_VALUE - 1, 1).bytes()))
                .isInstanceOf(FormatException.class).hasMessageContaining("terminal bound");
        // a grammar count beyond the block
        byte[] many = new VarIntWriter().writeVarLong(1_000_000).writeVarLong(1).toByteArray();
        assertThatThrownBy(() -> decodeAll(many)).isInstanceOf(FormatException.class).hasMessageContaining("grammar count");
    }

    @Test
    void crafterWritesWhatWriteAllWrites() throws FormatException {
        Grammar a = Grammar.fromRules(new int[][] {{-2, -2, 2}, {0, 1}});
        Grammar b = Grammar.fromRules(new int[][] {{1, 1, 1}});
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.writeAll(List.of(a, b), w, 1);
        byte[] crafted = new Crafter(2, new long[] {2, 5, 3}, new long[] {1, 3, 3})
                .open(2).t(0).t(1).close().ref(0).t(2)
                .nextGrammar().t(1).t(1).t(1).bytes();
        assertThat(crafted).isEqualTo(w.toByteArray());
        assertThat(decodeAll(crafted)).containsExactly(a, b);
    }

    @Test
    void ruleNumbersRestartWithEachGrammarOfABlock() {
        // grammar 2 refers to definition 0, which only exists in grammar 1
        byte[] b = new Crafter(2, new long[] {2, 5, 3}, new long[] {1, 1, 1})
                .open(2).t(0).t(1).close().ref(0).t(2)
                .nextGrammar().ref(0).bytes();
        assertThatThrownBy(() -> decodeAll(b)).isInstanceOf(FormatException.class);
    }

    @Test
    void singleGrammarReaderRejectsBlocksOfOtherSizes() {
        VarIntWriter none = new VarIntWriter();
        GrammarCodec.writeAll(List.of(), none);
        assertThatThrownBy(() -> decode(none.toByteArray())).isInstanceOf(FormatException.class).hasMessageContaining("found 0");
        VarIntWriter two = new VarIntWriter();
        GrammarCodec.writeAll(List.of(Grammar.empty(), Grammar.empty()), two);
        assertThatThrownBy(() -> decode(two.toByteArray())).isInstanceOf(FormatException.class).hasMessageContaining("found 2");
    }

    @Test
    void badRangeCoderStartIsRejected() {
        byte[] b = Crafter.one(1, 1, 0, 1).t(0).bytes();
        assertThat(b[5]).isZero(); // after the 5 header varints, the first range coder byte is always 0
        b[5] = 1;
        assertThatThrownBy(() -> decode(b)).isInstanceOf(FormatException.class).hasMessageContaining("range coder start");
    }

    @Test
    void expansionBeyondTwoToThe63IsRejected() {
        // R0 -> A0 A0 ; A_k -> A_{k+1} A_{k+1} ; A_63 -> 0 0 : 2^65 terminals from 130 symbols
        Crafter c = Crafter.one(65, 130, 0, 2);
        for (int k = 0; k < 64; k++) c.open(2);
        c.t(0).t(0);
        for (int k = 63; k >= 0; k--) c.close().ref(k);
        byte[] b = c.bytes();
        assertThatThrownBy(() -> decode(b)).isInstanceOf(FormatException.class).hasMessageContaining("2^63");
        // one level fewer is still fine: 2^63 terminals would not fit; 2^62 do
        Crafter ok = Crafter.one(62, 124, 0, 2);
        for (int k = 0; k < 61; k++) ok.open(2);
        ok.t(0).t(0);
        for (int k = 60; k >= 0; k--) ok.close().ref(k);
        assertThat(assertTimeoutPreemptively(Duration.ofSeconds(5), () -> decode(ok.bytes())).length()).isEqualTo(1L << 62);
    }

    /**
     * The symbol count is only bounded by 400 × the block size (a token can cost 1/50 bit), and the
     * start rule's body is allocated at the declared length before any token is decoded: a block
     * of 5.4 MB of zeros (a few hundred bytes once xz-compressed inside a .wgr file) asks for an
     * int[2^31 - 9], 8 GiB.
     */
    @Test
    void declaredLengthsCannotForceHugeAllocations() {
        int blockBytes = 5_400_000;
        long symbols = Integer.MAX_VALUE - 8;
        VarIntWriter w = new VarIntWriter(blockBytes + 32);
        // one grammar, terminal bound 1, one rule of `symbols` symbols
        w.writeVarLong(1).writeVarLong(1).writeVarLong(1).writeVarLong(symbols).writeVarLong(symbols);
        byte[] b = java.util.Arrays.copyOf(w.toByteArray(), blockBytes);
        assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertThatThrownBy(() -> decode(b)).isInstanceOf(FormatException.class));
    }
}
