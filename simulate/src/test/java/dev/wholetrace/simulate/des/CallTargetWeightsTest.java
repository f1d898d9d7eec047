package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.MachineModel;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Session 42: a call site with several targets weights each by the entries the one-target call sites
 * do not explain, and its n-th call takes the n-th number of a Weyl sequence, so its calls split as
 * its weights say within a few calls.
 */
class CallTargetWeightsTest {
    /** main calls A directly DIRECT times (a loop), then a site that calls A or B SITE times (a loop). */
    static final String SHARED = """
            egraph 5
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/A.run()V
            method 2 t/B.run()V
            tree 0 5
            v 0 bci=0 ops=local:1 act=call calls=1 next=1
            v 1 bci=4 ops=int:1 next=0,2 loop=0 trips=1
            v 2 bci=8 ops=local:1 act=call calls=1,2 next=3
            v 3 bci=12 ops=int:1 next=2,4 loop=0 trips=1
            v 4 bci=16 ops=return:1
            tree 1 1
            v 0 bci=0 ops=int:10,return:1
            tree 2 1
            v 0 bci=0 ops=int:20,return:1
            """;

    private static final String MAIN = "t/Main.main([Ljava/lang/String;)V";

    /** The recorded counts of one run: DIRECT direct calls of A, then SITE calls of which toA went to A. */
    private static Profile profile(long direct, long site, long toA) {
        Map<String, TreeMap<Integer, Long>> counts = new HashMap<>();
        counts.put(MAIN, new TreeMap<>(Map.of(0, direct, 4, direct, 8, site, 12, site, 16, 1L)));
        counts.put("t/A.run()V", new TreeMap<>(Map.of(0, direct + toA)));
        counts.put("t/B.run()V", new TreeMap<>(Map.of(0, site - toA)));
        return new Profile(counts, Map.of(), 2 * direct + 2 * site + 1);
    }

    private static MachineModel machine(long seed) {
        return new MachineModel("t", 1, 1e9, MachineModel.Scheduling.FIFO, 50, 0, seed, Map.of("default", 1L), Map.of());
    }

    @Test
    void aSharedTargetIsWeightedByTheEntriesTheDirectCallsDoNotExplain() throws Exception {
        ExecutionGraph g = SimulatorTest.graph(SHARED);
        profile(900, 40, 10).applyTo(g);
        Vertex site = g.methods().get(0).vertices().get(2);
        assertThat(site.targetWeights).containsExactly(10.0, 30.0); // by whole entries it was 910 : 30
        Simulator sim = new Simulator(g, machine(1), 1_000_000);
        sim.run();
        assertThat(sim.entered(1, 0)).isBetween(908L, 912L); // 900 direct, 10 through the site (a sequence's 40 numbers: within 2)
        assertThat(sim.entered(2, 0)).isBetween(28L, 32L);
    }

    @Test
    void withoutCallsToExplainTheWeightsAreTheEntriesAsBefore() throws Exception {
        ExecutionGraph g = SimulatorTest.graph(SHARED);
        profile(0, 40, 10).applyTo(g); // the direct call never ran: A's entries all came through the site
        assertThat(g.methods().get(0).vertices().get(2).targetWeights).containsExactly(10.0, 30.0);
        ExecutionGraph h = SimulatorTest.graph(SHARED);
        // more direct calls than A's entries (a call that threw before entering): nothing left to explain the site's
        Map<String, TreeMap<Integer, Long>> counts = new HashMap<>();
        counts.put(MAIN, new TreeMap<>(Map.of(0, 5L, 4, 5L, 8, 4L, 12, 4L, 16, 1L)));
        counts.put("t/A.run()V", new TreeMap<>(Map.of(0, 3L)));
        counts.put("t/B.run()V", new TreeMap<>(Map.of(0, 0L)));
        new Profile(counts, Map.of(), 19).applyTo(h);
        assertThat(h.methods().get(0).vertices().get(2).targets).containsExactly(1); // B never entered: dropped, as before
    }

