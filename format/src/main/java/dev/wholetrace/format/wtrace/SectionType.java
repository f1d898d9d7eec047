package dev.wholetrace.format.wtrace;

/**
 * The kinds of section in a {@code .wtrace} file (docs/trace-format.md). A thread's streams are
 * all in STREAM sections, tagged by stream kind; CONTROL, DATA and STREAMS are how version 1
 * stored the three kinds it knew, and are read only in version-1 files. CLOCK (version 5 on) holds
 * the recorder's clock samples taken since the previous chunk.
 */
public enum SectionType {
    PROPERTIES(1, false, 1),
    THREADS(2, false, 1),
    CODE(3, false, 1),
    SYMBOLS(4, true, 1),
    CONTROL(5, true, 1, 1),
    DATA(6, true, 1, 1),
    STREAMS(7, true, 1, 1),
    SYNC_COUNTS(8, true, 1),
    SYNC_ORDER(9, false, 1),
    CHUNK_END(10, false, 1),
    END(11, false, 1),
    STREAM(12, true, 2),
    CLOCK(13, false, 5),
    STRATA_OUTPUTS(14, false, TraceFormat.TRAILER_SINCE),
    /** Version 12 on: a chunk's per-thread sections, sync order and clock in one block ({@link ChunkPack}); readers list the sections it holds in its place. */
    PACK(15, false, TraceFormat.PACKS_SINCE),
    /** Version 16 on: before a chunk's CODE sections (its code map's pieces), each piece's instruction ids ({@link CodePieces}). */
    CODE_INDEX(16, false, TraceFormat.CODE_PIECES_SINCE);

    public final int id;
    /** Whether the section belongs to one thread (its header names the thread). */
    public final boolean perThread;
    private final int since;
    private final int until;

    SectionType(int id, boolean perThread, int since) {
        this(id, perThread, since, Integer.MAX_VALUE);
    }

    SectionType(int id, boolean perThread, int since, int until) {
        this.id = id;
        this.perThread = perThread;
        this.since = since;
        this.until = until;
    }

    /** Whether files of format {@code version} have sections of this type. */
    public boolean inVersion(int version) {
        return since <= version && version <= until;
    }

    /** Whether sections of this type sit inside a chunk (all but END and the trailer sections). */
    public boolean inChunk() {
        return this != END && !trailer();
    }

    /** Whether this is a trailer section: after the last chunk, before END, part of no chunk. */
    public boolean trailer() {
        return this == STRATA_OUTPUTS;
    }

    public static SectionType byId(int id) {
        for (SectionType t : values()) if (t.id == id) return t;
        return null;
    }
}
