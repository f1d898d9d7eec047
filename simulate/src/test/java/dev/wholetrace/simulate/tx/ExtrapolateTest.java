package dev.wholetrace.simulate.tx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.extrapolate.Extrapolator;
import dev.wholetrace.simulate.tx.extrapolate.FeasibilityDistance;
import dev.wholetrace.simulate.tx.extrapolate.TraceAxioms;
import dev.wholetrace.simulate.tx.interp.Interpreter;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Lowering;
import dev.wholetrace.simulate.tx.lang.Program;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtrapolateTest {
    @Test
    void figure45FeasibilityDistancesAreOneAndTwo() {
        String[] source = {"p1", "p2", "p3", "p4"};
        assertThat(FeasibilityDistance.of(source, new String[] {"p3", "p1", "p2", "p4"})).isEqualTo(1);
        assertThat(FeasibilityDistance.of(source, new String[] {"p3", "p2", "p1", "p4"})).isEqualTo(2);
        assertThat(FeasibilityDistance.of(source, source)).isZero();
    }

    static MachineModel machine(int procs, MachineModel.Scheduling s, long seed) {
        return Machines.unitCosts(procs, s, 10_000, seed);
    }

    @Test
    void figure39SourceWithTask1FirstExtrapolatesWithFeasibilityDistanceOneAndC4Suspect() throws Exception {
        Program p = Examples.load("fig39.tx");
        Code c = Lowering.lower(p);
        TcpSets sets = SvdAnalysis.worklist(p);
        // Figure 40's source: task 1 takes lk1 first (C0 before B0), C4 branches positive, C10 before B8. The data set
        // makes z = 1 (> 0), so that where C4 takes its else branch C7 goes on to C8, C9, as the figure's target does.
        long[] input = {1};
        Trace source = null;
        for (long seed = 1; seed < 200 && source == null; seed++) {
            Trace t = new Interpreter(c, machine(2, MachineModel.Scheduling.RANDOM, seed), 1_000_000).run(input).trace();
            String s = LanguageTest.seq(p, t);
            if (s.indexOf("C0") < s.indexOf("B0") && s.contains("C5") && s.indexOf("C10") < s.indexOf("B8")) source = t;
        }
        assertThat(source).as("a source execution like Figure 40's").isNotNull();
        // Figure 40's target: task 0 takes lk1 first, and lk2 keeps its source order (C10 before B8). A target machine
        // with fifo scheduling (ties to the lower thread) and slow multiplies (task 0's B6 multiplies) gives exactly that.
        MachineModel slowMul = new MachineModel("slow-mul", 2, 1e9, MachineModel.Scheduling.FIFO, 10_000, 0, 1, Map.of("default", 1L, "tx.mul", 40L), Map.of());
        Extrapolator.Result r = new Extrapolator(c, sets, slowMul).extrapolate(source);
        String target = LanguageTest.seq(p, r.target());
        assertThat(target.indexOf("B0")).isLessThan(target.indexOf("C0"));
        assertThat(target.indexOf("C10")).isLessThan(target.indexOf("B8"));
        assertThat(r.fdist()).as(LanguageTest.seq(p, source) + " -> " + target).isEqualTo(1);
        // r becomes suspect through x, so C4 is a suspect TCP (the text: "the variable r is identified as suspect making the TCP C4 suspect");
        // B11 is not: lk2's order is unchanged, and time shifts are out of the measure's reach (as the text says).
        assertThat(r.tcpSuspect()[p.statement("C4").id()]).isEqualTo(1);
        assertThat(r.tcpSuspect()[p.statement("B11").id()]).isZero();
        assertThat(r.tcpInstances()[p.statement("B11").id()]).isEqualTo(1);
        // C4 took its then branch in the source; the else branch (C7-C9) is longer, so the potential length grows.
        assertThat(r.maxlength()).isGreaterThan(r.tlength());
        assertThat(r.representative()).isLessThan(1.0);
        assertThat(TraceAxioms.check(p, r.target())).isEmpty();
        // Figure 40's actual target execution: run directly on the target, C4 takes the other branch (C7-C9), where the
        // extrapolated trace kept the source's C5: the suspect TCP is where the actual execution diverges.
        Trace actual = new Interpreter(c, slowMul, 1_000_000).run(input).trace();
        assertThat(LanguageTest.thread(p, actual, 2)).contains("C4 C6 C7 C8 C9"); // task 1's events
        assertThat(divergentTcps(sets, r.target(), actual)).as(LanguageTest.seq(p, actual)).contains("C4");

        // With unit costs the time shift the text warns about happens: task 1 waits behind task 0's critical section,
        // so lk2 flips too (d_f = 2) and B11, through y, is suspect as well. The thesis's Figure 40 does not show this case.
        Extrapolator.Result unit = new Extrapolator(c, sets, machine(2, MachineModel.Scheduling.FIFO, 1)).extrapolate(source);
        assertThat(unit.fdist()).isEqualTo(2);
        assertThat(unit.tcpSuspect()[p.statement("B11").id()]).isEqualTo(1);
        assertThat(TraceAxioms.check(p, unit.target())).isEmpty();
        // There the actual execution diverges at both suspect TCPs, as the text says of Figure 40: C4 (C7-C9 instead of
        // C5) and B11 (lk2 flipped: i = y is 0, B14 instead of B12).
        Trace actualUnit = new Interpreter(c, machine(2, MachineModel.Scheduling.FIFO, 1), 1_000_000).run(input).trace();
        assertThat(divergentTcps(sets, unit.target(), actualUnit)).as(LanguageTest.seq(p, actualUnit)).contains("C4", "B11");
        assertThat(TraceAxioms.check(p, source)).isEmpty();
    }

    /** The TCPs at which Compute_M finds the two traces' divergent regions. */
    private static java.util.List<String> divergentTcps(TcpSets sets, Trace a, Trace b) {
        java.util.List<dev.wholetrace.simulate.tx.correspond.Region> regions = new java.util.ArrayList<>();
        new dev.wholetrace.simulate.tx.correspond.ComputeM(sets).correspond(dev.wholetrace.simulate.tx.correspond.TraceEvents.of(a, new long[1]),
                dev.wholetrace.simulate.tx.correspond.TraceEvents.of(b, new long[1]), regions::add);
        return regions.stream().map(dev.wholetrace.simulate.tx.correspond.Region::tcp).toList();
    }

    @Test
    void figure10ExtrapolatesWhereFigure11IsRefusedAndAFlippedLockMakesTheArrayReferenceAndLoopSuspect() throws Exception {
        Program p = Examples.load("fig10.tx");
        Code c = Lowering.lower(p);
        TcpSets sets = SvdAnalysis.worklist(p);
        // A source where task 1 takes lk first (its A before task 0's), as random schedules give.
        Trace source = null;
        for (long seed = 1; seed < 200 && source == null; seed++) {
            Trace t = new Interpreter(c, machine(2, MachineModel.Scheduling.RANDOM, seed), 1_000_000).run(new long[0]).trace();
            if (firstLocker(p, t) == 2) source = t;
        }
        assertThat(source).as("a source execution where task 1 locks first").isNotNull();
        // The target, fifo with ties to the lower thread, lets task 0 lock first: lk's order flips (d_f = 1), index,
        // stored in the critical section, becomes suspect, and so do the TCPs depending on it: D (array[index]) and
        // E (the loop on aval, loaded from array[index]) of the task that reads index after the flip.
        Extrapolator.Result r = new Extrapolator(c, sets, machine(2, MachineModel.Scheduling.FIFO, 1)).extrapolate(source);
        assertThat(firstLocker(p, r.target())).isEqualTo(1);
        assertThat(r.fdist()).isEqualTo(1);
        long suspectD = 0, suspectE = 0;
        for (int unit = 1; unit <= 2; unit++) {
            suspectD += r.tcpSuspect()[TcpTest.id(p, unit, "D")];
            suspectE += r.tcpSuspect()[TcpTest.id(p, unit, "E")];
        }
        assertThat(suspectD).isPositive();
        assertThat(suspectE).isPositive();
        assertThat(TraceAxioms.check(p, r.target())).isEmpty();
        assertThat(r.target().patternKey()).isEqualTo(source.patternKey());
        // Figure 11, the same program in the intermediate form, is refused: its busy waits' spin counts are not modelled.
        Program fig11 = Examples.load("fig11.tx");
        Code c11 = Lowering.lower(fig11);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Extrapolator(c11, SvdAnalysis.worklist(fig11), machine(2, MachineModel.Scheduling.FIFO, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("extrapolation needs the structured form");
    }

    @Test
    void tasksCreatingTasksInAnotherOrderThanTheSourceExtrapolate() throws Exception {
        Program p = Examples.parse("""
                begin
                shared int x = 1
                shared lock lk
                task_create(2)
                task 0
                  int a = 0
                  a = a * 3 + 1
                  task_create(1)
                  task 0
                    lock(lk)
                    x = x + 1
                    unlock(lk)
                  task_terminate(1)
                task 1
                  task_create(1)
                  task 0
                    lock(lk)
                    x = x * 2
                    unlock(lk)
                  task_terminate(1)
                task_terminate(2)
                print(x)
                end
                """);
        Code c = Lowering.lower(p);
        TcpSets sets = SvdAnalysis.worklist(p);
        // A source where task 0 creates its task first (thread 3 is task 0's child)...
        Trace source = null;
        for (long seed = 1; seed < 200 && source == null; seed++) {
            Trace t = new Interpreter(c, machine(1, MachineModel.Scheduling.RANDOM, seed), 1_000_000).run(new long[0]).trace();
            if (t.parent(3) == 1) source = t;
        }
        assertThat(source).as("a source where task 0 creates first").isNotNull();
        // ...and a target where task 1, which creates at once, does (task 0 first computes a): the threads are numbered
        // in the target's creation order, as the interpreter numbers them. This was refused before (one-line error).
        MachineModel fifo = machine(4, MachineModel.Scheduling.FIFO, 1);
        Extrapolator.Result r = new Extrapolator(c, sets, fifo).extrapolate(source);
        assertThat(r.target().parent(3)).isEqualTo(2);
        assertThat(new Interpreter(c, fifo, 1_000_000).run(new long[0]).trace().parent(3)).isEqualTo(2);
        assertThat(TraceAxioms.check(p, r.target())).isEmpty();
        assertThat(byTreePath(p, r.target())).isEqualTo(byTreePath(p, source)); // S_PATT^A: every thread keeps its events
        assertThat(r.target().patternKey()).isEqualTo(source.patternKey());
        // The pattern key names threads by their place in the thread tree, so the explorer finds one pattern here
        // (the lock order changes only the values, and x is not an array index), whichever task creates first.
        dev.wholetrace.simulate.tx.interp.Explorer.Result x = new dev.wholetrace.simulate.tx.interp.Explorer(c, 10_000, 100_000).explore(new long[0]);
        assertThat(x.complete()).isTrue();
        assertThat(x.patterns()).hasSize(1);
    }

    /**
     * Two tasks do the same work and each create a task: on the target both create at the same clock (task 0
     * first: the tie goes to the lower thread), so their children start at the same clock too, and the tie
     * between them goes, as in the interpreter, to the lower target id (task 0's child), whatever the source ids.
     */
    @Test
    void clockTiesGoToTheLowerTargetThreadIdAsInTheInterpreter() throws Exception {
        Program p = Examples.parse("""
                begin
                shared int x = 1
                shared lock lk
                task_create(2)
                task 0
                  int a = 0
                  a = a * 3 + 1
                  task_create(1)
                  task 0
                    lock(lk)
                    x = x + 1
                    unlock(lk)
                  task_terminate(1)
                task 1
                  int a = 0
                  a = a * 3 + 1
                  task_create(1)
                  task 0
                    lock(lk)
                    x = x * 2
                    unlock(lk)
                  task_terminate(1)
                task_terminate(2)
                print(x)
                end
                """);
        Code c = Lowering.lower(p);
        Trace source = null; // a source where task 1 creates its task first: source thread 3 is task 1's child
        for (long seed = 1; seed < 200 && source == null; seed++) {
            Trace t = new Interpreter(c, machine(1, MachineModel.Scheduling.RANDOM, seed), 1_000_000).run(new long[0]).trace();
            if (t.parent(3) == 2) source = t;
        }
        assertThat(source).as("a source where task 1 creates first").isNotNull();
        MachineModel fifo = machine(4, MachineModel.Scheduling.FIFO, 1);
        Trace target = new Extrapolator(c, SvdAnalysis.worklist(p), fifo).extrapolate(source).target();
        Trace direct = new Interpreter(c, fifo, 1_000_000).run(new long[0]).trace();
        assertThat(direct.parent(3)).isEqualTo(1);
        assertThat(target.parent(3)).isEqualTo(1);
        assertThat(firstLocker(p, direct)).isEqualTo(3);
        assertThat(firstLocker(p, target)).as(LanguageTest.seq(p, target)).isEqualTo(3);
    }

    /** Each thread's statements, keyed by its place in the thread tree ({@link Trace#places()}). */
    private static java.util.Map<String, String> byTreePath(Program p, Trace t) {
        java.util.Map<String, String> m = new java.util.TreeMap<>();
        String[] place = t.places();
        for (int th = 0; th < t.threads(); th++) m.put(place[th], LanguageTest.thread(p, t, th));
        return m;
    }

    /** The thread whose lock event comes first. */
    private static int firstLocker(Program p, Trace t) {
        for (int e = 0; e < t.size(); e++) if (p.statements().get(t.stmt(e)) instanceof dev.wholetrace.simulate.tx.lang.Stmt.Lock) return t.thread(e);
        return -1;
    }

    @Test
    void onOneProcessorRoundRobinTimeSlicesInterleaveTheTasksAndFifoDoesNot() throws Exception {
        Program p = Examples.load("counter.tx");
        Code c = Lowering.lower(p);
        TcpSets sets = SvdAnalysis.worklist(p);
        Trace source = new Interpreter(c, machine(4, MachineModel.Scheduling.RANDOM, 3), 1_000_000).run(new long[] {20}).trace();
        MachineModel fifo = machine(1, MachineModel.Scheduling.FIFO, 1);
        MachineModel rr = new MachineModel("rr", 1, 1e9, MachineModel.Scheduling.ROUND_ROBIN, 20, 0, 1, Map.of("default", 1L), Map.of());
        Trace f = new Extrapolator(c, sets, fifo).extrapolate(source).target();
        Trace r = new Extrapolator(c, sets, rr).extrapolate(source).target();
        assertThat(TraceAxioms.check(p, r)).isEmpty();
        assertThat(switches(f)).as("fifo: each task runs to its end").isLessThanOrEqualTo(3);
        assertThat(switches(r)).as("round-robin, 20-cycle slices: the tasks alternate").isGreaterThan(10);
        // Same events per thread (S_PATT^A), only the interleaving differs.
        assertThat(r.patternKey()).isEqualTo(f.patternKey());
        // The interpreter on the same machine interleaves too; the extrapolation follows it in kind.
        Trace direct = new Interpreter(c, rr, 1_000_000).run(new long[] {20}).trace();
        assertThat(switches(direct)).isGreaterThan(10);
    }

    /** Places where consecutive events belong to different task threads (thread 0 left out). */
    private static int switches(Trace t) {
        int n = 0, last = -1;
        for (int e = 0; e < t.size(); e++) {
            if (t.thread(e) == 0) continue;
            if (last >= 0 && t.thread(e) != last) n++;
            last = t.thread(e);
        }
        return n;
    }
}
