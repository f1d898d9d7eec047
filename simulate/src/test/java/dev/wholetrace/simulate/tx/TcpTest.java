package dev.wholetrace.simulate.tx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.lang.Program;
import org.junit.jupiter.api.Test;

/** The TCP sets §4–§8 state for the thesis's figures, by both algorithms. */
class TcpTest {
    static TcpSets worklist(String f) throws Exception { return SvdAnalysis.worklist(Examples.load(f)); }

    static TcpSets graph(String f) throws Exception { return SvdAnalysis.svdGraph(Examples.load(f)); }

    @Test
    void figure14TcpsAreA0A1B0C0B4C4WithTheirCps() throws Exception {
        for (TcpSets t : new TcpSets[] {worklist("fig14.tx"), graph("fig14.tx")}) {
            assertThat(t.tcpNames()).as(t.method()).containsExactly("A0", "A1", "B0", "B4", "C0", "C4");
            assertThat(t.cpNames()).containsEntry("A0", "A3").containsEntry("A1", "A2").containsEntry("B0", "B1")
                    .containsEntry("B4", "end@8").containsEntry("C4", "end@21").containsEntry("C0", "C1");
        }
    }

    @Test
    void figure14TaxonomyClassesLocksUnlocksAndConditionals() throws Exception {
        java.util.Map<String, dev.wholetrace.simulate.tx.analysis.Taxonomy.Category> c = new java.util.HashMap<>();
        for (var e : dev.wholetrace.simulate.tx.analysis.Taxonomy.classify(worklist("fig14.tx"))) c.put(e.statement(), e.category());
        // §4.1: lock is a dynamic statement (a TCP), unlock a static affecting point, a store to shared x an affecting point,
        // the conditional on j (from x) a nondeterministic conditional, task_create task control.
        assertThat(c.get("B0")).isEqualTo(dev.wholetrace.simulate.tx.analysis.Taxonomy.Category.DYNAMIC_DEPENDENT);
        assertThat(c.get("B3")).isEqualTo(dev.wholetrace.simulate.tx.analysis.Taxonomy.Category.STATIC_AFFECTING);
        assertThat(c.get("B1")).isEqualTo(dev.wholetrace.simulate.tx.analysis.Taxonomy.Category.STATIC_AFFECTING);
        assertThat(c.get("B2")).isEqualTo(dev.wholetrace.simulate.tx.analysis.Taxonomy.Category.STATIC);
        assertThat(c.get("B4")).isEqualTo(dev.wholetrace.simulate.tx.analysis.Taxonomy.Category.NONDETERMINISTIC_CONDITIONAL);
        assertThat(c.get("C4")).isEqualTo(dev.wholetrace.simulate.tx.analysis.Taxonomy.Category.NONDETERMINISTIC_CONDITIONAL);
        assertThat(c.get("A1")).isEqualTo(dev.wholetrace.simulate.tx.analysis.Taxonomy.Category.TASK_CONTROL);
        assertThat(c.get("B5")).isEqualTo(dev.wholetrace.simulate.tx.analysis.Taxonomy.Category.STATIC);
    }

    @Test
    void figure4TcpsAreTheLocksTheConditionalAndStructure() throws Exception {
        // §2.6 names B3 (the conditional on i, from shared x) as the point where executions vary; B0, C0 are locks.
        assertThat(worklist("fig04.tx").tcpNames()).containsExactly("A0", "A1", "B0", "B3", "C0");
    }

    @Test
    void figure23TcpsAreA2B2C2PlusBegin() throws Exception {
        for (TcpSets t : new TcpSets[] {worklist("fig23.tx"), graph("fig23.tx")}) {
            // The text: "statements A2, B2, and C2 are the only TCP statements"; A0 (begin) is one by §4.4's convention.
            assertThat(t.tcpNames()).as(t.method()).containsExactly("A0", "A2", "B2", "C2");
            assertThat(t.svdAt("C6")).as(t.method()).containsExactlyInAnyOrder("x", "y", "p", "q", "r", "s");
            assertThat(t.svdAt("A4")).containsExactlyInAnyOrder("x", "y");
            assertThat(t.svdAt("B0")).containsExactlyInAnyOrder("x", "y");
            assertThat(t.svdAt("B1")).doesNotContain("j"); // so B1 is not a TCP
        }
    }

    @Test
    void figure24A5IsATcpAndGeneratesKAndM() throws Exception {
        for (TcpSets t : new TcpSets[] {worklist("fig24.tx"), graph("fig24.tx")}) {
            assertThat(t.tcpNames()).containsExactly("A0", "A5");
            assertThat(t.svdAt("A2")).containsExactlyInAnyOrder("x", "i");
            assertThat(t.svdAt("A4")).containsExactlyInAnyOrder("x", "i", "j");
            assertThat(t.svdAt("A5")).containsExactlyInAnyOrder("x", "j");
            assertThat(t.svdAt("A9")).containsExactlyInAnyOrder("x", "j", "k", "m");
        }
    }

    @Test
    void figure25ArrayReferencesB1B3AndConservativelyB5() throws Exception {
        for (TcpSets t : new TcpSets[] {worklist("fig25.tx"), graph("fig25.tx")}) {
            assertThat(t.tcpNames()).containsExactly("A0", "B1", "B3", "B5");
            // Differs from the text, which says B1 "does not generate any shared variable dependencies" but also that an
            // array written at an SVD index becomes SVD (§8.2.1's second rule): we apply the rule, so a is SVD from B1 on.
            assertThat(t.svdAt("B2")).containsExactlyInAnyOrder("x", "a");
            assertThat(t.svdAt("B3")).containsExactlyInAnyOrder("x", "i", "a");
            assertThat(t.svdAt("B4")).containsExactlyInAnyOrder("x", "i", "j", "a");
            assertThat(t.svdAt("B5")).containsExactlyInAnyOrder("x", "i", "j", "a");
        }
    }

    @Test
    void figure26NonTcpConditionalMergesItsBranches() throws Exception {
        for (TcpSets t : new TcpSets[] {worklist("fig26.tx"), graph("fig26.tx")}) {
            assertThat(t.tcpNames()).containsExactly("A0");
            assertThat(t.svdAt("C8")).containsExactlyInAnyOrder("x", "i", "k", "m");
        }
    }

    @Test
    void figure27LoopNeedsThreePassesForD2() throws Exception {
        TcpSets w = worklist("fig27.tx"), g = graph("fig27.tx");
        assertThat(w.tcpNames()).containsExactly("A0", "D2", "D4");
        assertThat(g.tcpNames()).containsExactly("A0", "D2", "D4");
        // Figure 31/33: the loop's SVD graph makes q, s, t dependent on x and y; r and n are not.
        assertThat(g.svdAt("D2")).containsExactlyInAnyOrder("x", "y", "q", "s", "t");
        Program p = Examples.load("fig27.tx");
        assertThat(w.dependent()[p.statement("D4").id()].cardinality()).isEqualTo(2);
    }
}
