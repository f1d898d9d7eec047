package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.reader.ParallelTrace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * eWPPs of older format versions stay readable: version 7 (check-stream symbols written raw, before
 * {@code CheckSymbolPairs}' differences), version 8 (differences; a signature's head names the
 * store but not its load, so {@code deps} pairs loads with heads by a walk instead of counting on
 * the check grammar) and version 10 (heads name their load; another thread's store is a CROSS
 * record naming the store instance only, counted by the walk to its heads where its origin changes
 * within a chunk; from version 11 a CROSS_AT head names the store instruction and both segments).
 * Version 10's files were made by session 37's build (main at the start of session 38) as the
 * others below, its {@code --to} query on load 1667 (a cross-thread load of that build's ids). Per version two small recordings made by that version's build (session 33's
 * and session 34's; src/test/resources/ewpp: {@code workload sor --threads 2 --size 16 --steps 2
 * --mode ewpp --filter-from} a CDR run, with the search signature, and with distances and {@code
 * --ewpp-caps 4:8}: CROSS, BACK, EVICTED and NONE symbols), and what that build's {@code deps
 * --format json} printed on them (without the file name and the time). Today's reader must recover
 * the same edges, counts, signature statistics and, for one load, the same instances with both
 * ends' positions (the fields that build printed: fields added since are not compared).
 */
class CliEwppVersionTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"7, v7-sor-ewpp, v7-sor-ewpp, ''", "7, v7-sor-ewpp, v7-sor-ewpp-expand, --expand", "7, v7-sor-distance, v7-sor-distance, ''",
            "7, v7-sor-ewpp, v7-sor-ewpp-to-1663, --to 1663 --instances 400", "7, v7-sor-distance, v7-sor-distance-to-1663, --to 1663 --instances 400",
            "8, v8-sor-ewpp, v8-sor-ewpp, ''", "8, v8-sor-ewpp, v8-sor-ewpp-expand, --expand", "8, v8-sor-distance, v8-sor-distance, ''",
            "8, v8-sor-ewpp, v8-sor-ewpp-to-1663, --to 1663 --instances 400", "8, v8-sor-distance, v8-sor-distance-to-1663, --to 1663 --instances 400",
            "10, v10-sor-ewpp, v10-sor-ewpp, ''", "10, v10-sor-ewpp, v10-sor-ewpp-expand, --expand", "10, v10-sor-distance, v10-sor-distance, ''",
            "10, v10-sor-ewpp, v10-sor-ewpp-to-1667, --to 1667 --instances 400", "10, v10-sor-distance, v10-sor-distance-to-1667, --to 1667 --instances 400"})
    void olderVersionReadsAsItsBuildRecoveredIt(int version, String trace, String expected, String options) throws Exception {
        Path f = dir.resolve(trace + ".wtrace");
        try (InputStream in = resource(trace + ".wtrace")) {
            Files.copy(in, f);
        }
        assertThat(ParallelTrace.open(f).version()).as("the fixture's format version").isEqualTo(version);
        assertDepsAsRecorded(f, trace, expected, options);
    }

    /**
     * {@code recompress --grammar} of an older eWPP writes the current format version but keeps its check
     * symbols: a file of version 9 or later whose heads are bare (they name no load). {@code deps}
     * must notice that per chunk (EwppCounts.namesLoads) and still print what the old build did.
     */
    @ParameterizedTest
    @CsvSource({"v8-sor-ewpp, v8-sor-ewpp, ''", "v8-sor-distance, v8-sor-distance, ''", "v8-sor-ewpp, v8-sor-ewpp-expand, --expand",
            "v8-sor-ewpp, v8-sor-ewpp-to-1663, --to 1663 --instances 400", "v7-sor-ewpp, v7-sor-ewpp, ''",
            "v10-sor-ewpp, v10-sor-ewpp, ''", "v10-sor-distance, v10-sor-distance-to-1667, --to 1667 --instances 400"})
    void rewrittenOlderVersionWithBareHeadsRecoversTheSame(String trace, String expected, String options) throws Exception {
        Path f = dir.resolve(trace + ".wtrace");
        try (InputStream in = resource(trace + ".wtrace")) {
            Files.copy(in, f);
        }
        Path rewritten = dir.resolve(trace + "-recompressed.wtrace");
        Cli r = Cli.run("recompress", f.toString(), "-o", rewritten.toString(), "--grammar", "sequitur");
        assertThat(r.exit()).as("recompress: %s", r).isZero();
        assertThat(ParallelTrace.open(rewritten).version()).as("recompress writes the current version").isGreaterThan(ParallelTrace.open(f).version());
        assertDepsAsRecorded(rewritten, trace + " rewritten", expected, options);
    }

    /** {@code deps --format json options} on {@code f} prints what resource {@code expected}.json holds (the old build's output). */
    private static void assertDepsAsRecorded(Path f, String label, String expected, String options) throws Exception {
        Map<String, Object> was;
        try (InputStream in = resource(expected + ".json")) {
            was = JsonText.object(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        Map<String, Object> now = CliDepsTest.depsJson(f, options.isEmpty() ? new String[0] : options.split(" "));
        for (String key : List.of("mode", "method", "total", "edgeCount", "byOrigin", "signatures", "edges", "instances")) {
            assertThat(asPrinted(now.get(key), was.get(key))).as("%s %s: %s", label, options, key).isEqualTo(was.get(key));
        }
        assertThat(was.get("edges")).as("the fixture has edges").asList().isNotEmpty();
    }

    /**
     * {@code now} with only the fields {@code was} has, at every depth: a field {@code deps} added
     * since (an edge's {@code variable}) is not what the old build printed; a field it printed and
     * {@code now} lacks stays missing, so the comparison still fails.
     */
    private static Object asPrinted(Object now, Object was) {
        if (now instanceof Map<?, ?> n && was instanceof Map<?, ?> w) {
            Map<Object, Object> kept = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : w.entrySet()) if (n.containsKey(e.getKey())) kept.put(e.getKey(), asPrinted(n.get(e.getKey()), e.getValue()));
            return kept;
        }
        if (now instanceof List<?> n && was instanceof List<?> w && n.size() == w.size()) {
            List<Object> kept = new ArrayList<>();
            for (int i = 0; i < n.size(); i++) kept.add(asPrinted(n.get(i), w.get(i)));
            return kept;
        }
        return now;
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = CliEwppVersionTest.class.getClassLoader().getResourceAsStream("ewpp/" + name);
        if (in == null) throw new IOException("missing test resource ewpp/" + name);
        return in;
    }
}
