package dev.wholetrace.model.grammar;

/**
 * Builds a straight-line grammar online, one terminal at a time, and freezes it into an immutable
 * {@link Grammar}. Everything that compresses a string into a grammar (the recorder's WPPs, the
 * Diff∘RLE∘SEQ address streams, the raw-trace importers, the benchmarks) holds one of these, made
 * by a {@link GrammarAlgorithm}, so a second algorithm needs no change at any of them.
 *
 * <p>Implementations sit on the recording hot path: {@link #append(int)} must not allocate per
 * symbol. They are not thread-safe.
 */
public interface GrammarBuilder {
    /** Largest terminal accepted: terminals and rule references share the int range of a {@link Grammar}. */
    int MAX_TERMINAL = Integer.MAX_VALUE;

    /** Appends one terminal ({@code 0 <= terminal <= MAX_TERMINAL}) to the input. */
    void append(int terminal);

    /** Appends every terminal of {@code terminals[from, to)}. */
    default void append(int[] terminals, int from, int to) {
        for (int i = from; i < to; i++) append(terminals[i]);
    }

    /** Number of terminals appended so far. */
    long length();

    /** Number of rules the grammar currently has, the start rule included. */
    int ruleCount();

    /** Number of symbols on the right-hand sides of all rules: what the grammar costs now. */
    long symbolCount();

    /** Bytes the builder's data structures hold now. */
    long footprintBytes();

    /** Bytes the builder's data structures held at their largest so far (its peak live memory). */
    long peakFootprintBytes();

    /**
     * Freezes the grammar of everything appended so far into an immutable {@link Grammar} in
     * canonical numbering ({@link Grammar#fromRules}), so equal rule DAGs give equal grammars
     * whichever builder made them. The builder stays usable.
     */
    Grammar toGrammar();

    /**
     * Empties the builder for a new string, keeping its storage where it is not far larger than
     * the last string needed, so that a recorder cutting a chunk every second does not regrow
     * (and leave to the garbage collector) a grammar's arrays from a few symbols each time.
     * Returns false, changing nothing, if the algorithm cannot: the caller then makes a new builder.
     */
    default boolean reset() {
        return false;
    }
}
