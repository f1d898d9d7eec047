package dev.wholetrace.format.wtrace;

/** The kinds of section in a {@code .wtrace} file (docs/trace-format.md). */
public enum SectionType {
    PROPERTIES(1, false),
    THREADS(2, false),
    CODE(3, false),
    SYMBOLS(4, true),
    CONTROL(5, true),
    DATA(6, true),
    STREAMS(7, true),
    SYNC_COUNTS(8, true),
    SYNC_ORDER(9, false),
    CHUNK_END(10, false),
    END(11, false);

    public final int id;
    /** Whether the section belongs to one thread (its header names the thread). */
    public final boolean perThread;

    SectionType(int id, boolean perThread) {
        this.id = id;
        this.perThread = perThread;
    }

    public static SectionType byId(int id) {
        for (SectionType t : values()) if (t.id == id) return t;
        return null;
    }
}
