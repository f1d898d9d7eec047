package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The code map's pieces (format 16): what the CODE_INDEX says of each, read back, and what a reader refuses. */
class CodePiecesTest {
    @Test
    void theIndexListsABlocksPieceThenEachInstructionPiecesRange() throws Exception {
        List<CodeEntry> blocks = List.of(entry(0), entry(1));
        List<CodeEntry> instructions = new ArrayList<>();
        for (int k = 0; k < CodePieces.ROWS + 3; k++) instructions.add(entry(k == 2 ? 10_000 : 50 + k));
        List<ChunkCodec.RawSection> sections = CodePieces.encode(blocks, instructions);
        assertThat(sections).extracting(ChunkCodec.RawSection::type)
                .containsExactly(SectionType.CODE_INDEX, SectionType.CODE, SectionType.CODE, SectionType.CODE);
        List<CodePieces.Range> ranges = CodePieces.read(new VarIntReader(sections.get(0).bytes(), "CODE_INDEX"), TraceFormat.VERSION);
        int[] raw = sections.stream().mapToInt(s -> s.bytes().length).toArray();
        assertThat(ranges).containsExactly(new CodePieces.Range(0, 0, -1, raw[1]), new CodePieces.Range(CodePieces.ROWS, 50, 10_000, raw[2]),
                new CodePieces.Range(3, 50 + CodePieces.ROWS, 52 + CodePieces.ROWS, raw[3]));
        assertThat(ranges.get(0).mayHold(0)).as("a blocks piece holds no instruction").isFalse();
        assertThat(ranges.get(1).mayHold(9_999)).isTrue();
        assertThat(ranges.get(2).mayHold(49 + CodePieces.ROWS)).isFalse();

        List<CodeEntry> b = new ArrayList<>(), i = new ArrayList<>();
        for (ChunkCodec.RawSection s : sections.subList(1, 4)) ChunkCodec.code(new VarIntReader(s.bytes(), "CODE"), b, i);
        assertThat(b).isEqualTo(blocks);
        assertThat(i).isEqualTo(instructions);
    }

    /**
     * A piece ends where the class changes once it holds MIN_ROWS rows (a program's own class then
     * shares no piece with a library's), and at ROWS rows within a class; small classes stay together.
     */
    @Test
    void piecesEndWhereTheClassChangesOnceTheyHoldEnoughRows() {
        List<CodeEntry> instructions = new ArrayList<>();
        int id = 0;
        // 2 + 3 rows of two small classes, then a class of MIN_ROWS + 5, one of ROWS + 1, one of 1
        int[] sizes = {2, 3, CodePieces.MIN_ROWS + 5, CodePieces.ROWS + 1, 1};
        for (int c = 0; c < sizes.length; c++) {
            for (int k = 0; k < sizes[c]; k++) instructions.add(new CodeEntry(id, "pkg/C" + c, "m", "()V", 1, id++, "insn"));
        }
        List<List<CodeEntry>> cut = CodePieces.cut(instructions);
        assertThat(cut).extracting(List::size).containsExactly(2 + 3 + CodePieces.MIN_ROWS + 5, CodePieces.ROWS, 1 + 1);
        assertThat(cut.get(0).get(cut.get(0).size() - 1).className()).isEqualTo("pkg/C2");
        assertThat(cut.get(1)).extracting(CodeEntry::className).containsOnly("pkg/C3");
        assertThat(cut.stream().flatMap(List::stream).toList()).isEqualTo(instructions);
        assertThat(CodePieces.cut(List.of())).isEmpty();
    }

    @Test
    void aPieceThatIsNotWhatItsIndexSaysIsNamed() {
        CodePieces.Range r = new CodePieces.Range(2, 5, 9);
        assertThat(r.mismatch(new int[] {5, 9})).isNull();
        assertThat(r.mismatch(new int[] {5})).isEqualTo("holds 1 instructions where its index says 2");
        assertThat(r.mismatch(new int[] {5, 10})).isEqualTo("holds instruction 10 outside its index's range 5..9");
    }

    /** Version 16-19's layout (no raw lengths). */
    @Test
    void aDamagedIndexIsRefused() {
        byte[] outOfInts = new VarIntWriter().writeVarLong(1).writeVarLong(3).writeSignedVarLong(Integer.MAX_VALUE).writeVarLong(2).toByteArray();
        assertThatThrownBy(() -> CodePieces.read(new VarIntReader(outOfInts, "CODE_INDEX"), 19)).isInstanceOf(FormatException.class)
                .hasMessageContaining("is not of ints");
        byte[] trailing = new VarIntWriter().writeVarLong(1).writeVarLong(0).writeVarLong(7).toByteArray();
        assertThatThrownBy(() -> CodePieces.read(new VarIntReader(trailing, "CODE_INDEX"), 19)).isInstanceOf(FormatException.class)
                .hasMessageContaining("1 bytes after the code pieces' index");
        byte[] cut = new VarIntWriter().writeVarLong(2).writeVarLong(0).toByteArray();
        assertThatThrownBy(() -> CodePieces.read(new VarIntReader(cut, "CODE_INDEX"), 19)).isInstanceOf(FormatException.class);
    }

