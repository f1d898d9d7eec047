package dev.wholetrace.simulate.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.interp.Interpreter;
import dev.wholetrace.simulate.tx.lang.Lowering;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.TxException;
import dev.wholetrace.simulate.tx.lang.Validator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Procedures (§8.6), inlined at every call as the thesis prescribes for procedures with side
 * effects: the example in docs/examples/tx/procedures.tx, the same program inlined by hand (same
 * outputs and cycles on every seed), the TCPs of a procedure body as the union over its calls, and
 * the errors.
 */
class ProcedureTest {

    /** procedures.tx with deposit and audit written out at each call, as a user without procedures would. */
    private static final String BY_HAND = """
            A0: begin
                shared int balance = 0, big = 0;
                shared lock lk;
                int n = 3, amount;
            A1: read(n);
            A2: task_create(2)
            task 0
                int i;
            B0: for i = 1 to n do
            B1:   amount = 10;
            P0:   lock(lk);
            P1:   balance = balance + amount;
            P2:   if balance > 25 then
            P3:     big = big + 1;
            P4:   unlock(lk);
            task 1
                int j;
            C0: for j = 1 to n do
            C1:   amount = j * 7;
            Q0:   lock(lk);
            Q1:   balance = balance + amount;
            Q2:   if balance > 25 then
            Q3:     big = big + 1;
            Q4:   unlock(lk);
            C2:   skip();
            R0:   print(balance);
            A3: task_terminate(2);
            A4: end;
            """;

    @Test
    void aCallIsInlinedWithItsStatementsNamedByTheCall() throws Exception {
        Program p = Examples.load("procedures.tx");
        assertThat(Validator.check(p)).isEmpty();
        assertThat(names(p)).containsSubsequence("B1", "P0@B1", "P1@B1", "P2@B1", "P3@B1", "P4@B1")
                .containsSubsequence("C1", "P0@C1", "P4@C1", "C2", "Q0@C2");
        Stmt s = p.statement("P2@C1");
        assertThat(s.procedure()).isEqualTo("deposit");
        assertThat(s.nameInProcedure()).isEqualTo("P2");
        assertThat(s.callSite()).isEqualTo("C1");
        assertThat(s.unit()).isEqualTo(2); // task 1's body
        assertThat(p.statement("C1").procedure()).isNull();
        // The parameter is a variable of every thread; the call's first statement assigns it.
        assertThat(p.decls()).anyMatch(d -> d.name().equals("deposit.amount") && !d.shared());
        assertThat(p.statement("C1")).isInstanceOf(Stmt.Assign.class);
        assertThat(p.statement("C2")).isInstanceOf(Stmt.Call.class); // audit() has no parameters: the call is a skip
    }

    @Test
    void runsAsTheProgramInlinedByHandOnEverySeed() throws Exception {
        Program p = Examples.load("procedures.tx");
        Program hand = Examples.parse(BY_HAND);
        java.util.Set<List<Long>> outputs = new java.util.HashSet<>();
        for (long seed = 1; seed <= 40; seed++) {
            // Random scheduling with short slices: the seeds give different interleavings.
            MachineModel m = Machines.unitCosts(1, MachineModel.Scheduling.RANDOM, 3, seed);
            Interpreter.Result a = new Interpreter(Lowering.lower(p), m, 1_000_000).run(new long[] {4});
            Interpreter.Result b = new Interpreter(Lowering.lower(hand), m, 1_000_000).run(new long[] {4});
            assertThat(a.output()).as("seed %d", seed).isEqualTo(b.output());
            assertThat(a.cycles()).as("seed %d", seed).isEqualTo(b.cycles());
            assertThat(a.trace().size()).as("seed %d", seed).isEqualTo(b.trace().size());
            outputs.add(a.output());
        }
        assertThat(outputs).as("the seeds interleave the tasks differently").hasSizeGreaterThan(1);
    }

    @Test
    void aProcedureStatementIsATcpIfItIsOneAtAnyCall() throws Exception {
        Program p = Examples.load("procedures.tx");
        for (TcpSets t : List.of(SvdAnalysis.worklist(p), SvdAnalysis.svdGraph(p))) {
            assertThat(t.tcpNames()).as(t.method()).contains("P0@B1", "P2@B1", "P0@C1", "P2@C1").doesNotContain("P1@B1", "Q0@C2");
            assertThat(t.procedureTcps()).as(t.method()).isEqualTo(Map.of("deposit", Map.of("P0", List.of("B1", "C1"), "P2", List.of("B1", "C1"))));
        }
        // The same sets as the program inlined by hand, statement for statement.
        Program hand = Examples.parse(BY_HAND);
        assertThat(SvdAnalysis.worklist(hand).tcpNames()).containsExactly("A0", "A2", "P0", "P2", "Q0", "Q2");
    }