    /** main calls A and B directly, then a site that calls A or B. */
    static final String BOTH_DIRECT = """
            egraph 5
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/A.run()V
            method 2 t/B.run()V
            tree 0 4
            v 0 bci=0 ops=local:1 act=call calls=1 next=1
            v 1 bci=4 ops=local:1 act=call calls=2 next=2
            v 2 bci=8 ops=local:1 act=call calls=1,2 next=3
            v 3 bci=12 ops=return:1
            tree 1 1
            v 0 bci=0 ops=int:10,return:1
            tree 2 1
            v 0 bci=0 ops=int:20,return:1
            """;

    /**
     * Every target's entries explained by the direct calls (the site's call threw before entering,
     * or a count is off): no weight is left, and the whole entries weight the targets as before
     * session 42 (the first test above has A's direct call never run, which leaves A's entries
     * unexplained: it never reached this fallback).
     */
    @Test
    void whenTheDirectCallsExplainEveryEntryTheWholeEntriesAreTheWeights() throws Exception {
        ExecutionGraph g = SimulatorTest.graph(BOTH_DIRECT);
        Map<String, TreeMap<Integer, Long>> counts = new HashMap<>();
        counts.put(MAIN, new TreeMap<>(Map.of(0, 1L, 4, 1L, 8, 1L, 12, 1L)));
        counts.put("t/A.run()V", new TreeMap<>(Map.of(0, 3L))); // A's direct call ran once, yet A was entered 3 times
        counts.put("t/B.run()V", new TreeMap<>(Map.of(0, 1L)));
        new Profile(counts, Map.of(), 8).applyTo(g);
        assertThat(g.methods().get(0).vertices().get(2).targetWeights).containsExactly(2.0, 0.0); // A's 2 unexplained, B's 0
        // three direct calls of each (counts as given: a block's count is not checked against its neighbours'); one of
        // A's threw before entering it: A entered 2 times, B 3, both no more than their direct calls
        counts.put(MAIN, new TreeMap<>(Map.of(0, 3L, 4, 3L, 8, 1L, 12, 1L)));
        counts.put("t/A.run()V", new TreeMap<>(Map.of(0, 2L)));
        counts.put("t/B.run()V", new TreeMap<>(Map.of(0, 3L)));
        ExecutionGraph h = SimulatorTest.graph(BOTH_DIRECT);
        new Profile(counts, Map.of(), 10).applyTo(h);
        assertThat(h.methods().get(0).vertices().get(2).targetWeights).containsExactly(2.0, 3.0); // nothing left: the whole entries
    }

    /** As SHARED without the direct call, and A's first instruction is a loop's test (javac's while at a method's top). */
    static final String LOOP_AT_ENTRY = """
            egraph 5
            entry 0
            method 0 t/Main.main([Ljava/lang/String;)V
            method 1 t/A.run()V
            method 2 t/B.run()V
            tree 0 3
            v 0 bci=0 ops=local:1 act=call calls=1,2 next=1
            v 1 bci=4 ops=int:1 next=0,2 loop=0 trips=1
            v 2 bci=8 ops=return:1
            tree 1 3
            v 0 bci=0 ops=int:1 next=1,2 loop=0 trips=1
            v 1 bci=3 ops=int:10 next=0
            v 2 bci=8 ops=return:1
            tree 2 1
            v 0 bci=0 ops=int:20,return:1
            """;

