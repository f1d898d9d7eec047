package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.format.wtrace.SectionType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CODE_INDEX (format 16) that lies behind a valid CRC about the piece holding an instruction
 * {@code deps} names: {@code deps} looks into only the pieces whose range holds an id, so it must
 * not print the edge without its code (exit 0, a wrong answer) where {@code stats} rejects the
 * file; it gives the same one-line error.
 */
class CliCodeIndexTest {
    @TempDir
    Path dir;

    @Test
    void anIndexThatHidesAnInstructionsPieceIsOneLineForDepsAsForStats() throws Exception {
        Path cdr = CliDepsTest.record(dir, "sor", "2", "8", "1", "cdr");
        Path ewpp = CliDepsTest.record(dir, "sor", "2", "8", "1", "ewpp", "--filter-from", cdr.toString());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> edges = (List<Map<String, Object>>) CliDepsTest.depsJson(ewpp).get("edges");
        int load = ((Number) edges.get(0).get("load")).intValue();

        FuzzSections sections = FuzzSections.parse(Files.readAllBytes(ewpp));
        boolean hidden = false;
        for (FuzzSections.Part p : sections.parts) {
            if (hidden || p.type() != SectionType.CODE_INDEX.id) continue;
            byte[] lie = hiding(p.payload, load);
            if (lie != null) p.payload = lie;
            hidden = lie != null;
        }
        assertThat(hidden).as("a CODE_INDEX lists a piece holding instruction %d", load).isTrue();
        Path lying = Files.write(dir.resolve("lying-index.wtrace"), sections.write(false));

        Cli stats = Cli.run("stats", lying.toString());
        assertThat(stats.exit()).as(stats.toString()).isEqualTo(2);
        for (List<String> args : List.of(List.of("deps", lying.toString()), List.of("deps", lying.toString(), "--to", Integer.toString(load)))) {
            Cli deps = Cli.run(args);
            assertThat(deps.exit()).as(deps.toString()).isEqualTo(2);
            assertThat(deps.errLines()).as(deps.toString()).hasSize(1).allMatch(l -> l.startsWith("wholetrace: ") && l.contains("code piece"));
        }
    }

    /** The CODE_INDEX payload with the count of the piece whose range holds {@code id} made 0 (a piece said to hold no instruction); null if none holds it. */
    private static byte[] hiding(byte[] payload, int id) throws Exception {
        VarIntReader in = new VarIntReader(payload, "CODE_INDEX");
        long n = in.readVarLong("pieces");
        VarIntWriter out = new VarIntWriter().writeVarLong(n);
        boolean hidden = false;
        for (long i = 0; i < n; i++) {
            out.writeVarLong(in.readVarLong("raw length")); // format 20
            long count = in.readVarLong("count");
            if (count == 0) {
                out.writeVarLong(0);
                continue;
            }
            long min = in.readSignedVarLong("min"), span = in.readVarLong("span");
            if (!hidden && min <= id && id <= min + span) {
                out.writeVarLong(0);
                hidden = true;
            } else {
                out.writeVarLong(count).writeSignedVarLong(min).writeVarLong(span);
            }
        }
        return hidden ? out.toByteArray() : null;
    }
}
