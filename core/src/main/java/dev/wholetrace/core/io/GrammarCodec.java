package dev.wholetrace.core.io;

import dev.wholetrace.core.grammar.Grammar;
import dev.wholetrace.core.util.Alphabet;

/**
 * Varint encodings of a {@link Grammar} and an {@link Alphabet} (docs/formats.md, "grammar block").
 * Rule bodies follow the grammar's canonical numbering, so a reference from rule k always points to
 * a later rule and is written as the small gap {@code r - k - 1}; terminals and references share one
 * varint with the low bit telling them apart.
 */
public final class GrammarCodec {
    private GrammarCodec() {}

    public static void write(Grammar g, VarIntWriter out) {
        int rules = g.ruleCount();
        out.writeVarLong(rules);
        for (int r = 0; r < rules; r++) out.writeVarLong(g.bodyLength(r));
        for (int r = 0; r < rules; r++) {
            int len = g.bodyLength(r);
            for (int i = 0; i < len; i++) {
                int s = g.symbol(r, i);
                if (Grammar.isRule(s)) out.writeVarLong(((long) (Grammar.ruleOf(s) - r - 1) << 1) | 1);
                else out.writeVarLong((long) s << 1);
            }
        }
    }

    public static Grammar read(VarIntReader in) throws FormatException {
        // Every rule and every symbol takes at least one byte, which bounds what a corrupted
        // count can make us allocate.
        int rules = in.readCount("rule count", in.remaining());
        if (rules == 0) throw in.corrupt("a grammar needs a start rule");
        int[] offsets = new int[rules + 1];
        long total = 0;
        for (int r = 0; r < rules; r++) {
            total += in.readCount("length of rule " + r, in.remaining());
            if (total > in.remaining()) throw in.corrupt("rule lengths exceed the block");
            offsets[r + 1] = (int) total;
        }
        int[] body = new int[(int) total];
        int k = 0;
        for (int r = 0; r < rules; r++) {
            for (int end = offsets[r + 1]; k < end; k++) {
                long v = in.readVarLong("symbol of rule " + r);
                long x = v >>> 1;
                if ((v & 1) == 0) {
                    if (x > Integer.MAX_VALUE) throw in.corrupt("terminal " + x + " exceeds 2^31-1");
                    body[k] = (int) x;
                } else {
                    long target = r + 1 + x;
                    if (target >= rules) throw in.corrupt("rule " + r + " references missing rule " + target);
                    body[k] = Grammar.ref((int) target);
                }
            }
        }
        try {
            return new Grammar(offsets, body);
        } catch (IllegalArgumentException e) {
            throw in.corrupt(e.getMessage());
        }
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
