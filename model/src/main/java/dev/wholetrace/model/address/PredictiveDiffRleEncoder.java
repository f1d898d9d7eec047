package dev.wholetrace.model.address;

import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.util.Alphabet;
import java.util.Arrays;

/**
 * Diff∘RLE∘SEQ with a predictor stage (format version 6, docs/trace-format.md "Address streams"):
 * as {@link DiffRleEncoder}, addresses become differences and equal differences runs handed to the
 * grammar as (difference, run length) terminals, but in a stream that is mostly unpredictable (the
 * {@link DiffPredictor} bank missed on at least a quarter of its differences so far) a difference
 * none of the predictors foresaw is an <em>exception</em>: it goes to the stream's exception list
 * and the grammar gets an {@link #ESCAPE} run in its place, (ESCAPE, n) for n consecutive
 * exceptions. Random accesses (a particle's cell, a hash bucket) then cost a varint in the
 * exception list each instead of a symbol, an alphabet entry and a share of the grammar, and the
 * grammar keeps the regular structure around them; regular streams (stride, tiles, stencils)
 * never escape and are encoded exactly as by {@link DiffRleEncoder}.
 *
 * <p>A decoder needs the grammar, the run alphabet and the exception list only, never the
 * predictors: every terminal says its differences (its own, or the next exceptions), so seeking
 * stays O(grammar) with prefix sums over the exceptions ({@link DiffRleDecoder.Seeker}).
 */
public final class PredictiveDiffRleEncoder {
    /** The difference field of an escape run; never a real difference (addresses are non-negative longs). */
    public static final long ESCAPE = Long.MIN_VALUE;
    /** Differences before the miss rate may turn escaping on. */
    private static final int WARM_UP = 64;
    private static final long[] NONE = new long[0];

    private final GrammarBuilder grammar;
    private final Alphabet runs;
    private final DiffPredictor predictor = new DiffPredictor();
    private final int warmUp;
    private long[] exceptions = NONE;
    private int exceptionCount;
    private long last;
    private long runKey;
    private long runLength;
    private long count;
    private long misses;

    /** @param grammar an empty builder that receives the run ids (the encoder owns it from now on) */
    public PredictiveDiffRleEncoder(Alphabet runs, GrammarBuilder grammar) {
        this(runs, grammar, WARM_UP);
    }

    /** With another warm-up (tests: escaping from the first address). */
    PredictiveDiffRleEncoder(Alphabet runs, GrammarBuilder grammar, int warmUp) {
        this.runs = runs;
        this.grammar = grammar;
        this.warmUp = warmUp;
    }

    /** Appends the next address; returns whether its difference became an exception. */
    public boolean append(long address) {
        long diff = address - last;
        last = address;
        count++;
        boolean predicted = predictor.predicts(diff);
        if (!predicted) misses++;
        long key = diff;
        if (diff == ESCAPE || !predicted && count > warmUp && misses * 4 >= count) {
            key = ESCAPE;
            if (exceptionCount == exceptions.length) exceptions = Arrays.copyOf(exceptions, Math.max(16, exceptionCount * 2));
            exceptions[exceptionCount++] = diff;
        }
        if (runLength > 0 && key == runKey) {
            runLength++;
        } else {
            flushRun();
            runKey = key;
            runLength = 1;
        }
        return key == ESCAPE;
    }

    /** Hands the pending run to the grammar; call once after the last address. Idempotent. */
    public void finish() {
        flushRun();
    }

    private void flushRun() {
        if (runLength > 0) {
            grammar.append(runs.idOf(runKey, runLength));
            runLength = 0;
        }
    }

    /** Number of addresses appended. */
    public long count() {
        return count;
    }

    /** Number of exceptions so far (what the open stream holds besides its grammar). */
    public int exceptionCount() {
        return exceptionCount;
    }

    /** The exception list: the escaped differences in stream order (a copy). */
    public long[] exceptions() {
        return Arrays.copyOf(exceptions, exceptionCount);
    }

    /** The grammar over run ids; complete only after {@link #finish()}. */
    public GrammarBuilder grammar() {
        return grammar;
    }

    public Alphabet runs() {
        return runs;
    }
}
