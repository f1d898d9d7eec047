package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.Runs;
import dev.wholetrace.model.strata.StrataLower;
import dev.wholetrace.model.strata.StrataStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The strata stream's payload: written and read back it unfolds to the same WPP, with upper
 * layers too (format version 15), with none (runs of paths, version 16) and without the layer
 * count in a version-14 payload; the paper's
 * stratum example unfolds to its block string; damaged payloads give a FormatException, never
 * another exception, and never an allocation the bytes cannot back.
 */
class StrataStreamCodecTest {

    /** Paths P0 = [0], P1 = [1, 2]; stratum S0 = P0^7 P1^12 P0^5, S1 = P1^12; runs S0^1, S1^1, S0^3; grammar r0 r1 r2 r1. */
    static StrataStream example() {
        int[] pathStart = {0, 1, 3};
        int[] pathSymbols = {0, 1, 2};
        int[] stratumStart = {0, 3, 4};
        long[] elements = {Runs.pair(0, 7), Runs.pair(1, 12), Runs.pair(0, 5), Runs.pair(1, 12)};
        long[] runs = {Runs.pair(0, 1), Runs.pair(1, 1), Runs.pair(0, 3)};
        Grammar g = Grammar.fromRules(new int[][] {{0, 1, 2, 1}});
        return new StrataStream(pathStart, pathSymbols, stratumStart, elements, runs, g);
    }

    static int[] expected() {
        StringBuilder s0 = new StringBuilder("0".repeat(7) + "12".repeat(12) + "0".repeat(5));
        String s1 = "12".repeat(12);
        String all = s0 + s1 + s0.toString().repeat(3) + s1;
        return all.chars().map(c -> c - '0').toArray();
    }

    static byte[] bytes(StrataStream s) {
        VarIntWriter w = new VarIntWriter();
        StrataStreamCodec.write(s, w);
        return w.toByteArray();
    }

    @Test
    void unfoldsToTheStringAndSurvivesTheCodec() throws FormatException {
        StrataStream s = example();
        assertThat(s.unfold().expand()).containsExactly(expected());
        StrataStream back = StrataStreamCodec.read(new VarIntReader(bytes(s), "test"), 3, TraceFormat.VERSION);
        assertThat(back.unfold()).isEqualTo(s.unfold());
    }

    /** The example with layer 1 stored: its runs S0, S1, S0^3, S1 are one layer-1 stratum [S0, S1] then [S0^3, S1], each run once. */
    static StrataStream twoLayers() {
        StrataStream one = example();
        int[][] starts = {{0, 3, 4}, {0, 2, 4}};
        long[][] elements = {{Runs.pair(0, 7), Runs.pair(1, 12), Runs.pair(0, 5), Runs.pair(1, 12)},
                {Runs.pair(0, 1), Runs.pair(1, 1), Runs.pair(0, 3), Runs.pair(1, 1)}};
        return new StrataStream(new int[] {0, 1, 3}, new int[] {0, 1, 2}, starts, elements, new long[] {Runs.pair(0, 1), Runs.pair(1, 1)},
                Grammar.fromRules(new int[][] {{0, 1}}));
    }

    @Test
    void upperLayersSurviveTheCodecAndUnfoldToTheSameString() throws FormatException {
        StrataStream s = twoLayers();
        assertThat(s.layers()).isEqualTo(2);
        assertThat(s.unfold().expand()).containsExactly(expected());
        StrataStream back = StrataStreamCodec.read(new VarIntReader(bytes(s), "test"), 3, TraceFormat.VERSION);
        assertThat(back.layers()).isEqualTo(2);
        assertThat(back.unfold()).isEqualTo(s.unfold());
    }

    /** Up to version 14 the payload has no layer count: layer 0's strata follow the paths directly. */
    @Test
    void aVersion14PayloadHasOneLayerAndNoCount() throws FormatException {
        byte[] now = bytes(example());
        VarIntWriter paths = new VarIntWriter(); // the paths' part: count, lengths, symbols (as write puts them)
        paths.writeVarLong(2).writeVarLong(1).writeVarLong(2).writeSignedVarLong(0).writeSignedVarLong(1).writeSignedVarLong(1);
        int at = paths.size();
        assertThat(now[at]).as("the layer count after the paths").isEqualTo((byte) 1);
        byte[] old = new byte[now.length - 1];
        System.arraycopy(now, 0, old, 0, at);
        System.arraycopy(now, at + 1, old, at, now.length - at - 1);
        StrataStream back = StrataStreamCodec.read(new VarIntReader(old, "test"), 3, TraceFormat.STRATA_LAYERS_SINCE - 1);
        assertThat(back.layers()).isEqualTo(1);
        assertThat(back.unfold().expand()).containsExactly(expected());
        assertThatThrownBy(() -> StrataStreamCodec.read(new VarIntReader(old, "test"), 3, TraceFormat.STRATA_LAYERS_SINCE))
                .isInstanceOf(FormatException.class);
    }

