package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.strata.Runs;
import dev.wholetrace.model.strata.StrataStream;

/**
 * The STREAM payload of a strata stream (docs/trace-format.md, "The strata stream"): the chunk's
 * paths, its stratum layers (layer 0 alone up to format version 14), the runs of the top layer's
 * strata and the grammar over them. Written in the current version only. Every count is checked
 * against the bytes left before an array is made.
 */
final class StrataStreamCodec {
    /** The most stratum layers a stream may store (the recorder stores {@code StrataEncoder}'s few; a larger count is corrupt). */
    static final int MAX_LAYERS = 16;

    private StrataStreamCodec() {}

    static void write(StrataStream s, VarIntWriter w) {
        int paths = s.pathCount();
        w.writeVarLong(paths);
        for (int p = 0; p < paths; p++) w.writeVarLong(s.pathLength(p));
        long last = 0;
        for (int p = 0; p < paths; p++) {
            for (int i = 0, n = s.pathLength(p); i < n; i++) {
                int sym = s.pathSymbol(p, i);
                w.writeSignedVarLong(sym - last);
                last = sym;
            }
        }
        w.writeVarLong(s.layers()); // version 15 on
        for (int layer = 0; layer < s.layers(); layer++) {
            int strata = s.stratumCount(layer);
            w.writeVarLong(strata);
            for (int k = 0; k < strata; k++) w.writeVarLong(s.stratumLength(layer, k));
            last = 0;
            for (int k = 0; k < strata; k++) {
                for (int i = 0, n = s.stratumLength(layer, k); i < n; i++) {
                    long e = s.stratumElement(layer, k, i);
                    w.writeSignedVarLong(Runs.id(e) - last).writeVarLong(Runs.trip(e) - 1);
                    last = Runs.id(e);
                }
            }
        }
        w.writeVarLong(s.runCount());
        for (int t = 0; t < s.runCount(); t++) w.writeVarLong(Runs.id(s.run(t))).writeVarLong(Runs.trip(s.run(t)) - 1);
        GrammarCodec.write(s.grammar(), w);
    }

    /**
     * Reads a strata stream of a file of format {@code version} whose path symbols lie below
     * {@code alphabet}: one stratum layer up to version 14, a layer count and that many layers
     * from version 15 ({@link TraceFormat#STRATA_LAYERS_SINCE}), a count that may be 0 (the runs
     * are of paths) from version 17 ({@link TraceFormat#STRATA_PATH_RUNS_SINCE}).
     */
    static StrataStream read(VarIntReader in, int alphabet, int version) throws FormatException {
        int paths = in.readCount("path count", in.remaining());
        int[] pathStart = starts(in, paths, "path");
        int[] symbols = new int[pathStart[paths]];
        long last = 0;
        for (int i = 0; i < symbols.length; i++) {
            last += in.readSignedVarLong("path symbol");
            if (last < 0 || last >= alphabet) throw in.corrupt("a path holds symbol " + last + " of " + alphabet);
            symbols[i] = (int) last;
        }
        int layers = version >= TraceFormat.STRATA_LAYERS_SINCE ? in.readCount("stratum layer count", MAX_LAYERS) : 1;
        if (layers < 1 && version < TraceFormat.STRATA_PATH_RUNS_SINCE) throw in.corrupt("a strata stream of no stratum layer");
        int[][] stratumStarts = new int[layers][];
        long[][] layerElements = new long[layers][];
        int below = paths;
        for (int layer = 0; layer < layers; layer++) {
            String names = layer == 0 ? "path " : "stratum of layer " + (layer - 1) + " ";
            int strata = in.readCount("stratum count", in.remaining());
            int[] stratumStart = starts(in, strata, "stratum");
            if (stratumStart[strata] > in.remaining() / 2) throw in.corrupt("strata of " + stratumStart[strata] + " elements overrun the section");
            long[] elements = new long[stratumStart[strata]];
            last = 0;
            for (int i = 0; i < elements.length; i++) {
                last += in.readSignedVarLong("stratum element");
                if (last < 0 || last >= below) throw in.corrupt("a stratum of layer " + layer + " names " + names + last + " of " + below);
                elements[i] = Runs.pair((int) last, trip(in));
            }
            stratumStarts[layer] = stratumStart;
            layerElements[layer] = elements;
            below = strata;
        }
        int runs = in.readCount("run count", in.remaining() / 2);
        long[] top = new long[runs];
        String named = layers == 0 ? "path" : "stratum"; // with no layer stored (version 17 on) the runs are of paths
        for (int t = 0; t < runs; t++) {
            int id = in.readCount(named + " of a run", Math.max(0, below - 1));
            if (below == 0) throw in.corrupt("a run of a " + named + " but no " + named + (layers == 0 ? "s" : "a"));
            top[t] = Runs.pair(id, trip(in));
        }
        Grammar g = GrammarCodec.read(in);
        try {
            return new StrataStream(pathStart, symbols, stratumStarts, layerElements, top, g);
        } catch (IllegalArgumentException e) {
            throw in.corrupt("strata stream: " + e.getMessage());
        }
    }

    private static long trip(VarIntReader in) throws FormatException {
        long t = in.readVarLong("trip count");
        if (t < 0 || t >= Runs.MAX_TRIP) throw in.corrupt("trip count " + (t + 1) + " out of range");
        return t + 1;
    }

    /** n lengths (each ≥ 1) as offsets; their sum must fit the bytes left (a symbol takes one at least). */
    private static int[] starts(VarIntReader in, int n, String what) throws FormatException {
        if (n > in.remaining()) throw in.corrupt(n + " " + what + " lengths overrun the section");
        int[] start = new int[n + 1];
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += in.readCount(what + " length", in.remaining());
            if (total > Integer.MAX_VALUE - 8) throw in.corrupt(what + "s overrun the section");
            if (start[i] == total) throw in.corrupt("an empty " + what);
            start[i + 1] = (int) total;
        }
        if (total > in.remaining()) throw in.corrupt(what + "s of " + total + " elements overrun the section");
        return start;
    }
}
