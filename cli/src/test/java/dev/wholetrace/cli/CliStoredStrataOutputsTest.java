package dev.wholetrace.cli;

import static dev.wholetrace.cli.CliStoredStrataTest.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.strata.StoredStrata;
import dev.wholetrace.analysis.strata.StrataResult;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceRepacker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The strata outputs stored in a STRATA recording (STRATA_OUTPUTS, written by the re-pack after
 * the program exited): on the kernels, what {@code hot}, {@code strata} and {@code phases} read
 * from the section equals what they compute with {@code --recompute}, for the stored options and
 * for smaller ones cut from them; options the section cannot answer are computed; a trace cut
 * before the section (a killed recording) is computed and gives the same figures.
 */
class CliStoredStrataOutputsTest {
    @TempDir
    static Path dir;

    private static final java.util.concurrent.atomic.AtomicInteger RECORDINGS = new java.util.concurrent.atomic.AtomicInteger();

    private static Path record(String kernel, String mode, String size, String steps) {
        Path f = dir.resolve(kernel + "-" + mode + "-" + RECORDINGS.incrementAndGet() + ".wtrace");
        return CliStoredStrataTest.record(f, kernel, mode, "2", size, steps);
    }

    /** The JSON of a command without what differs between computing and reading: timings, peak memory, the source. */
    private static Map<String, Object> figures(String... args) {
        Map<String, Object> m = JsonText.object(ok(args).out());
        for (String k : List.of("nanos", "cpuNanos", "blocksPerSecond", "peakBytes", "stored")) m.remove(k);
        return m;
    }

    private static boolean stored(String... args) {
        return Boolean.TRUE.equals(JsonText.object(ok(args).out()).get("stored"));
    }