    @Test
    void aLayerCountOverTheLimitIsCorruptionAndZeroBeforeVersion16() {
        byte[] now = bytes(example());
        int at = 6; // after the paths' six bytes (see above)
        byte[] over = now.clone();
        over[at] = (byte) (StrataStreamCodec.MAX_LAYERS + 1);
        assertThatThrownBy(() -> StrataStreamCodec.read(new VarIntReader(over, "test"), 3, TraceFormat.VERSION))
                .isInstanceOf(FormatException.class);
        byte[] none = bytes(StrataLower.lower(example(), GrammarAlgorithm.SEQUITUR.newBuilder()));
        assertThat(none[at]).as("no layer stored").isZero();
        assertThatThrownBy(() -> StrataStreamCodec.read(new VarIntReader(none, "test"), 3, TraceFormat.STRATA_PATH_RUNS_SINCE - 1))
                .isInstanceOf(FormatException.class).hasMessageContaining("no stratum layer");
    }

    /**
     * With no layer stored (version 16 on) the runs are [path, trip] runs: the example lowered
     * survives the codec and unfolds to the same string; a run naming a path that is not there
     * is corruption.
     */
    @Test
    void runsOfPathsWithNoLayerSurviveTheCodec() throws FormatException {
        StrataStream none = StrataLower.lower(example(), GrammarAlgorithm.SEQUITUR.newBuilder());
        assertThat(none.layers()).isZero();
        assertThat(none.runCount()).isEqualTo(3); // P0^7, P1^12, P0^5
        assertThat(none.unfold().expand()).containsExactly(expected());
        StrataStream back = StrataStreamCodec.read(new VarIntReader(bytes(none), "test"), 3, TraceFormat.VERSION);
        assertThat(back.layers()).isZero();
        assertThat(back.unfold()).isEqualTo(none.unfold());
        VarIntWriter w = new VarIntWriter(); // paths as the example's, no layer, one run of path 2 (there are 2)
        w.writeVarLong(2).writeVarLong(1).writeVarLong(2).writeSignedVarLong(0).writeSignedVarLong(1).writeSignedVarLong(1);
        w.writeVarLong(0).writeVarLong(1).writeVarLong(2).writeVarLong(0);
        assertThatThrownBy(() -> StrataStreamCodec.read(new VarIntReader(w.toByteArray(), "test"), 3, TraceFormat.VERSION))
                .isInstanceOf(FormatException.class).hasMessageContaining("path of a run");
    }

    @Test
    void anUpperLayerNamingAStratumBelowThatIsNotThereIsCorruption() {
        // layer 1's stratum names stratum 2 of layer 0, which has 2: built directly, it is refused
        assertThatThrownBy(() -> new StrataStream(new int[] {0, 1, 3}, new int[] {0, 1, 2}, new int[][] {{0, 3, 4}, {0, 1}},
                new long[][] {{Runs.pair(0, 7), Runs.pair(1, 12), Runs.pair(0, 5), Runs.pair(1, 12)}, {Runs.pair(2, 1)}},
                new long[] {Runs.pair(0, 1)}, Grammar.fromRules(new int[][] {{0}}))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("layer 1");
    }

    @Test
    void longTripCountsUnfoldByDoubling() {
        long trip = Runs.MAX_TRIP;
        StrataStream s = new StrataStream(new int[] {0, 2}, new int[] {0, 1}, new int[] {0, 1}, new long[] {Runs.pair(0, trip)},
                new long[] {Runs.pair(0, 1000)}, Grammar.fromRules(new int[][] {{0, 0}}));
        Grammar g = s.unfold();
        assertThat(g.length()).isEqualTo(2 * 2 * trip * 1000);
        assertThat(g.symbolCount()).isLessThan(300);
        assertThat(g.terminalAt(g.length() - 1)).isEqualTo(1);
    }

    @Test
    void aSymbolOutsideTheAlphabetIsCorruption() {
        assertThatThrownBy(() -> StrataStreamCodec.read(new VarIntReader(bytes(example()), "test"), 2, TraceFormat.VERSION))
                .isInstanceOf(FormatException.class).hasMessageContaining("symbol 2 of 2");
    }

    @Test
    void damagedPayloadsGiveFormatExceptions() {
        byte[] good = bytes(example());
        Random r = new Random(16);
        for (int i = 0; i < 5000; i++) {
            byte[] b = good.clone();
            int flips = 1 + r.nextInt(3);
            for (int f = 0; f < flips; f++) b[r.nextInt(b.length)] = (byte) r.nextInt(256);
            int len = r.nextInt(4) == 0 ? r.nextInt(b.length + 1) : b.length;
            byte[] cut = java.util.Arrays.copyOf(b, len);
            try {
                StrataStream s = StrataStreamCodec.read(new VarIntReader(cut, "test"), 3, TraceFormat.VERSION);
                s.unfold().length();
            } catch (FormatException expected) {
                // the only failure allowed
            } catch (IllegalArgumentException e) {
                // unfold of an expansion beyond 2^63: ThreadChunkCodec turns it into a FormatException
                assertThat(e.getMessage()).contains("2^63");
            }
        }
    }
}
