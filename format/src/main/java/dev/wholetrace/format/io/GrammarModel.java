package dev.wholetrace.format.io;

import java.util.Arrays;

/**
 * Grammar model version 1 of {@link GrammarCodec} (version 2: {@link ExpansionModel}): codes the
 * token stream of a grammar written inline (terminal, new rule, reference to an earlier rule)
 * through a {@link BitCoder}. Still written where it is the smaller, and read for older files.
 *
 * <p>Its one strong idea is the successor prediction: the context of a symbol is the symbol before
 * it in the same rule body, and each context remembers which symbol followed it last time. In a
 * program trace most contexts are deterministic (this block is always followed by that one), so a
 * correct prediction costs a fraction of a bit. A miss falls back to order-0 coding: one flag for
 * "the next unseen terminal", a bit tree over terminals, and Elias-gamma-like adaptive numbers for
 * rule lengths, use counts, and references (ranked among the rules still open, see
 * {@link OpenRules}).
 *
 * <p>Model version 4 ({@link #plain}) writes the same token stream as varints instead, with no
 * coder and no statistics: see {@link GrammarCodec#writePlain}.
 */
final class GrammarModel {
    static final int TERMINAL = 0;
    static final int NEW_RULE = 1;
    static final int REFERENCE = 2;

    private static final long NO_PREDICTION = Long.MIN_VALUE;
    private static final int MAX_CONFIDENCE = 7;
    private static final int TREE_LIMIT_BITS = 16;

    private BitCoder coder;
    private long maxTerminal;
    private int terminalBits;
    private short[] terminalTree;
    private final NumberModel terminals = new NumberModel();
    private final NumberModel lengths = new NumberModel();
    private final NumberModel backReferences = new NumberModel();
    private final NumberModel uses = new NumberModel();
    private final OpenRules open = new OpenRules();
    private final short[] hit = BitCoder.probabilities(2 * (MAX_CONFIDENCE + 1));
    private final short[] kinds = BitCoder.probabilities(4);
    private final short[] novel = BitCoder.probabilities(2);
    /** One above the largest terminal so far: alphabets number values by first appearance, and a
     * grammar written inline meets first appearances in that order, so most new terminals are it. */
    private long nextTerminal;

    /** Contexts are symbol identities: (0, terminal), (1, rule definition index), (2, 0) body start. */
    private DenseIds contexts = new DenseIds();
    /** Contexts the tables below hold at first ({@link #context} doubles them). */
    private static final int FIRST_CONTEXTS = 64;
    private long[] predicted = new long[FIRST_CONTEXTS]; // per context: terminal t, rule d as -1-d, or NO_PREDICTION
    private byte[] confidence = new byte[FIRST_CONTEXTS];

    /** Result of the last {@link #code}: kind and value (terminal, rule length, or rule index). */
    int kind;
    long value;
    /** For a new rule: how many times it is referenced in all (its definition included). */
    long references;

    /** Model version 4: tokens as varints to {@code plainOut} (writing) or from {@code plainIn} (reading); null on the coded versions. */
    private VarIntWriter plainOut;
    private VarIntReader plainIn;

    /** A version-4 model: writes tokens to {@code out}, or reads them from {@code in} (the other null). */
    static GrammarModel plain(VarIntWriter out, VarIntReader in, long maxTerminal) {
        GrammarModel m = new GrammarModel(null, maxTerminal);
        m.plainOut = out;
        m.plainIn = in;
        return m;
    }

    GrammarModel(BitCoder coder, long maxTerminal) {
        this.coder = coder;
        this.maxTerminal = maxTerminal;
        this.terminalBits = maxTerminal <= 0 ? 0 : 64 - Long.numberOfLeadingZeros(maxTerminal);
        // version 4 codes no bit: a terminal tree (up to 2^16 probabilities) would be garbage per block
        this.terminalTree = BitCoder.probabilities(coder == null ? 1 : terminalTreeSize(terminalBits));
        Arrays.fill(predicted, NO_PREDICTION);
    }

