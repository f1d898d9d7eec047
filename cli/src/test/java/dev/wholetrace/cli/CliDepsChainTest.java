package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code deps --chain} (RecoverChain and ChainFreq, Figure 21) on wtdemo.Chains, whose chains are
 * known by hand: recorded as an eWPP (every dependence an explicit record: no filtering phase) and
 * as CDR, both recoveries must give exactly the chains the program's copies make.
 */
class CliDepsChainTest {
    static final int N = 5;

    @TempDir
    static Path dir;

    static Path ewpp;
    static Path cdr;
    static final Map<String, Integer> lines = new HashMap<>();
    /** Each recording's instruction ids: the two number them in the order classes were instrumented, which may differ. */
    static final Map<Path, Ids> ids = new HashMap<>();

    /** One recording's edges (deps --format json) and, by source line, the store and load ids on it (a line holds at most one of each here). */
    record Ids(List<Map<String, Object>> edges, Map<Integer, int[]> byLine) {
        @SuppressWarnings("unchecked")
        static Ids of(Path f) {
            List<Map<String, Object>> edges = (List<Map<String, Object>>) JsonText.object(Cli.run("deps", f.toString(), "--format", "json").out()).get("edges");
            Map<Integer, int[]> byLine = new HashMap<>();
            for (Map<String, Object> e : edges) {
                note(byLine, e.get("storeWhere"), ((Number) e.get("store")).intValue(), 0);
                note(byLine, e.get("loadWhere"), ((Number) e.get("load")).intValue(), 1);
            }
            return new Ids(edges, byLine);
        }

        private static void note(Map<Integer, int[]> byLine, Object where, int id, int which) {
            if (!(where instanceof String w) || !w.startsWith("wtdemo.Chains.main:")) return;
            int line = Integer.parseInt(w.substring(w.lastIndexOf(':') + 1));
            byLine.computeIfAbsent(line, k -> new int[] {-1, -1})[which] = id;
        }

        int store(String line) {
            return byLine.get(lines.get(line))[0];
        }

        int load(String line) {
            return byLine.get(lines.get(line))[1];
        }

        /** The load on {@code line} that read from store {@code from}. */
        int loadFrom(String line, int from) {
            for (Map<String, Object> e : edges) {
                if (((Number) e.get("store")).intValue() == from && ("wtdemo.Chains.main:" + lines.get(line)).equals(e.get("loadWhere"))) {
                    return ((Number) e.get("load")).intValue();
                }
            }
            throw new AssertionError("no load on " + line + " read store " + from);
        }
    }

    @BeforeAll
    static void record() throws Exception {
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        ewpp = record(agent, "ewpp");
        cdr = record(agent, "cdr");
        Path source = Path.of("src", "test", "java", "wtdemo", "Chains.java");
        List<String> text = Files.readAllLines(source);
        for (int i = 0; i < text.size(); i++) {
            int at = text.get(i).indexOf("// LINE_");
            if (at >= 0) lines.put(text.get(i).substring(at + 3).strip(), i + 1);
        }
        for (Path f : List.of(ewpp, cdr)) ids.put(f, Ids.of(f));
    }

    private static Path record(Path agent, String mode) {
        Path f = dir.resolve("chains-" + mode + ".wtrace");
        Cli r = Cli.run("record", "-o", f.toString(), "--agent", agent.toString(), "--include", "wtdemo.*", "--mode", mode, "--",
                CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), "wtdemo.Chains", "" + N);
        assertThat(r.exit()).as(r.toString()).isZero();
        return f;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Long> chains(Path f, int load, int length) {
        Cli r = Cli.run("deps", f.toString(), "--chain", "" + load, "--length", "" + length, "--format", "json");
        assertThat(r.exit()).as(r.toString()).isZero();
        Map<String, Long> out = new HashMap<>();
        for (Map<String, Object> c : (List<Map<String, Object>>) JsonText.object(r.out()).get("chains")) {
            out.put((String) c.get("instructions"), ((Number) c.get("frequency")).longValue());
        }
        return out;
    }

    static String chain(int... ids) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < ids.length; i++) b.append(i == 0 ? "" : ", ").append(ids[i]);
        return b.append(']').toString();
    }

    @Test
    void eachEdgeNamesTheVariableItsLoadReads() {
        // the copies and sums: every array here is an int[] held in a local
        assertThat(ids.get(ewpp).edges()).filteredOn(e -> "same-thread".equals(e.get("origin"))).isNotEmpty()
                .allSatisfy(e -> assertThat(e.get("variable")).isEqualTo("int[]"));
        assertThat(ids.get(ewpp).edges()).anySatisfy(e -> assertThat(e.get("variable")).isEqualTo("System.out"));
        String text = Cli.run("deps", ewpp.toString()).out();
        assertThat(text).contains(" variable ").containsPattern("same-thread +int\\[\\] +S\\d+");
    }

    @Test
    void copiesChainBackToTheFirstStore() {
        for (Path f : List.of(ewpp, cdr)) {
            Ids i = ids.get(f);
            int sum = i.load("LINE_SUM");
            String three = chain(sum, i.store("LINE_C_COPY"), i.load("LINE_C_COPY"), i.store("LINE_B_COPY"), i.load("LINE_B_COPY"), i.store("LINE_A_STORE"));
            assertThat(chains(f, sum, 3)).as("%s: length 3", f.getFileName()).isEqualTo(Map.of(three, (long) N));
            assertThat(chains(f, sum, 1)).as("%s: length 1", f.getFileName()).isEqualTo(Map.of(chain(sum, i.store("LINE_C_COPY")), (long) N));
            // longer than the program's chains: they end at a's store, which no load fed
            assertThat(chains(f, sum, 5)).as("%s: length 5", f.getFileName()).isEqualTo(Map.of(three, (long) N));
        }
    }

    @Test
    void aBlockWithTwoLoadsIsFedByItsLastOne() {
        for (Path f : List.of(ewpp, cdr)) {
            Ids i = ids.get(f);
            int dsum = i.load("LINE_D_SUM");
            // d[i] = a[i] + b[i]: the feeder is taken to be b's load (the last in the block), not a's
            String expected = chain(dsum, i.store("LINE_D_ADD"), i.loadFrom("LINE_D_ADD", i.store("LINE_B_COPY")), i.store("LINE_B_COPY"));
            assertThat(chains(f, dsum, 2)).as("%s", f.getFileName()).isEqualTo(Map.of(expected, (long) N));
        }
    }
}
