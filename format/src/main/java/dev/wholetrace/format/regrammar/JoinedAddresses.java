package dev.wholetrace.format.regrammar;

import dev.wholetrace.model.address.PredictiveDiffRleEncoder;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import java.util.Arrays;

/**
 * One instruction's address streams of consecutive chunks joined into one without decoding their
 * addresses (docs/grammars.md, "Joining grammars"): each chunk's grammar is expanded to its runs
 * only — (difference, run length) and escape runs, the grammar's terminals, far fewer than the
 * addresses on regular streams — which are appended to one run stream over the group's run
 * alphabet and given one Re-Pair grammar; the exception lists are concatenated. The predictors are
 * not run again: a decoder never consults them, so the escapes the recorder chose per chunk stay
 * valid in the joined stream.
 *
 * <p>A reader decodes a stream as differences from 0 (docs/trace-format.md, "Address streams"), so
 * a chunk's first difference is its first address; joined, it must be the difference from the
 * previous chunk's last address instead. Only that first run changes: a run (d, n) becomes
 * (d − last, 1) then (d, n − 1) (merged with the runs around them when equal), an escape run's first
 * exception has {@code last} subtracted. The last address is the sum of the chunk's differences.
 * A difference equal to the escape value (d − last wraps around to it) is escaped, as the encoder
 * escapes it, with an exception of its own.
 */
final class JoinedAddresses implements AddressCoding.Sink {
    /** Runs expanded at a time from a chunk's grammar. */
    private static final int EXPANSION_BUFFER = 1 << 12;
    private final Alphabet runs;
    private final GrammarBuilder grammar = GrammarAlgorithm.REPAIR.newBuilder();
    private long[] exceptions = new long[0];
    private int exceptionCount;
    private long last; // the last address of the streams appended so far (0 before any)
    private long pendingKey;
    private long pendingLength;

    /** @param runs the group's run alphabet (shared by the thread's address streams) */
    JoinedAddresses(Alphabet runs) {
        this.runs = runs;
    }

    @Override
    public void append(Grammar g, Alphabet oldRuns, long[] oldExceptions) {
        long[] ex = oldExceptions == null ? new long[0] : oldExceptions; // null: a version-5 stream, without escapes
        int firstException = exceptionCount;
        addExceptions(ex);
        long chunkLast = 0;
        for (long e : ex) chunkLast += e;
        boolean first = true;
        // sized to the stream, not a fixed 16 KiB: a join keeps one sink per thread and instruction
        // (hundreds of thousands with thousands of virtual threads) until its group is finished
        int[] buffer = new int[(int) Math.max(1, Math.min(g.length(), EXPANSION_BUFFER))];
        GrammarExpander it = g.expander();
        int n;
        while ((n = it.read(buffer, 0, buffer.length)) > 0) {
            for (int i = 0; i < n; i++) {
                long d = oldRuns.first(buffer[i]);
                long length = oldRuns.second(buffer[i]);
                boolean escape = oldExceptions != null && d == PredictiveDiffRleEncoder.ESCAPE;
                if (!escape) chunkLast += d * length;
                if (first && escape) {
                    exceptions[firstException] -= last;
                } else if (first) {
                    difference(d - last, 1, firstException);
                    length--;
                }
                first = false;
                if (length > 0) {
                    if (escape) run(d, length);
                    else difference(d, length, exceptionCount);
                }
            }
        }
        if (!first) last = chunkLast;
    }

    @Override
    public AddressCoding.Stream finish() {
        if (pendingLength > 0) grammar.append(runs.idOf(pendingKey, pendingLength));
        pendingLength = 0;
        return new AddressCoding.Stream(grammar.toGrammar(), Arrays.copyOf(exceptions, exceptionCount));
    }

    /**
     * Appends {@code length} differences {@code d}; one equal to the escape value (64-bit wrap-around
     * made it of a boundary's first difference, or a version-5 stream, which has no escapes, stored
     * it) is escaped, as the encoder escapes it, its exceptions inserted at {@code at}: the joined
     * stream's reader takes every escape run's differences from the exceptions.
     */
    private void difference(long d, long length, int at) {
        if (d != PredictiveDiffRleEncoder.ESCAPE) {
            run(d, length);
            return;
        }
        long[] more = new long[Math.toIntExact(length)];
        Arrays.fill(more, d);
        insertExceptions(at, more);
        run(PredictiveDiffRleEncoder.ESCAPE, length);
    }

    /** Appends {@code length} differences {@code key} (or escapes), joining them to the pending run when equal, as the encoder does. */
    private void run(long key, long length) {
        if (pendingLength > 0 && key == pendingKey) {
            pendingLength += length;
            return;
        }
        if (pendingLength > 0) grammar.append(runs.idOf(pendingKey, pendingLength));
        pendingKey = key;
        pendingLength = length;
    }

    private void addExceptions(long[] more) {
        insertExceptions(exceptionCount, more);
    }

    /** Inserts {@code more} before exception {@code at} (the chunk's own, when a first difference is escaped). */
    private void insertExceptions(int at, long[] more) {
        if (exceptionCount + more.length > exceptions.length) {
            exceptions = Arrays.copyOf(exceptions, Math.max(2 * exceptions.length, exceptionCount + more.length));
        }
        System.arraycopy(exceptions, at, exceptions, at + more.length, exceptionCount - at);
        System.arraycopy(more, 0, exceptions, at, more.length);
        exceptionCount += more.length;
    }
}