    private static void storedEqualsComputed(Path f, String... options) {
        String[] strata = concat(new String[] {"strata", f.toString(), "--format", "json"}, options);
        assertThat(stored(strata)).as("strata %s read from the section", Arrays.toString(options)).isTrue();
        assertThat(figures(strata)).as("strata %s", Arrays.toString(options)).isEqualTo(figures(concat(strata, "--recompute")));
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @ParameterizedTest
    @CsvSource({"sor, 24, 3", "fft, 10, 2", "lu, 32, 1"})
    void storedOutputsEqualRecomputedOnTheKernels(String kernel, String size, String steps) throws Exception {
        Path f = record(kernel, "strata", size, steps);
        try (TraceReader r = TraceReader.open(f)) {
            assertThat(r.trailer(SectionType.STRATA_OUTPUTS)).as("the re-pack stored the outputs").isNotNull();
        }
        storedEqualsComputed(f);
        storedEqualsComputed(f, "--layers", "2", "--top", "3", "--sample", "4", "--layer", "1");
        storedEqualsComputed(f, "--no-sizes", "--layers", "0");
        String hot = ok("hot", f.toString(), "--format", "json").out();
        assertThat(JsonText.object(hot)).isEqualTo(JsonText.object(ok("hot", f.toString(), "--format", "json", "--recompute").out()));
        assertThat(JsonText.object(ok("hot", f.toString(), "--format", "json", "--top", "2").out()))
                .isEqualTo(JsonText.object(ok("hot", f.toString(), "--format", "json", "--top", "2", "--recompute").out()));
        assertThat(JsonText.object(ok("phases", f.toString(), "--format", "json").out()))
                .isEqualTo(JsonText.object(ok("phases", f.toString(), "--format", "json", "--recompute").out()));
        assertThat(ok("strata", f.toString()).out()).contains("stored   read from the trace's STRATA_OUTPUTS section");
        // the HTML report's hot paths (read from the section) as 'hot' computes them
        Map<String, Object> report = JsonText.object(ok("report", f.toString(), "--format", "json", "--no-races").out().strip());
        @SuppressWarnings("unchecked")
        Map<String, Object> reportPaths = (Map<String, Object>) ((Map<String, Object>) report.get("hot")).get("paths");
        Map<String, Object> computed = JsonText.object(ok("hot", f.toString(), "--format", "json", "--recompute").out());
        reportPaths.remove("file"); // the report names the file, hot gives its path
        computed.remove("file");
        assertThat(reportPaths).isEqualTo(computed);
    }

    @Test
    void whatTheSectionCannotAnswerIsComputed() {
        Path f = record("sor", "strata", "24", "3");
        assertThat(stored("strata", f.toString(), "--format", "json", "--top", "11")).isFalse();
        assertThat(stored("strata", f.toString(), "--format", "json", "--layers", "5")).isFalse();
        assertThat(stored("strata", f.toString(), "--format", "json", "--sample", "17")).isFalse();
        assertThat(stored("strata", f.toString(), "--format", "json", "--thread", "1")).isFalse();
        assertThat(ok("strata", f.toString(), "--thread", "1").out()).doesNotContain("STRATA_OUTPUTS");
        // phases with other options: equal to the recomputation, which the stored defaults would not be
        assertThat(JsonText.object(ok("phases", f.toString(), "--format", "json", "--window", "1000").out()))
                .isEqualTo(JsonText.object(ok("phases", f.toString(), "--format", "json", "--window", "1000", "--recompute").out()));
    }

    @Test
    void aKilledRecordingHasNoSectionAndIsComputed() throws Exception {
        Path f = record("fft", "strata", "10", "2");
        long chunksEnd;
        try (TraceReader r = TraceReader.open(f)) {
            List<Section> last = r.chunks().get(r.chunks().size() - 1);
            chunksEnd = last.get(last.size() - 1).offset() + last.get(last.size() - 1).fileBytes();
        }
        Path cut = dir.resolve("fft-killed.wtrace");
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(f), (int) chunksEnd));
        assertThat(stored("strata", cut.toString(), "--format", "json")).isFalse();
        Map<String, Object> a = figures("strata", cut.toString(), "--format", "json");
        Map<String, Object> b = figures("strata", f.toString(), "--format", "json");
        a.remove("file");
        b.remove("file");
        assertThat(a).isEqualTo(b);
    }

    /**
     * Re-packing one file twice writes the same bytes: the stored outputs keep no run time (they
     * kept the re-pack's own, the one thing two re-packs did not share). The report says so.
     */
    @Test
    void recompressingOneFileTwiceWritesTheSameBytes() throws Exception {
        Path f = record("water", "strata", "16", "2");
        Path a = dir.resolve("water-again-a.wtrace");
        Path b = dir.resolve("water-again-b.wtrace");
        ok("recompress", f.toString(), "-o", a.toString());
        ok("recompress", f.toString(), "-o", b.toString());
        assertThat(stored("strata", a.toString(), "--format", "json")).as("the re-pack stored the outputs").isTrue();
        assertThat(Files.mismatch(a, b)).as("first byte where two re-packs of %s differ", f).isEqualTo(-1L);
        Map<String, Object> json = JsonText.object(ok("strata", a.toString(), "--format", "json").out());
        assertThat(((Number) json.get("nanos")).longValue()).isEqualTo(-1L);
        assertThat(((Number) json.get("cpuNanos")).longValue()).isEqualTo(-1L);
        assertThat(ok("strata", a.toString()).out()).contains("time     not stored");
        assertThat(ok("strata", a.toString(), "--recompute").out()).contains("blocks/s; CPU");
    }

    /**
     * A section written before session 46 holds the re-pack's run time (same content version, same
     * fields): it is read as it is, and strata prints that time, as the time of the re-pack, in text
     * and JSON, also when it cuts a smaller request from the section.
     */
    @Test
    void aSectionThatHoldsARunTimeStillShowsIt() throws Exception {
        Path f = record("water", "strata", "16", "2");
        StoredStrata.Outputs now = StoredStrata.read(f);
        StrataResult s = now.strata();
        assertThat(s.timed()).isFalse();
        StrataResult timed = new StrataResult(s.mode(), s.blocks(), 2_500_000_000L, 2_000_000_000L, s.peakBytes(), s.options(), s.threads(),
                s.levels(), s.hottest(), s.uniqueStrata());
        Path old = dir.resolve("water-timed.wtrace");
        try (TraceReader r = TraceReader.open(f)) {
            new TraceRepacker(Codec.BEST).repack(r, old, Map.of(SectionType.STRATA_OUTPUTS, StoredStrata.encode(new StoredStrata.Outputs(timed, now.phases()))));
        }
        for (String[] options : List.of(new String[0], new String[] {"--layers", "2", "--top", "3"})) {
            String[] strata = concat(new String[] {"strata", old.toString()}, options);
            Map<String, Object> json = JsonText.object(ok(concat(strata, "--format", "json")).out());
            assertThat(json.get("stored")).isEqualTo(true);
            assertThat(((Number) json.get("nanos")).longValue()).isEqualTo(2_500_000_000L);
            assertThat(((Number) json.get("cpuNanos")).longValue()).isEqualTo(2_000_000_000L);
            String text = ok(strata).out();
            assertThat(text).contains("the time is that of computing it when the trace was re-packed").contains("time     2.50 s, ")
                    .contains("; CPU 2.00 s, ").doesNotContain("not stored");
        }
    }

    @Test
    void aCorTraceStoresNothingAndRecompressKeepsTheSection() throws Exception {
        Path cor = record("sor", "cor", "24", "3");
        try (TraceReader r = TraceReader.open(cor)) {
            assertThat(r.trailer()).isEmpty();
        }
        Path strata = record("lu", "strata", "32", "1");
        Path repair = dir.resolve("lu-repair.wtrace");
        ok("recompress", strata.toString(), "-o", repair.toString(), "--grammar", "repair");
        assertThat(stored("strata", repair.toString(), "--format", "json")).isTrue();
        assertThat(ok("verify", repair.toString()).out()).contains("valid trace");
    }
}
