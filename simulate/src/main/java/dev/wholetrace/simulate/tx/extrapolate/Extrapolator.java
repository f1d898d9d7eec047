package dev.wholetrace.simulate.tx.extrapolate;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.interp.TxCosts;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Expr;
import dev.wholetrace.simulate.tx.lang.Instr;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Approximate trace extrapolation (§11, Figure 47) over S_PATT^A: the target execution keeps every
 * thread's source pattern (its events, their array indices and instruction counts) and lets the
 * target machine decide the interleaving, lock order and times. The thesis leaves the simulation
 * open; here:
 *
 * <ul>
 *   <li>{@code choose_context()} is a discrete-event simulation of the target machine: the runnable
 *       thread with the earliest clock on one of the machine's processors issues its next event; an
 *       event costs its instruction count times its statement's mean cycles per instruction on the
 *       target (cycles.tx.*, cost.tx.shared, cost.tx.lock); a held lock queues the thread (fifo) until
 *       the unlock hands it over; task_create starts the tasks after cost.tx.create; task_terminate
 *       waits for them. Threads beyond the processor count wait for a processor: in arrival order
 *       under fifo scheduling, where a thread keeps its processor until it blocks or ends; under
 *       round-robin and random scheduling a thread that has run the machine's time slice gives its
 *       processor up after its current event when another thread waits (round-robin: the first
 *       waiting thread takes it; random: one drawn with the machine's seed), as the interpreter
 *       does, but at event rather than instruction granularity.</li>
 *   <li>{@code advance_source(b)} moves the thread's pointer into the source execution (pc_source)
 *       to its next event, which must be an instance of b; the source's lock order is kept as each
 *       acquisition's predecessor on the same lock (the lock_list of Figure 46).</li>
 * </ul>
 *
 * Measures (Figure 46): the feasibility distance counts lock acquisitions whose source predecessor
 * the target has not yet made (each makes the variables the lock protects suspect); the likely
 * measure counts, per TCP, instances whose dependent shared variables are suspect; the
 * representative measure is the target's instruction count over that count plus, at each suspect
 * TCP, what its other branch (or one more loop iteration) would add. A shared variable accessed
 * outside any lock whose source predecessor access (by another thread) the target has not made also
 * becomes suspect; a store whose value does not depend on suspect variables, outside a suspect
 * TCP's divergence, clears it again (fix_killed).
 */
public final class Extrapolator {
    private final Program p;
    private final Code code;
    private final TcpSets sets;
    private final Map<String, Integer> sharedIndex = new HashMap<>();
    private final double[] cyclesPerInstr;
    private final BitSet[] protectedBy, accessed, written, valueDeps;
    private final int[] missCount, thenStart;
    private final TxCosts costs;
    private final MachineModel target;

    /** The measures and the target execution. */
    public record Result(Trace target, long fdist, long lockAcquisitions, long[] tcpInstances, long[] tcpSuspect, long tlength, long maxlength,
            long sourceCycles, long targetCycles) {
        /** tlength / maxlength: 1 when no suspect TCP could have lengthened the execution. */
        public double representative() { return maxlength == 0 ? 1 : (double) tlength / maxlength; }

        public long suspectInstances() { long s = 0; for (long x : tcpSuspect) s += x; return s; }

        public long instances() { long s = 0; for (long x : tcpInstances) s += x; return s; }
    }

    public Extrapolator(Code code, TcpSets sets, MachineModel target) {
        this.code = code;
        this.p = code.program();
        if (p.intermediate()) {
            // The target simulation re-times lock/unlock critical sections and if/for blocks; a test-and-set busy
            // wait's iterations, or a goto loop's extent, are not modelled.
            throw new IllegalArgumentException(p.name() + ": extrapolation needs the structured form (lock/unlock, if/for); "
                    + "the intermediate form's busy waits and goto loops are analysed (tx tcp, tx correspond) but not extrapolated");
        }
        this.sets = sets;
        this.target = target;
        this.costs = new TxCosts(target);
        for (String s : p.shared().keySet()) sharedIndex.put(s, sharedIndex.size());
        int n = p.statements().size();
        cyclesPerInstr = new double[n];
        long[] sum = new long[n], cnt = new long[n];
        for (Code.Unit u : code.units()) for (Instr in : u.code()) { sum[in.stmt] += costs.cost(in, 1); cnt[in.stmt]++; }
        for (int i = 0; i < n; i++) cyclesPerInstr[i] = cnt[i] == 0 ? costs.nopCost() : (double) sum[i] / cnt[i];
        protectedBy = new BitSet[n];
        accessed = new BitSet[n];
        written = new BitSet[n];
        valueDeps = new BitSet[n];
        missCount = new int[n];
        thenStart = new int[n];
        java.util.Arrays.fill(thenStart, -1);
        for (Stmt s : p.statements()) {
            accessed[s.id()] = new BitSet();
            written[s.id()] = new BitSet();
            valueDeps[s.id()] = new BitSet();
            protectedBy[s.id()] = new BitSet();
        }
        for (Stmt s : p.statements()) analyse(s);
        scanLocks(p.body());
    }

    private void analyse(Stmt s) {
        int id = s.id();
        Map<String, BitSet> before = sets.svdBefore().get(id);
        List<Expr> reads = new ArrayList<>();
        if (s instanceof Stmt.Assign a) {
            reads.add(a.value);
            if (a.target instanceof Expr.Index ix) {
                reads.add(ix.index());
                if (sharedIndex.containsKey(ix.name())) { written[id].set(sharedIndex.get(ix.name())); accessed[id].set(sharedIndex.get(ix.name())); }
            } else {
                String v = ((Expr.Var) a.target).name();
                if (sharedIndex.containsKey(v)) { written[id].set(sharedIndex.get(v)); accessed[id].set(sharedIndex.get(v)); }
            }
            for (String v : varsOf(a.value)) { BitSet d = before.get(v); if (d != null && !sharedIndex.containsKey(v)) valueDeps[id].or(d); }
            for (String v : varsOf(a.value)) if (sharedIndex.containsKey(v)) valueDeps[id].set(sharedIndex.get(v));
        } else if (s instanceof Stmt.If f) {
            reads.add(f.cond);
            missCount[id] = Math.abs(len(f.then) - len(f.otherwise));
            thenStart[id] = f.then.get(0).id();
        } else if (s instanceof Stmt.For f) {
            reads.addAll(f.operands());
            missCount[id] = len(f.body) + 2;
        }
        for (Expr e : reads) for (String v : varsOf(e)) if (sharedIndex.containsKey(v)) accessed[id].set(sharedIndex.get(v));
    }

    private int len(List<Stmt> block) {
        int n = 0;
        for (Stmt s : block) {
            n += code.staticCounts()[s.id()];
            if (s instanceof Stmt.If f) n += Math.max(len(f.then), len(f.otherwise));
            else if (s instanceof Stmt.For f) n += len(f.body);
        }
        return n;
    }

    private static List<String> varsOf(Expr e) {
        List<String> out = new ArrayList<>();
        collect(e, out);
        return out;
    }

    private static void collect(Expr e, List<String> out) {
        if (e instanceof Expr.Var v) out.add(v.name());
        else if (e instanceof Expr.Index i) { out.add(i.name()); collect(i.index(), out); }
        else if (e instanceof Expr.Bin b) { collect(b.left(), out); collect(b.right(), out); }
        else if (e instanceof Expr.Neg g) collect(g.operand(), out);
    }

    /** The shared variables each lock statement's critical section touches (statements up to its unlock in the same block). */
    private void scanLocks(List<Stmt> block) {
        for (int i = 0; i < block.size(); i++) {
            Stmt s = block.get(i);
            if (s instanceof Stmt.Lock l) {
                for (int j = i + 1; j < block.size(); j++) {
                    Stmt t = block.get(j);
                    if (t instanceof Stmt.Unlock u && u.lock.equals(l.lock)) break;
                    touched(t, protectedBy[s.id()]);
                }
                protectedBy[s.id()].clear(sharedIndex.get(l.lock));
            }
            if (s instanceof Stmt.If f) { scanLocks(f.then); scanLocks(f.otherwise); }
            else if (s instanceof Stmt.For f) scanLocks(f.body);
            else if (s instanceof Stmt.TaskCreate t) for (Stmt.Task k : t.tasks) scanLocks(k.body());
        }
    }

    private void touched(Stmt t, BitSet into) {
        into.or(accessed[t.id()]);
        if (t instanceof Stmt.If f) { for (Stmt x : f.then) touched(x, into); for (Stmt x : f.otherwise) touched(x, into); }
        else if (t instanceof Stmt.For f) for (Stmt x : f.body) touched(x, into);
    }

    /** Extrapolates {@code source} (an execution of the program on some machine) to the target machine. */
    public Result extrapolate(Trace source) {
        int n = p.statements().size();
        int threads = source.threads();
        // advance_source state: per thread, its events in the source and a pointer (pc_source)
        int[][] byThread = new int[threads][];
        int[] counts = new int[threads];
        for (int e = 0; e < source.size(); e++) counts[source.thread(e)]++;
        for (int t = 0; t < threads; t++) byThread[t] = new int[counts[t]];
        int[] fill = new int[threads];
        for (int e = 0; e < source.size(); e++) byThread[source.thread(e)][fill[source.thread(e)]++] = e;
        // lock_list: each acquisition's predecessor on the same lock in the source; likewise each unprotected shared access per variable
        int[] lockPred = new int[source.size()];
        java.util.Arrays.fill(lockPred, -1);
        Map<String, Integer> lastAcq = new HashMap<>();
        int[][] varPred = new int[source.size()][];
        int[] lastAccess = new int[sharedIndex.size()];
        java.util.Arrays.fill(lastAccess, -1);
        BitSet inCritical = criticalStatements();
        for (int e = 0; e < source.size(); e++) {
            Stmt s = p.statements().get(source.stmt(e));
            if (s instanceof Stmt.Lock l) {
                Integer prev = lastAcq.put(l.lock, e);
                if (prev != null) lockPred[e] = prev;
            } else if (!inCritical.get(s.id()) && !accessed[s.id()].isEmpty()) {
                BitSet a = accessed[s.id()];
                int[] preds = new int[a.cardinality() * 2];
                int k = 0;
                for (int v = a.nextSetBit(0); v >= 0; v = a.nextSetBit(v + 1)) {
                    preds[k++] = v;
                    preds[k++] = lastAccess[v] >= 0 && source.thread(lastAccess[v]) != source.thread(e) ? lastAccess[v] : -1;
                    lastAccess[v] = e;
                }
                varPred[e] = preds;
            }
        }
        boolean[] done = new boolean[source.size()];
        BitSet suspect = new BitSet();
        long fdist = 0, acquisitions = 0, tlength = 0, maxlength = 0;
        long[] inst = new long[n], susp = new long[n];
        Trace out = new Trace();
        // The simulation works on source thread ids; the target trace numbers threads in its own creation order, as the
        // interpreter does (tasks created in several threads may be created in another order than in the source).
        int[] outId = new int[threads];
        int[] pos = new int[threads];
        long[] clock = new long[threads];
        int[] suspectCp = new int[threads];
        java.util.Arrays.fill(suspectCp, -1);
        boolean[] finished = new boolean[threads];
        Map<String, Integer> holder = new HashMap<>();
        Map<String, ArrayDeque<Integer>> waiters = new HashMap<>();
        List<Integer> running = new ArrayList<>();
        ArrayDeque<Integer> ready = new ArrayDeque<>();
        List<Integer> joining = new ArrayList<>();
        boolean[] blocked = new boolean[threads];
        long[] sliceStart = new long[threads];
        boolean slices = target.scheduling() != MachineModel.Scheduling.FIFO;
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(target.seed());
        running.add(0);
        while (true) {
            // choose_context: the running, unblocked thread with the earliest clock; a tie goes to the lower target
            // thread id (its creation order on the target, as in the interpreter), not the source's
            int pick = -1;
            for (int t : running) if (!blocked[t] && (pick < 0 || clock[t] < clock[pick] || clock[t] == clock[pick] && outId[t] < outId[pick])) pick = t;
            if (pick < 0) break;
            int t = pick;
            int e = byThread[t][pos[t]]; // advance_source: the thread's next source event
            Stmt s = p.statements().get(source.stmt(e));
            if (s instanceof Stmt.Lock l && holder.containsKey(l.lock)) {
                blocked[t] = true;
                waiters.computeIfAbsent(l.lock, k -> new ArrayDeque<>()).add(t);
                running.remove(Integer.valueOf(t));
                dispatch(running, ready, clock, sliceStart, rnd, clock[t]);
                continue;
            }
            if (s instanceof Stmt.TaskTerminate && !childrenDone(source, t, e, finished)) {
                blocked[t] = true;
                joining.add(t);
                running.remove(Integer.valueOf(t));
                dispatch(running, ready, clock, sliceStart, rnd, clock[t]);
                continue;
            }
            // output_target
            int te = out.add(outId[t], source.stmt(e), clock[t]);
            out.value(te, source.value(e));
            out.instructions(te, source.instructions(e));
            pos[t]++;
            done[e] = true;
            long dur = Math.max(1, Math.round(cyclesPerInstr[s.id()] * source.instructions(e)));
            clock[t] += dur;
            // measures (Figure 46)
            if (s instanceof Stmt.Lock l) {
                acquisitions++;
                holder.put(l.lock, t);
                if (lockPred[e] >= 0 && !done[lockPred[e]]) {
                    fdist++;
                    suspect.or(protectedBy[s.id()]);
                }
            } else if (s instanceof Stmt.Unlock u) {
                holder.remove(u.lock);
                ArrayDeque<Integer> w = waiters.get(u.lock);
                if (w != null && !w.isEmpty()) {
                    int next = w.poll();
                    blocked[next] = false;
                    clock[next] = Math.max(clock[next], clock[t]);
                    makeRunnable(next, running, ready, sliceStart, clock);
                }
            }
            if (varPred[e] != null) {
                int[] pr = varPred[e];
                for (int k = 0; k < pr.length; k += 2) if (pr[k + 1] >= 0 && !done[pr[k + 1]]) suspect.set(pr[k]);
            }
            int id = s.id();
            if (suspectCp[t] == id) suspectCp[t] = -1;
            tlength += source.instructions(e);
            maxlength += source.instructions(e);
            boolean isTcpKind = sets.tcp().get(id) && !(s instanceof Stmt.Lock) && !(s instanceof Stmt.Begin) && !(s instanceof Stmt.TaskCreate);
            if (isTcpKind) {
                inst[id]++;
                if (sets.dependent()[id].intersects(suspect)) {
                    susp[id]++;
                    int nextStmt = pos[t] < byThread[t].length ? source.stmt(byThread[t][pos[t]]) : -1;
                    boolean failed = s instanceof Stmt.For ? nextStmt == sets.cp()[id]
                            : s instanceof Stmt.If f && (nextStmt != thenStart[id]) == (len(f.otherwise) < len(f.then));
                    if (failed) maxlength += missCount[id];
                    if ((s instanceof Stmt.If || s instanceof Stmt.For) && suspectCp[t] < 0) suspectCp[t] = sets.cp()[id];
                }
            }
            // fix_killed
            if (!written[id].isEmpty()) {
                if (suspectCp[t] >= 0 || valueDeps[id].intersects(suspect)) suspect.or(written[id]);
                else suspect.andNot(written[id]);
            }
            if (s instanceof Stmt.TaskCreate) {
                int[] kids = source.children(e);
                for (int k : kids) {
                    outId[k] = out.addThread(outId[t], te, source.unit(k));
                    clock[k] = clock[t] + costs.createCost();
                    makeRunnable(k, running, ready, sliceStart, clock);
                }
            }
            if (s instanceof Stmt.End) {
                finished[t] = true;
                running.remove(Integer.valueOf(t));
                for (int i = 0; i < joining.size(); i++) {
                    int j = joining.get(i);
                    int je = byThread[j][pos[j]];
                    if (childrenDone(source, j, je, finished)) {
                        joining.remove(i--);
                        blocked[j] = false;
                        clock[j] = Math.max(clock[j], clock[t]);
                        makeRunnable(j, running, ready, sliceStart, clock);
                    }
                }
                dispatch(running, ready, clock, sliceStart, rnd, clock[t]);
                if (t == 0) out.endTime(clock[t]);
            } else if (pos[t] >= byThread[t].length) {
                finished[t] = true;
                running.remove(Integer.valueOf(t));
                dispatch(running, ready, clock, sliceStart, rnd, clock[t]);
            } else if (slices && !ready.isEmpty() && clock[t] - sliceStart[t] >= target.timeSliceCycles()) {
                running.remove(Integer.valueOf(t)); // the slice is used up: to the back of the queue
                ready.add(t);
                dispatch(running, ready, clock, sliceStart, rnd, clock[t]);
            }
        }
        if (out.size() != source.size()) throw new IllegalStateException("extrapolation stopped after " + out.size() + " of " + source.size() + " events (deadlock in the target)");
        return new Result(out, fdist, acquisitions, inst, susp, tlength, maxlength, source.endTime(), out.endTime());
    }

    private BitSet criticalStatements() {
        BitSet b = new BitSet();
        crit(p.body(), b);
        return b;
    }

    private void crit(List<Stmt> block, BitSet into) {
        for (int i = 0; i < block.size(); i++) {
            Stmt s = block.get(i);
            if (s instanceof Stmt.Lock l) {
                for (int j = i + 1; j < block.size(); j++) {
                    Stmt t = block.get(j);
                    if (t instanceof Stmt.Unlock u && u.lock.equals(l.lock)) break;
                    mark(t, into);
                }
            }
            if (s instanceof Stmt.If f) { crit(f.then, into); crit(f.otherwise, into); }
            else if (s instanceof Stmt.For f) crit(f.body, into);
            else if (s instanceof Stmt.TaskCreate t) for (Stmt.Task k : t.tasks) crit(k.body(), into);
        }
    }

    private void mark(Stmt t, BitSet into) {
        into.set(t.id());
        if (t instanceof Stmt.If f) { for (Stmt x : f.then) mark(x, into); for (Stmt x : f.otherwise) mark(x, into); }
        else if (t instanceof Stmt.For f) for (Stmt x : f.body) mark(x, into);
    }

    private boolean childrenDone(Trace source, int t, int terminateEvent, boolean[] finished) {
        // the children of this thread's latest task_create before the terminate
        for (int e = terminateEvent - 1; e >= 0; e--) {
            if (source.thread(e) == t && p.statements().get(source.stmt(e)) instanceof Stmt.TaskCreate) {
                for (int k : source.children(e)) if (!finished[k]) return false;
                return true;
            }
        }
        return true;
    }

    private void makeRunnable(int t, List<Integer> running, ArrayDeque<Integer> ready, long[] sliceStart, long[] clock) {
        if (running.size() < target.processors()) {
            running.add(t);
            sliceStart[t] = clock[t];
        } else ready.add(t);
    }

    /** Fills free processors from the waiting threads (random scheduling: drawn with the seed, else in order). */
    private void dispatch(List<Integer> running, ArrayDeque<Integer> ready, long[] clock, long[] sliceStart, java.util.SplittableRandom rnd, long now) {
        while (running.size() < target.processors() && !ready.isEmpty()) {
            int t;
            if (target.scheduling() == MachineModel.Scheduling.RANDOM && ready.size() > 1) {
                List<Integer> l = new ArrayList<>(ready);
                t = l.remove(rnd.nextInt(l.size()));
                ready.clear();
                ready.addAll(l);
            } else t = ready.poll();
            clock[t] = Math.max(clock[t], now);
            sliceStart[t] = clock[t];
            running.add(t);
        }
    }
}
