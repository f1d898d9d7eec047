package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Paths and strata are lossless: the runs of the top layer, expanded through the tables, give back
 * exactly the blocks that went in — for every number of layers, with and without a length limit,
 * over several threads sharing the tables.
 */
class StrataLosslessPropertiesTest {

    static final class Top implements RunSink {
        final List<long[]> runs = new ArrayList<>();

        @Override
        public void run(int id, long trip) {
            runs.add(new long[] {id, trip});
        }
    }

    @Property(tries = 300)
    void expandingTheTopLayerGivesBackTheBlocks(@ForAll("threads") List<int[]> threads, @ForAll @IntRange(min = 0, max = 4) int layers,
                                                @ForAll @IntRange(min = 1, max = 12) int maxLength) {
        StrataPipeline p = new StrataPipeline(layers, maxLength);
        for (int[] blocks : threads) {
            Top top = new Top();
            var t = p.beginThread(top, 0);
            for (int b : blocks) t.add(b);
            t.finish();
            List<Integer> back = new ArrayList<>();
            for (long[] r : top.runs) p.tables().expand(layers - 1, (int) r[0], r[1], back::add);
            assertThat(back).containsExactly(java.util.Arrays.stream(blocks).boxed().toArray(Integer[]::new));
            assertThat(t.blocks()).isEqualTo(blocks.length);
        }
        // the builders hand the tables hashes they kept element by element: a wrong one would intern a sequence twice
        assertThat(distinct(p.tables().paths())).as("paths").isEqualTo(p.tables().paths().size());
        for (int k = 0; k < layers; k++) assertThat(distinct(p.tables().layer(k))).as("layer %d", k).isEqualTo(p.tables().layer(k).size());
    }

    private static long distinct(SequenceTable t) {
        java.util.Set<List<Long>> seen = new java.util.HashSet<>();
        for (int id = 0; id < t.size(); id++) seen.add(java.util.Arrays.stream(t.sequence(id)).boxed().toList());
        return seen.size();
    }

    /** Every layer's runs account for all its input: executions of the layer below = elements of what this layer executed. */
    @Property(tries = 200)
    void eachLayerConsumesExactlyTheRunsBelow(@ForAll("blocks") int[] blocks, @ForAll @IntRange(min = 1, max = 4) int layers) {
        StrataPipeline p = new StrataPipeline(layers, StrataPipeline.DEFAULT_MAX_LENGTH);
        var t = p.beginThread(new Top(), 0);
        for (int b : blocks) t.add(b);
        t.finish();
        long blocksCovered = 0;
        for (int id = 0; id < p.tables().paths().size(); id++) blocksCovered += p.tally(-1).executions(id) * p.tables().paths().length(id);
        assertThat(blocksCovered).isEqualTo(blocks.length);
        for (int k = 0; k < layers; k++) {
            long elements = 0;
            for (int id = 0; id < p.tables().layer(k).size(); id++) elements += p.tally(k).executions(id) * p.tables().layer(k).length(id);
            assertThat(elements).as("layer %d", k).isEqualTo(p.tally(k - 1).runs());
        }
    }

    /** Giving up layers on the way keeps the lower layers' counts complete. */
    @Property(tries = 100)
    void givingUpTheTopLayerKeepsTheLowerOnesComplete(@ForAll("blocks") int[] blocks) {
        StrataPipeline p = new StrataPipeline(3, StrataPipeline.DEFAULT_MAX_LENGTH);
        var t = p.beginThread(new Top(), 0);
        for (int i = 0; i < blocks.length; i++) {
            if (i == blocks.length / 2) p.giveUpTopLayer();
            t.add(blocks[i]);
        }
        t.finish();
        assertThat(p.activeLayers()).isEqualTo(blocks.length == 0 ? 3 : 2);
        long elements = 0;
        for (int id = 0; id < p.tables().layer(1).size(); id++) elements += p.tally(1).executions(id) * p.tables().layer(1).length(id);
        assertThat(elements).isEqualTo(p.tally(0).runs());
    }

    @Provide
    Arbitrary<int[]> blocks() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(0, 6).array(int[].class).ofMaxSize(300),
                // loops: a short body repeated, with nested repetition, the shape strata are for
                Arbitraries.integers().between(0, 4).array(int[].class).ofMinSize(1).ofMaxSize(5)
                        .flatMap(body -> Arbitraries.integers().between(1, 30).map(n -> {
                            int[] out = new int[body.length * n + 1];
                            for (int i = 0; i < n; i++) System.arraycopy(body, 0, out, i * body.length, body.length);
                            out[out.length - 1] = 9;
                            return out;
                        })));
    }

    @Provide
    Arbitrary<List<int[]>> threads() {
        return blocks().list().ofMinSize(1).ofMaxSize(3);
    }
}
