package dev.wholetrace.format.io;

import java.util.Arrays;

/**
 * The adaptive model of grammar blocks of model version 2 ({@link GrammarCodec}, docs/formats.md):
 * codes every token of a grammar written inline by the first terminal of its expansion, predicted
 * from the last terminal expanded before it, then by which token starting with that terminal it is.
 *
 * <p>Why: a grammar that keeps no digram twice (SEQUITUR and frequency-ordered SEQUITUR) leaves
 * nothing for "which symbol followed this symbol last time" to predict (version 1's model). What
 * remains predictable is the trace itself: in a control-flow trace a block has few successors, so
 * the first terminal of the next token, whatever rule it is, is one of the few terminals that
 * followed the last expanded terminal before (a move-to-front list per terminal). And once that
 * terminal is known, a reference only has to choose among the open rules (rules with uses left)
 * whose expansion starts with it, not among all open rules, in move-to-front order. A terminal
 * that never followed the last one is coded as its distance from it (terminals are numbered in
 * order of first appearance, so a successor tends to be numbered close after its predecessor).
 *
 * <p>Version 3 codes a reference differently: as a draw among the open rules starting with that
 * terminal weighted by their uses left ({@link OpenRuleUrn}) instead of a move-to-front rank
 * ({@link RecentOpenRules}). On the grammars of frequency-ordered SEQUITUR the references are close
 * to random in order, and the uses left, known to the decoder, predict them better than recency;
 * SEQUITUR's grammars keep more locality, which version 2 exploits (the writer keeps the smaller).
 *
 * <p>Encoder and decoder make the same calls in the same order; each call codes its argument
 * (encoder) or ignores it and returns what it decoded (decoder).
 */
final class ExpansionModel {
    static final int TERMINAL = 0;
    static final int NEW_RULE = 1;
    static final int REFERENCE = 2;

    /** Successors remembered per terminal. */
    private static final int SUCCESSORS = 16;
    /** The context of the first token of a grammar: no terminal expanded yet. */
    private static final long START = -1;

    private BitCoder coder;
    private final int version;
    private long maxTerminal;
    private final NumberModel lengths = new NumberModel();
    private final NumberModel uses = new NumberModel();
    /** By the bit length of the candidates' count; each made at its first use ({@link #rank}). */
    private final NumberModel[] ranks = new NumberModel[33];
    private final NumberModel deltas = new NumberModel();
    private final short[] successorHit = BitCoder.probabilities(SUCCESSORS * (SUCCESSORS + 1));
    private final short[] novel = BitCoder.probabilities(2);
    private final short[] kinds = BitCoder.probabilities(3 * 4 * 2);

    // Per grammar: terminals (and START) by dense id, their successor lists, the kind of the last
    // token that started with them, and the open rules that start with them, the latest defined
    // or used at the end.
    private DenseIds ids = new DenseIds();
    private int[] successors = new int[FIRST_TERMINALS * SUCCESSORS];
    private byte[] successorCount = new byte[FIRST_TERMINALS];
    private byte[] lastKind = new byte[FIRST_TERMINALS];
    private RecentOpenRules open; // version 2
    private OpenRuleUrn urn;      // version 3
    /** The most terminals and rules a grammar of the current block had, and of recent blocks (what {@link #reset} sizes the tables to). */
    private int blockTerminals;
    private int blockRules;
    private int recentTerminals;
    private int recentRules;
    private long nextTerminal;
    // Per rule definition index: the last terminal of its expansion.
    private long[] last = new long[64];
    /** The encoder's arrays ({@link ExpansionCodec#encode}), kept from grammar to grammar as the tables above. */
    private WalkArrays walk = new WalkArrays();

    /** A model of {@code version} 2 or 3 (docs/formats.md, "Grammar block"). */
    ExpansionModel(BitCoder coder, int version, long maxTerminal) {
        this.coder = coder;
        this.version = version;
        this.maxTerminal = maxTerminal;
        this.open = version == 2 ? new RecentOpenRules() : null;
        this.urn = version == 2 ? null : new OpenRuleUrn();
    }

