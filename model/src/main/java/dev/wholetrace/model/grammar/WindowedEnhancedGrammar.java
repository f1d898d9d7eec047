package dev.wholetrace.model.grammar;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Frequency-ordered SEQUITUR over consecutive windows of the input ({@code --window N}), so that
 * memory follows the window instead of the input and the grammar can be built while recording.
 * Each full window of N symbols is built offline by the {@link PairReplacer} (as
 * {@link EnhancedSequiturGrammar} builds the whole input); its rules are merged into the grammar of
 * the earlier windows, a rule whose body (in merged rule ids) is already there reusing that rule,
 * and its start rule goes, symbol by symbol, into an online {@link SequiturGrammar} over the merged
 * symbols, so that what repeats across windows is shared at the top too, without keeping the
 * windows' start rules. {@link #toGrammar} builds the unfinished window the same way without
 * consuming it; rules then referenced once are written in place.
 *
 * <p><b>Memory</b> (docs/grammars.md): the window buffer, 4N bytes; while a window is built the
 * engine's arrays, about 12N bytes plus the window's digram records; and what the grammar holds:
 * the merged rules, their body index and the top-level SEQUITUR grammar, which grow with the
 * grammar, not the input. Appending into a window allocates nothing; the {@code append} that
 * finds the window full builds it, allocating that build's engine (about 8N bytes of arrays and
 * the digram records, garbage once the window is merged) and the merged rules' bodies.
 *
 * <p><b>Properties.</b> The expansion is always the input. With one window (N at least the input's
 * length) the grammar is exactly {@link EnhancedSequiturGrammar}'s, so both SEQUITUR properties
 * hold; with several, rule utility holds (rules used once are inlined at the end) and digram
 * uniqueness holds within each window's rules and within the top-level rules, but a digram may
 * repeat across two windows' rule bodies.
 */
public final class WindowedEnhancedGrammar implements GrammarBuilder {
    private final int window;
    private int[] buffer;
    private int fill;
    private long length;
    // The merged grammar of the full windows so far: rule g (1-based) is rules[g - 1].
    private int[][] rules = new int[16][];
    private int ruleTop;
    private final Map<Body, Integer> ruleOfBody = new HashMap<>();
    // The windows' start rules: SEQUITUR over dense ids of merged symbols (terminal or rule reference).
    private GrammarBuilder top = new SequiturGrammar();
    private final DigramTable idOfSymbol = new DigramTable(16);
    private int[] symbolOfId = new int[16];
    private int ids;
    private long ruleSymbols;
    private long peak;
    private Grammar built;

    /**
     * @param window          input symbols per window ({@link GrammarAlgorithm#withWindow} checks the range)
     * @param initialCapacity symbols to make room for at first (the buffer grows up to the window)
     */
    public WindowedEnhancedGrammar(int window, int initialCapacity) {
        if (window < 2) throw new IllegalArgumentException("window " + window + " is less than 2 symbols");
        this.window = window;
        this.buffer = new int[firstBuffer(initialCapacity)];
    }

    /** A buffer for {@code symbols}, at least 16 but never more than the window (the window is built when the buffer fills at N). */
    private int firstBuffer(int symbols) {
        return Math.min(window, Math.max(16, symbols));
    }

    @Override
    public void append(int terminal) {
        if (terminal < 0) throw new IllegalArgumentException("terminal " + terminal + " is negative");
        if (fill == buffer.length) makeRoom();
        buffer[fill++] = terminal;
        length++;
        built = null;
    }

    @Override
    public void append(int[] terminals, int from, int to) {
        for (int i = from; i < to; ) {
            if (fill == buffer.length) makeRoom();
            int n = Math.min(to - i, buffer.length - fill);
            for (int k = 0; k < n; k++) {
                int t = terminals[i + k];
                if (t < 0) throw new IllegalArgumentException("terminal " + t + " is negative");
                buffer[fill + k] = t;
            }
            fill += n;
            length += n;
            i += n;
            built = null;
        }
    }

    /**
     * Room for one more symbol in a full buffer: grown towards the window, or, at the window, the
     * window built. Only then, so that an input of exactly N symbols is one window.
     */
    private void makeRoom() {
        if (fill == window) {
            mergeWindow();
            return;
        }
        int cap = (int) Math.min(window, Math.max(16L, (long) buffer.length * 2));
        peak = Math.max(peak, 4L * (buffer.length + cap) + mergedBytes());
        buffer = Arrays.copyOf(buffer, cap);
    }

    /**
     * Builds the full buffer's window up to its {@linkplain #cut cut} and merges it into the earlier
     * windows' grammar; the symbols after the cut move to the front of the buffer.
     */
    private void mergeWindow() {
        int cut = cut();
        int[] rest = Arrays.copyOfRange(buffer, cut, fill);
        peak = Math.max(peak, 4L * (buffer.length + rest.length) + mergedBytes());
        int[] startOfWindow = buildWindow(buffer, cut, 4L * rest.length);
        System.arraycopy(rest, 0, buffer, 0, rest.length);
        fill = rest.length;
        for (int s : startOfWindow) {
            int id = idOfSymbol.putIfAbsent(s, ids);
            if (id == DigramTable.ABSENT) {
                if (ids == symbolOfId.length) symbolOfId = Arrays.copyOf(symbolOfId, ids * 2);
                symbolOfId[ids] = s;
                id = ids++;
            }
            top.append(id);
        }
    }