    @Test
    void callsInsideProceduresNameTheWholeChain() throws Exception {
        Program p = Examples.parse("""
                begin
                    shared int x = 0;
                A1: call outer(2);
                    end
                procedure outer(k)
                O1: call inner(k + 1);
                procedure inner(v)
                I1: x = x + v;
                """);
        assertThat(names(p)).contains("A1", "O1@A1", "I1@O1@A1");
        assertThat(p.statement("I1@O1@A1").procedure()).isEqualTo("inner");
        Interpreter.Result r = new Interpreter(Lowering.lower(p), MachineModel.unit(), 10_000).run(new long[0]);
        assertThat(r.trace().size()).isEqualTo(5); // begin, A1, O1@A1, I1@O1@A1, end
    }

    @Test
    void errorsAreOneLineWithTheirPlace() {
        String head = "begin\n  shared int x = 0;\n";
        assertThatThrownBy(() -> Examples.parse(head + "A1: call f(1);\n  end\nprocedure f(a)\n  call f(a);\n"))
                .isInstanceOf(TxException.class).hasMessageContaining("procedure f calls itself").hasMessageContaining("recursion is not supported");
        assertThatThrownBy(() -> Examples.parse(head + "A1: call f();\n  end\nprocedure f()\n  g();\nprocedure g()\n  f();\n"))
                .hasMessageContaining("procedure f calls itself (through f → g)");
        assertThatThrownBy(() -> Examples.parse(head + "A1: call f(1, 2);\n  end\nprocedure f(a)\n  x = a;\n"))
                .hasMessage("3:5: procedure f takes 1 argument(s), not 2");
        assertThatThrownBy(() -> Examples.parse(head + "A1: call g();\n  end\nprocedure f(a)\n  x = a;\n"))
                .hasMessage("3:5: call of g: no such procedure");
        assertThatThrownBy(() -> Examples.parse(head + "A1: call f(1);\n  end\nprocedure f(a)\n  x = a;\n  end\n"))
                .hasMessageContaining("a procedure has no end");
        assertThatThrownBy(() -> Examples.parse(head + "A1: call f(1);\n  end\nprocedure f(a)\n  task_create(1)\n"))
                .hasMessageContaining("no task_create, no goto");
        assertThatThrownBy(() -> Examples.parse(head + "  end\nprocedure f(a)\n  x = a;\nprocedure f(b)\n  x = b;\n"))
                .hasMessageContaining("procedure f is defined twice");
        assertThatThrownBy(() -> Examples.parse(head + "  end\nprocedure f(a)\n"))
                .hasMessageContaining("procedure f has no statements");
        assertThatThrownBy(() -> Examples.parse(head + "  end\nprocedure print(a)\n  x = a;\n"))
                .hasMessageContaining("print cannot name a procedure");
    }

    private static List<String> names(Program p) {
        return List.of(p.names());
    }

    @Test
    void aSideEffectFreeProcedureIsSummarisedOnceForAllItsCallsByTheSvdGraph() throws Exception {
        Program p = Examples.load("procedures-pure.tx");
        TcpSets w = SvdAnalysis.worklist(p), g = SvdAnalysis.svdGraph(p);
        // Inlined (worklist): check's test is a TCP where its argument comes from shared total (C3), not where it is 10.
        assertThat(w.tcpNames()).containsExactly("A0", "A1", "P0@B1", "C0", "R0@C3");
        assertThat(w.summaries()).isEmpty();
        // Summarised (§8.6): one walk of check's body from the union of both calls' states, so R0 is a TCP at both;
        // add writes total and takes a lock, so it is inlined.
        assertThat(g.summaries()).isEqualTo(Map.of("check", 2));
        assertThat(g.tcpNames()).containsExactly("A0", "A1", "P0@B1", "R0@B2", "C0", "R0@C3");
        assertThat(g.procedureTcps()).isEqualTo(Map.of("add", Map.of("P0", List.of("B1")), "check", Map.of("R0", List.of("B2", "C3"))));
        assertThat(g.svdAt("R1@B2")).contains("check.v");
        // procedures.tx: audit only prints, so it is summarised; deposit has side effects.
        assertThat(SvdAnalysis.svdGraph(Examples.load("procedures.tx")).summaries()).isEqualTo(Map.of("audit", 1));
    }

    /** functions.tx with scale and twice written out at each call. */
    private static final String FUNCTIONS_BY_HAND = """
            A0: begin
                shared int rate = 2;
                shared lock lk;
                int n = 2, v;
            A1: task_create(n)
            task 0
                int j = 3, t;
            B1: v = j;
            S0: t = v * rate;
            B2: if t > 7 then
            B3:   print(t);
            B4: v = j;
            W0: v = v + v;
            W1: t = v;
            B5: if t > 5 then
            B6:   print(t);
            task 1
            C0: lock(lk);
            C1: rate = rate + 1;
            C2: unlock(lk);
            A2: task_terminate(n);
            A3: end;
            """;

