package dev.wholetrace.model.strata;

import dev.wholetrace.model.grammar.GrammarBuilder;

/**
 * One chunk's stored strata with no stratum layer stored: its runs are the chunk's [path,
 * tripcount] runs themselves, and its grammar is built over them (format version 16 on). Where
 * strata seldom repeat, a layer-0 stratum is used about once, and its table entry costs what the
 * grammar over [stratum, tripcount] runs saves: on Mp3d (`mp3d 4 20000 20`) the layer-0 tables
 * were four fifths of the strata streams' packed bytes, and the streams packed 30 % smaller
 * without them (docs/results/strata.md, session 44). The paths are kept, so the stream
 * {@linkplain StrataStream#unfold unfolds} to the same control string. The inverse of the
 * strata's point, kept for the programs where the strata do not pay: the rewrite of a finished
 * recording measures which count packs smallest ({@code StrataLayerChoice}).
 */
public final class StrataLower {
    private StrataLower() {}

    /**
     * {@code s} with no stratum layer: every top run expanded down to its [path, tripcount] runs,
     * numbered in order of first appearance, and {@code grammar} built over them ({@code s} itself
     * when it stores none already).
     *
     * @param grammar an empty builder for the grammar over the runs of paths
     */
    public static StrataStream lower(StrataStream s, GrammarBuilder grammar) {
        if (s.layers() == 0) return s;
        RunIds ids = new RunIds();
        int top = s.layers() - 1;
        for (int t : s.grammar().expand()) {
            long run = s.run(t);
            for (long k = Runs.trip(run); k > 0; k--) emit(s, top, Runs.id(run), ids, grammar);
        }
        long[] runs = new long[ids.size()];
        for (int t = 0; t < runs.length; t++) runs[t] = ids.pair(t);
        return s.withLayers(new int[0][], new long[0][], runs, grammar.toGrammar());
    }

    /**
     * How many [path, tripcount] runs {@code s}'s chunk holds: the length of the sequence
     * {@link #lower} builds its grammar over, counted without expanding it (saturating at
     * Long.MAX_VALUE).
     */
    public static long pathRuns(StrataStream s) {
        if (s.layers() == 0) return s.grammar().length();
        long[] below = null; // runs of paths per stratum of the layer below
        for (int layer = 0; layer < s.layers(); layer++) {
            long[] here = new long[s.stratumCount(layer)];
            for (int k = 0; k < here.length; k++) {
                long n = 0;
                for (int i = 0, len = s.stratumLength(layer, k); i < len; i++) {
                    long e = s.stratumElement(layer, k, i);
                    n = sat(n, layer == 0 ? 1 : satTimes(Runs.trip(e), below[Runs.id(e)]));
                }
                here[k] = n;
            }
            below = here;
        }
        long[] uses = s.grammar().terminalCounts(s.runCount());
        long n = 0;
        for (int t = 0; t < uses.length; t++) n = sat(n, satTimes(uses[t], satTimes(Runs.trip(s.run(t)), below[Runs.id(s.run(t))])));
        return n;
    }

    private static long sat(long a, long b) {
        long r = a + b;
        return r < 0 ? Long.MAX_VALUE : r;
    }

    private static long satTimes(long a, long b) {
        return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }

    /** Appends stratum {@code stratum} of {@code layer}, once, as runs of paths. */
    private static void emit(StrataStream s, int layer, int stratum, RunIds ids, GrammarBuilder grammar) {
        for (int i = 0, n = s.stratumLength(layer, stratum); i < n; i++) {
            long e = s.stratumElement(layer, stratum, i);
            if (layer == 0) {
                grammar.append(ids.idOf(Runs.id(e), Runs.trip(e)));
            } else {
                for (long k = Runs.trip(e); k > 0; k--) emit(s, layer - 1, Runs.id(e), ids, grammar);
            }
        }
    }
}