    /**
     * Where a full window ends: before the trigram of least hash in its second half (the first such).
     * Cutting by content rather than at N keeps windows of a repeating input in step: a loop whose
     * body is at most N/2 symbols long is cut at the same place of its body in every window, so the
     * windows' grammars have equal rules that merge, where fixed cuts would drift through the body.
     */
    private int cut() {
        int best = -1;
        long least = Long.MAX_VALUE;
        for (int i = Math.max(2, fill / 2); i < fill; i++) {
            long h = (((buffer[i - 2] * 0x9E37_79B9_7F4A_7C15L) ^ buffer[i - 1]) * 0xC2B2_AE3D_27D4_EB4FL ^ buffer[i]) * 0x1656_67B1_9E37_79F9L;
            h ^= h >>> 31;
            if (Long.compareUnsigned(h, least) < 0) {
                least = h;
                best = i - 2;
            }
        }
        return best > 0 ? best : fill;
    }

    /**
     * Builds {@code input[0, n)} (overwritten) and merges its rules; returns its start rule in merged
     * rule ids. {@code besideBytes}: what the caller holds beside the engine meanwhile (the symbols
     * after the cut, or the buffer a freeze builds a copy of), so that the peak counts it.
     */
    private int[] buildWindow(int[] input, int n, long besideBytes) {
        PairReplacer engine = new PairReplacer(input, n, true);
        Grammar g = Grammar.fromRules(engine.build()); // canonical: a rule references only higher-numbered ones
        peak = Math.max(peak, engine.peakFootprintBytes() + besideBytes + mergedBytes());
        int[] merged = new int[g.ruleCount()];
        for (int r = g.ruleCount() - 1; r >= 1; r--) merged[r] = merge(translate(g, r, merged));
        return translate(g, 0, merged);
    }

    /** Rule {@code r}'s body with its references renamed to merged ids. */
    private static int[] translate(Grammar g, int r, int[] merged) {
        int[] b = g.body(r);
        for (int i = 0; i < b.length; i++) if (Grammar.isRule(b[i])) b[i] = Grammar.ref(merged[Grammar.ruleOf(b[i])]);
        return b;
    }

    /** The merged id of a rule with this body: an earlier window's rule if it has the same body, else a new one. */
    private int merge(int[] body) {
        Body key = new Body(body);
        Integer id = ruleOfBody.get(key);
        if (id != null) return id;
        if (ruleTop == rules.length) rules = Arrays.copyOf(rules, ruleTop * 2);
        rules[ruleTop++] = body;
        ruleSymbols += body.length;
        ruleOfBody.put(key, ruleTop);
        return ruleTop;
    }

    /** Bytes the merged grammar holds: bodies, their index (about 64 bytes an entry), the top-level grammar and its symbol ids. */
    private long mergedBytes() {
        return 4L * ruleSymbols + 8L * rules.length + 64L * ruleTop + top.footprintBytes() + idOfSymbol.footprintBytes() + 4L * symbolOfId.length;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public int ruleCount() {
        return built != null ? built.ruleCount() : ruleTop + 1;
    }

    @Override
    public long symbolCount() {
        return built != null ? built.symbolCount() : ruleSymbols + top.symbolCount() + fill;
    }

    @Override
    public long footprintBytes() {
        return 4L * buffer.length + mergedBytes();
    }

    @Override
    public long peakFootprintBytes() {
        return Math.max(peak, footprintBytes());
    }

    @Override
    public Grammar toGrammar() {
        if (built != null) return built;
        int ruleTopBefore = ruleTop;
        long ruleSymbolsBefore = ruleSymbols;
        int[] tail = buildWindow(Arrays.copyOf(buffer, fill), fill, 4L * buffer.length); // the unfinished window stays in the buffer
        Grammar t = top.toGrammar();
        // Merged rule g is bodies[g]; the top-level grammar's rule k >= 1 is bodies[ruleTop + k].
        int[][] bodies = new int[1 + ruleTop + t.ruleCount() - 1][];
        System.arraycopy(rules, 0, bodies, 1, ruleTop);
        for (int k = 0; k < t.ruleCount(); k++) {
            int[] b = t.body(k);
            for (int i = 0; i < b.length; i++) b[i] = Grammar.isRule(b[i]) ? Grammar.ref(ruleTop + Grammar.ruleOf(b[i])) : symbolOfId[b[i]];
            if (k == 0) {
                b = Arrays.copyOf(b, b.length + tail.length);
                System.arraycopy(tail, 0, b, b.length - tail.length, tail.length);
            }
            bodies[k == 0 ? 0 : ruleTop + k] = b;
        }
        peak = Math.max(peak, footprintBytes() + 4L * ruleSymbols);
        // The rules the unfinished window added are forgotten: its symbols are merged again when it is full.
        for (int g = ruleTopBefore; g < ruleTop; g++) ruleOfBody.remove(new Body(rules[g]));
        Arrays.fill(rules, ruleTopBefore, ruleTop, null);
        ruleTop = ruleTopBefore;
        ruleSymbols = ruleSymbolsBefore;
        built = SingleUseRules.inline(Grammar.fromRules(bodies));
        return built;
    }

    /**
     * Empties the builder, keeping its buffer unless the last string used under a quarter of it (the
     * recorder reuses a builder at every chunk; a thread gone quiet should not keep a window's buffer).
     */
    @Override
    public boolean reset() {
        if (length < buffer.length / 4) buffer = new int[firstBuffer((int) length)];
        fill = 0;
        length = 0;
        rules = new int[16][];
        ruleTop = 0;
        ruleOfBody.clear();
        if (!top.reset()) top = new SequiturGrammar();
        idOfSymbol.clear(16);
        ids = 0;
        ruleSymbols = 0;
        peak = 0;
        built = null;
        return true;
    }

    /** A rule body as a hash key. */
    private record Body(int[] symbols) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Body b && Arrays.equals(b.symbols, symbols);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(symbols);
        }
    }
}
