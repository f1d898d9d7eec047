package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The code map a trace's {@code code()} returns decodes an instruction when it is asked for
 * ({@link CodeIndex}) and everything when a block, a count or a listing is: whichever order the
 * questions come in, every answer is the whole decode's ({@code checkedCode()}, what the code map
 * was before session 43), a redefined id included (its first definition wins).
 */
class LazyCodeMapTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = Codec.class, names = {"NONE", "XZ", "ZSTD", "DEFLATE", "FAST"})
    void answersAsTheWholeDecodeDoes(Codec codec) throws Exception {
        Path file = dir.resolve("code.wtrace");
        List<List<CodeEntry>> blocks = new ArrayList<>(), instructions = new ArrayList<>();
        Random rnd = new Random(43);
        int id = 0;
        for (int chunk = 0; chunk < 3; chunk++) {
            List<CodeEntry> b = new ArrayList<>(), i = new ArrayList<>();
            for (int k = 0; k < 40; k++) b.add(entry(chunk * 40 + k, "block", rnd));
            for (int k = 0; k < 300; k++) i.add(entry(id++, "insn", rnd));
            if (chunk > 0) i.add(entry(7 * chunk, "redefined", rnd)); // a later definition of an earlier id: ignored
            blocks.add(b);
            instructions.add(i);
        }
        try (TraceWriter w = TraceWriter.create(file, TraceMode.CDR, codec)) {
            for (int c = 0; c < 3; c++) {
                w.writeChunk(new ChunkContent(c == 0 ? Map.of("program", "code") : Map.of(), List.of(), blocks.get(c), instructions.get(c), List.of()));
            }
        }
        CodeMap whole = ParallelTrace.open(file).checkedCode();
        assertThat(whole.instructionCount()).isEqualTo(900);

        List<Integer> ids = new ArrayList<>();
        for (int i = -2; i < 905; i++) ids.add(i);
        Collections.shuffle(ids, rnd);
        CodeMap lazy = ParallelTrace.open(file).code();
        for (int redefined : new int[] {7, 14}) { // asked first, of the index: its first definition (the texts are "redefined ...")
            assertThat(lazy.instruction(redefined).text()).as("instruction %d", redefined).doesNotStartWith("redefined");
            assertThat(lazy.instruction(redefined)).isEqualTo(whole.instruction(redefined));
        }
        for (int i : ids.subList(0, 100)) assertThat(lazy.instruction(i)).as("instruction %d", i).isEqualTo(whole.instruction(i));
        // then the whole map: every entry, in definition order, the ones asked for before among them
        assertThat(lazy.blocksFrom(0)).isEqualTo(whole.blocksFrom(0));
        assertThat(lazy.instructionsFrom(0)).isEqualTo(whole.instructionsFrom(0));
        for (int i : ids) assertThat(lazy.instruction(i)).as("instruction %d", i).isEqualTo(whole.instruction(i));

        CodeMap blocksFirst = ParallelTrace.open(file).code();
        assertThat(blocksFirst.block(41)).isEqualTo(whole.block(41));
        assertThat(blocksFirst.instructionsFrom(0)).isEqualTo(whole.instructionsFrom(0));
    }

    /**
     * Format 16: a chunk's code map is a blocks piece and instruction pieces of {@link
     * CodePieces#ROWS} rows behind a CODE_INDEX; an instruction decompresses only the pieces whose
     * id range holds it (the first of them that defines it wins), and the whole map is what it was.
     */
    @Test
    void anInstructionDecompressesOnlyThePiecesItsIdIsIn() throws Exception {
        Path file = dir.resolve("pieces.wtrace");
        Random rnd = new Random(44);
        List<CodeEntry> b = new ArrayList<>(), i = new ArrayList<>();
        for (int k = 0; k < 40; k++) b.add(entry(k, "block", rnd));
        for (int k = 0; k < 300; k++) i.add(oneClass(entry(k, "insn", rnd))); // one class: pieces of ROWS rows, none cut at a class change
        List<CodeEntry> later = List.of(entry(5, "redefined", rnd), entry(300, "insn", rnd));
        try (TraceWriter w = TraceWriter.create(file, TraceMode.CDR, Codec.XZ)) {
            w.writeChunk(new ChunkContent(Map.of("program", "code"), List.of(), b, i, List.of()));
            w.writeChunk(new ChunkContent(Map.of(), List.of(), List.of(), later, List.of()));
        }
        CodeSections all = new CodeSections(file.toString());
        List<SectionType> first = new ArrayList<>();
        try (TraceReader r = TraceReader.open(file)) {
            for (Section s : r.chunks().get(0)) first.add(s.type());
            for (int c = 0; c < r.chunks().size(); c++) all.addAll(TraceSections.read(r, c).code());
        }
        assertThat(first.subList(0, 6)).as("chunk 0's sections").containsExactly(SectionType.PROPERTIES, SectionType.CODE_INDEX,
                SectionType.CODE, SectionType.CODE, SectionType.CODE, SectionType.CODE); // blocks, then 128 + 128 + 44 instructions
        CodeIndex index = CodeIndex.of(all);
        assertThat(index.unpacked()).as("decompressed by making the map").isZero();
        assertThat(index.instruction(200)).isEqualTo(i.get(200));
        assertThat(index.unpacked()).as("rows 128..255's piece alone").isEqualTo(1);
        assertThat(index.instruction(5)).as("the first definition").isEqualTo(i.get(5));
        assertThat(index.instruction(300)).isEqualTo(later.get(1));
        assertThat(index.unpacked()).as("and rows 0..127's, and chunk 1's").isEqualTo(3);
        assertThat(index.instruction(301)).isNull();
        assertThat(index.unpacked()).as("a miss has checked every piece against its range").isEqualTo(5);
        CodeMap whole = ParallelTrace.open(file).checkedCode();
        CodeMap lazy = ParallelTrace.open(file).code();
        assertThat(lazy.instruction(300)).isEqualTo(whole.instruction(300));
        assertThat(lazy.instructionsFrom(0)).isEqualTo(whole.instructionsFrom(0)).hasSize(301);
        assertThat(lazy.blocksFrom(0)).isEqualTo(b);
    }

    /** Files before format 16 (one CODE section a chunk, no index), as the old writer wrote them: the same answers. */
    @Test
    void aFileOfTheFormerLayoutAnswersTheSame() throws Exception {
        Path file = dir.resolve("v15.wtrace");
        Random rnd = new Random(15);
        List<CodeEntry> b = new ArrayList<>(), i = new ArrayList<>();
        for (int k = 0; k < 30; k++) b.add(entry(k, "block", rnd));
        for (int k = 0; k < 500; k++) i.add(entry(k, "insn", rnd));
        i.add(entry(9, "redefined", rnd));
        try (TraceWriter w = TraceWriter.create(file, TraceMode.CDR, Codec.XZ, TraceFormat.CODE_PIECES_SINCE - 1)) {
            w.writeChunk(List.of(new ChunkCodec.RawSection(SectionType.CODE, null, TraceFormat.NO_THREAD, ChunkCodec.codePayload(b, i))), 0, Codec.XZ,
                    Codec.NO_DEADLINE);
        }
        ParallelTrace t = ParallelTrace.open(file);
        assertThat(t.version()).isEqualTo(15);
        CodeMap lazy = t.code();
        for (int k : new int[] {499, 9, 0, 250}) assertThat(lazy.instruction(k)).as("instruction %d", k).isEqualTo(i.get(k));
        assertThat(lazy.instruction(500)).isNull();
        assertThat(lazy.instructionsFrom(0)).isEqualTo(i.subList(0, 500));
        assertThat(lazy.blocksFrom(0)).isEqualTo(b);
    }

    @Test
    void asksTheSourceForEachInstructionOnceAndForEverythingOnce() {
        List<String> asked = new ArrayList<>();
        CodeEntry one = new CodeEntry(1, "C", "m", "()V", 3, 4, "getfield");
        CodeMap m = CodeMap.lazy(new CodeMap.Source() {
            @Override
            public void decode(List<CodeEntry> blocks, List<CodeEntry> instructions) {
                asked.add("all");
                blocks.add(new CodeEntry(0, "C", "m", "()V", 3, 0, "aload_0"));
                instructions.add(one);
            }

            @Override
            public CodeEntry instruction(int id) {
                asked.add("instruction " + id);
                return id == 1 ? one : null;
            }
        });
        assertThat(m.instruction(1)).isEqualTo(one);
        assertThat(m.instruction(1)).isEqualTo(one);
        assertThat(m.instruction(2)).isNull();
        assertThat(asked).containsExactly("instruction 1", "instruction 2");
        assertThat(m.blockCount()).isEqualTo(1);
        assertThat(m.instructionCount()).isEqualTo(1);
        assertThat(m.instruction(2)).isNull();
        assertThat(asked).containsExactly("instruction 1", "instruction 2", "all");
    }

    /** {@code e} in class pkg/One (the pieces then end only at {@link CodePieces#ROWS} rows). */
    private static CodeEntry oneClass(CodeEntry e) {
        return new CodeEntry(e.id(), "pkg/One", e.method(), e.descriptor(), e.line(), e.bci(), e.text());
    }

    private static CodeEntry entry(int id, String what, Random rnd) {
        String cls = "pkg/Class" + rnd.nextInt(5);
        return new CodeEntry(id, cls, "method" + rnd.nextInt(9), "(I)V", rnd.nextInt(200) - 1, rnd.nextInt(90) - 1, what + " " + "é".repeat(rnd.nextInt(3)) + rnd.nextLong());
    }
}
