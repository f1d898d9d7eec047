package dev.wholetrace.simulate.tx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.tx.analysis.AffectingPoints;
import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.Taxonomy;
import dev.wholetrace.simulate.tx.analysis.TbbGraph;
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
            // §8.2.1: S = {x} before A1, {x, i} after it, {x, i, j} after A3, A4 kills i: {x, j}; A5's flag adds k, m.
            assertThat(t.svdAt("A1")).containsExactlyInAnyOrder("x");
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
            assertThat(t.svdAt("B1")).containsExactlyInAnyOrder("x"); // "S = {x} initially"
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
            // §8.2.2: each branch from S = {x}: C2, C3 give S1 = {x, i}; C5, C6, C7 give S2 = {x, k, m}; C8 has their union.
            assertThat(t.svdAt("C1")).containsExactlyInAnyOrder("x");
            assertThat(t.svdAt("C3")).containsExactlyInAnyOrder("x", "i");
            assertThat(t.svdAt("C5")).containsExactlyInAnyOrder("x");
            assertThat(t.svdAt("C7")).containsExactlyInAnyOrder("x", "k");
            assertThat(t.svdAt("C8")).containsExactlyInAnyOrder("x", "i", "k", "m");
        }
    }

    /**
     * A loop whose body assigns its own variable from a shared one: how often A iterates depends on the
     * schedule (the explorer finds patterns differing in A's iterations), so A is a TCP by both algorithms,
     * in the C form and in the range form. Before loopVars counted the loop variable in that case, neither found it.
     */
    @Test
    void aLoopWhoseBodyAssignsItsOwnVariableFromASharedOneIsATcp() throws Exception {
        for (String loop : java.util.List.of("for (i = 0; i < 3; i++)", "for i = 0 to 3")) {
            String text = """
                    begin
                      shared int x = 0
                      shared lock l
                      task_create(2)
                    task 0
                      int i
                    A: %s
                    B:   i = i + x
                    task 1
                      lock(l)
                      x = 1
                      unlock(l)
                      task_terminate(2)
                    end
                    """.formatted(loop);
            Program p = Examples.parse(text);
            dev.wholetrace.simulate.tx.interp.Explorer.Result r = new dev.wholetrace.simulate.tx.interp.Explorer(
                    dev.wholetrace.simulate.tx.lang.Lowering.lower(p), 10_000, 100_000).explore(new long[0]);
            java.util.Set<Long> iterations = new java.util.TreeSet<>();
            int a = p.statement("A").id();
            for (dev.wholetrace.simulate.tx.interp.Trace t : r.traces()) {
                long n = 0;
                for (int th = 0; th < t.threads(); th++) for (int e : t.perThread(th)) if (t.stmt(e) == a) n++;
                iterations.add(n);
            }
            assertThat(iterations).as(loop).hasSizeGreaterThan(1); // the ground truth: A's outcome diverges
            for (TcpSets t : new TcpSets[] {SvdAnalysis.worklist(p), SvdAnalysis.svdGraph(p)}) {
                assertThat(t.tcpNames()).as(t.method() + " " + loop).contains("A");
                assertThat(t.svdAt("A")).as(t.method() + " " + loop).contains("i");
            }
        }
    }

    @Test
    void figure27LoopNeedsThreePassesForD2() throws Exception {
        TcpSets w = worklist("fig27.tx"), g = graph("fig27.tx");
        assertThat(w.tcpNames()).containsExactly("A0", "D2", "D4");
        assertThat(g.tcpNames()).containsExactly("A0", "D2", "D4");
        // §8.2.3: the worklist finds D4 on the loop's second pass and D2 on its third (t is generated by D6 on the second).
        // The text says "D4 will be identified as a TCP statement [in] the third iteration": a slip for D2, since it has
        // just found D4 on the second (docs/tx.md, "text says / we do").
        Program f27 = Examples.load("fig27.tx");
        assertThat(w.foundOnVisit()[f27.statement("D4").id()]).isEqualTo(2);
        assertThat(w.foundOnVisit()[f27.statement("D2").id()]).isEqualTo(3);
        assertThat(w.foundOnVisit()[f27.statement("D1").id()]).isZero(); // n is not SVD: never
        // Figure 31/33: the loop's SVD graph makes q, s, t dependent on x and y; r and n are not.
        assertThat(g.svdAt("D2")).containsExactlyInAnyOrder("x", "y", "q", "s", "t");
        // §8.2.3: "after the execution of D4 (and immediately preceding D7) S = {x, y, q, s, t}, N = {r, n}" (the fixed point)
        assertThat(w.svdAt("D7")).containsExactlyInAnyOrder("x", "y", "q", "s", "t");
        assertThat(w.svdAt("D5")).containsExactlyInAnyOrder("x", "y", "q", "s", "t");
        Program p = Examples.load("fig27.tx");
        assertThat(w.dependent()[p.statement("D4").id()].cardinality()).isEqualTo(2);
    }

    /** Statement {@code label} of thread body {@code unit} (0 the main thread, then tasks in order): Figure 11 repeats labels. */
    static int id(Program p, int unit, String label) {
        for (var s : p.statements()) if (s.unit() == unit && label.equals(s.label())) return s.id();
        throw new AssertionError(label + " in unit " + unit);
    }

    @Test
    void figure11IntermediateFormTcpsTaxonomyAndAffectingPoints() throws Exception {
        Program p = Examples.load("fig11.tx");
        for (TcpSets t : new TcpSets[] {worklist("fig11.tx"), graph("fig11.tx")}) {
            // §4.1 on Figure 3.2 (our fig11): "statements B, E and G are dynamic statements", B and G conditionals on
            // shared values (the lock, through acopy; array, through aval), E (our E2) an array index from shared index.
            // Plus begin and task_create, TCPs by §4.4's convention, as in every other figure.
            assertThat(t.tcpNames()).as(t.method()).containsExactly("L5", "L11", "B", "E2", "G", "B", "E2", "G");
            for (int unit = 1; unit <= 2; unit++) {
                // The busy wait converges where the critical section starts; the loop F-G at the task's end.
                assertThat(t.cp()[id(p, unit, "B")]).as(t.method()).isEqualTo(id(p, unit, "C"));
                assertThat(t.cp()[id(p, unit, "E2")]).isEqualTo(id(p, unit, "F"));
                assertThat(p.statements().get(t.cp()[id(p, unit, "G")])).isInstanceOf(dev.wholetrace.simulate.tx.lang.Stmt.End.class);
            }
        }
        java.util.Map<String, Taxonomy.Category> c = new java.util.HashMap<>();
        for (var e : Taxonomy.classify(worklist("fig11.tx"))) c.putIfAbsent(e.statement(), e.category());
        // "In Figure 3.2, statements D, C, and G are static statements" (the same paragraph then lists G as dynamic:
        // G tests aval, loaded from the shared array, so it is a nondeterministic conditional; docs/tx.md).
        assertThat(c.get("C")).isEqualTo(Taxonomy.Category.STATIC_AFFECTING);
        assertThat(c.get("D")).isEqualTo(Taxonomy.Category.STATIC_AFFECTING);
        assertThat(c.get("A")).isEqualTo(Taxonomy.Category.STATIC_AFFECTING); // test-and-set stores the lock at a fixed address
        assertThat(c.get("B")).isEqualTo(Taxonomy.Category.NONDETERMINISTIC_CONDITIONAL);
        assertThat(c.get("E1")).isEqualTo(Taxonomy.Category.STATIC);
        assertThat(c.get("E2")).isEqualTo(Taxonomy.Category.DYNAMIC_DEPENDENT);
        assertThat(c.get("F")).isEqualTo(Taxonomy.Category.STATIC);
        assertThat(c.get("G")).isEqualTo(Taxonomy.Category.NONDETERMINISTIC_CONDITIONAL);
        // "The TAPs for TCP B0 are A0, A1, and D1" (subscripts: the task). D0 cannot reach B0: task 0 never returns to its spin.
        AffectingPoints taps = AffectingPoints.of(worklist("fig11.tx"));
        assertThat(taps.of(id(p, 1, "B")).stream().toArray()).containsExactly(id(p, 1, "A"), id(p, 2, "A"), id(p, 2, "D"));
        assertThat(taps.of(id(p, 2, "B")).stream().toArray()).containsExactly(id(p, 1, "A"), id(p, 1, "D"), id(p, 2, "A"));
        // E2 indexes the array by index, written by both tasks' C.
        assertThat(taps.of(id(p, 1, "E2")).stream().toArray()).containsExactly(id(p, 1, "C"), id(p, 2, "C"));
    }

    @Test
    void figure10HasFigure11sTcpsUnderSection33sTranslation() throws Exception {
        // §3.3: Figure 11 replaces Figure 10's lock A by test-and-set A and busy wait B, the loop E by the pair F, G, and
        // splits D's array reference into E1 (load index) and E2. So Figure 11's dynamic statements B, E2, G (§4.1) are
        // Figure 10's A, D, E: the lock, the array reference at the shared index, the loop on aval.
        Program p = Examples.load("fig10.tx");
        for (TcpSets t : new TcpSets[] {worklist("fig10.tx"), graph("fig10.tx")}) {
            assertThat(t.tcpNames()).as(t.method()).containsExactly("L7", "L12", "A", "D", "E", "A", "D", "E");
            for (int unit = 1; unit <= 2; unit++) {
                assertThat(t.cp()[id(p, unit, "A")]).as(t.method()).isEqualTo(id(p, unit, "B"));
                assertThat(t.cp()[id(p, unit, "D")]).isEqualTo(id(p, unit, "E"));
                assertThat(p.statements().get(t.cp()[id(p, unit, "E")])).isInstanceOf(dev.wholetrace.simulate.tx.lang.Stmt.End.class);
            }
            // the loop's variable depends on aval, so on the array and index
            assertThat(t.svdAt("E")).as(t.method()).contains("index", "array", "aval");
        }
        java.util.Map<String, Taxonomy.Category> c = new java.util.HashMap<>();
        for (var e : Taxonomy.classify(worklist("fig10.tx"))) c.putIfAbsent(e.statement(), e.category());
        assertThat(c.get("A")).isEqualTo(Taxonomy.Category.DYNAMIC_DEPENDENT);
        assertThat(c.get("B")).isEqualTo(Taxonomy.Category.STATIC_AFFECTING);
        assertThat(c.get("C")).isEqualTo(Taxonomy.Category.STATIC_AFFECTING);
        assertThat(c.get("D")).isEqualTo(Taxonomy.Category.DYNAMIC_DEPENDENT);
        assertThat(c.get("E")).isEqualTo(Taxonomy.Category.NONDETERMINISTIC_CONDITIONAL);
    }

    @Test
    void aCStyleLoopOnLocalsIsNotATcpAndItsOwnVariableDoesNotMakeItOne() throws Exception {
        Program p = Examples.parse("""
                begin
                shared int x = 0
                int i, n = 3, m
                m = x
                for (i = m; i < 5; i++)
                  print(i)
                for (i = 0; i < n; i += 2)
                  print(i)
                for (i = 0; i < 9; i = i + m)
                  print(i)
                end
                """);
        for (TcpSets t : new TcpSets[] {SvdAnalysis.worklist(p), SvdAnalysis.svdGraph(p)}) {
            // L5 starts from m (from shared x), L9 steps by m: both TCPs; L7 tests only i and the local n. i is SVD after
            // L5, yet L7 re-initialises it from a constant: its own earlier value does not count (SvdAnalysis.loopVars).
            assertThat(t.tcpNames()).as(t.method()).containsExactly("L1", "L5", "L9");
        }
        var c = new java.util.HashMap<String, Taxonomy.Category>();
        for (var e : Taxonomy.classify(SvdAnalysis.worklist(p))) c.put(e.statement(), e.category());
        assertThat(c.get("L7")).isEqualTo(Taxonomy.Category.DETERMINISTIC_CONDITIONAL);
    }

    @Test
    void figures24And27InTheIntermediateFormHaveTheStructuredFormsSets() throws Exception {
        for (TcpSets t : new TcpSets[] {worklist("fig24-goto.tx"), graph("fig24-goto.tx")}) {
            assertThat(t.tcpNames()).as(t.method()).containsExactly("A0", "A5");
            // k and m only through the flag: A6 and A8 are control dependent on A5, whose j depends on x.
            assertThat(t.svdAt("A9")).as(t.method()).containsExactlyInAnyOrder("x", "j", "k", "m");
            assertThat(t.cpNames()).containsEntry("A5", "A9");
        }
        for (TcpSets t : new TcpSets[] {worklist("fig27-goto.tx"), graph("fig27-goto.tx")}) {
            assertThat(t.tcpNames()).as(t.method()).containsExactly("A0", "D2", "D4");
            assertThat(t.cpNames()).as(t.method()).containsEntry("D2", "D4").containsEntry("D4", "D7");
        }
        assertThat(graph("fig27-goto.tx").svdAt("D2")).containsExactlyInAnyOrder("x", "y", "q", "s", "t");
    }

    @Test
    void figure14TbbFlowGraphHasOneTcpPerBlockAndCpsAtBlockStarts() throws Exception {
        Program p = Examples.load("fig14.tx");
        TcpSets sets = worklist("fig14.tx");
        TbbGraph g = TbbGraph.of(dev.wholetrace.simulate.tx.lang.Lowering.lower(p), sets);
        java.util.List<String> shown = new java.util.ArrayList<>();
        for (TbbGraph.Block b : g.blocks()) {
            StringBuilder s = new StringBuilder(b.type().name().toLowerCase()).append('[');
            for (int i = 0; i < b.statements().length; i++) s.append(i > 0 ? " " : "").append(p.statements().get(b.statements()[i]).name());
            shown.add(s.append(']').toString());
        }
        // §10.4.1: a block ends with its TCP (the lock, the conditional, the loop test), an unlock, or before a CP (B1 after
        // lock B0; end@8 after B4); B5 and B6 start at the two branch targets of B4, C5 at the loop's body.
        assertThat(shown).containsExactly("tcp[A0]", "task_create[A1]",
                "lock[B0]", "unlock[B1 B2 B3]", "tcp[B4]", "none[B5]", "none[B6 B7]", "none[end@8]",
                "lock[C0]", "unlock[C1 C2 C3]", "tcp[C4]", "none[C5]", "none[end@21]", "none[A2]", "none[A3]");
        TbbGraph.Block b4 = g.blocks().get(g.blockOf(p.statement("B4").id()));
        assertThat(g.blocks().get(b4.cpBlock()).statements()).containsExactly(p.statement("end@8").id());
        assertThat(g.blocks().get(g.blockOf(p.statement("B1").id())).isCp()).isTrue();
        assertThat(g.blocks().get(g.blockOf(p.statement("B1").id())).killed().get(0)).isTrue(); // x
        assertThat(g.blocks().get(g.blockOf(p.statement("C0").id())).lock()).isEqualTo("lk");
    }

    @Test
    void tasksCreatedInALoopAreAnalysedByBothAlgorithms() throws Exception {
        Program p = Examples.parse("""
                begin
                shared int x = 0
                shared lock lk
                int i
                for i = 1 to 2
                  task_create(1)
                  task 0
                  lock(lk)
                  x = x + 1
                  unlock(lk)
                  task_terminate(1)
                end
                """);
        for (TcpSets t : new TcpSets[] {SvdAnalysis.worklist(p), SvdAnalysis.svdGraph(p)}) {
            assertThat(t.tcpNames()).as(t.method()).containsExactly("L1", "L6", "L8"); // begin, task_create, the task's lock
        }
    }

    @Test
    void everyShippedExampleIsValid() throws Exception {
        try (var files = java.nio.file.Files.list(Examples.dir())) {
            for (java.nio.file.Path f : files.filter(x -> x.toString().endsWith(".tx")).sorted().toList()) {
                Program p = Examples.load(f.getFileName().toString());
                // the goto note only says the program is in the intermediate form
                assertThat(dev.wholetrace.simulate.tx.lang.Validator.check(p)).as(f.toString()).allMatch(m -> m.contains(": goto: "));
            }
        }
    }
}