    /**
     * A target whose first block is a loop's test: the agent's probe at that block counts every trip
     * (its label is the back-edge's target), so the block's count is entries × (trips + 1), not its
     * entries; weighted by it the site called A six times as often as recorded.
     */
    @Test
    void aTargetWhoseFirstBlockIsALoopTestIsWeightedByItsEntries() throws Exception {
        ExecutionGraph g = SimulatorTest.graph(LOOP_AT_ENTRY);
        long site = 40, toA = 10, trips = 5;
        Map<String, TreeMap<Integer, Long>> counts = new HashMap<>();
        counts.put(MAIN, new TreeMap<>(Map.of(0, site, 4, site, 8, 1L)));
        counts.put("t/A.run()V", new TreeMap<>(Map.of(0, toA * (trips + 1), 3, toA * trips, 8, toA)));
        counts.put("t/B.run()V", new TreeMap<>(Map.of(0, site - toA)));
        new Profile(counts, Map.of(), 2 * site + 1 + toA * (2 * trips + 2) + site - toA).applyTo(g);
        assertThat(g.methods().get(0).vertices().get(0).targetWeights).containsExactly(10.0, 30.0);
        assertThat(g.methods().get(1).vertices().get(0).trips).isEqualTo(5.0);
        Simulator sim = new Simulator(g, machine(1), 1_000_000);
        sim.run();
        assertThat(sim.entered(1, 2)).isBetween(toA - 2, toA + 2); // A's return: its entries
        assertThat(sim.entered(2, 0)).isBetween(site - toA - 2, site - toA + 2);
    }

    /** Property: over random splits, the simulated entries of A and B are the recorded ones within 2 calls, at any seed. */
    @Test
    void theSitesCallsSplitAsRecordedWithinTwoCalls() throws Exception {
        Random r = new Random(42);
        for (int i = 0; i < 200; i++) {
            long direct = r.nextInt(500), site = 1 + r.nextInt(400), toA = r.nextInt((int) site + 1);
            ExecutionGraph g = SimulatorTest.graph(SHARED);
            profile(direct, site, toA).applyTo(g);
            Simulator sim = new Simulator(g, machine(1 + r.nextInt(1000)), 10_000_000);
            sim.run();
            assertThat(sim.entered(1, 0)).as("direct %d site %d toA %d", direct, site, toA).isBetween(direct + toA - 2, direct + toA + 2);
            assertThat(sim.entered(2, 0)).as("direct %d site %d toA %d", direct, site, toA).isBetween(site - toA - 2, site - toA + 2);
        }
    }

    /** Property: the sequence's first n numbers put n × (b − a) ± 3 into any interval [a, b) (n up to 5 000). */
    @Test
    void theSequenceFillsEveryIntervalEvenly() {
        Random r = new Random(7);
        for (int i = 0; i < 200; i++) {
            double start = r.nextDouble(), a = r.nextDouble(), b = a + (1 - a) * r.nextDouble();
            int n = 1 + r.nextInt(5_000), in = 0;
            for (int visit = 1; visit <= n; visit++) {
                double u = Simulator.spread(start, visit);
                assertThat(u).isGreaterThanOrEqualTo(0).isLessThan(1);
                if (u >= a && u < b) in++;
            }
            assertThat((double) in).as("start %s [%s, %s) n %d", start, a, b, n).isCloseTo(n * (b - a), org.assertj.core.data.Offset.offset(3.0));
        }
    }

    /**
     * The sequence stays exact however often a site is visited: a double product visit × 0.618…
     * keeps 53 bits in all, so past ~10^9 visits its fraction had lost most of them (at 10^12 visits
     * the numbers fell on a grid of 2^-14, and two sites' sequences could no longer stay apart).
     * Checked against the exact fraction of start + visit × (2^64 / φ) / 2^64, computed in BigDecimal.
     */
    @Test
    void theSequenceKeepsItsPrecisionAfterBillionsOfVisits() {
        java.math.BigDecimal step = new java.math.BigDecimal(new java.math.BigInteger("9E3779B97F4A7C15", 16))
                .divide(new java.math.BigDecimal(java.math.BigInteger.ONE.shiftLeft(64)));
        for (long visit : new long[] {1L << 30, 3_000_000_007L, 1_000_000_000_000L, Long.MAX_VALUE / 3}) {
            double start = 0.3125;
            java.math.BigDecimal x = new java.math.BigDecimal(start).add(step.multiply(java.math.BigDecimal.valueOf(visit)));
            double exact = x.subtract(new java.math.BigDecimal(x.toBigInteger())).doubleValue();
            assertThat(Simulator.spread(start, visit)).as("visit %d", visit).isCloseTo(exact, org.assertj.core.data.Offset.offset(1e-15));
        }
    }
}
