package dev.wholetrace.simulate.tx.analysis;

import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The TCP basic-block (TBB) flow graph of §10.4.1: the program cut into blocks that each hold at most
 * one TCP, begin with a CP or a branch target (or a thread body's first statement) and end with their
 * TCP, a branch, or the statement before a CP; each block decorated as §11.3's nodes are — its type
 * (lock, unlock, tcp, task_create or none), instruction count, whether it starts with a CP or holds a
 * runtime statement, the block of its TCP's CP, the shared variables its TCP depends on
 * ({@code dependent}) and those it kills ({@code sv_kill}: the scalars and locks it stores — a lock,
 * unlock or test-and-set too; arrays are never killed, as in the SVD analyses). Built in one pass over the statements from the TCP/CP sets, O(program).
 * An unlock ends its block, so that every unlock node names its lock as Figure 44's does.
 */
public final class TbbGraph {
    /** Figure 44's node types. */
    public enum Type { LOCK, UNLOCK, TCP, TASK_CREATE, NONE }

    /**
     * One TBB.
     *
     * @param statements statement ids, in execution order (each the fall-through of the one before)
     * @param instructions instructions of its statements (a loop test counts its first visit, as the lowering does)
     * @param cpBlock for a tcp, lock or task_create node, the block its TCP's CP starts; else -1
     * @param lock for a lock or unlock node, the lock; else null
     * @param dependent shared variables (indices in {@link Program#shared()}) its TCP depends on
     * @param killed shared scalars it stores
     * @param successors blocks that can run next in its thread body (task_create: also each task's first block)
     */
    public record Block(int id, Type type, int[] statements, long instructions, boolean isCp, boolean isRuntime, int cpBlock, String lock,
                        BitSet dependent, BitSet killed, int[] successors) {}

    private final List<Block> blocks;
    private final int[] blockOf;

    private TbbGraph(List<Block> blocks, int[] blockOf) {
        this.blocks = blocks;
        this.blockOf = blockOf;
    }

    /** The TBB flow graph of {@code code}'s program under the TCP/CP sets {@code sets}. */
    public static TbbGraph of(Code code, TcpSets sets) throws TxException {
        Program p = sets.program();
        FlowGraph g = new FlowGraph(p);
        int n = p.statements().size();
        List<String> shared = new ArrayList<>(p.shared().keySet());
        BitSet cp = new BitSet();
        for (int t = sets.tcp().nextSetBit(0); t >= 0; t = sets.tcp().nextSetBit(t + 1)) if (sets.cp()[t] >= 0) cp.set(sets.cp()[t]);
        int[] preds = new int[n];
        BitSet leader = new BitSet(), ends = new BitSet();
        for (int s = 0; s < n; s++) {
            Stmt st = p.statements().get(s);
            int[] succ = g.dataSuccessors(s);
            boolean branch = succ.length != 1 || st instanceof Stmt.Goto || st instanceof Stmt.IfGoto || st instanceof Stmt.If || st instanceof Stmt.For;
            boolean end = branch || sets.tcp().get(s) || st instanceof Stmt.Unlock || st instanceof Stmt.End;
            if (end) ends.set(s);
            for (int t : succ) {
                preds[t]++;
                if (end) leader.set(t); // a branch target, or what follows a TCP or an unlock
            }
            if (s == p.body().get(0).id()) leader.set(s);
        }
        for (int s = 0; s < n; s++) if (preds[s] != 1 || cp.get(s)) leader.set(s); // a join, a thread body's entry, or a CP
        int[] blockOf = new int[n];
        java.util.Arrays.fill(blockOf, -1);
        List<int[]> members = new ArrayList<>();
        for (int s = leader.nextSetBit(0); s >= 0; s = leader.nextSetBit(s + 1)) {
            List<Integer> run = new ArrayList<>();
            for (int x = s; ; ) {
                run.add(x);
                blockOf[x] = members.size();
                if (ends.get(x)) break;
                int next = g.dataSuccessors(x)[0];
                if (leader.get(next)) break;
                x = next;
            }
            members.add(run.stream().mapToInt(Integer::intValue).toArray());
        }
        List<Block> blocks = new ArrayList<>();
        List<Taxonomy.Entry> classes = Taxonomy.classify(sets);
        BitSet[] stored = AffectingPoints.storeMasks(p);
        BitSet arrays = new BitSet(); // an array is one variable, never killed
        for (int v = 0; v < shared.size(); v++) if (p.shared().get(shared.get(v)).isArray()) arrays.set(v);
        for (int b = 0; b < members.size(); b++) {
            int[] stmts = members.get(b);
            int last = stmts[stmts.length - 1];
            Stmt lastStmt = p.statements().get(last);
            long instructions = 0;
            boolean runtime = false;
            BitSet killed = new BitSet();
            for (int s : stmts) {
                instructions += code.staticCounts()[s];
                runtime |= classes.get(s).category().kind.equals("runtime");
                killed.or(stored[s]);
            }
            Type type = lastStmt instanceof Stmt.Lock ? Type.LOCK : lastStmt instanceof Stmt.Unlock ? Type.UNLOCK
                    : lastStmt instanceof Stmt.TaskCreate ? Type.TASK_CREATE : sets.tcp().get(last) ? Type.TCP : Type.NONE;
            boolean tcp = sets.tcp().get(last);
            int cpBlock = tcp && sets.cp()[last] >= 0 ? blockOf[sets.cp()[last]] : -1;
            String lock = lastStmt instanceof Stmt.Lock l ? l.lock : lastStmt instanceof Stmt.Unlock u ? u.lock : null;
            Set<Integer> succ = new LinkedHashSet<>();
            for (int t : g.dataSuccessors(last)) succ.add(blockOf[t]);
            killed.andNot(arrays);
            blocks.add(new Block(b, type, stmts, instructions, cp.get(stmts[0]), runtime, cpBlock, lock,
                    tcp ? (BitSet) sets.dependent()[last].clone() : new BitSet(), killed, succ.stream().mapToInt(Integer::intValue).toArray()));
        }
        return new TbbGraph(List.copyOf(blocks), blockOf);
    }

    /** The blocks, numbered in program order of their first statements. */
    public List<Block> blocks() { return blocks; }

    /** The block holding statement {@code stmt} (every statement is in one block). */
    public int blockOf(int stmt) { return blockOf[stmt]; }
}
