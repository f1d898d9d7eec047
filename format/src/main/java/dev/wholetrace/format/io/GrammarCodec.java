package dev.wholetrace.format.io;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The grammar block of a {@link Grammar} and an {@link Alphabet} (docs/formats.md, "grammar block"):
 * model versions 1 to 3 range-code the rules' tokens with adaptive binary models (version 1 an order-0
 * terminal tree, 2 move-to-front references, 3 references weighted by their uses left), the smallest
 * kept ({@link #writeAll}); version 4 ({@link #writePlain})
 * writes each token as a varint of 3 × value + kind, for a caller that compresses many blocks together.
 */
public final class GrammarCodec {
    private GrammarCodec() {}

    /**
     * Every token costs at least one adaptive binary decision, and no decision costs less than
     * -log2(1 - 2^-6) bits with shift-5 adaptation on 11-bit probabilities, so a block of b bytes
     * holds at most about 360 tokens per byte. A corrupted count beyond that is rejected before
     * anything is allocated.
     */
    private static final long MAX_TOKENS_PER_BYTE = 400;

    /**
     * Format limit on the symbols of one grammar (2^28, a 1 GiB body). Such a tiny block can
     * declare, and a degenerate one really decode, a great many symbols; this keeps what a crafted
     * block can cost bounded. The builder itself stops at 2^29 symbols.
     */
    public static final int MAX_SYMBOLS = 1 << 28;

    /** Writes one grammar: {@link #writeAll} of a list of one. */
    public static void write(Grammar g, VarIntWriter out) {
        writeAll(List.of(g), out);
    }

    /** Reads one grammar written by {@link #write}. */
    public static Grammar read(VarIntReader in) throws FormatException {
        List<Grammar> gs = readAll(in);
        if (gs.size() != 1) throw in.corrupt("expected one grammar, found " + gs.size());
        in.expectEnd();
        return gs.get(0);
    }

    /** The latest coded model version (docs/formats.md, "grammar block"): what {@link #writeAll} chooses among. */
    public static final int MODEL_VERSION = 3;
    /** Model version 4, written only by {@link #writePlain}: the tokens as varints, for a caller that compresses many blocks together. */
    public static final int PLAIN_MODEL = 4;

    /**
     * Writes grammars as {@link #writeAll} does but with model version 4: version 1's token stream
     * (terminal, new rule with its length, reference by definition index) as one varint per token,
     * uncoded. Larger alone; the trace writer uses it where a chunk's sections are compressed as one
     * block (a pack) and the threads' grammars repeat each other, which a range-coded block hides
     * from the general-purpose stage (each thread's bitstream differs after its first difference).
     */
    public static void writePlain(List<Grammar> grammars, VarIntWriter out) {
        writeAll(grammars, out, PLAIN_MODEL);
    }

    /**
     * Writes grammars inline, in the order a left-to-right expansion first meets their rules: a
     * rule's body is spelled out where it is first used, and later uses refer back to it by its
     * definition index. One range coder and one model serve the whole list, so many small
     * grammars (one per instruction) share their statistics and their setup cost. The list is coded
     * with every model version and the smallest kept: version 3 ({@link ExpansionModel} drawing
     * references weighted by their uses left) wins on the grammars of frequency-ordered SEQUITUR and
     * Re-Pair, version 2 (move-to-front references) often on SEQUITUR's, and version 1's order-0
     * terminal tree, which learns across the grammars of a block, on blocks of many tiny grammars
     * over shared terminals (the address streams of a CDR chunk). Version 1 alone for a list with an
     * empty rule other than a start rule, which versions 2 and 3 cannot code.
     */
    public static void writeAll(List<Grammar> grammars, VarIntWriter out) {
        boolean expansion = true;
        for (Grammar g : grammars) expansion &= ExpansionCodec.codes(g);
        VarIntWriter[] scratch = CANDIDATES.get();
        VarIntWriter smallest = scratch[0];
        VarIntWriter candidate = scratch[1];
        smallest.clear();
        writeAll(grammars, smallest, 1);
        for (int version = 2; expansion && version <= MODEL_VERSION; version++) {
            candidate.clear();
            writeAll(grammars, candidate, version);
            if (candidate.size() < smallest.size()) {
                VarIntWriter w = smallest;
                smallest = candidate;
                candidate = w;
            }
        }
        out.writeAll(smallest);
    }

    /**
     * Per writing thread, the two buffers {@link #writeAll} codes each model version into (the
     * smallest so far and the next): made anew per block and grown by doubling, they were much of
     * the recorder's writer's garbage (docs/results/overhead-profile.md, "Session 51").
     */
    private static final ThreadLocal<VarIntWriter[]> CANDIDATES = ThreadLocal.withInitial(() -> new VarIntWriter[] {new VarIntWriter(), new VarIntWriter()});

    /**
     * Per writing thread, the models of its last block, reset for its next: their probability
     * tables were most of what coding a block allocated, and the recorder's writer codes a block per
     * thread, stream and chunk with every model version (a third of the agent's sampled allocation
     * with thousands of short threads, docs/results/overhead-profile.md, "Session 39: memory").
     */
    private static final ThreadLocal<ExpansionModel[]> EXPANSION_MODELS = ThreadLocal.withInitial(() -> new ExpansionModel[MODEL_VERSION + 1]);
    private static final ThreadLocal<GrammarModel[]> VERSION_1_MODELS = ThreadLocal.withInitial(() -> new GrammarModel[1]);

    /** The calling thread's version-1 model, reset for a block on {@code coder} (package-private for tests). */
    static GrammarModel version1Model(BitCoder coder, long maxTerminal) {
        GrammarModel[] kept = VERSION_1_MODELS.get();
        if (kept[0] == null) return kept[0] = new GrammarModel(coder, maxTerminal);
        return kept[0].reset(coder, maxTerminal);
    }

    private static ExpansionModel expansionModel(BitCoder coder, int version, long maxTerminal) {
        ExpansionModel[] kept = EXPANSION_MODELS.get();
        if (kept[version] == null) return kept[version] = new ExpansionModel(coder, version, maxTerminal);
        return kept[version].reset(coder, maxTerminal);
    }

    /** {@link #writeAll} with model version 1, 2 or 3 (files written before session 32 hold version 1, before session 33 versions 1 and 2), or 4 ({@link #writePlain}). */
    static void writeAll(List<Grammar> grammars, VarIntWriter out, int version) {
        long maxTerminal = -1;
        for (Grammar g : grammars) maxTerminal = Math.max(maxTerminal, g.maxTerminal());
        for (Grammar g : grammars) {
            if (g.symbolCount() > MAX_SYMBOLS) {
                throw new IllegalArgumentException("a grammar of " + g.symbolCount() + " symbols exceeds the format limit of " + MAX_SYMBOLS);
            }
        }
        if (version != 1) {
            // Version 1 starts with the grammar count, and writes 0 then a terminal bound of 0 for
            // an empty list: 0 followed by a version >= 2 never begins a version-1 block.
            out.writeVarLong(0);
            out.writeVarLong(version);
        }
        out.writeVarLong(grammars.size());
        out.writeVarLong(maxTerminal + 1);
        for (Grammar g : grammars) {
            out.writeVarLong(g.ruleCount());
            out.writeVarLong(g.symbolCount());
            out.writeVarLong(g.bodyLength(0));
        }
        RangeEncoder rc = version == PLAIN_MODEL ? null : new RangeEncoder(out, version != 1);
        try {
            if (version == 1 || version == PLAIN_MODEL) {
                GrammarModel model = rc == null ? GrammarModel.plain(out, null, maxTerminal) : version1Model(rc, maxTerminal);
                for (Grammar g : grammars) {
                    model.nextGrammar();
                    encode(g, model);
                }
            } else {
                ExpansionModel model = expansionModel(rc, version, maxTerminal);
                for (Grammar g : grammars) {
                    model.nextGrammar();
                    ExpansionCodec.encode(g, model);
                }
            }
        } catch (FormatException e) {
            throw new IllegalStateException("the encoder never reports format errors", e);
        }
        if (rc != null) rc.finish();
    }

    private static void encode(Grammar g, GrammarModel model) throws FormatException {
        int[] references = g.referenceCounts();
        int[] definedAs = new int[g.ruleCount()];
        Arrays.fill(definedAs, -1);
        int defined = 0;
        int[] stackRule = new int[g.depth() + 1];
        int[] stackPos = new int[g.depth() + 1];
        int[] stackCtx = new int[g.depth() + 1];
        int sp = 0;
        stackRule[sp] = 0;
        stackCtx[sp++] = model.bodyStartContext();
        while (sp > 0) {
            int top = sp - 1;
            int r = stackRule[top];
            int i = stackPos[top];
            if (i == g.bodyLength(r)) {
                sp--;
                continue;
            }
            stackPos[top] = i + 1;
            int s = g.symbol(r, i);
            int ctx = stackCtx[top];
            if (!Grammar.isRule(s)) {
                model.code(ctx, GrammarModel.TERMINAL, s, 0, defined);
                stackCtx[top] = model.contextAfter(GrammarModel.TERMINAL, s);
                continue;
            }
            int c = Grammar.ruleOf(s);
            if (definedAs[c] >= 0) {
                model.code(ctx, GrammarModel.REFERENCE, definedAs[c], 0, defined);
                stackCtx[top] = model.contextAfter(GrammarModel.REFERENCE, definedAs[c]);
                continue;
            }
            model.code(ctx, GrammarModel.NEW_RULE, g.bodyLength(c), references[c], defined);
            stackCtx[top] = model.contextAfter(GrammarModel.NEW_RULE, defined);
            definedAs[c] = defined++;
            stackRule[sp] = c;
            stackPos[sp] = 0;
            stackCtx[sp++] = model.bodyStartContext();
        }
    }

    /** Reads the grammars written by {@link #writeAll}, up to the end of {@code in}. */
    /**
     * The grammar count, total symbols and total rules a grammar block's header declares (what
     * {@link #readAll} allocates for it), read off a {@link VarIntReader#peek} of {@code in}
     * without decoding the block: a reader's memory estimate of a grammar it has not decoded yet.
     */
    public static long[] declaredSize(VarIntReader in) throws FormatException {
        VarIntReader h = in.peek();
        long count = h.readVarLong("grammar count");
        long bound = h.readVarLong("terminal bound");
        if (count == 0 && bound > 0) { // a model version, then the count: see writeAll
            count = h.readVarLong("grammar count");
            h.readVarLong("terminal bound");
        }
        long symbols = 0;
        long rules = 0;
        for (long k = 0; k < count && count <= in.remaining(); k++) {
            long r = h.readVarLong("rule count");
            long n = h.readVarLong("symbol count");
            if (n < 0 || n > MAX_SYMBOLS || r < 0 || r > n + 1) throw h.corrupt("rule count " + r + " or symbol count " + n + " out of range");
            rules += r;
            symbols += n;
            h.readVarLong("length of the start rule");
        }
        return new long[] {count, symbols, rules};
    }

    public static List<Grammar> readAll(VarIntReader in) throws FormatException {
        int count = in.readCount("grammar count", in.remaining());
        long maxTerminal = in.readVarLong("terminal bound") - 1;
        int version = 1;
        if (count == 0 && maxTerminal >= 0) { // 0, then a model version: see writeAll
            if (maxTerminal + 1 < 2 || maxTerminal + 1 > PLAIN_MODEL) {
                throw in.corrupt("unsupported grammar model version " + (maxTerminal + 1));
            }
            version = (int) (maxTerminal + 1);
            count = in.readCount("grammar count", in.remaining());
            maxTerminal = in.readVarLong("terminal bound") - 1;
        }
        if (maxTerminal < -1 || maxTerminal > Integer.MAX_VALUE) throw in.corrupt("terminal bound " + (maxTerminal + 1) + " out of range");
        int[] ruleCounts = new int[count];
        int[] symbolCounts = new int[count];
        int[] startLengths = new int[count];
        long totalSymbols = 0;
        for (int k = 0; k < count; k++) {
            ruleCounts[k] = in.readCount("rule count", Integer.MAX_VALUE - 8);
            long symbols = in.readVarLong("symbol count");
            if (symbols < 0 || symbols > MAX_SYMBOLS) {
                throw in.corrupt("symbol count " + symbols + " is impossible: a grammar holds at most " + MAX_SYMBOLS);
            }
            symbolCounts[k] = (int) symbols;
            startLengths[k] = in.readCount("length of the start rule", symbolCounts[k]);
            if (ruleCounts[k] < 1 || ruleCounts[k] > symbolCounts[k] + 1) {
                throw in.corrupt("rule count " + ruleCounts[k] + " does not fit " + symbolCounts[k] + " symbols");
            }
            totalSymbols += symbolCounts[k];
        }
        if (totalSymbols > MAX_TOKENS_PER_BYTE * (in.remaining() + 8L)) {
            throw in.corrupt(totalSymbols + " symbols are impossible in " + in.remaining() + " coded bytes");
        }
        RangeDecoder rc = version == PLAIN_MODEL ? null : new RangeDecoder(in, version != 1);
        List<Grammar> out = new ArrayList<>(count);
        if (version == 1 || version == PLAIN_MODEL) {
            GrammarModel model = rc == null ? GrammarModel.plain(null, in, maxTerminal) : new GrammarModel(rc, maxTerminal);
            for (int k = 0; k < count; k++) {
                model.nextGrammar();
                out.add(decode(in, model, ruleCounts[k], symbolCounts[k], startLengths[k]));
            }
        } else {
            ExpansionModel model = new ExpansionModel(rc, version, maxTerminal);
            for (int k = 0; k < count; k++) {
                model.nextGrammar();
                out.add(ExpansionCodec.decode(in, model, ruleCounts[k], symbolCounts[k], startLengths[k]));
            }
        }
        in.expectEnd();
        return out;
    }

    private static Grammar decode(VarIntReader in, GrammarModel model, int ruleCount, int symbolCount, int startLength)
            throws FormatException {
        DecodedRules rules = new DecodedRules(in, ruleCount, symbolCount, startLength);
        boolean[] finished = new boolean[16];
        int[] stackRule = new int[16];
        int[] stackPos = new int[16];
        int[] stackCtx = new int[16];
        int sp = 0;
        stackRule[sp] = 0;
        stackCtx[sp++] = model.bodyStartContext();
        while (sp > 0) {
            int top = sp - 1;
            int r = stackRule[top];
            int i = stackPos[top];
            if (rules.complete(r, i)) {
                finished[r] = true;
                sp--;
                continue;
            }
            stackPos[top] = i + 1;
            int defined = rules.defined();
            model.code(stackCtx[top], 0, 0, 0, defined);
            switch (model.kind) {
                case GrammarModel.TERMINAL -> {
                    rules.put(r, i, (int) model.value);
                    stackCtx[top] = model.contextAfter(GrammarModel.TERMINAL, model.value);
                }
                case GrammarModel.REFERENCE -> {
                    long d = model.value;
                    if (d < 0 || d >= defined || !finished[(int) d + 1]) throw in.corrupt("reference to an undefined or unfinished rule");
                    rules.put(r, i, Grammar.ref((int) d + 1));
                    stackCtx[top] = model.contextAfter(GrammarModel.REFERENCE, d);
                }
                default -> {
                    int c = rules.define(model.value, 0);
                    if (c == finished.length) finished = Arrays.copyOf(finished, c * 2);
                    rules.put(r, i, Grammar.ref(c));
                    stackCtx[top] = model.contextAfter(GrammarModel.NEW_RULE, defined);
                    if (sp == stackRule.length) {
                        stackRule = Arrays.copyOf(stackRule, sp * 2);
                        stackPos = Arrays.copyOf(stackPos, sp * 2);
                        stackCtx = Arrays.copyOf(stackCtx, sp * 2);
                    }
                    stackRule[sp] = c;
                    stackPos[sp] = 0;
                    stackCtx[sp++] = model.bodyStartContext();
                }
            }
        }
        return rules.toGrammar();
    }

    /** Values (or pairs) in id order; each component is a zigzag delta from the previous entry. */
    public static void write(Alphabet a, boolean pairs, VarIntWriter out) {
        out.writeVarLong(a.size());
        long prevFirst = 0;
        long prevSecond = 0;
        for (int id = 0; id < a.size(); id++) {
            out.writeSignedVarLong(a.first(id) - prevFirst);
            prevFirst = a.first(id);
            if (pairs) {
                out.writeSignedVarLong(a.second(id) - prevSecond);
                prevSecond = a.second(id);
            }
        }
    }

    public static Alphabet readAlphabet(VarIntReader in, boolean pairs) throws FormatException {
        int size = in.readCount("alphabet size", in.remaining());
        Alphabet a = new Alphabet();
        long first = 0;
        long second = 0;
        for (int id = 0; id < size; id++) {
            first += in.readSignedVarLong("alphabet entry " + id);
            if (pairs) second += in.readSignedVarLong("alphabet entry " + id);
            if (a.idOf(first, second) != id) throw in.corrupt("alphabet entry " + id + " is a duplicate");
        }
        return a;
    }
}
