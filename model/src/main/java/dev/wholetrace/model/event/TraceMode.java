package dev.wholetrace.model.event;

import java.util.List;
import java.util.Locale;

/**
 * What a trace keeps (parallel-wpp-compression §2.3): a named set of stream kinds
 * ({@link StreamKinds}). Every mode keeps the sync order and the sync counts; they differ in the
 * per-thread streams.
 */
public enum TraceMode {
    /** Control only: a WPP over basic blocks and sync operations. */
    COR(StreamKinds.CONTROL),
    /** Data only: a WPP over (load/store, address) and sync operations. */
    DOR(StreamKinds.DATA),
    /**
     * Control + data: the COR string, which here also names each load/store instruction as it
     * executes, plus one Diff∘RLE∘SEQ address stream per load/store instruction.
     */
    CDR(StreamKinds.CONTROL, StreamKinds.ADDRESSES),
    /** CDR and DOR together, so that one recording can be sized both ways. */
    ALL(StreamKinds.CONTROL, StreamKinds.DATA, StreamKinds.ADDRESSES),
    /**
     * Control only, like COR, but stored as strata: cyclic paths with trip counts and layer-0
     * strata under a grammar (StreamKinds.STRATA; docs/strata.md). Read as a control WPP.
     * Header byte 4, from {@code .wtrace} version 5.
     */
    STRATA(StreamKinds.STRATA),
    /**
     * The extended WPP (docs/ewpp.md): CDR's control WPP without addresses, plus per load the
     * signature of a disambiguation check (StreamKinds.CHECKS) from which the store→load
     * dependences are recovered. Header byte 5.
     */
    EWPP(StreamKinds.CONTROL, StreamKinds.CHECKS);

    /** The stream kinds the mode keeps, in registry order. */
    public final List<StreamKind> kinds;
    /** A control WPP is kept (blocks, sync ops, and in CDR/ALL the access instructions); in STRATA stored as strata. */
    public final boolean control;
    /** A DOR WPP is kept. */
    public final boolean dataWpp;
    /** Per-instruction address streams are kept. */
    public final boolean streams;

    TraceMode(StreamKind... kinds) {
        this.kinds = List.of(kinds);
        this.control = keeps(StreamKinds.CONTROL) || keeps(StreamKinds.STRATA);
        this.dataWpp = keeps(StreamKinds.DATA);
        this.streams = keeps(StreamKinds.ADDRESSES);
    }

    /** Whether the mode keeps streams of {@code kind}. */
    public boolean keeps(StreamKind kind) {
        return kinds.contains(kind);
    }

    /**
     * The WPP a thread is read through by default: the mode's first per-thread stream that carries
     * sync counts (the control WPP, or in DOR the data WPP). Its length is the thread's event count.
     */
    public StreamKind mainWpp() {
        for (StreamKind k : kinds) if (!k.perInstruction() && k.syncCounts()) return k;
        throw new IllegalStateException(this + " keeps no WPP");
    }

    /** Whether the control WPP names each load/store instruction as it executes (CDR, ALL, EWPP). */
    public boolean controlAccesses() {
        return streams || keeps(StreamKinds.CHECKS);
    }

    /** Whether load/store events are recorded at all. */
    public boolean keepsAccesses() {
        return dataWpp || streams || keeps(StreamKinds.CHECKS);
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TraceMode byId(int id) {
        TraceMode[] v = values();
        return id >= 0 && id < v.length ? v[id] : null;
    }

    public static TraceMode parse(String s) {
        for (TraceMode m : values()) if (m.label().equalsIgnoreCase(s)) return m;
        throw new IllegalArgumentException("unknown mode '" + s + "' (expected cor, dor, cdr, all, strata or ewpp)");
    }
}
