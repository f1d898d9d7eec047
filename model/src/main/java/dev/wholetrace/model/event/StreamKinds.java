package dev.wholetrace.model.event;

import java.util.List;

/**
 * The registry of stream kinds (see {@link StreamKind}). Adding a stream to the recording means: a
 * descriptor here, its place in {@link #ALL}, the modes that keep it ({@link TraceMode}) and its
 * encoder in the recorder (recorder/StreamEncoders); the file format, the symbol tables and the
 * reader follow from the descriptor.
 */
public final class StreamKinds {
    /** Ids are written in a byte of the section header's reserved field, 1..MAX_ID. */
    public static final int MAX_ID = 255;

    /**
     * The control WPP: symbols (tag, value) of {@code format/wtrace/SymbolTag}: basic blocks, sync
     * operations and, in CDR and ALL, the load/store instructions as they execute.
     */
    public static final StreamKind CONTROL = new StreamKind(1, "control",
            "(tag, value): BLOCK block id, SYNC kind << 32 | site, LOAD/STORE instruction id", false, true, null,
            false); // per trace: blocks, sites and instructions are bounded by the code

    /** The data (DOR) WPP: symbols (tag, value): sync operations and (load/store, address). */
    public static final StreamKind DATA = new StreamKind(2, "data",
            "(tag, value): SYNC kind << 32 | site, LOAD/STORE address", false, true, null,
            true); // per chunk: addresses grow with the trace

    /**
     * One Diff∘RLE∘SEQ address stream per load/store instruction, keyed by the instruction's
     * control symbol; terminals are (difference, run length) runs.
     */
    public static final StreamKind ADDRESSES = new StreamKind(3, "addresses",
            "(difference, run length): runs of equal address differences", true, false, CONTROL,
            true); // per chunk: differences of addresses that do not repeat grow with the trace

    /**
     * The control string stored as strata (docs/strata.md, "Stored strata"): cyclic paths of
     * blocks and sync operations, [path, tripcount] runs, layer-0 strata of those runs and a
     * grammar over the strata's runs. Its alphabet is control's (blocks and sync operations; no
     * load/store); a reader decodes the stored form into an ordinary WPP over that alphabet, so
     * it is the main WPP of mode STRATA. From {@code .wtrace} version 5.
     */
    public static final StreamKind STRATA = new StreamKind(4, "strata",
            "(tag, value): BLOCK block id, SYNC kind << 32 | site", false, true, null,
            false); // per trace, as control's

    /**
     * The eWPP's check stream (mode EWPP, docs/ewpp.md): per load, the control-flow signature of
     * the disambiguation check routine, symbols (tag, value) of {@code model/ewpp/CheckSymbols}.
     * Read alongside the control WPP (which names every load/store instruction, as in CDR); no
     * address is stored. Per chunk: CROSS symbols carry store numbers, which grow with the trace.
     */
    public static final StreamKind CHECKS = new StreamKind(5, "checks",
            "(tag, value): OK, NONE, LAST d, SEARCH d, B0, B1, END, NEW, CROSS thread << 40 | store number", false, false, null,
            true);

    /** Every registered kind, in the order streams are encoded, written and read. */
    public static final List<StreamKind> ALL = List.of(CONTROL, DATA, ADDRESSES, STRATA, CHECKS);

    private StreamKinds() {}

    /** The kind with this file id, or null. */
    public static StreamKind byId(int id) {
        for (StreamKind k : ALL) if (k.id() == id) return k;
        return null;
    }
}