    private static int terminalTreeSize(int terminalBits) {
        return terminalBits <= TREE_LIMIT_BITS ? 1 << terminalBits : 1;
    }

    /**
     * This model in a new one's state, on {@code coder} and for terminals up to {@code maxTerminal}:
     * the writer reuses its models from block to block ({@link GrammarCodec}) instead of making
     * their tables anew for each. The next grammar's {@link #nextGrammar} resets the rest.
     */
    GrammarModel reset(BitCoder coder, long maxTerminal) {
        this.coder = coder;
        this.maxTerminal = maxTerminal;
        this.terminalBits = maxTerminal <= 0 ? 0 : 64 - Long.numberOfLeadingZeros(maxTerminal);
        int size = terminalTreeSize(terminalBits);
        if (terminalTree.length == size) BitCoder.reset(terminalTree);
        else terminalTree = BitCoder.probabilities(size);
        terminals.reset();
        lengths.reset();
        backReferences.reset();
        uses.reset();
        BitCoder.reset(hit);
        BitCoder.reset(kinds);
        BitCoder.reset(novel);
        if (predicted.length > FIRST_CONTEXTS || contexts.capacity() > FIRST_CONTEXTS) {
            // A new model's: tables grown by one block's large grammar would stay with the thread
            // (nextGrammar fills only the contexts used, so their size costs no time). The context
            // numbering goes with them: nextGrammar clears the predictions of the ids it gave.
            predicted = new long[FIRST_CONTEXTS];
            confidence = new byte[FIRST_CONTEXTS];
            Arrays.fill(predicted, NO_PREDICTION);
            contexts = new DenseIds();
        }
        return this;
    }

    /** Contexts the prediction tables hold now (a new model's {@link #FIRST_CONTEXTS}, doubled as needed). */
    int contextCapacity() {
        return predicted.length;
    }

    /** Contexts the context numbering holds without growing (package-private for tests). */
    int contextIdCapacity() {
        return contexts.capacity();
    }

    /**
     * Starts the next grammar of a block: rule identities restart, so contexts and predictions go;
     * the probabilities, which describe the kind of data, stay.
     */
    void nextGrammar() {
        // Only the contexts the last grammar used hold predictions (the rest are a new table's, or
        // were cleared when their grammar ended), so a table grown by one large grammar does not
        // cost every later tiny grammar a fill of its size.
        int used = Math.min(contexts.size(), predicted.length);
        Arrays.fill(predicted, 0, used, NO_PREDICTION);
        Arrays.fill(confidence, 0, used, (byte) 0);
        contexts.clear();
        nextTerminal = 0;
        open.clear();
    }

    int bodyStartContext() {
        return context(2, 0);
    }

    /** The context that a symbol sets for its successor: terminal t, or rule index d. */
    int contextAfter(int kind, long value) {
        return kind == TERMINAL ? context(0, value) : context(1, value);
    }

    private int context(long kind, long value) {
        int c = contexts.idOf(value << 2 | kind); // kind 0, 1 or 2; values (terminals, rule indices) below 2^62
        if (c >= predicted.length) {
            int n = predicted.length * 2;
            int old = predicted.length;
            predicted = Arrays.copyOf(predicted, n);
            confidence = Arrays.copyOf(confidence, n);
            Arrays.fill(predicted, old, n, NO_PREDICTION);
        }
        return c;
    }

