package dev.wholetrace.model.event;

import java.util.Locale;

/**
 * What a trace keeps (parallel-wpp-compression §2.3). Every mode keeps the sync order and the
 * sync counts; they differ in the per-thread strings.
 */
public enum TraceMode {
    /** Control only: a WPP over basic blocks and sync operations. */
    COR(true, false, false),
    /** Data only: a WPP over (load/store, address) and sync operations. */
    DOR(false, true, false),
    /**
     * Control + data: the COR string, which here also names each load/store instruction as it
     * executes, plus one Diff∘RLE∘SEQ address stream per load/store instruction.
     */
    CDR(true, false, true),
    /** CDR and DOR together, so that one recording can be sized both ways. */
    ALL(true, true, true);

    /** A control WPP is kept (blocks, sync ops, and in CDR/ALL the access instructions). */
    public final boolean control;
    /** A DOR WPP is kept. */
    public final boolean dataWpp;
    /** Per-instruction address streams are kept. */
    public final boolean streams;

    TraceMode(boolean control, boolean dataWpp, boolean streams) {
        this.control = control;
        this.dataWpp = dataWpp;
        this.streams = streams;
    }

    /** Whether load/store events are recorded at all. */
    public boolean keepsAccesses() {
        return dataWpp || streams;
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
        throw new IllegalArgumentException("unknown mode '" + s + "' (expected cor, dor, cdr or all)");
    }
}
