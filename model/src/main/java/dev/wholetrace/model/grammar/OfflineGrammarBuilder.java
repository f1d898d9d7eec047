package dev.wholetrace.model.grammar;

import java.util.Arrays;

/**
 * A {@link GrammarBuilder} for offline algorithms: {@link #append} only buffers the input (4 bytes
 * per symbol, no other work), and {@link #toGrammar()} builds the grammar over the whole buffer
 * with a {@link PairReplacer}, in place (Re-Pair's then pruned by {@link RulePruning}). The
 * built grammar is kept; appending after a freeze first expands it back into a buffer, so the
 * builder stays usable as the interface promises.
 */
abstract class OfflineGrammarBuilder implements GrammarBuilder {
    private final boolean enhanced;
    private int[] input;
    private int length;
    private Grammar built;
    private long peak;

    OfflineGrammarBuilder(int initialCapacity, boolean enhanced) {
        this.enhanced = enhanced;
        this.input = new int[Math.max(16, initialCapacity)];
    }

    @Override
    public final void append(int terminal) {
        if (terminal < 0) throw new IllegalArgumentException("terminal " + terminal + " is negative");
        if (built != null) thaw();
        if (length == input.length) grow(length + 1);
        input[length++] = terminal;
    }

    @Override
    public final void append(int[] terminals, int from, int to) {
        if (built != null) thaw();
        if (to - from > input.length - length) grow(length + (to - from));
        for (int i = from; i < to; i++) {
            int t = terminals[i];
            if (t < 0) throw new IllegalArgumentException("terminal " + t + " is negative");
            input[length++] = t;
        }
    }

    private void grow(long need) {
        if (need > Integer.MAX_VALUE - 16) throw new IllegalStateException("an offline grammar holds at most 2^31 - 17 symbols");
        int cap = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, (long) input.length + (input.length >> 1)));
        peak = Math.max(peak, 4L * (input.length + cap));
        input = Arrays.copyOf(input, cap);
    }

    /** Brings back the buffer a build consumed: the grammar expands to exactly the input. */
    private void thaw() {
        int[] buffer = new int[Math.max(16, length + (length >> 1))];
        built.expander().read(buffer, 0, length);
        input = buffer;
        built = null;
    }

    @Override
    public final long length() {
        return length;
    }

    /** 1 until the first {@link #toGrammar()} after an append: until then the grammar is the input itself. */
    @Override
    public final int ruleCount() {
        return built != null ? built.ruleCount() : 1;
    }

    /** The input's length until the first {@link #toGrammar()} after an append, then the built grammar's. */
    @Override
    public final long symbolCount() {
        return built != null ? built.symbolCount() : length;
    }

    @Override
    public final long footprintBytes() {
        return input == null ? 0 : 4L * input.length;
    }

    @Override
    public final long peakFootprintBytes() {
        return Math.max(peak, footprintBytes());
    }

    @Override
    public final Grammar toGrammar() {
        if (built != null) return built;
        PairReplacer engine = new PairReplacer(input, length, enhanced);
        int[][] bodies = engine.build();
        peak = Math.max(peak, engine.peakFootprintBytes());
        input = null; // the engine wrote over it
        Grammar g = Grammar.fromRules(bodies);
        built = enhanced ? g : RulePruning.prune(g); // pruning would break the SEQUITUR properties enhanced keeps
        return built;
    }
}
