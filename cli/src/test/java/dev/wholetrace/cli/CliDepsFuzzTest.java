package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.SectionType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CliFuzzTest}'s contract for {@code deps} on damaged eWPPs (issue 19): recorded eWPPs (sor
 * with search signatures and 2 threads, mp3d with distance signatures, locks and 2 threads, both
 * filtered by a CDR run; and the committed version-10 eWPP with CROSS records) damaged with stale
 * CRCs, with recomputed CRCs anywhere, and with recomputed CRCs in the sections recovery reads
 * (the check symbols, the grammars, the sync order and counts, the properties with the filter),
 * each case run through every way {@code deps} recovers: counted, expanded, a load's and a store's
 * query, a chain. What must hold: exit 0, or exit 2 with exactly one line "wholetrace: ..."; never a
 * stack trace, "internal error" or another exit code; a stale case that exits 0 prints what the
 * undamaged file gives. Seeded as {@link CliFuzzTest} ({@code -Dwholetrace.fuzz.seed},
 * {@code -Dwholetrace.fuzz.cases}).
 */
class CliDepsFuzzTest {
    /** Seeds that found bugs; they run every time, before the random cases. */
    static final long[] REGRESSIONS = {261_328L, 570_169L, 673_116L, 752_306L, 847_334L, 1_100_742L}; // internal errors, and a message quoting a damaged class name or property over two lines (session 39)
    /** The sections {@code deps} reads to recover dependences on an eWPP. */
    static final Set<SectionType> RECOVERY_SECTIONS = EnumSet.of(SectionType.PROPERTIES, SectionType.SYMBOLS, SectionType.CONTROL,
            SectionType.DATA, SectionType.STREAMS, SectionType.SYNC_COUNTS, SectionType.SYNC_ORDER, SectionType.STREAM, SectionType.PACK);

    @TempDir
    static Path dir;

    static final Map<String, Path> traces = new LinkedHashMap<>();
    /** Per base: a load and a store instruction of one of its edges, for --to, --from and --chain. */
    static final Map<String, int[]> edges = new LinkedHashMap<>();

    @BeforeAll
    static void recordBases() throws Exception {
        Path sorCdr = CliDepsTest.record(dir, "sor", "2", "8", "1", "cdr");
        traces.put("sor-ewpp", moved(CliDepsTest.record(dir, "sor", "2", "8", "1", "ewpp", "--filter-from", sorCdr.toString()), "sor-ewpp.wtrace"));
        Path mp3dCdr = CliDepsTest.record(dir, "mp3d", "2", "64", "1", "cdr");
        traces.put("mp3d-distance", moved(CliDepsTest.record(dir, "mp3d", "2", "64", "1", "ewpp", "--filter-from", mp3dCdr.toString(),
                "--signature", "distance"), "mp3d-distance.wtrace"));
        Path v10 = Path.of("src", "test", "resources", "ewpp", "v10-sor-ewpp.wtrace");
        traces.put("v10-sor-ewpp", Files.copy(v10, dir.resolve("v10-sor-ewpp.wtrace")));
        for (Map.Entry<String, Path> t : traces.entrySet()) edges.put(t.getKey(), crossEdge(t.getValue()));
    }

    private static Path moved(Path f, String name) throws Exception {
        return Files.move(f, dir.resolve(name));
    }

    /** A (load, store) edge of the trace, a cross-thread one if it has one. */
    @SuppressWarnings("unchecked")
    private static int[] crossEdge(Path f) {
        List<Map<String, Object>> all = (List<Map<String, Object>>) CliDepsTest.depsJson(f).get("edges");
        Map<String, Object> e = all.stream().filter(x -> "cross-thread".equals(x.get("origin"))).findFirst()
                .orElseGet(() -> all.stream().filter(x -> ((Number) x.get("store")).intValue() >= 0).findFirst().orElseThrow());
        return new int[] {((Number) e.get("load")).intValue(), ((Number) e.get("store")).intValue()};
    }

