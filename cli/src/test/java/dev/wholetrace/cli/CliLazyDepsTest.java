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
import dev.wholetrace.report.deps.DepsFormats;
import java.io.PrintWriter;
import java.io.StringWriter;
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
        base = chunked("16", "base.wtrace");
    }

    /**
     * sor of size {@code size} recorded as an eWPP of two chunks or more and repacked into {@code name}: the
     * recorder's writer cuts a chunk when it next looks after 2 000 events, so on a loaded machine a short run
     * may end before it looks and fit in one chunk; recorded again (five times at most) until it does not.
     */
    static Path chunked(String size, String name) throws Exception {
        Path cdr = CliDepsTest.record(dir, "sor", "2", size, "2", "cdr");
        Path out = dir.resolve(name);
        for (int attempt = 0; attempt < 5; attempt++) {
            Path sealed = CliDepsTest.record(dir, "sor", "2", size, "2", "ewpp", "--filter-from", cdr.toString(), "--events", "2000");
            try (TraceReader reader = TraceReader.open(sealed)) {
                new TraceRepacker(Codec.DEFLATE).repack(reader, out);
                if (reader.chunks().size() > 1) break;
            }
        }
        return out;
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

    /**
     * Every recovery on a lazily opened eWPP writes what it writes on the eagerly opened one (the oracle), to
     * the byte, in JSON: the count, the expansion, a query of one load, of one edge, a chain, instances, --top.
     */
    @Test
    void everyRecoveryWritesWhatTheEagerOpenWrites() throws Exception {
        DepsResult all = new DepsAnalysis().analyze(ParallelTrace.open(base));
        DepsResult.EdgeRow edge = all.edges().stream().filter(e -> e.store() >= 0).findFirst().orElseThrow();
        int s = edge.store();
        int l = edge.load();
        for (DepsOptions o : List.of(new DepsOptions(-1, -1, 0, -1, 0, false), new DepsOptions(-1, -1, 0, -1, 0, true),
                new DepsOptions(-1, l, 0, -1, 0, false), new DepsOptions(s, l, 0, -1, 0, false), new DepsOptions(-1, l, 5, -1, 0, false),
                new DepsOptions(-1, -1, 0, l, 4, false), new DepsOptions(-1, -1, 3, -1, 0, false, 2))) {
            assertThat(json(o, ParallelTrace.openLazily(base, bytes -> { }))).as("%s", o).isEqualTo(json(o, ParallelTrace.open(base)));
        }
    }

    private static String json(DepsOptions o, ParallelTrace trace) throws Exception {
        StringWriter w = new StringWriter();
        DepsFormats.DEPS.writer(DepsFormats.DEPS.parse("json")).write(new DepsAnalysis(o).analyze(trace), new PrintWriter(w));
        return untimed(w.toString());
    }

    /** {@code json} without its recovery time, the one field two runs of a recovery may write differently. */
    private static String untimed(String json) {
        return json.replaceFirst("\"recoveryNanos\":\\d+", "\"recoveryNanos\":T");
    }

    /**
     * A file cut short (a recording killed while it wrote a chunk, a copy truncated) is read up to its last
     * complete chunk with the one warning every command gives, and each recovery answers as the eager open of
     * the same cut file: cut in the middle of each chunk's sections, and at a chunk's end.
     */
    @Test
    void aFileCutShortIsReadUpToItsLastCompleteChunkWithOneWarning() throws Exception {
        byte[] file = Files.readAllBytes(base);
        List<Long> cuts = new java.util.ArrayList<>();
        try (TraceReader reader = TraceReader.open(base)) {
            for (List<Section> chunk : reader.chunks()) {
                Section mid = chunk.get(chunk.size() / 2);
                cuts.add(mid.offset() + TraceFormat.SECTION_HEADER_BYTES + mid.storedLength() / 2); // mid-section: a kill mid-write
                cuts.add(mid.offset() + 3); // inside a section header
            }
        }
        for (long cut : cuts) {
            Path shortened = Files.write(dir.resolve("cut-" + cut + ".wtrace"), Arrays.copyOf(file, (int) cut));
            ParallelTrace eager;
            try {
                eager = ParallelTrace.open(shortened);
            } catch (java.io.IOException | RuntimeException e) { // cut before the first complete chunk: the lazy open refuses it too
                Cli r = Cli.run("deps", shortened.toString());
                assertThat(r.exit()).as("cut at %d: %s", cut, r).isEqualTo(2);
                assertThat(CliFuzzTest.contract(r)).as(r.toString()).isNull();
                continue;
            }
            assertThat(eager.complete()).isFalse();
            for (List<String> extra : List.of(List.<String>of(), List.of("--expand"))) {
                List<String> args = new java.util.ArrayList<>(List.of("deps", shortened.toString(), "--format", "json"));
                args.addAll(extra);
                Cli r = Cli.run(args);
                assertThat(r.exit()).as("cut at %d: %s", cut, r).isZero();
                assertThat(r.err().lines().filter(x -> !x.isBlank()).toList()).as("cut at %d", cut).hasSize(1)
                        .allMatch(x -> x.contains("is incomplete (the recording did not finish)"));
                DepsOptions o = new DepsOptions(-1, -1, 0, -1, 0, !extra.isEmpty());
                assertThat(untimed(r.out())).as("cut at %d %s", cut, extra).isEqualTo(json(o, eager));
            }
        }
    }

    /**
     * A chunk of another recording (the same program, another size: other symbols, other counts) put in place of
     * one of the file's, each with valid CRCs: what the eager open says of it (here: one line and exit 2), every
     * recovery on the lazy open says too, the count included; never an answer the eager open would not give.
     */
    @Test
    void aChunkOfAnotherRecordingSplicedInIsRefusedAsTheEagerOpenRefusesIt() throws Exception {
        Path other = chunked("20", "other.wtrace");
        byte[] into = Files.readAllBytes(base);
        byte[] from = Files.readAllBytes(other);
        long[] a = chunkBytes(base, 1);
        long[] b = chunkBytes(other, 1);
        byte[] spliced = new byte[(int) (a[0] + (b[1] - b[0]) + (into.length - a[1]))];
        System.arraycopy(into, 0, spliced, 0, (int) a[0]);
        System.arraycopy(from, (int) b[0], spliced, (int) a[0], (int) (b[1] - b[0]));
        System.arraycopy(into, (int) a[1], spliced, (int) (a[0] + b[1] - b[0]), (int) (into.length - a[1]));
        Path damaged = Files.write(dir.resolve("spliced.wtrace"), spliced);
        String eager;
        try {
            eager = json(new DepsOptions(-1, -1, 0, -1, 0, false), ParallelTrace.open(damaged));
        } catch (java.io.IOException | RuntimeException e) {
            eager = null;
        }
        for (List<String> c : List.of(List.of("deps", damaged.toString(), "--format", "json"),
                List.of("deps", damaged.toString(), "--format", "json", "--expand"))) {
            Cli r = Cli.run(c);
            if (eager == null) {
                assertThat(r.exit()).as("the eager open refuses it: %s", r).isEqualTo(2);
                assertThat(CliFuzzTest.contract(r)).as(r.toString()).isNull();
            } else {
                assertThat(untimed(r.out())).as(r.toString()).isEqualTo(eager);
            }
        }
    }

    /** Chunk {@code index}'s bytes in {@code f}: [first section's offset, end of its last section). */
    private static long[] chunkBytes(Path f, int index) throws Exception {
        try (TraceReader reader = TraceReader.open(f)) {
            List<Section> chunk = reader.chunks().get(index);
            Section last = chunk.get(chunk.size() - 1);
            return new long[] {chunk.get(0).offset(), last.offset() + TraceFormat.SECTION_HEADER_BYTES + last.storedLength()};
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