    /**
     * This model in a new one's state, on {@code coder} and for terminals up to {@code maxTerminal}:
     * the writer reuses its models from block to block ({@link GrammarCodec}). Rank models made
     * for an earlier block stay, reset, the state {@link #rank} would make them in; the next
     * grammar's {@link #nextGrammar} resets the rest ({@link #last} is written before it is read).
     */
    ExpansionModel reset(BitCoder coder, long maxTerminal) {
        this.coder = coder;
        this.maxTerminal = maxTerminal;
        lengths.reset();
        uses.reset();
        deltas.reset();
        for (NumberModel m : ranks) if (m != null) m.reset();
        BitCoder.reset(successorHit);
        BitCoder.reset(novel);
        BitCoder.reset(kinds);
        // What recent blocks needed, decaying by an eighth a block: the writer codes a block per
        // thread and stream, so a large thread's block comes back every chunk between small ones.
        blockTerminals = Math.max(blockTerminals, ids.size());
        recentTerminals = Math.max(blockTerminals, recentTerminals - (recentTerminals >> 3));
        recentRules = Math.max(blockRules, recentRules - (recentRules >> 3));
        if (successorCount.length > Math.max(FIRST_TERMINALS, 4 * recentTerminals) || last.length > Math.max(64, 4 * recentRules)) {
            // Tables grown by a large grammar no recent block has matched go back to what recent
            // blocks needed: kept with the writer thread, they would hold that size for good.
            int n = Math.max(FIRST_TERMINALS, Integer.highestOneBit(Math.max(1, recentTerminals)) * 2);
            ids = new DenseIds(n);
            successors = new int[n * SUCCESSORS];
            successorCount = new byte[n];
            lastKind = new byte[n];
            open = version == 2 ? new RecentOpenRules() : null;
            urn = version == 2 ? null : new OpenRuleUrn();
            last = new long[Math.max(64, recentRules)];
        }
        if (walk.capacity() > Math.max(64, 4 * recentRules)) walk = new WalkArrays();
        blockTerminals = 0;
        blockRules = 0;
        return this;
    }

    /**
     * Terminals a grammar's tables hold at first ({@link #id} doubles them): the writer starts a
     * grammar per thread, stream and chunk, and a short thread's has a few terminals; 64 made the
     * successor lists alone 4 KB a grammar, twice per block (versions 2 and 3).
     */
    private static final int FIRST_TERMINALS = 8;

    /**
     * Starts the next grammar of a block: its terminals and rules are new; the probabilities stay.
     * The per-grammar tables are cleared where the last grammar used them, not made anew: the
     * writer starts a grammar per version, thread, stream and chunk, and growing fresh tables by
     * doubling for each was most of its garbage (docs/results/overhead-profile.md, "Session 51").
     * What is not cleared ({@link #successors} past a terminal's count, {@link #last}) is written
     * before it is read.
     */
    void nextGrammar() {
        int used = ids.size();
        blockTerminals = Math.max(blockTerminals, used);
        Arrays.fill(successorCount, 0, used, (byte) 0);
        Arrays.fill(lastKind, 0, used, (byte) 0);
        ids.clear();
        if (version == 2) {
            open.clear();
        } else {
            urn.clear();
        }
        nextTerminal = 0;
    }

    /** The encoder's arrays for its walk over a grammar, kept with this model. */
    WalkArrays walk() {
        return walk;
    }

    /** The context of the first token of a grammar. */
    static long start() {
        return START;
    }

    /**
     * Codes {@code first}, the first terminal of the next token's expansion, after {@code previous},
     * the last terminal expanded (or {@link #start()}).
     */
    long first(long previous, long first) throws FormatException {
        int c = id(previous);
        int n = successorCount[c];
        int base = c * SUCCESSORS;
        for (int i = 0; i < n; i++) {
            int s = successors[base + i];
            if (coder.bit(successorHit, i * (SUCCESSORS + 1) + n, s == first ? 1 : 0) == 1) {
                System.arraycopy(successors, base, successors, base + 1, i);
                successors[base] = s;
                return s;
            }
        }
        long t;
        if (coder.bit(novel, n == 0 ? 0 : 1, first == nextTerminal ? 1 : 0) == 1) {
            if (nextTerminal > maxTerminal) throw new FormatException("corrupted grammar: more terminals than declared");
            t = nextTerminal;
        } else {
            long z = first - previous - 1; // zigzag: successors tend to be numbered close after
            long v = deltas.code(coder, (z << 1) ^ (z >> 63));
            t = previous + 1 + ((v >>> 1) ^ -(v & 1));
            if (t < 0 || t > maxTerminal) throw new FormatException("corrupted grammar: terminal " + t + " out of range");
        }
        if (t >= nextTerminal) nextTerminal = t + 1;
        int kept = Math.min(n, SUCCESSORS - 1);
        System.arraycopy(successors, base, successors, base + 1, kept);
        successors[base] = (int) t;
        successorCount[c] = (byte) (kept + 1);
        return t;
    }

