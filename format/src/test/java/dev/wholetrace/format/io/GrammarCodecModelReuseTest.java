package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.SequiturGrammar;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The writer reuses its grammar models from one block to the next ({@link GrammarCodec}): a block
 * must code to the same bytes whatever blocks the thread coded before it, as with fresh models.
 */
class GrammarCodecModelReuseTest {
    @Test
    void aBlockCodesTheSameAfterOtherBlocksAsWithFreshModels() throws Exception {
        List<Grammar> tiny = List.of(grammar(new Random(1), 40, 5));
        // Many terminals, long rules and many open rules: the mantissa trees of long numbers, many
        // rank models and a large terminal tree are made, and must not leak into the next block.
        List<Grammar> large = new ArrayList<>();
        for (int i = 0; i < 6; i++) large.add(grammar(new Random(10 + i), 20_000, 3_000));
        List<Grammar> empty = List.of();

        byte[] tinyFresh = onFreshThread(tiny);
        byte[] largeFresh = onFreshThread(large);
        byte[] emptyFresh = onFreshThread(empty);

        AtomicReference<List<byte[]>> inTurn = new AtomicReference<>();
        Thread t = new Thread(() -> inTurn.set(List.of(write(tiny), write(large), write(tiny), write(empty), write(large), write(tiny))));
        t.start();
        t.join();
        List<byte[]> got = inTurn.get();
        assertThat(got.get(0)).isEqualTo(tinyFresh);
        assertThat(got.get(1)).isEqualTo(largeFresh);
        assertThat(got.get(2)).as("a tiny block after a large one").isEqualTo(tinyFresh);
        assertThat(got.get(3)).isEqualTo(emptyFresh);
        assertThat(got.get(4)).isEqualTo(largeFresh);
        assertThat(got.get(5)).isEqualTo(tinyFresh);
        assertThat(GrammarCodec.readAll(new VarIntReader(got.get(4), "test"))).hasSize(large.size());
        List<Grammar> back = GrammarCodec.readAll(new VarIntReader(got.get(2), "test"));
        assertThat(back.get(0).expand()).isEqualTo(tiny.get(0).expand());
    }

    /**
     * The same for each model version alone (writeAll keeps only the smallest, which could hide a
     * version whose reuse changed its bytes), with a block of terminals too large for version 1's
     * terminal tree between small ones: each block's bytes are a fresh model's and decode.
     */
    @Test
    void everyModelVersionCodesTheSameAfterOtherBlocks() throws Exception {
        List<Grammar> tiny = List.of(grammar(new Random(2), 60, 7), grammar(new Random(3), 30, 4));
        List<Grammar> large = new ArrayList<>();
        for (int i = 0; i < 4; i++) large.add(grammar(new Random(20 + i), 15_000, 2_500));
        // Terminals past 2^16: version 1 codes them with a number model, not its terminal tree.
        List<Grammar> wide = List.of(shifted(grammar(new Random(30), 3_000, 900), 70_000));
        List<Grammar> wider = List.of(shifted(grammar(new Random(31), 2_000, 300), 1 << 20), grammar(new Random(32), 500, 40));
        List<List<Grammar>> blocks = List.of(tiny, large, tiny, wide, tiny, wider, wide, List.of(), large, tiny);
        for (int version = 1; version <= GrammarCodec.MODEL_VERSION; version++) {
            int v = version;
            List<byte[]> fresh = new ArrayList<>();
            for (List<Grammar> b : blocks) fresh.add(onFreshThread(() -> write(b, v)));
            AtomicReference<List<byte[]>> inTurn = new AtomicReference<>();
            Thread t = new Thread(() -> {
                List<byte[]> out = new ArrayList<>();
                for (List<Grammar> b : blocks) out.add(write(b, v));
                inTurn.set(out);
            });
            t.start();
            t.join();
            for (int i = 0; i < blocks.size(); i++) {
                assertThat(inTurn.get().get(i)).as("version %s, block %s", v, i).isEqualTo(fresh.get(i));
                List<Grammar> back = GrammarCodec.readAll(new VarIntReader(inTurn.get().get(i), "test"));
                assertThat(back).hasSize(blocks.get(i).size());
                for (int g = 0; g < back.size(); g++) assertThat(back.get(g).expand()).isEqualTo(blocks.get(i).get(g).expand());
            }
        }
    }

