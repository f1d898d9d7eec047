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

    private static CodeEntry entry(int id, String what, Random rnd) {
        String cls = "pkg/Class" + rnd.nextInt(5);
        return new CodeEntry(id, cls, "method" + rnd.nextInt(9), "(I)V", rnd.nextInt(200) - 1, rnd.nextInt(90) - 1, what + " " + "é".repeat(rnd.nextInt(3)) + rnd.nextLong());
    }
}