    /** Every way deps recovers from an eWPP, on {@code f} (the load and store of {@code edge}). */
    static List<List<String>> depsCommands(Path f, int[] edge) {
        String s = f.toString();
        String load = Integer.toString(edge[0]);
        String store = Integer.toString(edge[1]);
        return List.of(List.of("deps", s), List.of("deps", s, "--expand"), List.of("deps", s, "--to", load, "--instances", "3"),
                List.of("deps", s, "--from", store), List.of("deps", s, "--chain", load, "--length", "3"));
    }

    @Test
    void damagedEwppsGetOneLineOrTheOriginalAnswer() throws Exception {
        List<String> failures = new ArrayList<>();
        List<Long> seeds = CliFuzzTest.seeds(REGRESSIONS);
        Map<List<String>, Cli> originals = new LinkedHashMap<>();
        int runs = 0;
        for (long seed : seeds) {
            for (Map.Entry<String, Path> base : traces.entrySet()) {
                byte[] file = Files.readAllBytes(base.getValue());
                FuzzSections sections = FuzzSections.parse(file);
                for (int family = 0; family < 3; family++) {
                    Random r = new Random(seed * 31 + base.getKey().hashCode() + family);
                    Mutations.Mutant m = switch (family) {
                        case 0 -> Mutations.stale(file, sections, r);
                        case 1 -> Mutations.recomputed(sections, r);
                        default -> Mutations.recomputed(sections, r, p -> RECOVERY_SECTIONS.stream().anyMatch(t -> t.id == p.type()));
                    };
                    Path f = Files.write(dir.resolve("mutant.wtrace"), m.bytes());
                    String label = "seed " + seed + " " + base.getKey() + " [" + m.description() + "]";
                    List<List<String>> baseCommands = depsCommands(base.getValue(), edges.get(base.getKey()));
                    List<List<String>> commands = depsCommands(f, edges.get(base.getKey()));
                    for (int c = 0; c < commands.size(); c++) {
                        long start = System.nanoTime();
                        Cli run = Cli.run(commands.get(c));
                        long millis = (System.nanoTime() - start) / 1_000_000;
                        runs++;
                        String cmd = String.join(" ", commands.get(c).subList(2, commands.get(c).size()));
                        if (millis > CliFuzzTest.SLOW_MILLIS) failures.add(label + ": deps " + cmd + " took " + millis + " ms");
                        String problem = CliFuzzTest.contract(run);
                        if (problem != null) {
                            failures.add(label + ": deps " + cmd + ": " + problem);
                            continue;
                        }
                        if (family == 0 && run.exit() == 0 && !run.err().contains("incomplete") && !m.description().startsWith("sections")) {
                            Cli original = originals.computeIfAbsent(baseCommands.get(c), Cli::run);
                            if (!normalized(run.out(), f, base.getValue()).equals(normalized(original.out(), base.getValue(), base.getValue()))) {
                                failures.add(label + ": deps " + cmd + ": exit 0 with an answer that is not the original");
                            }
                        }
                    }
                }
            }
        }
        System.out.println("deps fuzz: " + seeds.size() + " seeds, " + runs + " command runs, " + failures.size() + " failures");
        Files.write(Path.of("target", "deps-fuzz-failures.txt"), failures);
        assertThat(failures).as("deps fuzz failures (first 25 of %d):%n%s", failures.size(),
                String.join("\n", failures.subList(0, Math.min(25, failures.size())))).isEmpty();
    }

    /** The output with the mutant's name as the base's and without timings ("counted per load in 263.2 ms"). */
    private static String normalized(String out, Path mutant, Path base) {
        return out.replace(mutant.toString(), base.toString()).replace(mutant.getFileName().toString(), base.getFileName().toString())
                .replaceAll("\\d+(\\.\\d+)? (ms|s|µs)\\b", "(time)");
    }
}
