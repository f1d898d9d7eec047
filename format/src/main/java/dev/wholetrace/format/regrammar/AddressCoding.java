package dev.wholetrace.format.regrammar;

import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.address.DiffRleEncoder;
import dev.wholetrace.model.address.PredictiveDiffRleEncoder;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.util.Alphabet;
import java.util.Arrays;

/**
 * How {@code wholetrace recompress --addresses} re-encodes the address streams of a trace (CDR,
 * ALL): plain Diff∘RLE∘SEQ as format version 5 wrote them, or with the predictor stage of version 6
 * (docs/trace-format.md, "Address streams"). The addresses are decoded and encoded again, so a
 * version-5 trace gains the predictor stage without being recorded again, and a study can compare
 * both codings of the same recording.
 */
public enum AddressCoding {
    /** Diff∘RLE∘SEQ without exceptions (what version 5 stored). */
    DIFF_RLE("diff-rle"),
    /** Diff∘RLE∘SEQ with the predictor stage and exception lists (what the recorder writes from version 6). */
    PREDICTIVE("predictive");

    private final String cliName;

    AddressCoding(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line. */
    public String cliName() {
        return cliName;
    }

    /** The coding called {@code name} on the command line. */
    public static AddressCoding byName(String name) {
        for (AddressCoding c : values()) if (c.cliName.equals(name)) return c;
        throw new IllegalArgumentException("unknown address coding '" + name + "' (expected " + Arrays.toString(names()) + ")");
    }

    static String[] names() {
        return Arrays.stream(values()).map(AddressCoding::cliName).toArray(String[]::new);
    }

    /** One stream re-encoded: its grammar over the new run alphabet and its exception list. */
    record Stream(Grammar grammar, long[] exceptions) {}

    /**
     * Decodes one stream (its grammar over {@code oldRuns}, with {@code oldExceptions} or null) and
     * encodes its addresses into {@code builder} over {@code newRuns}.
     */
    Stream recode(Grammar g, Alphabet oldRuns, long[] oldExceptions, Alphabet newRuns, GrammarBuilder builder) {
        Encoder e = encoder(newRuns, builder);
        e.append(g, oldRuns, oldExceptions);
        return e.finish();
    }

    /** The (first, second) pairs of {@code runs}, in id order: a stream chunk's new symbols. */
    static long[] pairs(Alphabet runs) {
        long[] pairs = new long[2 * runs.size()];
        for (int id = 0; id < runs.size(); id++) {
            pairs[2 * id] = runs.first(id);
            pairs[2 * id + 1] = runs.second(id);
        }
        return pairs;
    }

    /** An encoder of one stream's addresses with this coding over {@code newRuns}, fed stored streams one after another. */
    Encoder encoder(Alphabet newRuns, GrammarBuilder builder) {
        return new Encoder(this == PREDICTIVE ? new PredictiveDiffRleEncoder(newRuns, builder) : null,
                this == DIFF_RLE ? new DiffRleEncoder(newRuns, builder) : null);
    }

    /** One instruction's stream being merged: stored streams appended in order, then {@link #finish}. */
    interface Sink {
        /** Appends the addresses of a stored stream: its grammar over {@code oldRuns}, with {@code oldExceptions} or null. */
        void append(Grammar g, Alphabet oldRuns, long[] oldExceptions);

        /** The stream of every address appended. */
        Stream finish();
    }

    /**
     * One stream being encoded: the addresses of stored streams appended in order (the same
     * instruction's streams of consecutive chunks, when chunks are merged), then {@link #finish}.
     */
    static final class Encoder implements Sink {
        private final PredictiveDiffRleEncoder predictive;
        private final DiffRleEncoder plain;

        private Encoder(PredictiveDiffRleEncoder predictive, DiffRleEncoder plain) {
            this.predictive = predictive;
            this.plain = plain;
        }

        @Override
        public void append(Grammar g, Alphabet oldRuns, long[] oldExceptions) {
            DiffRleDecoder in = new DiffRleDecoder(g, oldRuns, oldExceptions);
            if (predictive != null) {
                while (in.hasNext()) predictive.append(in.nextLong());
            } else {
                while (in.hasNext()) plain.append(in.nextLong());
            }
        }

        @Override
        public Stream finish() {
            if (predictive == null) {
                plain.finish();
                return new Stream(plain.grammar().toGrammar(), new long[0]);
            }
            predictive.finish();
            return new Stream(predictive.grammar().toGrammar(), predictive.exceptions());
        }
    }
}
