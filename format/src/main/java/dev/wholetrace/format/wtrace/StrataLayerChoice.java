package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.model.strata.StrataLower;
import dev.wholetrace.model.strata.StrataRaise;
import dev.wholetrace.model.strata.StrataLevels;
import dev.wholetrace.model.strata.StrataStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * How many stratum layers the strata streams of a chunk store when the file is rewritten (format
 * version 15 on): the count whose STREAM payloads, the chunk's threads' together, pack smallest.
 * Layers above 0 fold the runs of loops nested in loops into tables and leave the grammar fewer
 * runs (Water), and they cost where strata seldom repeat (Mp3d: each layer adds more table than it
 * takes from the grammar, and layer 0's table costs more than it saves: from version 17 a stream
 * may store none, its runs then of paths): the paper's hourglass, so the count is measured per
 * chunk rather than fixed (docs/strata.md, "Stored layers"). The threads are measured together because a chunk's
 * sections are packed together: threads running the same code have the same strata, whose tables
 * the pack's general-purpose stage folds (measured alone, each thread's would count in full).
 */
public final class StrataLayerChoice {
    /** The most layers tried: on Water the packed size still fell at four (docs/results/strata.md, session 43). */
    public static final int MAX_LAYERS = 4;

    private StrataLayerChoice() {}

    /**
     * {@code streams} (one chunk's) with the layer count, from none up to {@code maxLayers}, whose
     * payloads pack smallest together with {@code codec}: each candidate above stores one layer
     * more than the last (a stream that stores more already keeps its own), and the first that is
     * not smaller than the last ends the search; then no layer at all (runs of paths,
     * {@link #lowered}) if that packs smaller still. Candidates of 256 KiB of payload and more are
     * compared by a cheap pack first and packed with {@code codec} only where the two are close
     * ({@link CandidateSize}). Deterministic; every stream unfolds to the same control string.
     */
    public static List<StrataStream> smallest(List<StrataStream> streams, int maxLayers, Codec codec) {
        return choose(streams, new StrataLayerLimits(maxLayers, Long.MAX_VALUE), codec).streams();
    }

    /**
     * What {@link #choose} stored: the streams, and the layer count whose tables outgrew the budget
     * (0: none did; else that count's candidate was given up and the search stopped below it).
     */
    public record Choice(List<StrataStream> streams, int givenUpLayers, long tableBytesAtMost) {
        /** One line for the output and the trace's properties, or null when no layer was given up. */
        public String givenUp() {
            if (givenUpLayers == 0) return null;
            return "stratum layer " + (givenUpLayers - 1) + " (of " + givenUpLayers + " layers) given up: its tables took more than the "
                    + tableBytesAtMost + "-byte budget (--strata-memory), so at most " + (givenUpLayers - 1) + " layer" + (givenUpLayers == 2 ? " is" : "s are") + " stored";
        }
    }

    /**
     * As {@link #smallest}, within {@code limits}: at most {@code maxLayers} layers (0: every stream
     * lowered to its paths; a stream storing more is first lowered, then raised to the most allowed),
     * and a candidate whose added layer tables outgrow the budget given up, the search ending below it.
     */
    public static Choice choose(List<StrataStream> streams, StrataLayerLimits limits, Codec codec) {
        int max = limits.maxLayers();
        List<StrataStream> capped = streams; // the caller's list itself when no stream stores more than max
        if (streams.stream().anyMatch(s -> s.layers() > max)) {
            capped = new ArrayList<>(streams.size());
            for (StrataStream s : streams) capped.add(atMost(s, max));
        }
        if (max == 0) return new Choice(capped, 0, limits.tableBytesAtMost());
        int[] givenUp = {0};
        CandidateSize raised = raised(new CandidateSize(capped, codec), max, limits.tableBytesAtMost(), givenUp);
        List<StrataStream> lowered = lowered(capped);
        List<StrataStream> chosen = lowered != null && new CandidateSize(lowered, codec).smallerThan(raised) ? lowered : raised.streams;
        return new Choice(chosen, givenUp[0], limits.tableBytesAtMost());
    }

    /** {@code s} storing at most {@code max} layers: as it is, or lowered to its paths and raised again to {@code max}. */
    private static StrataStream atMost(StrataStream s, int max) {
        if (s.layers() <= max) return s;
        StrataStream paths = StrataLower.lower(s, GrammarAlgorithm.SEQUITUR.newBuilder());
        return max == 0 ? paths : StrataRaise.raise(paths, max, GrammarAlgorithm.SEQUITUR.newBuilder(), StrataPipeline.DEFAULT_MAX_LENGTH);
    }

