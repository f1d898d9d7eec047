package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.reader.ParallelTrace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The eWPP end to end on the kernels: an ALL recording gives the oracle ({@link DependenceOracle});
 * {@code deps} on an eWPP recorded with {@code --filter-from} that recording, and on a CDR
 * recording (the address-trace baseline), must both equal it edge for edge and count for count.
 * The kernels are deterministic and race-free at these sizes, so separate runs exercise the same
 * dependences (a cross-thread one is ordered by the kernel's barriers, forks and joins).
 */
class CliDepsTest {
    @TempDir
    static Path dir;

    static Path record(String kernel, String threads, String size, String steps, String mode, String... more) {
        return record(dir, kernel, threads, size, steps, mode, more);
    }

    /** {@code workload KERNEL} recorded in mode {@code mode} into directory {@code dir}. */
    static Path record(Path dir, String kernel, String threads, String size, String steps, String mode, String... more) {
        Path f = dir.resolve(kernel + "-" + threads + "-" + mode + ".wtrace");
        List<String> args = new java.util.ArrayList<>(List.of("workload", kernel, "--threads", threads, "--size", size, "--steps", steps,
                "-o", f.toString(), "--force", "--mode", mode, "--agent", CliWorkloadTest.AGENT.toString(), "--workloads", CliWorkloadTest.WORKLOADS.toString()));
        args.addAll(List.of(more));
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return f;
    }

    /**
     * {@code deps} (every edge). On an eWPP it counts the (load, signature) pairs without timestamps
     * (method ewpp-counts): its edges and signature statistics must equal those of expanding the
     * whole eWPP ({@code --expand}, method ewpp), which replays every search over TS(d).
     */
    static Map<String, Long> deps(Path f) {
        Map<String, Object> j = depsJson(f);
        Map<String, Long> edges = edges(j);
        if ("ewpp".equals(j.get("mode"))) {
            Map<String, Object> x = depsJson(f, "--expand");
            assertThat(j.get("method")).isEqualTo("ewpp-counts");
            assertThat(x.get("method")).isEqualTo("ewpp");
            assertThat(edges).as("%s: counted per load = expanded", f.getFileName()).isEqualTo(edges(x));
            assertThat(j.get("signatures")).as("%s: signature statistics counted = expanded", f.getFileName()).isEqualTo(x.get("signatures"));
            assertThat(j.get("total")).isEqualTo(x.get("total"));
        }
        return edges;
    }

    static Map<String, Object> depsJson(Path f, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("deps", f.toString(), "--format", "json"));
        args.addAll(List.of(more));
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return JsonText.object(r.out());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Long> edges(Map<String, Object> deps) {
        Map<String, Long> out = new TreeMap<>();
        for (Map<String, Object> e : (List<Map<String, Object>>) deps.get("edges")) {
            out.merge(e.get("store") + " " + e.get("load") + " " + e.get("origin"), ((Number) e.get("count")).longValue(), Long::sum);
        }
        return out;
    }

    /**
     * {@code oracle} (keys "store load origin" in instruction ids of the recording {@code from}) in the
     * ids of the separate recording {@code to}: the agent numbers instructions in the order it
     * instruments classes, which threads loading classes at once can change between runs, so an id is
     * matched by its code location (class, method, descriptor, bci, text) instead.
     */
    static Map<String, Long> renumbered(Map<String, Long> oracle, Path from, Path to) throws IOException {
        CodeMap fromCode = ParallelTrace.open(from).code();
        Map<String, Integer> idAt = new HashMap<>();
        for (CodeEntry e : ParallelTrace.open(to).code().instructionsFrom(0)) idAt.put(location(e), e.id());
        Map<String, Long> out = new TreeMap<>();
        oracle.forEach((k, n) -> {
            String[] p = k.split(" ");
            out.merge(renumbered(p[0], fromCode, idAt) + " " + renumbered(p[1], fromCode, idAt) + " " + p[2], n, Long::sum);
        });
        return out;
    }

    private static String renumbered(String id, CodeMap from, Map<String, Integer> idAt) {
        if (id.equals("-1") || id.equals("?")) return id;
        CodeEntry e = from.instruction(Integer.parseInt(id));
        Integer to = e == null ? null : idAt.get(location(e));
        return to == null ? "unmatched-" + id : String.valueOf(to);
    }

    private static String location(CodeEntry e) {
        return e.className() + '.' + e.method() + e.descriptor() + '@' + e.bci() + ' ' + e.text();
    }

    void sameAsOracle(String kernel, String threads, String size, String steps) throws Exception {
        sameAsOracle(kernel, threads, size, steps, false);
    }

    /** {@code everyVariant}: also a CDR recording and an eWPP without a filtering phase (the slow part: a recording each). */
    void sameAsOracle(String kernel, String threads, String size, String steps, boolean everyVariant) throws Exception {
        Path all = record(kernel, threads, size, steps, "all");
        Map<String, Long> oracle = DependenceOracle.edges(ParallelTrace.open(all));
        assertThat(oracle.keySet()).as("%s is race-free", kernel).noneMatch(k -> k.endsWith("racy"));
        assertThat(oracle.values().stream().mapToLong(Long::longValue).sum()).as("loads").isGreaterThan(100);
        assertThat(oracle.keySet()).as("cross-thread dependences").anyMatch(k -> k.endsWith("cross-thread"));
        assertThat(deps(all)).as("%s: address trace (ALL, the same run)", kernel).isEqualTo(oracle);
        Path ewpp = record(kernel, threads, size, steps, "ewpp", "--filter-from", all.toString());
        Map<String, Long> inEwpp = renumbered(oracle, all, ewpp);
        assertThat(deps(ewpp)).as("%s: eWPP", kernel).isEqualTo(inEwpp);
        if (everyVariant) assertThat(signatures(ewpp).get("searchSteps")).as("%s: the default signs older instances by distance, no steps", kernel).isZero();
        queriesMatch(ewpp, inEwpp, kernel + ": eWPP");
        storeQueriesMatch(ewpp, inEwpp, kernel + ": eWPP");
        chainsMatch(ewpp, inEwpp, kernel + ": eWPP");
        Path capped = dir.resolve(kernel + "-capped.wtrace");
        Files.move(record(kernel, threads, size, steps, "ewpp", "--filter-from", all.toString(), "--ewpp-caps", "4:8"), capped);
        Map<String, Long> inCapped = renumbered(oracle, all, capped);
        assertThat(deps(capped)).as("%s: eWPP with 4-instance buffers and 8-entry last-writer tables", kernel).isEqualTo(inCapped);
        assertThat(signatures(capped).get("evicted")).as("%s: loads of evicted instances, explicit", kernel).isNotEqualTo(0L);
        queriesMatch(capped, inCapped, kernel + ": capped eWPP");
        storeQueriesMatch(capped, inCapped, kernel + ": capped eWPP");
        chainsMatch(capped, inCapped, kernel + ": capped eWPP");
        if (!everyVariant) return;
        Path cdr = record(kernel, threads, size, steps, "cdr");
        assertThat(deps(cdr)).as("%s: address trace (CDR)", kernel).isEqualTo(renumbered(oracle, all, cdr));
        Path search = dir.resolve(kernel + "-search.wtrace"); // the default is distance (session 50): the paper's search too
        Files.move(record(kernel, threads, size, steps, "ewpp", "--filter-from", all.toString(), "--signature", "search"), search);
        assertThat(signatures(search).get("searchSteps")).as("%s: searches signed step by step", kernel).isPositive();
        assertThat(deps(search)).as("%s: eWPP with search signatures", kernel).isEqualTo(renumbered(oracle, all, search));
        Path unfiltered = dir.resolve(kernel + "-unfiltered.wtrace");
        Files.move(record(kernel, threads, size, steps, "ewpp"), unfiltered);
        assertThat(deps(unfiltered)).as("%s: eWPP without a filtering phase (every dependence explicit)", kernel).isEqualTo(renumbered(oracle, all, unfiltered));
        Map<String, Long> sig = signatures(unfiltered);
        assertThat(sig.get("explicit")).as("explicit records without a filter").isPositive();
        assertThat(sig.get("noCost")).as("no-cost predictions without a filter").isZero();
        Path cappedDistance = dir.resolve(kernel + "-capped-distance.wtrace");
        Files.move(record(kernel, threads, size, steps, "ewpp", "--filter-from", all.toString(), "--signature", "distance", "--ewpp-caps", "2:1"),
                cappedDistance);
        assertThat(deps(cappedDistance)).as("%s: eWPP, distance signatures, 2-instance buffers, 1-entry tables", kernel)
                .isEqualTo(renumbered(oracle, all, cappedDistance));
    }

    /**
     * {@code deps --to L} walks the grammar for L's instances only (method ewpp-query): for each load
     * of the oracle (up to 16), its edges must be the oracle's into L, and its instances with their
     * timestamps those of expanding the whole eWPP ({@code --expand}); {@code --from S --to L} one edge.
     */
    @SuppressWarnings("unchecked")
    static void queriesMatch(Path ewpp, Map<String, Long> oracle, String what) {
        java.util.Set<String> loads = new java.util.TreeSet<>();
        oracle.keySet().forEach(k -> loads.add(k.split(" ")[1]));
        loads.stream().limit(16).forEach(l -> {
            Map<String, Long> expected = new TreeMap<>();
            oracle.forEach((k, n) -> {
                if (k.split(" ")[1].equals(l)) expected.put(k, n);
            });
            Cli q = Cli.run("deps", ewpp.toString(), "--to", l, "--format", "json", "--instances", "100000");
            Cli x = Cli.run("deps", ewpp.toString(), "--to", l, "--format", "json", "--instances", "100000", "--expand");
            assertThat(q.exit()).as(q.toString()).isZero();
            Map<String, Object> qj = JsonText.object(q.out());
            Map<String, Object> xj = JsonText.object(x.out());
            assertThat(qj.get("method")).isEqualTo("ewpp-query");
            assertThat(xj.get("method")).isEqualTo("ewpp");
            Map<String, Long> got = edges(qj);
            assertThat(got).as("%s: deps --to %s", what, l).isEqualTo(expected);
            assertThat(qj.get("instances")).as("%s: deps --to %s --instances: timestamps as the full recovery's", what, l).isEqualTo(xj.get("instances"));
            String[] first = expected.keySet().iterator().next().split(" ");
            if (!first[0].equals("-1")) {
                Cli one = Cli.run("deps", ewpp.toString(), "--from", first[0], "--to", l, "--format", "json");
                long n = 0;
                for (Map<String, Object> e : (List<Map<String, Object>>) JsonText.object(one.out()).get("edges")) n += ((Number) e.get("count")).longValue();
                long want = 0;
                for (var e : expected.entrySet()) if (e.getKey().startsWith(first[0] + " ")) want += e.getValue();
                assertThat(n).as("%s: deps --from %s --to %s", what, first[0], l).isEqualTo(want);
            }
        });
    }

    /**
     * {@code deps --from S} walks the grammars for the groups naming S (method ewpp-query): for each
     * store of the oracle (up to 8), its edges must be the oracle's out of S, and its instances with
     * their timestamps, as a set, those of expanding the whole eWPP.
     */
    @SuppressWarnings("unchecked")
    static void storeQueriesMatch(Path ewpp, Map<String, Long> oracle, String what) {
        java.util.Set<String> stores = new java.util.TreeSet<>();
        oracle.keySet().forEach(k -> stores.add(k.split(" ")[0]));
        stores.remove("-1");
        assertThat(stores).as("%s: stores to query", what).isNotEmpty();
        stores.stream().limit(8).forEach(d -> {
            Map<String, Long> expected = new TreeMap<>();
            oracle.forEach((k, n) -> {
                if (k.split(" ")[0].equals(d)) expected.put(k, n);
            });
            Cli q = Cli.run("deps", ewpp.toString(), "--from", d, "--format", "json", "--instances", "100000");
            Cli x = Cli.run("deps", ewpp.toString(), "--from", d, "--format", "json", "--instances", "100000", "--expand");
            assertThat(q.exit()).as(q.toString()).isZero();
            Map<String, Object> qj = JsonText.object(q.out());
            Map<String, Object> xj = JsonText.object(x.out());
            assertThat(qj.get("method")).isEqualTo("ewpp-query");
            assertThat(xj.get("method")).isEqualTo("ewpp");
            Map<String, Long> got = edges(qj);
            assertThat(got).as("%s: deps --from %s", what, d).isEqualTo(expected);
            assertThat(sortedStrings(qj.get("instances"))).as("%s: deps --from %s --instances: timestamps as the full recovery's", what, d)
                    .isEqualTo(sortedStrings(xj.get("instances")));
        });
    }

    /** {@code deps --chain L} on the grammars gives the chains (and frequencies) of the full recovery's, for up to 4 loads. */
    @SuppressWarnings("unchecked")
    static void chainsMatch(Path ewpp, Map<String, Long> oracle, String what) {
        java.util.Set<String> loads = new java.util.TreeSet<>();
        oracle.keySet().forEach(k -> loads.add(k.split(" ")[1]));
        loads.stream().limit(4).forEach(l -> {
            Cli q = Cli.run("deps", ewpp.toString(), "--chain", l, "--length", "3", "--format", "json");
            Cli x = Cli.run("deps", ewpp.toString(), "--chain", l, "--length", "3", "--format", "json", "--expand");
            assertThat(q.exit()).as(q.toString()).isZero();
            Map<String, Object> qj = JsonText.object(q.out());
            Map<String, Object> xj = JsonText.object(x.out());
            assertThat(qj.get("method")).isEqualTo("ewpp-query");
            assertThat(xj.get("method")).isEqualTo("ewpp");
            assertThat((List<Object>) qj.get("chains")).as("%s: deps --chain %s", what, l).isNotEmpty();
            assertThat(sortedStrings(qj.get("chains"))).as("%s: deps --chain %s --length 3", what, l).isEqualTo(sortedStrings(xj.get("chains")));
        });
    }

    @SuppressWarnings("unchecked")
    private static List<String> sortedStrings(Object list) {
        List<String> out = new java.util.ArrayList<>();
        for (Object o : (List<Object>) list) out.add(String.valueOf(o));
        java.util.Collections.sort(out);
        return out;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Long> signatures(Path ewpp) {
        Map<String, Long> out = new TreeMap<>();
        ((Map<String, Object>) JsonText.object(Cli.run("deps", ewpp.toString(), "--format", "json").out()).get("signatures"))
                .forEach((k, v) -> out.put(k, ((Number) v).longValue()));
        return out;
    }

    @Test
    void sor() throws Exception {
        sameAsOracle("sor", "2", "12", "2", true);
    }

    @Test
    void fft() throws Exception {
        sameAsOracle("fft", "2", "6", "1");
    }

    @Test
    void lu() throws Exception {
        sameAsOracle("lu", "2", "16", "1");
    }

    @Test
    void water() throws Exception {
        sameAsOracle("water", "1", "8", "1");
    }

    @Test
    void mp3d() throws Exception {
        sameAsOracle("mp3d", "1", "64", "1");
    }

    /** {@code --top N}: the N edges with the most dependences, the most first; the totals still count every edge. */
    @Test
    @SuppressWarnings("unchecked")
    void topKeepsTheHottestEdgesAndEveryTotal() throws Exception {
        Path cdr = record("sor", "2", "8", "1", "cdr");
        Map<String, Object> all = depsJson(cdr);
        Map<String, Object> top = depsJson(cdr, "--top", "3");
        List<Map<String, Object>> every = (List<Map<String, Object>>) all.get("edges");
        List<Map<String, Object>> kept = (List<Map<String, Object>>) top.get("edges");
        assertThat(every).hasSizeGreaterThan(3);
        assertThat(kept).hasSize(3);
        assertThat(top.get("total")).isEqualTo(all.get("total"));
        assertThat(top.get("edgeCount")).isEqualTo(all.get("edgeCount"));
        assertThat(((Number) top.get("edgeCount")).longValue()).isEqualTo(every.size());
        List<Long> counts = new java.util.ArrayList<>();
        for (Map<String, Object> e : every) counts.add(((Number) e.get("count")).longValue());
        counts.sort(java.util.Comparator.reverseOrder());
        assertThat(kept).extracting(e -> ((Number) e.get("count")).longValue()).containsExactlyElementsOf(counts.subList(0, 3));
        assertThat(every).containsAll(kept);
        Cli text = Cli.run("deps", cdr.toString(), "--top", "3");
        assertThat(text.out()).contains("on " + every.size() + " edges", "the 3 edges with the most dependences");
        Cli zero = Cli.run("deps", cdr.toString(), "--top", "0");
        assertThat(zero.exit()).isEqualTo(2);
        assertThat(zero.err().strip()).doesNotContain("\n").contains("--top must be 1 or more");
    }

    @Test
    void badInputIsOneLineAndExit2() throws Exception {
        Path cor = record("sor", "1", "4", "1", "cor");
        Cli r = Cli.run("deps", cor.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").contains("ewpp, cdr or all");
        for (String option : List.of("--to", "--from", "--chain")) { // an id the trace does not define: not "0 dependences"
            Cli unknown = Cli.run("deps", cor.toString(), option, "99999999");
            assertThat(unknown.exit()).as(option).isEqualTo(2);
            assertThat(unknown.err().strip()).as(option).doesNotContain("\n").contains("has no instruction 99999999");
        }
        Cli bad = Cli.run("workload", "sor", "--size", "4", "-o", dir.resolve("x.wtrace").toString(), "--mode", "cdr", "--filter-from", cor.toString(),
                "--agent", CliWorkloadTest.AGENT.toString(), "--workloads", CliWorkloadTest.WORKLOADS.toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err().strip()).doesNotContain("\n").contains("--filter-from needs --mode ewpp");
        Cli caps = Cli.run("workload", "sor", "--size", "4", "-o", dir.resolve("y.wtrace").toString(), "--mode", "ewpp", "--ewpp-caps", "1:x",
                "--agent", CliWorkloadTest.AGENT.toString(), "--workloads", CliWorkloadTest.WORKLOADS.toString());
        assertThat(caps.exit()).isEqualTo(2);
        assertThat(caps.err().strip()).doesNotContain("\n").contains("BUFFER:TABLE");
    }
}
