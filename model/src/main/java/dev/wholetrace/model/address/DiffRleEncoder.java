package dev.wholetrace.model.address;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.util.Alphabet;

/**
 * Online Diff∘RLE∘SEQ (parallel-wpp-compression §2.4) for the address stream of one instruction.
 * Addresses become differences (the first from 0), equal differences are gathered into runs, and
 * only at the end of a run is the pair (difference, run length) handed to the grammar builder
 * (SEQUITUR by default) as one
 * terminal. So 10, 14, 18, 22, 42 reaches SEQUITUR as 10¹ 4³ 20¹, and a strided sweep of a
 * sub-grid becomes one repeated pair per row, which SEQUITUR then folds across rows.
 *
 * <p>The pair alphabet may be shared by many encoders (one per instruction) so that a pair common
 * to many instructions is stored once.
 */
public final class DiffRleEncoder {
    private final GrammarBuilder grammar;
    private final Alphabet runs;
    private long last;
    private long runDiff;
    private long runLength;
    private long count;

    /** An encoder whose runs go to a builder of the {@linkplain GrammarAlgorithm#DEFAULT default algorithm}. */
    public DiffRleEncoder(Alphabet runs) {
        this(runs, GrammarAlgorithm.DEFAULT.newBuilder());
    }

    /** @param grammar an empty builder that receives the run ids (the encoder owns it from now on) */
    public DiffRleEncoder(Alphabet runs, GrammarBuilder grammar) {
        this.runs = runs;
        this.grammar = grammar;
    }

    public void append(long address) {
        long diff = address - last;
        last = address;
        count++;
        if (runLength > 0 && diff == runDiff) {
            runLength++;
            return;
        }
        flushRun();
        runDiff = diff;
        runLength = 1;
    }

    /** Hands the pending run to SEQUITUR; call once after the last address. Idempotent. */
    public void finish() {
        flushRun();
    }

    private void flushRun() {
        if (runLength > 0) {
            grammar.append(runs.idOf(runDiff, runLength));
            runLength = 0;
        }
    }

    /** Number of addresses appended. */
    public long count() {
        return count;
    }

    /** The grammar over run ids; complete only after {@link #finish()}. */
    public GrammarBuilder grammar() {
        return grammar;
    }

    public Alphabet runs() {
        return runs;
    }
}
