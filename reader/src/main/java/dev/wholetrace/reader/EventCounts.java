package dev.wholetrace.reader;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.format.wtrace.SymbolTag;

/**
 * How many events of each kind a thread holds, counted on the grammar (each rule's terminals
 * times the number of times the rule occurs in the expansion, {@link Grammar#occurrences}), not by
 * expanding it. Also the
 * thread's raw size: what the kept events would take as fixed-width records (docs/trace-model.md,
 * "raw size"), the baseline of every "% of raw" figure.
 */
public final class EventCounts {
    /** Raw record sizes in bytes: block id; kind + instruction + address; kind + address (DOR); sync op. */
    public static final int RAW_BLOCK = 4;
    public static final int RAW_ACCESS = 13;
    public static final int RAW_DOR_ACCESS = 9;
    public static final int RAW_SYNC = 21;

    public long blocks;
    public long loads;
    public long stores;
    public final long[] sync = new long[SyncKind.values().length];

    public long syncTotal() {
        long n = 0;
        for (long s : sync) n += s;
        return n;
    }

    public long total() {
        return blocks + loads + stores + syncTotal();
    }

    /** Bytes the events would take as fixed-width records in a trace of {@code mode}. */
    public long rawBytes(TraceMode mode) {
        // EWPP keeps the same information as CDR (the dependences instead of the addresses): the same record
        long access = mode.controlAccesses() ? RAW_ACCESS : mode.dataWpp ? RAW_DOR_ACCESS : 0;
        return (mode.control ? blocks * RAW_BLOCK : 0) + (loads + stores) * access + syncTotal() * RAW_SYNC;
    }

    public void add(EventCounts o) {
        blocks += o.blocks;
        loads += o.loads;
        stores += o.stores;
        for (int k = 0; k < sync.length; k++) sync[k] += o.sync[k];
    }

    /** Counts one event (for checks against an expanded stream). */
    public void add(Event e) {
        switch (e.type()) {
            case BLOCK -> blocks++;
            case LOAD -> loads++;
            case STORE -> stores++;
            case SYNC -> sync[e.kind().ordinal()]++;
        }
    }

    /** Counts the events of a thread as its view reads them (main WPP, or the DOR view's data WPP). */
    public static EventCounts of(ThreadTrace t) {
        EventCounts c = new EventCounts();
        for (int p = 0; p < t.pieceCount(); p++) {
            ThreadTrace.Wpp wpp = t.wppOnly(p); // the WPP alone: counting needs no address stream
            c.addGrammar(wpp.grammar(), wpp.symbols());
        }
        return c;
    }

    private void addGrammar(Grammar g, Alphabet symbols) {
        if (g.ruleCount() == 0) return;
        long[] uses = g.occurrences();
        g.foldBottomUp(rule -> {
            long n = uses[rule.rule()];
            for (int i = 0, len = rule.length(); i < len; i++) {
                if (rule.isRule(i)) continue;
                int s = rule.terminal(i);
                long value = symbols.second(s);
                switch ((int) symbols.first(s)) {
                    case SymbolTag.BLOCK -> blocks += n;
                    case SymbolTag.LOAD -> loads += n;
                    case SymbolTag.STORE -> stores += n;
                    case SymbolTag.SYNC -> sync[SymbolTag.syncKindOrdinal(value)] += n;
                    default -> throw new IllegalStateException("symbol " + s + " has an unknown tag");
                }
            }
        });
    }
}
