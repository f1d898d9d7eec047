package dev.wholetrace.core.io;

import dev.wholetrace.core.grammar.Grammar;
import dev.wholetrace.core.util.Alphabet;
import java.util.Arrays;

/**
 * Varint encodings of a {@link Grammar} and an {@link Alphabet} (docs/formats.md, "grammar block").
 * Terminals and rule references share one varint, the low bit telling them apart.
 */
public final class GrammarCodec {
    private GrammarCodec() {}

    /**
     * Writes the rules inline, in the order a left-to-right expansion first meets them: a rule's
     * body is spelled out where it is first used, and later uses refer back to it by how many rules
     * were defined since. Rule contents thus sit next to the context they occur in, which the
     * general-purpose stage compresses much better than a detached rule list.
     */
    public static void write(Grammar g, VarIntWriter out) {
        int[] definedAs = new int[g.ruleCount()];
        Arrays.fill(definedAs, -1);
        int defined = 0;
        int[] stackRule = new int[g.depth() + 1];
        int[] stackPos = new int[g.depth() + 1];
        int sp = 0;
        out.writeVarLong(g.bodyLength(0));
        stackRule[sp++] = 0;
        while (sp > 0) {
            int r = stackRule[sp - 1];
            int i = stackPos[sp - 1];
            if (i == g.bodyLength(r)) {
                sp--;
                continue;
            }
            stackPos[sp - 1] = i + 1;
            int s = g.symbol(r, i);
            if (!Grammar.isRule(s)) {
                out.writeVarLong((long) s << 1);
                continue;
            }
            int c = Grammar.ruleOf(s);
            if (definedAs[c] >= 0) {
                out.writeVarLong(((long) (defined - definedAs[c]) << 1) | 1);
                continue;
            }
            definedAs[c] = defined++;
            out.writeVarLong(NEW_RULE);
            out.writeVarLong(g.bodyLength(c));
            stackRule[sp] = c;
            stackPos[sp++] = 0;
        }
    }

    private static final long NEW_RULE = 1;

    public static Grammar read(VarIntReader in) throws FormatException {
        // Every symbol takes at least one byte, which bounds what a corrupted length can make us
        // allocate; a back reference may only name a finished rule, so no cycle can be built.
        int[][] bodies = new int[16][];
        int[] ruleOfDefinition = new int[16]; // definition order -> index in bodies
        int defined = 0;
        int rules = 1;
        bodies[0] = new int[in.readCount("length of the start rule", in.remaining())];
        boolean[] finished = new boolean[16];
        int[] stackRule = new int[16];
        int[] stackPos = new int[16];
        int sp = 0;
        stackRule[sp++] = 0;
        while (sp > 0) {
            int r = stackRule[sp - 1];
            int i = stackPos[sp - 1];
            if (i == bodies[r].length) {
                finished[r] = true;
                sp--;
                continue;
            }
            stackPos[sp - 1] = i + 1;
            long v = in.readVarLong("symbol");
            if ((v & 1) == 0) {
                if ((v >>> 1) > Integer.MAX_VALUE) throw in.corrupt("terminal " + (v >>> 1) + " exceeds 2^31-1");
                bodies[r][i] = (int) (v >>> 1);
                continue;
            }
            if (v == NEW_RULE) {
                if (rules == bodies.length) {
                    bodies = Arrays.copyOf(bodies, rules * 2);
                    finished = Arrays.copyOf(finished, rules * 2);
                    ruleOfDefinition = Arrays.copyOf(ruleOfDefinition, rules * 2);
                }
                int c = rules++;
                bodies[c] = new int[in.readCount("rule length", in.remaining())];
                ruleOfDefinition[defined++] = c;
                bodies[r][i] = Grammar.ref(c);
                if (sp == stackRule.length) {
                    stackRule = Arrays.copyOf(stackRule, sp * 2);
                    stackPos = Arrays.copyOf(stackPos, sp * 2);
                }
                stackRule[sp] = c;
                stackPos[sp++] = 0;
                continue;
            }
            long back = v >>> 1;
            if (back < 1 || back > defined) throw in.corrupt("reference to undefined rule (" + back + " back of " + defined + ")");
            int c = ruleOfDefinition[(int) (defined - back)];
            if (!finished[c]) throw in.corrupt("rule refers to itself");
            bodies[r][i] = Grammar.ref(c);
        }
        try {
            return Grammar.fromRules(Arrays.copyOf(bodies, rules));
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
