package dev.wholetrace.model.strata;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarBuilder;
import java.util.Arrays;

/**
 * One chunk's stored strata with more layers stored: the runs of its top layer (its grammar's
 * expansion) cut into strata again by further {@link StratumLayer}s, and a new grammar over the
 * new top layer's runs. The paths and the layers already stored are kept as they are, so the
 * stream {@linkplain StrataStream#unfold unfolds} to the same control string. Used where the
 * file is rewritten after the recording (format version 15 on: the re-pack stores the layer
 * count that packs smallest, docs/strata.md "Stored layers"): the recorder stores layer 0 only,
 * so the traced program pays nothing for layers that pay only on some programs.
 */
public final class StrataRaise {
    private StrataRaise() {}

    /**
     * {@code s} with {@code layers} layers stored (as it is when it has that many already).
     *
     * @param grammar   an empty builder for the grammar over the new top layer's runs
     * @param maxLength the longest stratum (the paper's 2048)
     * @throws IllegalArgumentException if {@code s} stores more than {@code layers} layers
     */
    public static StrataStream raise(StrataStream s, int layers, GrammarBuilder grammar, int maxLength) {
        return raise(s, layers, grammar, maxLength, Long.MAX_VALUE);
    }

    /**
     * As {@link #raise(StrataStream, int, GrammarBuilder, int)}, or null as soon as the tables of the
     * layers added take more than {@code tableBytesAtMost} bytes ({@link SequenceTable#bytes}, looked
     * at every {@link #CHECK_EVERY} runs and at the end): the layer is then given up before its tables
     * grow further (a memory budget, {@code --strata-memory}).
     */
    public static StrataStream raise(StrataStream s, int layers, GrammarBuilder grammar, int maxLength, long tableBytesAtMost) {
        int have = s.layers();
        if (layers < have) throw new IllegalArgumentException("a stream of " + have + " layers cannot store " + layers);
        if (layers == have) return s;
        SequenceTable[] added = new SequenceTable[layers - have];
        RunIds ids = new RunIds();
        RunSink sink = (stratum, trip) -> grammar.append(ids.idOf(stratum, trip));
        for (int k = added.length - 1; k >= 0; k--) sink = new StratumLayer(added[k] = new SequenceTable(), sink, maxLength);
        int[] top = s.grammar().expand();
        for (int i = 0; i < top.length; i++) {
            long run = s.run(top[i]);
            sink.run(Runs.id(run), Runs.trip(run));
            if ((i & (CHECK_EVERY - 1)) == CHECK_EVERY - 1 && bytes(added) > tableBytesAtMost) return null;
        }
        sink.finish(); // each layer's finish ends the layer above it
        if (bytes(added) > tableBytesAtMost) return null;
        int[][] starts = Arrays.copyOf(s.stratumStarts(), layers);
        long[][] elements = Arrays.copyOf(s.stratumElements(), layers);
        for (int k = 0; k < added.length; k++) {
            starts[have + k] = added[k].starts();
            elements[have + k] = added[k].pool();
        }
        long[] runs = new long[ids.size()];
        for (int t = 0; t < runs.length; t++) runs[t] = ids.pair(t);
        return s.withLayers(starts, elements, runs, grammar.toGrammar());
    }

    /** Runs between two looks at the added tables' size: a look sums a few fields, the tables grow by a probe a run. */
    static final int CHECK_EVERY = 1 << 10;

    private static long bytes(SequenceTable[] tables) {
        long n = 0;
        for (SequenceTable t : tables) n += t.bytes();
        return n;
    }
}