    /**
     * The choice for one string's stream at a time, as {@code compress --grammar strata} stores each
     * chunk's grammar (through {@link dev.wholetrace.model.grammar.GrammarAlgorithm#strata}): what
     * {@link #choose} keeps of it, each layer given up told to {@code givenUp}.
     */
    public static StrataLevels levels(StrataLayerLimits limits, Codec codec, Consumer<String> givenUp) {
        return layerZero -> {
            Choice c = choose(List.of(layerZero), limits, codec);
            if (c.givenUp() != null) givenUp.accept(c.givenUp());
            return c.streams().get(0);
        };
    }

    /**
     * {@code streams} with no stratum layer ({@link StrataLower}: runs of paths) where a stream's
     * chunk holds at most {@link #LOWER_AT_MOST} runs of paths per symbol it stores, the others as
     * they are; null when none is lowered. Strata that repeat more are what the layers are for,
     * and the grammar over the runs of paths would be built over that many symbols for nothing.
     */
    static List<StrataStream> lowered(List<StrataStream> streams) {
        List<StrataStream> out = new ArrayList<>(streams.size());
        boolean any = false;
        for (StrataStream s : streams) {
            boolean lower = s.layers() > 0 && StrataLower.pathRuns(s) <= LOWER_AT_MOST * storedSymbols(s);
            out.add(lower ? StrataLower.lower(s, GrammarAlgorithm.SEQUITUR.newBuilder()) : s);
            any |= lower;
        }
        return any ? out : null;
    }

    /**
     * Runs of paths per stored symbol up to which a stream is lowered. Where strata are used about
     * once a stream holds about one (Mp3d's worker threads: 0.9, and lowering packs their chunks
     * 30 % smaller); where the layers pay, tens to hundreds (Water's workers 36-187, SOR's 20-77;
     * session 44, docs/results/strata.md).
     */
    static final long LOWER_AT_MOST = 4;

    /** Symbols {@code s} stores: its paths', its layers' elements, its runs and its grammar's. */
    private static long storedSymbols(StrataStream s) {
        long n = s.runCount() + s.grammar().symbolCount();
        for (int p = 0; p < s.pathCount(); p++) n += s.pathLength(p);
        for (int layer = 0; layer < s.layers(); layer++) {
            for (int k = 0; k < s.stratumCount(layer); k++) n += s.stratumLength(layer, k);
        }
        return n;
    }

    /**
     * {@code own} with one layer more at a time, from its own up to {@code maxLayers}, while that packs
     * smaller ({@link CandidateSize}: large candidates compared by an estimate first).
     */
    private static CandidateSize raised(CandidateSize own, int maxLayers, long tableBytesAtMost, int[] givenUp) {
        CandidateSize best = own;
        for (int layers = 2; layers <= Math.min(maxLayers, StrataStreamCodec.MAX_LAYERS); layers++) {
            List<StrataStream> next = new ArrayList<>(best.streams.size());
            long left = tableBytesAtMost;
            for (StrataStream s : best.streams) left -= upperTableBytes(s); // the layers above 0 the candidate holds already
            for (StrataStream s : best.streams) {
                StrataStream r = s.layers() >= layers ? s
                        : left < 0 ? null : StrataRaise.raise(s, layers, GrammarAlgorithm.SEQUITUR.newBuilder(), StrataPipeline.DEFAULT_MAX_LENGTH, left);
                if (r == null) { // over the budget: this layer is given up, the candidate below stands
                    givenUp[0] = layers;
                    return best;
                }
                if (r != s) left -= upperTableBytes(r) - upperTableBytes(s);
                next.add(r);
            }
            CandidateSize raised = own.withStreams(next);
            if (!raised.smallerThan(best)) break;
            best = raised;
        }
        return best;
    }

    /** What {@code s}'s layers above layer 0 hold as arrays: 4 bytes a stratum start, 8 an element. */
    private static long upperTableBytes(StrataStream s) {
        long n = 0;
        for (int layer = 1; layer < s.layers(); layer++) {
            n += 4L * (s.stratumCount(layer) + 1);
            for (int k = 0; k < s.stratumCount(layer); k++) n += 8L * s.stratumLength(layer, k);
        }
        return n;
    }

    /** The streams' STREAM payloads, back to back, packed with {@code codec}. */
    static long packedBytes(List<StrataStream> streams, Codec codec) {
        return new CandidateSize(streams, codec).packed();
    }
}