    /**
     * Codes one token in context {@code ctx}. The encoder passes the real token; the decoder passes
     * anything and reads {@link #kind}/{@link #value}/{@link #references}. {@code defined}: rules
     * defined so far (the index a new rule gets). For a new rule, {@code value} is its body length
     * and {@code references} how often it is used in all; for a reference, {@code value} is the
     * rule's definition index.
     */
    void code(int ctx, int kind, long value, long references, int defined) throws FormatException {
        if (plainOut != null || plainIn != null) {
            codePlain(kind, value);
            return;
        }
        long pred = predicted[ctx];
        long actual = kind == TERMINAL ? value : kind == REFERENCE ? -1 - value : NO_PREDICTION - 1;
        int conf = confidence[ctx];
        if (pred != NO_PREDICTION && coder.bit(hit, conf * 2 + (pred < 0 ? 1 : 0), actual == pred ? 1 : 0) == 1) {
            this.kind = pred >= 0 ? TERMINAL : REFERENCE;
            this.value = pred >= 0 ? pred : -1 - pred;
            confidence[ctx] = (byte) Math.min(MAX_CONFIDENCE, conf + 1);
            if (this.kind == REFERENCE) useOpenRule((int) this.value);
            return;
        }
        int predicting = pred == NO_PREDICTION ? 0 : 2;
        if (coder.bit(kinds, predicting, kind == TERMINAL ? 0 : 1) == 0) {
            this.kind = TERMINAL;
            if (coder.bit(novel, predicting >> 1, value == nextTerminal ? 1 : 0) == 1) {
                if (nextTerminal > maxTerminal) throw new FormatException("corrupted grammar: more terminals than declared");
                this.value = nextTerminal;
            } else {
                this.value = terminal(value);
            }
            if (this.value >= nextTerminal) nextTerminal = this.value + 1;
        } else if (coder.bit(kinds, predicting + 1, kind == NEW_RULE ? 0 : 1) == 0) {
            this.kind = NEW_RULE;
            this.value = lengths.code(coder, value);
            this.references = uses.code(coder, references - 1) + 1;
            open.define(defined, this.references - 1);
        } else {
            this.kind = REFERENCE;
            // A rule that is not open has no rank; it is coded as the impossible rank "all open
            // rules", which a decoder rejects (only hand-made blocks do this).
            int asked = (int) Math.max(0, Math.min(value, Integer.MAX_VALUE - 1));
            int d = open.select(backReferences.code(coder, open.isOpen(asked) ? open.rank(asked) : open.size()));
            if (d < 0) throw new FormatException("corrupted grammar: reference to an undefined or closed rule");
            this.value = d;
            useOpenRule(d);
        }
        predicted[ctx] = this.kind == TERMINAL ? this.value : -1 - (this.kind == NEW_RULE ? defined : this.value);
        confidence[ctx] = 0;
    }

    /**
     * Version 4: one varint per token, 3 × value + kind (terminal 0, new rule 1 with its body
     * length, reference 2 with the rule's definition index). The decoder checks a terminal against
     * the declared maximum; the caller checks references and lengths as for every version.
     */
    private void codePlain(int kind, long value) throws FormatException {
        if (plainOut != null) {
            plainOut.writeVarLong(3 * value + kind);
            this.kind = kind;
            this.value = value;
            return;
        }
        long token = plainIn.readVarLong("grammar token");
        if (token < 0) throw new FormatException("corrupted grammar: token out of range");
        this.kind = (int) (token % 3);
        this.value = token / 3;
        if (this.kind == TERMINAL && this.value > maxTerminal) {
            throw new FormatException("corrupted grammar: terminal " + this.value + " above the declared maximum " + maxTerminal);
        }
    }

    private void useOpenRule(int d) throws FormatException {
        if (!open.isOpen(d)) throw new FormatException("corrupted grammar: rule " + d + " referenced more often than declared");
        open.use(d);
    }

    private long terminal(long t) throws FormatException {
        long v;
        if (terminalBits > TREE_LIMIT_BITS) {
            v = terminals.code(coder, t);
        } else {
            int m = 1;
            for (int i = terminalBits - 1; i >= 0; i--) m = (m << 1) | coder.bit(terminalTree, m, (int) (t >>> i) & 1);
            v = m - (1L << terminalBits);
        }
        if (v > maxTerminal) throw new FormatException("corrupted grammar: terminal " + v + " above the declared maximum " + maxTerminal);
        return v;
    }
}
