package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.address.PredictiveDiffRleEncoder;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;

/**
 * The structural checks of one decoded thread chunk that decoding alone does not make: that its
 * streams agree with one another and with the sync order (docs/trace-format.md, "Reading rules").
 * Each check is a fold over the grammars (one pass over their symbols) or over the chunk's sync
 * operations, never an expansion, so every reader runs them on every thread chunk:
 * <ul>
 *   <li>the sync terminals of each WPP, in order, are the chunk's operations in S_synch (kind and
 *       site), compared through a polynomial hash folded bottom-up over the grammar;</li>
 *   <li>with address streams, every load/store instruction the control WPP executes has a stream,
 *       no other instruction has one, and each stream holds exactly as many addresses as the
 *       control WPP executes the instruction;</li>
 *   <li>with both WPPs (ALL), the data WPP holds one symbol per load, store and sync operation of
 *       the control WPP.</li>
 * </ul>
 */
final class ThreadChunkChecks {
    /** Odd multiplier of the sequence hash (any odd constant works; this one mixes well). */
    private static final long BASE = 0x9E37_79B9_7F4A_7C15L;

    private ThreadChunkChecks() {}

    /**
     * Runs every check on {@code tc}, whose sync operations in S_synch hash to {@code opsHash}
     * (the reader streams S_synch and keeps the hash, not the operations).
     */
    static void check(TraceMode mode, ThreadChunk tc, long opsHash, ThreadSymbols symbols, String where) throws FormatException {
        for (StreamChunk s : tc.streamChunks()) {
            if (s.kind().perInstruction() || s.syncCounts() == null) continue;
            Alphabet a = symbols.of(s.kind());
            if (sequenceHash(s.grammar(), a) != opsHash) {
                throw new FormatException("corrupted " + where + ": the sync operations of its " + s.kind()
                        + " WPP are not its operations in the sync order (kinds or sites differ)");
            }
        }
        Grammar control = tc.control();
        if (control == null) return;
        long[] executed = control.terminalCounts(symbols.control.size());
        if (mode.keeps(StreamKinds.ADDRESSES)) addressStreams(tc, symbols, executed, where);
        Grammar data = tc.data();
        if (data != null) {
            long accesses = 0;
            for (int s = 0; s < executed.length; s++) if (symbols.control.first(s) != SymbolTag.BLOCK) accesses += executed[s];
            if (data.length() != accesses) {
                throw new FormatException("corrupted " + where + ": its data WPP holds " + data.length()
                        + " symbols, its control WPP " + accesses + " loads, stores and sync operations");
            }
        }
    }

    private static void addressStreams(ThreadChunk tc, ThreadSymbols symbols, long[] executed, String where) throws FormatException {
        int[] instructions = tc.streamSymbols();
        Grammar[] streams = tc.streams();
        long[] runLength = new long[symbols.runs.size()];
        long[] escaped = new long[symbols.runs.size()]; // the run lengths of escape runs, 0 for the others
        for (int r = 0; r < runLength.length; r++) {
            runLength[r] = symbols.runs.second(r);
            if (symbols.runs.first(r) == PredictiveDiffRleEncoder.ESCAPE) escaped[r] = runLength[r];
        }
        int k = 0;
        for (int s = 0; s < executed.length; s++) {
            int tag = (int) symbols.control.first(s);
            boolean access = tag == SymbolTag.LOAD || tag == SymbolTag.STORE;
            boolean hasStream = k < instructions.length && instructions[k] == s;
            if (!hasStream) {
                if (access && executed[s] > 0) {
                    throw new FormatException("corrupted " + where + ": control symbol " + s + " (a load/store executed "
                            + executed[s] + " times) has no address stream");
                }
                continue;
            }
            long addresses;
            try {
                addresses = weightedLength(streams[k], runLength);
            } catch (ArithmeticException e) {
                throw new FormatException("corrupted " + where + ": the address stream of control symbol " + s + " holds more than 2^63 addresses");
            }
            if (addresses != executed[s]) {
                throw new FormatException("corrupted " + where + ": the address stream of control symbol " + s + " holds "
                        + addresses + " addresses, the control WPP executes it " + executed[s] + " times");
            }
            long[] exceptions = tc.exceptions(k);
            if (exceptions != null && weightedLength(streams[k], escaped) != exceptions.length) { // ≤ addresses: no overflow
                throw new FormatException("corrupted " + where + ": the address stream of control symbol " + s + " escapes "
                        + weightedLength(streams[k], escaped) + " differences but has " + exceptions.length + " exceptions");
            }
            k++;
        }
        if (k != instructions.length) throw new FormatException("corrupted " + where + ": an address stream of an unknown instruction");
    }

    /**
     * The sum over the expansion of {@code weight[terminal]} (a stream's addresses: its runs'
     * lengths); an ArithmeticException if it does not fit a long.
     */
    static long weightedLength(Grammar g, long[] weight) {
        long[] occurrences = g.occurrences();
        long total = 0;
        for (int r = 0; r < g.ruleCount(); r++) {
            for (int i = 0, n = g.bodyLength(r); i < n; i++) {
                int s = g.symbol(r, i);
                if (!Grammar.isRule(s)) total = Math.addExact(total, Math.multiplyExact(occurrences[r], weight[s]));
            }
        }
        return total;
    }

    /**
     * The hash of the sequence of sync values (kind &lt;&lt; 32 | site) the grammar expands to:
     * per rule (hash, BASE^count) folded children first; a concatenation a‖b hashes to
     * h(a)·BASE^|b| + h(b) (mod 2^64).
     */
    static long sequenceHash(Grammar g, Alphabet a) {
        int rules = g.ruleCount();
        if (rules == 0) return 0;
        long[] hash = new long[rules];
        long[] power = new long[rules];
        g.foldBottomUp(rule -> {
            long h = 0;
            long p = 1;
            for (int i = 0, n = rule.length(); i < n; i++) {
                if (rule.isRule(i)) {
                    int c = rule.child(i);
                    h = h * power[c] + hash[c];
                    p *= power[c];
                } else {
                    int t = rule.terminal(i);
                    if (a.first(t) == SymbolTag.SYNC) {
                        h = h * BASE + mix(a.second(t));
                        p *= BASE;
                    }
                }
            }
            hash[rule.rule()] = h;
            power[rule.rule()] = p;
        });
        return hash[0];
    }

    /** The hash of a chunk's operations in S_synch (from 0) extended by one more operation's kind &lt;&lt; 32 | site. */
    static long opsHashStep(long h, long kindSite) {
        return h * BASE + mix(kindSite);
    }

    /** A bijective 64-bit mix (SplitMix64's finaliser), so that nearby values hash far apart. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }
}