    /**
     * A CODE_INDEX that lies (behind a valid CRC) about a piece, so that a lookup passes over the
     * piece holding its id: the lookup must not answer "no such instruction" where the whole
     * decode finds the lie; a miss reads the pieces it passed over and finds it too.
     */
    @Test
    void aLookupThatFindsNothingChecksThePiecesItsIndexPassedOver(@TempDir Path dir) throws Exception {
        List<CodeEntry> instructions = new ArrayList<>();
        for (int k = 0; k < 300; k++) instructions.add(entry(k)); // pieces 0..127, 128..255, 256..299
        // the second instruction piece's range narrowed (230 outside it), then its count made 0
        int[] raw = rawLengths(instructions);
        byte[] narrowed = index(new int[][] {{128, 0, 127}, {128, 128, 200}, {44, 256, 299}}, raw);
        byte[] emptied = index(new int[][] {{128, 0, 127}, {0, 0, 0}, {44, 256, 299}}, raw);
        for (byte[] lie : List.of(narrowed, emptied)) {
            CodeIndex code = CodeIndex.of(sections(dir.resolve("lie" + lie.length + ".wtrace"), instructions, lie));
            assertThat(code.instruction(5)).as("an id of an honest piece").isEqualTo(instructions.get(5));
            assertThatThrownBy(() -> code.instruction(230)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("the code piece holds");
        }
        List<ChunkCodec.RawSection> honest = CodePieces.encode(List.of(), instructions);
        CodeIndex code = CodeIndex.of(sections(dir.resolve("honest.wtrace"), instructions, honest.get(0).bytes()));
        assertThat(code.instruction(230)).isEqualTo(instructions.get(230));
        assertThat(code.unpacked()).as("a hit reads its piece alone").isEqualTo(1);
        assertThat(code.instruction(300)).as("an id no piece defines").isNull();
        assertThat(code.unpacked()).as("a miss has read every piece").isEqualTo(3);
    }

    /**
     * A piece whose raw length is not what its CODE_INDEX entry says (pieces swapped, a payload cut
     * behind a valid CRC) is refused when the chunk is read, before any piece is decompressed
     * (version 20): every command then gives the one verdict, not only those that decode the map.
     */
    @Test
    void aPieceOfAnotherLengthThanItsIndexSaysIsRefusedAtOpen(@TempDir Path dir) throws Exception {
        List<CodeEntry> instructions = new ArrayList<>();
        for (int k = 0; k < 300; k++) instructions.add(entry(k));
        int[] raw = rawLengths(instructions);
        int[][] pieces = {{128, 0, 127}, {128, 128, 255}, {44, 256, 299}};
        assertThat(sections(dir.resolve("honest.wtrace"), instructions, index(pieces, raw)).size()).isEqualTo(3);
        int[] swapped = {raw[0], raw[2], raw[1]};
        assertThatThrownBy(() -> sections(dir.resolve("swapped.wtrace"), instructions, index(pieces, swapped)))
                .isInstanceOf(FormatException.class)
                .hasMessageContaining("code piece 1, is " + raw[1] + " bytes where its chunk's CODE_INDEX says " + raw[2]);
    }

    /** The raw lengths of the instruction pieces {@link CodePieces#encode} makes of {@code instructions}. */
    private static int[] rawLengths(List<CodeEntry> instructions) {
        return CodePieces.encode(List.of(), instructions).stream().skip(1).mapToInt(s -> s.bytes().length).toArray();
    }

    /** A version-20 CODE_INDEX payload of {count, min, max} rows, piece i's raw length {@code raw[i]}. */
    private static byte[] index(int[][] pieces, int[] raw) {
        VarIntWriter w = new VarIntWriter().writeVarLong(pieces.length);
        for (int k = 0; k < pieces.length; k++) {
            int[] p = pieces[k];
            w.writeVarLong(raw[k]).writeVarLong(p[0]);
            if (p[0] > 0) w.writeSignedVarLong(p[1]).writeVarLong(p[2] - p[1]);
        }
        return w.toByteArray();
    }

    /** The code sections of a one-chunk file whose instruction pieces are {@code instructions}' and whose CODE_INDEX is {@code index}. */
    private static CodeSections sections(Path file, List<CodeEntry> instructions, byte[] index) throws Exception {
        List<ChunkCodec.RawSection> sections = new ArrayList<>(CodePieces.encode(List.of(), instructions));
        sections.set(0, new ChunkCodec.RawSection(SectionType.CODE_INDEX, null, TraceFormat.NO_THREAD, index));
        try (TraceWriter w = TraceWriter.create(file, TraceMode.CDR, Codec.XZ)) {
            w.writeChunk(sections, 0, Codec.XZ, Codec.NO_DEADLINE);
        }
        CodeSections all = new CodeSections(file.toString());
        try (TraceReader r = TraceReader.open(file)) {
            all.addAll(TraceSections.read(r, 0).code());
        }
        return all;
    }

    private static CodeEntry entry(int id) {
        return new CodeEntry(id, "pkg/C", "m", "()V", id % 7, id, "insn " + id);
    }
}