    @Test
    void aFunctionIsInlinedItsReturnAssigningTheCallsTarget() throws Exception {
        Program p = Examples.load("functions.tx");
        assertThat(Validator.check(p)).isEmpty();
        assertThat(names(p)).containsSubsequence("B1", "S0@B1", "B2", "B3", "B4", "W0@B4", "W1@B4", "B5");
        assertThat(p.statement("S0@B1")).isInstanceOf(Stmt.Assign.class);
        assertThat(((Stmt.Assign) p.statement("S0@B1")).target).isEqualTo(new dev.wholetrace.simulate.tx.lang.Expr.Var("t", 15, 5));
        assertThat(p.statement("W1@B4").procedure()).isEqualTo("twice");
        // §8.6: the call generates t (scale reads shared rate) and then kills it (twice reads only its parameter).
        Program hand = Examples.parse(FUNCTIONS_BY_HAND);
        for (TcpSets t : new TcpSets[] {SvdAnalysis.worklist(p), SvdAnalysis.svdGraph(p)}) {
            assertThat(t.tcpNames()).as(t.method()).containsExactly("A0", "A1", "B2", "C0");
            assertThat(t.svdAt("B2")).as(t.method()).contains("t");
            assertThat(t.svdAt("B5")).as(t.method()).doesNotContain("t");
        }
        assertThat(SvdAnalysis.worklist(hand).tcpNames()).containsExactly("A0", "A1", "B2", "C0");
        for (long seed = 1; seed <= 20; seed++) {
            MachineModel m = Machines.random(seed);
            var a = new Interpreter(Lowering.lower(p), m, 1_000_000).run(new long[0]);
            var b = new Interpreter(Lowering.lower(hand), m, 1_000_000).run(new long[0]);
            assertThat(a.output()).as("seed %d", seed).isEqualTo(b.output());
            assertThat(a.cycles()).isEqualTo(b.cycles());
        }
    }

    @Test
    void functionErrorsAreOneLine() {
        String prog = "begin\n  int a\n  %s\nend\n%s";
        assertThatThrownBy(() -> Examples.parse(prog.formatted("a = f(1) + 1", "function f(v)\n  return v\n")))
                .isInstanceOf(TxException.class).hasMessage("3:12: a function call is its assignment's whole right-hand side (the three-address form), found '+'");
        assertThatThrownBy(() -> Examples.parse(prog.formatted("f(1)", "function f(v)\n  return v\n")))
                .hasMessage("3:3: function f returns a value: call it as x = f(...)");
        assertThatThrownBy(() -> Examples.parse(prog.formatted("a = f(1)", "procedure f(v)\n  print(v)\n")))
                .hasMessage("3:3: procedure f returns no value (a function does: function NAME(...) ending with return)");
        assertThatThrownBy(() -> Examples.parse(prog.formatted("a = f(1)", "function f(v)\n  print(v)\n")))
                .hasMessage("5:1: function f has no return: its body ends with return EXPR");
        assertThatThrownBy(() -> Examples.parse(prog.formatted("a = f(1)", "function f(v)\n  if v > 0 then\n    return v\n  print(v)\n")))
                .hasMessage("7:5: return ends function f: only its last statement, outside any if or for, returns");
        assertThatThrownBy(() -> Examples.parse(prog.formatted("call f(1)", "procedure f(v)\n  return v\n")))
                .hasMessage("6:3: return in procedure f: only a function returns a value");
        assertThatThrownBy(() -> Examples.parse(prog.formatted("return a", "")))
                .hasMessage("3:3: return outside a function");
        assertThatThrownBy(() -> Examples.parse(prog.formatted("a = f(1)", "function f(v)\n  a = f(v)\n  return v\n")))
                .isInstanceOf(TxException.class).hasMessageContaining("function f calls itself");
        // a call of an undefined function names it (it was "expected end of statement, found '('")
        assertThatThrownBy(() -> Examples.parse(prog.formatted("a = g(1)", "function f(v)\n  return v\n")))
                .isInstanceOf(TxException.class).hasMessage("3:3: no such function g");
        assertThatThrownBy(() -> Examples.parse(prog.formatted("a = g(1)", "")))
                .isInstanceOf(TxException.class).hasMessage("3:3: no such function g");
    }

    /** A program knows which of its definitions are functions, for reports that list them by kind. */
    @Test
    void theProgramTellsFunctionsFromProcedures() throws Exception {
        Program p = Examples.load("functions.tx");
        assertThat(p.kind("scale")).isEqualTo("function");
        assertThat(p.kind("twice")).isEqualTo("function");
        assertThat(Examples.load("procedures.tx").kind("deposit")).isEqualTo("procedure");
    }
}
