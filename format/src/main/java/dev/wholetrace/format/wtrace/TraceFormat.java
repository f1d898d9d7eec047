package dev.wholetrace.format.wtrace;

import java.util.zip.CRC32;

/** Constants of the {@code .wtrace} layout (docs/trace-format.md). */
public final class TraceFormat {
    public static final byte[] MAGIC = {'W', 'T', 'T', 'R'};
    /** The version this build writes; it reads this one and {@link #OLDEST_READABLE} onwards. */
    public static final int VERSION = 20;
    public static final int OLDEST_READABLE = 1;
    /** The first version whose sections may be stored with {@code Codec.DEFLATE}. */
    public static final int DEFLATE_SINCE = 4;
    /** The first version with mode STRATA and its stream kind (StreamKinds.STRATA). */
    public static final int STRATA_SINCE = 5;
    /** The first version with CLOCK sections (earlier traces have no time, only an order). */
    public static final int CLOCK_SINCE = 5;
    /** The first version whose address streams have exception lists (Diff∘RLE∘SEQ with a predictor stage). */
    public static final int EXCEPTIONS_SINCE = 6;
    /** The first version with trailer sections (STRATA_OUTPUTS: the strata paper's outputs, stored). */
    public static final int TRAILER_SINCE = 7;
    /** The first version whose check-stream symbols (mode EWPP) are coded as per-tag differences ({@link CheckSymbolPairs}). */
    public static final int CHECK_DELTAS_SINCE = 8;
    /** The first version whose check-stream heads (mode EWPP) name their load instruction ({@link CheckSymbolPairs}, CheckSymbols.named). */
    public static final int CHECK_LOADS_SINCE = 9;
    /** The first version whose per-thread sections may be stored against another thread's ({@code Codec.ZSTD_DICT}). */
    public static final int REFERENCES_SINCE = 10;
    /** The first version whose check-stream symbols have an extra field in their first half (CheckSymbols.CROSS_AT's writer thread, {@link CheckSymbolPairs}). */
    public static final int CHECK_EXTRA_SINCE = 11;
    /** The first version whose chunks may store their per-thread sections, sync order and clock in one block ({@link ChunkPack}). */
    public static final int PACKS_SINCE = 12;
    /** The first version whose control, data, strata and address-run symbols are coded as differences and split halves ({@link SymbolPairDeltas}). */
    public static final int SYMBOL_DELTAS_SINCE = 13;
    /** The first version whose grammar blocks may use model version 4 (GrammarCodec.writePlain: varint tokens, in packs). */
    public static final int PLAIN_GRAMMARS_SINCE = 13;
    /** The first version whose eWPP check-stream sections hold the check grammar's counts before it ({@link CheckCounts}). */
    public static final int CHECK_COUNTS_SINCE = 14;
    /** The first version whose strata streams store a count of stratum layers and layers above 0 (StrataStreamCodec). */
    public static final int STRATA_LAYERS_SINCE = 15;
    /** The first version whose chunks may split their code map into CODE pieces behind a CODE_INDEX of instruction ids ({@link CodePieces}). */
    public static final int CODE_PIECES_SINCE = 16;
    /** The first version whose strata streams may store no stratum layer, their runs [path, tripcount] runs (StrataStreamCodec, model/strata/StrataLower). */
    public static final int STRATA_PATH_RUNS_SINCE = 17;
    /** The first version whose address-stream sections store a stream equal to an earlier one but for its first terminal as a copy ({@link AddressCopies}). */
    public static final int ADDRESS_COPIES_SINCE = 18;
    /** The first version whose sections may be stored as raw LZMA2, without the xz container ({@code Codec.LZMA2}), and whose writers order a pack's sections by kind ({@link ChunkPack#byKind}). */
    public static final int RAW_LZMA2_SINCE = 19;
    /**
     * The first version whose framing is compact ({@link ChunkPack#stored}, {@link ChunkIndex}): a pack's directory
     * entries say only their raw length when they follow the previous entry's kind in the next thread, a CHUNK_END's
     * table of contents gives each section's type and thread in one varint and its offset as the gap after the
     * previous listed section, and END gives each chunk's CHUNK_END offset as a difference from the previous one.
     */
    public static final int COMPACT_FRAMING_SINCE = 20;
    /**
     * The first version whose writers store no SYNC_COUNTS section: a reader computes a WPP's sync counts from
     * the grammar and the alphabet's sync symbols (SyncCountsCodec always did, to check the stored ones).
     * A SYNC_COUNTS section in such a file is still read and checked.
     */
    public static final int DERIVED_SYNC_COUNTS_SINCE = 20;
    /**
     * The first version whose CODE_INDEX gives each code piece's raw length ({@link CodePieces}), checked at open
     * against the piece's section: a piece that is not the one its entry describes is then found by every command.
     */
    public static final int CODE_PIECE_LENGTHS_SINCE = 20;
    /** The longest chain of references from one section ({@code Codec.ZSTD_DICT}): what one payload may need decoded first. */
    public static final int MAX_REFERENCE_CHAIN = 4;
    public static final int FILE_HEADER_BYTES = 16;
    public static final int SECTION_HEADER_BYTES = 24;
    /** The thread field of a global section. */
    public static final int NO_THREAD = -1;
    /** Sections larger than this are a corruption, not a trace (the writer keeps chunks smaller). */
    public static final int MAX_SECTION_BYTES = Integer.MAX_VALUE - 64;

    private TraceFormat() {}

    static int crc(byte[] b, int off, int len) {
        CRC32 c = new CRC32();
        c.update(b, off, len);
        return (int) c.getValue();
    }
}
