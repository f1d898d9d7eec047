package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.CodeEntry;
import java.util.ArrayList;
import java.util.List;

/**
 * A chunk's code map split into pieces (format version 16, docs/trace-format.md "Code pieces"):
 * its blocks in one CODE section, its instructions in CODE sections of at most {@link #ROWS}
 * rows each, in definition order, each compressed alone, and before them one CODE_INDEX section
 * giving each piece's instruction count and id range. A reader asked for one instruction then
 * decompresses only the pieces whose range holds it: a one-query {@code deps} names a few dozen
 * of a program's thousands of instructions, and decompressing the whole map was the largest
 * single cost of a cold eWPP count (docs/results/ewpp.md, "Session 43" and "Session 44").
 *
 * <p>A piece also ends where the class changes once it holds {@link #MIN_ROWS} rows (session
 * 45): the edges of one program name the instructions of its own classes, which the agent defines
 * class by class, so a kernel's loads and stores share pieces with no library class's rows; the
 * small classes between (a JDK collection's handful of sites) stay together, each piece having a
 * compressor's worth of rows. Only the writer chooses where to cut: the layout and the reader are
 * version 16's.
 */
final class CodePieces {
    /**
     * Instruction rows per piece: a piece of ~100-byte rows is ~13 KB raw, large enough for its
     * compressor to find the class and method names it repeats, small enough that a query
     * decompresses a few of lu's fourteen (docs/results/ewpp.md, "Session 44").
     */
    static final int ROWS = 128;

    /**
     * Rows a piece holds before a change of class ends it: fewer would make a piece of each of
     * a program's one- to three-site library classes (lu: 18 such classes among its 26), each a
     * section header and a compressor's start of its own.
     */
    static final int MIN_ROWS = 32;

    /**
     * One piece as the index gives it: how many instructions, the range their ids lie in (none:
     * count 0), and from version 20 its raw (decompressed) length, -1 before.
     */
    record Range(int count, int min, int max, int rawLength) {
        /** A range of a file before version 20, which stores no raw length. */
        Range(int count, int min, int max) {
            this(count, min, max, -1);
        }

        boolean mayHold(int id) {
            return count > 0 && min <= id && id <= max;
        }

        /** Whether {@code ids} (a decoded piece's instruction ids) are what this range promises: null if so, else why not. */
        String mismatch(int[] ids) {
            if (ids.length != count) return "holds " + ids.length + " instructions where its index says " + count;
            for (int id : ids) if (id < min || id > max) return "holds instruction " + id + " outside its index's range " + min + ".." + max;
            return null;
        }

        /**
         * Whether {@code s}, the CODE section in this piece's place, has the raw length this entry
         * gives: null if so (or if the entry has none), else why not. Checked at open, without
         * decompressing the piece, so that a piece that is not the one its entry describes (pieces
         * swapped, a piece's payload cut or extended behind a valid CRC) is one verdict for every
         * command, not only for those that decode the code map.
         */
        String lengthMismatch(Section s) {
            if (rawLength < 0 || s.rawLength() == rawLength) return null;
            return "is " + s.rawLength() + " bytes where its chunk's CODE_INDEX says " + rawLength;
        }
    }

    private CodePieces() {}

    /** The CODE_INDEX section and the CODE sections of a chunk defining {@code blocks} and {@code instructions}. */
    static List<ChunkCodec.RawSection> encode(List<CodeEntry> blocks, List<CodeEntry> instructions) {
        List<ChunkCodec.RawSection> pieces = new ArrayList<>();
        VarIntWriter index = new VarIntWriter();
        List<List<CodeEntry>> cut = cut(instructions);
        index.writeVarLong((blocks.isEmpty() ? 0 : 1) + cut.size());
        if (!blocks.isEmpty()) {
            pieces.add(piece(blocks, List.of()));
            index.writeVarLong(pieces.get(0).bytes().length).writeVarLong(0);
        }
        for (List<CodeEntry> rows : cut) {
            int min = Integer.MAX_VALUE, max = Integer.MIN_VALUE;
            for (CodeEntry e : rows) {
                min = Math.min(min, e.id());
                max = Math.max(max, e.id());
            }
            pieces.add(piece(List.of(), rows));
            index.writeVarLong(pieces.get(pieces.size() - 1).bytes().length);
            index.writeVarLong(rows.size()).writeSignedVarLong(min).writeVarLong((long) max - min);
        }
        List<ChunkCodec.RawSection> out = new ArrayList<>(pieces.size() + 1);
        out.add(new ChunkCodec.RawSection(SectionType.CODE_INDEX, null, TraceFormat.NO_THREAD, index.toByteArray()));
        out.addAll(pieces);
        return out;
    }

    /**
     * The instruction pieces, in definition order: a piece ends at {@link #ROWS} rows, or where
     * the class changes once it holds {@link #MIN_ROWS}.
     */
    static List<List<CodeEntry>> cut(List<CodeEntry> instructions) {
        List<List<CodeEntry>> out = new ArrayList<>();
        int from = 0;
        for (int i = 1; i <= instructions.size(); i++) {
            int rows = i - from;
            boolean end = i == instructions.size() || rows == ROWS
                    || rows >= MIN_ROWS && !instructions.get(i).className().equals(instructions.get(i - 1).className());
            if (end) {
                out.add(instructions.subList(from, i));
                from = i;
            }
        }
        return out;
    }

    /** A CODE section (the payload every version reads: the two tables) of these entries. */
    private static ChunkCodec.RawSection piece(List<CodeEntry> blocks, List<CodeEntry> instructions) {
        return new ChunkCodec.RawSection(SectionType.CODE, null, TraceFormat.NO_THREAD, ChunkCodec.codePayload(blocks, instructions));
    }

    /**
     * A CODE_INDEX payload of a file of format {@code version}: each piece's range (and from
     * version 20 its raw length), in the order of the chunk's CODE sections.
     */
    static List<Range> read(VarIntReader in, int version) throws FormatException {
        int n = in.readCount("code piece count", in.remaining());
        boolean lengths = version >= TraceFormat.CODE_PIECE_LENGTHS_SINCE;
        List<Range> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int rawLength = lengths ? in.readCount("code piece " + i + "'s raw length", Integer.MAX_VALUE) : -1;
            int count = in.readCount("code piece " + i + "'s instruction count", Integer.MAX_VALUE);
            if (count == 0) {
                out.add(new Range(0, 0, -1, rawLength));
                continue;
            }
            long min = in.readSignedVarLong("code piece " + i + "'s first id");
            long span = in.readVarLong("code piece " + i + "'s id span");
            if (min < Integer.MIN_VALUE || min > Integer.MAX_VALUE || span < 0 || span > (long) Integer.MAX_VALUE - min) {
                throw in.corrupt("code piece " + i + "'s id range " + min + " + " + span + " is not of ints");
            }
            out.add(new Range(count, (int) min, (int) (min + span), rawLength));
        }
        if (in.remaining() > 0) throw in.corrupt(in.remaining() + " bytes after the code pieces' index");
        return out;
    }
}
