package dev.wholetrace.simulate.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.interp.Explorer;
import dev.wholetrace.simulate.tx.interp.Interpreter;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Lowering;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.TxException;
import dev.wholetrace.simulate.tx.lang.Validator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LanguageTest {
    static String seq(Program p, Trace t) {
        String[] names = p.names();
        List<String> out = new ArrayList<>();
        for (int e = 0; e < t.size(); e++) out.add(names[t.stmt(e)]);
        return String.join(" ", out);
    }

    static String thread(Program p, Trace t, int thread) {
        String[] names = p.names();
        List<String> out = new ArrayList<>();
        for (int e : t.perThread(thread)) out.add(names[t.stmt(e)]);
        return String.join(" ", out);
    }

    @Test
    void figure4ParsesValidatesAndHasTwoPatternsNeverE4() throws Exception {
        Program p = Examples.load("fig04.tx");
        assertThat(Validator.check(p)).isEmpty();
        Code c = Lowering.lower(p);
        Explorer.Result r = new Explorer(c, 10_000, 100_000).explore(new long[0]);
        assertThat(r.complete()).isTrue();
        // Figure 5: E1 and E2 share a pattern (task 0 takes l1 first: B4 runs); E3 is the other (C first: i = 0, B4 skipped).
        List<String> task0 = new ArrayList<>();
        for (Trace t : r.traces()) task0.add(thread(p, t, 1));
        assertThat(task0).containsExactlyInAnyOrder("B0 B1 B2 B3 B4 B5", "B0 B1 B2 B3 B5");
        // E4 is infeasible: no execution has B1 before C1 and B3 followed by B5.
        for (Trace t : r.traces()) {
            String s = seq(p, t);
            if (s.indexOf("B1") < s.indexOf("C1")) assertThat(thread(p, t, 1)).contains("B4");
        }
    }

    @Test
    void figure5ExecutionsE1ToE3AreRunsOfTheInterpreter() throws Exception {
        Program p = Examples.load("fig04.tx");
        Code c = Lowering.lower(p);
        Interpreter.Result r = new Interpreter(c, MachineModel.unit().withProcessors(2), 1_000_000).run(new long[0]);
        // Two processors, unit costs, ties to the lower thread: task 0 locks first.
        assertThat(thread(p, r.trace(), 1)).isEqualTo("B0 B1 B2 B3 B4 B5");
        assertThat(thread(p, r.trace(), 2)).isEqualTo("C0 C1 C2 C3");
        assertThat(thread(p, r.trace(), 0)).isEqualTo("A0 A1 A2 A3");
    }

    @Test
    void figure11IntermediateFormRunsWithSpinlocks() throws Exception {
        Program p = Examples.load("fig11.tx");
        assertThat(p.intermediate()).isTrue();
        assertThat(Validator.check(p)).allMatch(s -> s.contains("goto"));
        Code c = Lowering.lower(p);
        Interpreter.Result r = new Interpreter(c, MachineModel.unit().withProcessors(2), 1_000_000).run(new long[0]);
        assertThat(thread(p, r.trace(), 1)).isEqualTo("A B C D E1 E2 F G F G end@13");
        Explorer.Result x = new Explorer(c, 2_000, 100_000).explore(new long[0]);
        assertThat(x.executions()).isGreaterThan(1);
    }

    @Test
    void figure10StructuredTwinOfFigure11RunsItsCStyleLoopAsFigure11sIncrementBranchPair() throws Exception {
        Program p = Examples.load("fig10.tx");
        assertThat(Validator.check(p)).isEmpty();
        assertThat(p.intermediate()).isFalse();
        Code c = Lowering.lower(p);
        // E: for (k = k+1; k < aval; k++); first visit init + test, later visits step + jump + test (docs/tx.md, Lowering).
        assertThat(c.staticCounts()[p.statement("E").id()]).isEqualTo(2);
        Interpreter.Result r = new Interpreter(c, MachineModel.unit().withProcessors(2), 1_000_000).run(new long[0]);
        // aval = array[3] = 2: k = 1 < 2, k = 2 stops. Figure 11 runs F G twice (the do-while of §3.3's translation),
        // Figure 10 tests E twice: both loops make one more test than iterations of k's increment.
        assertThat(thread(p, r.trace(), 1)).isEqualTo("A B C D E E end@14");
        Program fig11 = Examples.load("fig11.tx");
        Interpreter.Result r11 = new Interpreter(Lowering.lower(fig11), MachineModel.unit().withProcessors(2), 1_000_000).run(new long[0]);
        for (int t = 1; t <= 2; t++) {
            assertThat(count(thread(p, r.trace(), t), "E")).isEqualTo(count(thread(fig11, r11.trace(), t), "G"));
        }
    }

    private static long count(String events, String name) {
        return java.util.Arrays.stream(events.split(" ")).filter(name::equals).count();
    }

    @Test
    void cStyleForLoopsRunWithEveryStepForm() throws Exception {
        Program p = Examples.parse("""
                begin
                int i, n = 0
                for (i = 0; i < 3; i++)
                  n = n + 1
                for (i := 10; i > 4; i -= 3) do
                  n = n + 10
                for (i = 1; i < 20; i = i * 3)
                  n = n + 100
                for (i = 5; i > 0; i--);
                print(n)
                print(i)
                end
                """);
        assertThat(Validator.check(p)).isEmpty();
        Interpreter.Result r = new Interpreter(Lowering.lower(p), MachineModel.unit(), 1_000_000).run(new long[0]);
        // 3 + 2 * 10 (i = 10, 7) + 3 * 100 (i = 1, 3, 9); the empty loop leaves i at 0
        assertThat(r.output()).containsExactly(323L, 0L);
        assertThatThrownBy(() -> Examples.parse("begin\n  int i, j\n  for (i = 0; i < 3; j++)\n    print(i)\nend\n"))
                .isInstanceOf(TxException.class).hasMessage("3:22: the for loop steps j, not its variable i");
        assertThatThrownBy(() -> Examples.parse("begin\n  int i\n  for (i = 0; i < 3)\n    print(i)\nend\n"))
                .isInstanceOf(TxException.class).hasMessage("3:20: expected ';', found ')'");
    }

    /** {@code for (...);} has an empty body: a line indented under it is an error, not silently the body. */
    @Test
    void aCFormForEndingInASemicolonHasAnEmptyBody() throws Exception {
        assertThatThrownBy(() -> Examples.parse("begin\n  int i, n\n  for (i = 0; i < 3; i++);\n    n = n + 1\nend\n"))
                .isInstanceOf(TxException.class)
                .hasMessage("4:5: line 3's for ends in ';' (an empty body) but this line is indented under it: drop the ';' or unindent the line");
        // In a task, whose statements may sit at any column, the next line at the for's column is the next statement.
        Program p = Examples.parse("begin\n  int i, n\n  for (i = 0; i < 3; i++);\n  n = n + 1\n  print(n)\nend\n");
        assertThat(p.statements().stream().filter(s -> s instanceof Stmt.For).map(s -> ((Stmt.For) s).body).toList()).containsExactly(List.of());
        assertThat(new Interpreter(Lowering.lower(p), MachineModel.unit(), 1_000_000).run(new long[0]).output()).containsExactly(1L);
    }

    @Test
    void everyThreadReadsTheDataSetFromItsStart() throws Exception {
        Program p = Examples.parse("""
                begin
                shared lock l
                int a, b
                read(a, b)
                task_create(2)
                task 0
                  int c
                  read(c)
                  lock(l)
                  print(c)
                  unlock(l)
                task 1
                  int d, e
                  read(d, e)
                  lock(l)
                  print(d + e)
                  unlock(l)
                task_terminate(2)
                print(a + b)
                end
                """);
        // Which value a task reads does not depend on the schedule (§4.1: a value read is a runtime value, fixed for
        // the data set): each thread has its own position in it. Before, the tasks shared one cursor.
        Code c = Lowering.lower(p);
        java.util.Set<List<Long>> outputs = new java.util.HashSet<>();
        for (long seed = 1; seed <= 20; seed++) {
            MachineModel m = Machines.random(seed);
            List<Long> out = new ArrayList<>(new Interpreter(c, m, 1_000_000).run(new long[] {4, 30}).output());
            out.sort(null); // the tasks' prints race for the lock
            outputs.add(out);
        }
        assertThat(outputs).containsExactly(List.of(4L, 34L, 34L));
    }

    @Test
    void figure14LowersWithInstructionCounts() throws Exception {
        Program p = Examples.load("fig14.tx");
        assertThat(Validator.check(p)).isEmpty();
        Code c = Lowering.lower(p);
        // B1: x = x + 1 on shared x is load, add, store; B2: j = x a load; B4: compare-branch.
        assertThat(c.staticCounts()[p.statement("B1").id()]).isEqualTo(3);
        assertThat(c.staticCounts()[p.statement("B2").id()]).isEqualTo(1);
        assertThat(c.staticCounts()[p.statement("B4").id()]).isEqualTo(1);
        Explorer.Result x = new Explorer(c, 20_000, 100_000).explore(new long[0]);
        List<String> t1 = new ArrayList<>();
        for (Trace t : x.traces()) t1.add(thread(p, t, 1) + " / " + thread(p, t, 2));
        assertThat(t1).containsExactlyInAnyOrder(
                "B0 B1 B2 B3 B4 B6 B7 end@8 / C0 C1 C2 C3 C4 C5 C4 C5 C4 end@21",
                "B0 B1 B2 B3 B4 B5 end@8 / C0 C1 C2 C3 C4 C5 C4 end@21");
    }

    @Test
    void errorsAreOneLineWithPositions() {
        assertThatThrownBy(() -> Examples.parse("  x = 1\nend\n")).isInstanceOf(TxException.class).hasMessage("1:3: a program starts with begin, not 'x = 1'");
        assertThat(check("begin\n  int a\n  a = y + 1\nend\n")).containsExactly("3:7: undeclared variable y (A1: programs are error free)");
        assertThat(check("begin\n  shared int x\n  shared lock l\n  lock(l)\nend\n")).singleElement().asString().startsWith("4:3: lock(l) in the main thread has no matching unlock");
        assertThatThrownBy(() -> Examples.parse("begin\n  int a\n  a = (1 +\nend\n")).hasMessage("3:11: expected a name, found end of line");
        assertThat(check("begin\n  shared int x, y\n  int a\nL: if a > 0 goto L\n  x = y\nend\n"))
                .contains("5:3: 2 shared loads/stores in one statement (Restriction 2 allows one)");
        assertThat(check("begin\n  int a[3], b[3]\n  int i\n  i = 0\n  goto M\nM: a[i] = b[i]\nend\n"))
                .contains("6:4: 2 array operands in one statement (Restriction 1 allows one)");
    }

    static List<String> check(String text) {
        try {
            return Validator.check(Examples.parse(text));
        } catch (Exception e) {
            return List.of("parse: " + e.getMessage());
        }
    }
}
