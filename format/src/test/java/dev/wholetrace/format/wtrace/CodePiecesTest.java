package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.CodeEntry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        List<CodePieces.Range> ranges = CodePieces.read(new VarIntReader(sections.get(0).bytes(), "CODE_INDEX"));
        assertThat(ranges).containsExactly(new CodePieces.Range(0, 0, -1), new CodePieces.Range(CodePieces.ROWS, 50, 10_000),
                new CodePieces.Range(3, 50 + CodePieces.ROWS, 52 + CodePieces.ROWS));
        assertThat(ranges.get(0).mayHold(0)).as("a blocks piece holds no instruction").isFalse();
        assertThat(ranges.get(1).mayHold(9_999)).isTrue();
        assertThat(ranges.get(2).mayHold(49 + CodePieces.ROWS)).isFalse();

        List<CodeEntry> b = new ArrayList<>(), i = new ArrayList<>();
        for (ChunkCodec.RawSection s : sections.subList(1, 4)) ChunkCodec.code(new VarIntReader(s.bytes(), "CODE"), b, i);
        assertThat(b).isEqualTo(blocks);
        assertThat(i).isEqualTo(instructions);
    }

    @Test
    void aPieceThatIsNotWhatItsIndexSaysIsNamed() {
        CodePieces.Range r = new CodePieces.Range(2, 5, 9);
        assertThat(r.mismatch(new int[] {5, 9})).isNull();
        assertThat(r.mismatch(new int[] {5})).isEqualTo("holds 1 instructions where its index says 2");
        assertThat(r.mismatch(new int[] {5, 10})).isEqualTo("holds instruction 10 outside its index's range 5..9");
    }

    @Test
    void aDamagedIndexIsRefused() {
        byte[] outOfInts = new VarIntWriter().writeVarLong(1).writeVarLong(3).writeSignedVarLong(Integer.MAX_VALUE).writeVarLong(2).toByteArray();
        assertThatThrownBy(() -> CodePieces.read(new VarIntReader(outOfInts, "CODE_INDEX"))).isInstanceOf(FormatException.class)
                .hasMessageContaining("is not of ints");
        byte[] trailing = new VarIntWriter().writeVarLong(1).writeVarLong(0).writeVarLong(7).toByteArray();
        assertThatThrownBy(() -> CodePieces.read(new VarIntReader(trailing, "CODE_INDEX"))).isInstanceOf(FormatException.class)
                .hasMessageContaining("1 bytes after the code pieces' index");
        byte[] cut = new VarIntWriter().writeVarLong(2).writeVarLong(0).toByteArray();
        assertThatThrownBy(() -> CodePieces.read(new VarIntReader(cut, "CODE_INDEX"))).isInstanceOf(FormatException.class);
    }

    private static CodeEntry entry(int id) {
        return new CodeEntry(id, "pkg/C", "m", "()V", id % 7, id, "insn " + id);
    }
}
