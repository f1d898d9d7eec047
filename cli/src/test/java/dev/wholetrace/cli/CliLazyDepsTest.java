package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.deps.DepsAnalysis;
import dev.wholetrace.analysis.deps.DepsOptions;
import dev.wholetrace.analysis.deps.DepsResult;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deps} opens an eWPP lazily ({@link ParallelTrace#openLazily}; docs/trace-format.md, "One structural
 * validation"): every section of every chunk is CRC-checked at open, a thread chunk is decoded, with every
 * check, when the recovery first reads it, and a count of every edge reads of a chunk only its check alphabet
 * and stored check counts. What must hold: the count decodes no thread chunk and answers as the eager open; a
 * chunk damaged at open (a stale CRC in a section no count reads) is still one line and exit 2, for every
 * recovery; damage behind a valid CRC in a control WPP is found, in one line with exit 2, by what decodes it
 * ({@code deps --expand}, a query, {@code verify}), while the count, which does not read it, answers as on the
 * undamaged file (the documented exception, as for the check grammar since format 14).
 */
class CliLazyDepsTest {
    @TempDir
    static Path dir;

    /** sor, two workers, a chunk per 2 000 events (two chunks or more), each section stored alone (no PACK), so that one can be damaged. */
    static Path base;

    @BeforeAll
    static void record() throws Exception {
        Path cdr = CliDepsTest.record(dir, "sor", "2", "16", "2", "cdr");
        Path sealed = CliDepsTest.record(dir, "sor", "2", "16", "2", "ewpp", "--filter-from", cdr.toString(), "--events", "2000");
        base = dir.resolve("base.wtrace");
        try (TraceReader reader = TraceReader.open(sealed)) {
            new TraceRepacker(Codec.DEFLATE).repack(reader, base);
        }
    }

    @Test
    void aCountDecodesNoThreadChunkAndAnswersAsTheEagerOpen() throws Exception {
        ParallelTrace lazy = ParallelTrace.openLazily(base, bytes -> { });
        assertThat(lazy.chunkCount()).isGreaterThan(1);
        DepsResult counted = new DepsAnalysis().analyze(lazy);
        assertThat(counted.method()).isEqualTo("ewpp-counts");
        assertThat(lazy.pieceDecodes()).as("thread chunks decoded by a count").isZero();
        DepsResult eager = new DepsAnalysis().analyze(ParallelTrace.open(base));
        assertThat(rows(counted)).isEqualTo(rows(eager)).isNotEmpty();
        assertThat(counted.signatures()).isEqualTo(eager.signatures());
        // the expansion on the same lazily opened trace decodes (and checks) every piece, in order, and agrees
        DepsResult expanded = new DepsAnalysis(new DepsOptions(-1, -1, 0, -1, 0, true)).analyze(lazy);
        assertThat(lazy.pieceDecodes()).isPositive();
        assertThat(rows(expanded)).isEqualTo(rows(eager));
    }

    private static List<String> rows(DepsResult r) {
        return r.edges().stream().map(e -> e.store() + ">" + e.load() + " " + e.origin() + " " + e.count()).sorted().toList();
    }

    @Test
    void aChunkDamagedAtItsCrcIsOneLineAndExit2ForEveryRecovery() throws Exception {
        byte[] file = Files.readAllBytes(base);
        Section control = controlWpp(base);
        file[(int) (control.offset() + TraceFormat.SECTION_HEADER_BYTES + control.storedLength() / 2)] ^= 0x5A; // its CRC now stale
        Path damaged = Files.write(dir.resolve("stale.wtrace"), file);
        for (List<String> c : List.of(List.of("deps", damaged.toString()), List.of("deps", damaged.toString(), "--expand"),
                List.of("deps", damaged.toString(), "--format", "json"))) {
            Cli r = Cli.run(c);
            assertThat(r.exit()).as(r.toString()).isEqualTo(2);
            assertThat(CliFuzzTest.contract(r)).as(r.toString()).isNull();
            assertThat(r.err()).contains("CRC mismatch");
        }
    }

    @Test
    void damageBehindAValidCrcIsFoundByWhatDecodesIt() throws Exception {
        FuzzSections s = FuzzSections.parse(Files.readAllBytes(base));
        Section control = controlWpp(base);
        List<FuzzSections.Part> wpps = s.parts.stream()
                .filter(p -> p.type() == SectionType.STREAM.id && (p.header[2] & 0xFF) == StreamKinds.CONTROL.id() && p.thread() == control.thread())
                .toList();
        FuzzSections.Part part = wpps.get(wpps.size() - 1); // the thread's last control WPP (the one controlWpp names)
        part.payload = Arrays.copyOf(part.payload, part.payload.length / 2); // a grammar cut in half: it cannot decode
        part.touched = true;
        Path damaged = Files.write(dir.resolve("behind.wtrace"), s.write(false)); // every CRC recomputed
        Cli count = Cli.run("deps", damaged.toString(), "--format", "json");
        assertThat(count.exit()).as(count.toString()).isZero();
        assertThat(CliDepsTest.edges(JsonText.object(count.out()))).isEqualTo(CliDepsTest.edges(CliDepsTest.depsJson(base)));
        for (List<String> c : List.of(List.of("deps", damaged.toString(), "--expand"), List.of("verify", damaged.toString()))) {
            Cli r = Cli.run(c);
            assertThat(r.exit()).as(r.toString()).isEqualTo(2);
            assertThat(CliFuzzTest.contract(r)).as(r.toString()).isNull();
        }
    }

    /** The file's last control-WPP section (stored alone): a thread's last piece. */
    private static Section controlWpp(Path f) throws Exception {
        try (TraceReader reader = TraceReader.open(f)) {
            Section last = null;
            for (List<Section> chunk : reader.chunks()) {
                for (Section x : chunk) if (x.type() == SectionType.STREAM && x.stream() == StreamKinds.CONTROL && !x.packed()) last = x;
            }
            assertThat(last).isNotNull();
            return last;
        }
    }
}