    /**
     * Versions 2 and 3 give their tables back ({@link ExpansionModel#reset}) only once the blocks
     * that needed them are long past (the recent sizes decay by an eighth a block): a large block,
     * then forty tiny ones, then a large one again, each coded as by a fresh model.
     */
    @Test
    void expansionModelsCodeTheSameAfterGivingTheirTablesBack() throws Exception {
        List<Grammar> tiny = List.of(grammar(new Random(50), 80, 9), grammar(new Random(51), 20, 3));
        List<Grammar> large = List.of(grammar(new Random(52), 30_000, 4_000), grammar(new Random(53), 8_000, 900));
        List<List<Grammar>> blocks = new ArrayList<>();
        blocks.add(large);
        for (int i = 0; i < 40; i++) blocks.add(tiny);
        blocks.add(large);
        blocks.add(tiny);
        for (int version = 2; version <= GrammarCodec.MODEL_VERSION; version++) {
            int v = version;
            byte[] tinyFresh = onFreshThread(() -> write(tiny, v));
            byte[] largeFresh = onFreshThread(() -> write(large, v));
            AtomicReference<List<byte[]>> inTurn = new AtomicReference<>();
            Thread t = new Thread(() -> {
                List<byte[]> out = new ArrayList<>();
                for (List<Grammar> b : blocks) out.add(write(b, v));
                inTurn.set(out);
            });
            t.start();
            t.join();
            for (int i = 0; i < blocks.size(); i++) {
                assertThat(inTurn.get().get(i)).as("version %s, block %s", v, i).isEqualTo(blocks.get(i) == tiny ? tinyFresh : largeFresh);
            }
        }
    }

    /**
     * Version 1's prediction tables, grown to a large grammar's contexts, are filled whole at each
     * grammar: a reused model goes back to a new one's size, so that a block of many tiny grammars
     * after a large one does not fill the large tables once per tiny grammar.
     */
    @Test
    void version1TablesGoBackToANewModelsSize() throws Exception {
        int[] capacities = beforeAndAfterALargeBlock(40, GrammarModel::contextCapacity);
        assertThat(capacities[1]).as("after a large block").isEqualTo(capacities[0]);
    }

    /**
     * The same for version 1's context ids (the dense numbering of the prediction tables'
     * contexts), kept from grammar to grammar since session 51: a large grammar's must not stay
     * with the writer thread for good.
     */
    @Test
    void version1ContextIdsGoBackToANewModelsSize() throws Exception {
        int[] capacities = beforeAndAfterALargeBlock(41, GrammarModel::contextIdCapacity);
        assertThat(capacities[1]).as("after a large block").isEqualTo(capacities[0]);
    }

    /** {@code size} of a new thread's version-1 model, before and after that thread writes one large grammar. */
    private static int[] beforeAndAfterALargeBlock(long seed, java.util.function.ToIntFunction<GrammarModel> size) throws InterruptedException {
        List<Grammar> large = List.of(grammar(new Random(seed), 20_000, 3_000));
        AtomicReference<int[]> capacities = new AtomicReference<>();
        Thread t = new Thread(() -> {
            int fresh = size.applyAsInt(GrammarCodec.version1Model(new RangeEncoder(new VarIntWriter(), false), 10));
            write(large, 1);
            capacities.set(new int[] {fresh, size.applyAsInt(GrammarCodec.version1Model(new RangeEncoder(new VarIntWriter(), false), 10))});
        });
        t.start();
        t.join();
        return capacities.get();
    }

    private static Grammar shifted(Grammar g, int by) {
        int[][] bodies = new int[g.ruleCount()][];
        for (int r = 0; r < bodies.length; r++) {
            bodies[r] = g.body(r).clone();
            for (int i = 0; i < bodies[r].length; i++) if (!Grammar.isRule(bodies[r][i])) bodies[r][i] += by;
        }
        return Grammar.fromRules(bodies);
    }

    private static byte[] write(List<Grammar> grammars, int version) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.writeAll(grammars, w, version);
        return w.toByteArray();
    }

    private static byte[] onFreshThread(java.util.function.Supplier<byte[]> write) throws InterruptedException {
        AtomicReference<byte[]> out = new AtomicReference<>();
        Thread t = new Thread(() -> out.set(write.get()));
        t.start();
        t.join();
        return out.get();
    }

    private static Grammar grammar(Random random, int length, int terminals) {
        SequiturGrammar s = new SequiturGrammar();
        int t = 0;
        for (int i = 0; i < length; i++) {
            t = random.nextInt(4) == 0 ? random.nextInt(terminals) : (t + 1) % terminals;
            s.append(t);
        }
        return s.toGrammar();
    }

    private static byte[] write(List<Grammar> grammars) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.writeAll(grammars, w);
        return w.toByteArray();
    }

    private static byte[] onFreshThread(List<Grammar> grammars) throws InterruptedException {
        AtomicReference<byte[]> out = new AtomicReference<>();
        Thread t = new Thread(() -> out.set(write(grammars)));
        t.start();
        t.join();
        return out.get();
    }
}