    /**
     * Codes the kind of a token whose expansion starts with terminal {@code first}; {@code known}:
     * the first terminal was not coded because the token opens the body of a rule just defined.
     */
    int kind(long first, int kind, boolean known) throws FormatException {
        int f = id(first);
        kindFirst = f;
        boolean canReference = (urn != null ? urn.size(f) : open.size(f)) > 0;
        int ctx = (lastKind[f] * 4 + (canReference ? 2 : 0) + (known ? 1 : 0)) * 2;
        int k;
        if (coder.bit(kinds, ctx, kind == TERMINAL ? 0 : 1) == 0) {
            k = TERMINAL;
        } else if (!canReference) {
            k = NEW_RULE;
        } else {
            k = coder.bit(kinds, ctx + 1, kind == NEW_RULE ? 0 : 1) == 0 ? NEW_RULE : REFERENCE;
        }
        lastKind[f] = (byte) k;
        return k;
    }

    /** Codes the body length of a new rule. */
    long length(long length) throws FormatException {
        return lengths.code(coder, length);
    }

    /** Codes how often a new rule is used in all, its definition included (at least 1). */
    long uses(long references) throws FormatException {
        return uses.code(coder, references - 1) + 1;
    }

    /**
     * Codes a reference to open rule {@code d} (a definition index; −1 when decoding), the token whose
     * kind {@link #kind} coded last (so starting with its terminal). Version 2: its rank among the
     * open rules starting with that terminal, the one defined or used last first, under a number model
     * per bit length of the count of candidates (none when there is one). Version 3: a draw among those
     * rules weighted by their uses left ({@link OpenRuleUrn}). Returns the rule and counts the use.
     */
    int reference(int d) throws FormatException {
        int f = kindFirst;
        if (urn != null) return urn.draw(coder, f, d);
        int n = open.size(f);
        int asked = open.rank(f, d);
        long rank = n == 1 ? 0 : rank(32 - Integer.numberOfLeadingZeros(n)).code(coder, asked < 0 ? n : asked);
        if (rank < 0 || rank >= n) throw new FormatException("corrupted grammar: reference to an undefined or closed rule");
        int rule = open.select(f, rank);
        open.use(rule);
        return rule;
    }

    /**
     * Rule {@code d}'s body is complete: it starts with {@code first}, ends with {@code lastTerminal},
     * and will be referenced {@code more} times.
     */
    void defined(int d, long first, long lastTerminal, long more) throws FormatException {
        if (d >= last.length) last = Arrays.copyOf(last, Math.max(d + 1, last.length * 2));
        if (d >= blockRules) blockRules = d + 1;
        last[d] = lastTerminal;
        if (urn != null) {
            urn.define(d, id(first), more);
        } else {
            open.define(d, id(first), more);
        }
    }

    /** The last terminal of defined rule {@code d}'s expansion. */
    long last(int d) {
        return last[d];
    }

    /**
     * Which part of the token stream the probability table {@code table} codes ({@link GrammarCosts}'s
     * parts: first terminals, kinds, lengths, uses, references), or −1 if it is not this model's.
     */
    int partOf(short[] table) {
        if (table == successorHit || table == novel || deltas.owns(table)) return GrammarCosts.FIRST_TERMINALS;
        if (table == kinds) return GrammarCosts.KINDS;
        if (lengths.owns(table)) return GrammarCosts.LENGTHS;
        if (uses.owns(table)) return GrammarCosts.USES;
        for (NumberModel m : ranks) if (m != null && m.owns(table)) return GrammarCosts.REFERENCES;
        return -1;
    }

    /** The first terminal's id of the token {@link #kind} coded last (a reference follows its kind). */
    private int kindFirst;

    private int id(long terminal) {
        int c = ids.idOf(terminal);
        if (c >= successorCount.length) {
            int n = successorCount.length * 2;
            successors = Arrays.copyOf(successors, n * SUCCESSORS);
            successorCount = Arrays.copyOf(successorCount, n);
            lastKind = Arrays.copyOf(lastKind, n);
        }
        return c;
    }

    /**
     * The rank model for {@code bits}, made at its first use, in the state a new one starts in, so
     * the code is the same. A grammar block uses a few of the 33; made all at once they were 36
     * models of 2 KB each per block, and the writer codes a block per thread and chunk: a chunk of
     * thousands of short threads allocated hundreds of MB for them (docs/results/overhead-profile.md,
     * "Session 36").
     */
    private NumberModel rank(int bits) {
        NumberModel m = ranks[bits];
        if (m == null) ranks[bits] = m = new NumberModel();
        return m;
    }
}
