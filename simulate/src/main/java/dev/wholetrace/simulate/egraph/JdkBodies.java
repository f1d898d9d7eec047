package dev.wholetrace.simulate.egraph;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;

/**
 * The instructions a call into the JDK runs (docs/egraph.md, "JDK bodies"): the callee's bytecode,
 * read from the JDK ({@link JdkClasses}), as expected counts per {@link OpClass}, so that a call of
 * {@code ConcurrentHashMap.merge} costs its loads, stores, allocations and loops instead of one
 * average {@code jdk} price. The JDK's blocks are not counted by the recorder, so the counts use
 * defaults: a decision takes each way equally often, except into code that can only throw (never);
 * a loop's exit test leaves with probability 1/({@link #TRIPS}+1), shared by a block's exits.
 *
 * <p>Calls inside a body are followed to {@link #depth} levels below the program's call, into
 * methods of at most {@link #MAX_BYTES} bytes and {@link #MAX_BLOCKS} blocks; a call that is not
 * followed (too deep, too big, native, abstract, recursive, or a virtual call whose receiver the
 * graph cannot name) stays one {@link OpClass#JDK} instruction, calibrate's average price. A
 * virtual call's implementations are those of the JDK classes the program instantiates (rapid type
 * analysis, as for the program's calls), else the method as its static type declares or inherits
 * it; several implementations count their mean. Each method's counts are computed once.
 */
public final class JdkBodies {
    /**
     * Iterations per entry of a JDK loop with one exit test: 1, a loop's exit test leaves as often as
     * it stays, like any other decision. Not the simulator's 10 for a program loop no recording
     * counted: the JDK loops a program's hot calls run mostly walk short things (a hash bin, a short
     * string, an integer's digits) or retry until a compare-and-set succeeds, first time when
     * uncontended; with 10, {@code ConcurrentHashMap.merge}'s retry loop alone counted 226 field loads
     * per call (docs/egraph.md, "JDK bodies").
     */
    static final double TRIPS = 1;
    /** Methods larger than this (bytes of bytecode) are not read: one JDK price (the JIT does not inline them either; their cost is not one path). */
    static final int MAX_BYTES = 2000;
    /** Methods with more basic blocks than this are not read (their visit counts are solved as a dense linear system). */
    static final int MAX_BLOCKS = 300;

    private final JdkClasses jdk;
    private final SubtypeCheck subtypes;
    private final int depth;
    private final Set<String> instantiated = new HashSet<>();
    private final Map<String, double[]> memo = new HashMap<>();
    private final Set<String> inProgress = new HashSet<>();
    /** The JDK methods whose bodies were counted, each once however many levels it was counted at. */
    private final Set<String> methodsRead = new HashSet<>();

    /** Levels of calls {@code graph} and {@code calibrate} follow into the JDK unless told otherwise. */
    public static final int DEFAULT_DEPTH = 3;
    /**
     * The most levels {@code graph --jdk-depth} accepts: a method's counts are kept per level, so each
     * level counts again the methods it reaches (GuavaDriver's graph: 697 (method, level) counts at
     * depth 3, 342 496 and 64 s at depth 1 000, session 40); a bound, not a measured optimum.
     */
    public static final int MAX_DEPTH = 16;

    /** The running JDK's bodies followed {@code depth} levels; null when {@code depth} is 0 or the JDK has no {@code jrt:/} image. */
    public static JdkBodies running(int depth) {
        JdkClasses classes = depth > 0 ? JdkClasses.running() : null;
        return classes == null ? null : new JdkBodies(classes, depth);
    }

    /** Follows calls up to {@code depth} levels (1: only the called method's own instructions; 0: none, every call one JDK price). */
    public JdkBodies(JdkClasses jdk, int depth) {
        this.jdk = jdk;
        this.subtypes = new SubtypeCheck(jdk::get);
        this.depth = depth;
    }

    /** The JDK whose bytecode prices the calls. */
    public String jdkVersion() {
        return jdk.version();
    }

    /** JDK methods whose bodies were counted so far, each once (not once per level it was counted at). */
    public int methodsRead() {
        return methodsRead.size();
    }

    /** A JDK class the program allocates: a virtual call on a supertype of it may run its methods. */
    void instantiated(String internalName) {
        if (instantiated.add(internalName)) memo.clear();
    }

    /**
     * The expected instructions per {@link OpClass} ordinal that the program's call {@code call}
     * runs inside the JDK (the call instruction itself not included), or null when it is not followed.
     */
    double[] of(MethodInsnNode call) {
        if (depth <= 0 || !GraphLimits.isJdk(call.owner)) return null;
        return mean(targets(call), 1);
    }

    /** The mean counts of {@code targets}' bodies at {@code level}, null when none is followed. */
    private double[] mean(List<String[]> targets, int level) {
        double[] sum = null;
        int n = 0;
        for (String[] t : targets) {
            double[] b = body(t[0], t[1], level);
            if (b == null) continue;
            if (sum == null) sum = new double[OpClass.count()];
            for (int c = 0; c < sum.length; c++) sum[c] += b[c];
            n++;
        }
        if (sum == null) return null;
        for (int c = 0; c < sum.length; c++) sum[c] /= n;
        return sum;
    }

    /** Whether every target of {@code targets} is small enough for the JIT to inline ({@link GraphBuilder#INLINE_BYTES}). */
    private boolean inlined(List<String[]> targets) {
        for (String[] t : targets) {
            int bytes = jdk.codeBytes(t[0], t[1]);
            if (bytes < 0 || bytes > GraphBuilder.INLINE_BYTES) return false;
        }
        return !targets.isEmpty();
    }

    /** The methods a call may run: {owner, name + desc} each. */
    private List<String[]> targets(MethodInsnNode call) {
        if (call.owner.startsWith("[")) return List.of(); // an array's clone(): one JDK price
        String nd = call.name + call.desc;
        Set<String> owners = new LinkedHashSet<>();
        if (call.getOpcode() == Opcodes.INVOKEVIRTUAL || call.getOpcode() == Opcodes.INVOKEINTERFACE) {
            for (String c : instantiated) {
                if (!isSubtype(c, call.owner)) continue;
                String o = implementer(c, nd);
                if (o != null) owners.add(o);
            }
        }
        if (owners.isEmpty()) {
            String o = implementer(call.owner, nd);
            if (o != null) owners.add(o);
        }
        List<String[]> out = new ArrayList<>();
        for (String o : owners) out.add(new String[] {o, nd});
        return out;
    }

    /** The class whose concrete {@code nameAndDesc} an object of class {@code cls} runs: its superclasses', then its interfaces' default methods; null when none. */
    private String implementer(String cls, String nameAndDesc) {
        for (String k = cls; k != null;) {
            ClassNode c = jdk.get(k);
            if (c == null) return null;
            MethodNode m = declared(c, nameAndDesc);
            if (m != null) return (m.access & Opcodes.ACC_ABSTRACT) == 0 ? k : null;
            k = c.superName;
        }
        return defaultMethod(cls, nameAndDesc, new HashSet<>());
    }

    private String defaultMethod(String cls, String nameAndDesc, Set<String> seen) {
        ClassNode c = jdk.get(cls);
        if (c == null || !seen.add(cls)) return null;
        for (String i : c.interfaces) {
            ClassNode ic = jdk.get(i);
            MethodNode m = ic == null ? null : declared(ic, nameAndDesc);
            if (m != null && (m.access & Opcodes.ACC_ABSTRACT) == 0) return i;
            String deeper = defaultMethod(i, nameAndDesc, seen);
            if (deeper != null) return deeper;
        }
        return c.superName == null ? null : defaultMethod(c.superName, nameAndDesc, seen);
    }

    private static MethodNode declared(ClassNode c, String nameAndDesc) {
        for (MethodNode m : c.methods) if (nameAndDesc.equals(m.name + m.desc)) return m;
        return null;
    }

    private boolean isSubtype(String cls, String of) {
        return subtypes.isSubtype(cls, of);
    }

    /** Expected counts of one run of {@code owner.nameAndDesc}, its calls followed below {@code level}; null when not followed. */
    private double[] body(String owner, String nameAndDesc, int level) {
        String id = owner + "." + nameAndDesc + "@" + level;
        if (memo.containsKey(id)) return memo.get(id);
        ClassNode c = jdk.get(owner);
        String self = c == null ? owner + "." + nameAndDesc : c.name + "." + nameAndDesc; // the class's own name: one method, however it was reached
        if (!inProgress.add(self)) return null; // recursion: one JDK price
        double[] counts = null;
        try {
            MethodNode m = c == null ? null : declared(c, nameAndDesc);
            int bytes = jdk.codeBytes(owner, nameAndDesc);
            if (m != null && m.instructions.size() > 0 && bytes <= MAX_BYTES) counts = count(m, level);
        } finally {
            inProgress.remove(self);
        }
        memo.put(id, counts);
        if (counts != null) methodsRead.add(self);
        return counts;
    }

    /** Expected counts of {@code m}: each block's instructions times its expected visits ({@link #visits}). */
    private double[] count(MethodNode m, int level) {
        AbstractInsnNode[] insns = m.instructions.toArray();
        Map<LabelNode, Integer> labels = new HashMap<>();
        for (int i = 0; i < insns.length; i++) if (insns[i] instanceof LabelNode l) labels.put(l, i);
        boolean[] leader = new boolean[insns.length + 1];
        leader[0] = true;
        for (int i = 0; i < insns.length; i++) {
            AbstractInsnNode n = insns[i];
            for (LabelNode l : jumps(n)) leader[labels.get(l)] = true;
            if (!jumps(n).isEmpty() || GraphBuilder.ends(n.getOpcode())) leader[i + 1] = true;
        }
        int[] blockOf = new int[insns.length];
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < insns.length; i++) {
            if (leader[i]) starts.add(i);
            blockOf[i] = starts.size() - 1;
        }
        int blocks = starts.size();
        if (blocks > MAX_BLOCKS) return null;
        double[][] ops = new double[blocks][OpClass.count()];
        int[][] next = new int[blocks][];
        for (int b = 0; b < blocks; b++) {
            int from = starts.get(b), to = b + 1 < blocks ? starts.get(b + 1) : insns.length;
            AbstractInsnNode last = null;
            for (int i = from; i < to; i++) {
                if (insns[i].getOpcode() < 0) continue;
                last = insns[i];
                add(ops[b], insns[i], level);
            }
            Set<Integer> succ = new LinkedHashSet<>();
            if (last == null || (!GraphBuilder.ends(last.getOpcode()) && last.getOpcode() != Opcodes.GOTO)) {
                if (to < insns.length) succ.add(blockOf[to]);
            }
            if (last != null) for (LabelNode l : jumps(last)) succ.add(blockOf[labels.get(l)]);
            next[b] = succ.stream().mapToInt(Integer::intValue).toArray();
        }
        double[] visits = visits(next, ops);
        if (visits == null) return null;
        double[] total = new double[OpClass.count()];
        for (int b = 0; b < blocks; b++) for (int c = 0; c < total.length; c++) total[c] += visits[b] * ops[b][c];
        return total;
    }

    /** Adds instruction {@code n}'s counts to {@code ops}: its class, or for a JDK call the callee's body when followed. */
    private void add(double[] ops, AbstractInsnNode n, int level) {
        OpClass c = OpClass.of(n);
        if (c == OpClass.INVOKE && n instanceof InvokeDynamicInsnNode indy && indy.bsm.getOwner().equals("java/lang/invoke/StringConcatFactory")) c = OpClass.JDK;
        if (c == OpClass.INVOKE && n instanceof MethodInsnNode call && !(call.owner.equals("java/lang/Object") && call.name.equals("<init>"))) {
            List<String[]> targets = targets(call);
            double[] inner = level < depth ? mean(targets, level + 1) : null;
            if (inner == null) {
                c = OpClass.JDK;
            } else {
                for (int k = 0; k < ops.length; k++) ops[k] += inner[k];
                if (inlined(targets)) c = OpClass.LOCAL; // as GraphBuilder counts an inlined program call
            }
        }
        ops[c.ordinal()]++;
    }

    /**
     * Expected visits of each block per run of the method, from block 0: the solution of
     * {@code x = e0 + Pᵀx}, where {@code P} splits a block's runs equally among its successors, except
     * that successors which can only throw get none, and an edge that leaves a loop gets
     * 1/({@link #TRIPS}+1) of its block's runs (the rest shared by the edges that stay). Null when
     * the system is singular (a loop with no way out).
     */
    private static double[] visits(int[][] next, double[][] ops) {
        int n = next.length;
        boolean[] throwing = throwing(next, ops);
        BitSet[] loopOf = innermostLoops(next);
        double[][] a = new double[n][n + 1];
        for (int i = 0; i < n; i++) a[i][i] = 1;
        a[0][n] = 1;
        for (int b = 0; b < n; b++) {
            List<Integer> live = new ArrayList<>();
            for (int s : next[b]) if (!throwing[s]) live.add(s);
            if (live.isEmpty()) for (int s : next[b]) live.add(s);
            int exits = 0;
            for (int s : live) if (loopOf[b] != null && !loopOf[b].get(s)) exits++;
            int stays = live.size() - exits;
            for (int s : live) {
                double p;
                if (exits == 0 || stays == 0) p = 1.0 / live.size();
                else p = !loopOf[b].get(s) ? 1 / (TRIPS + 1) / exits : TRIPS / (TRIPS + 1) / stays;
                a[s][b] -= p;
            }
        }
        // Gaussian elimination with partial pivoting
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
            if (Math.abs(a[pivot][col]) < 1e-12) return null;
            double[] t = a[col];
            a[col] = a[pivot];
            a[pivot] = t;
            for (int r = 0; r < n; r++) {
                if (r == col || a[r][col] == 0) continue;
                double f = a[r][col] / a[col][col];
                for (int k = col; k <= n; k++) a[r][k] -= f * a[col][k];
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = Math.max(0, a[i][n] / a[i][i]);
        return x;
    }

    /** Blocks that can only end in a throw: no successor and no return, or every successor such a block. */
    private static boolean[] throwing(int[][] next, double[][] ops) {
        boolean[] t = new boolean[next.length];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = 0; b < next.length; b++) {
                if (t[b]) continue;
                boolean all = next[b].length > 0;
                for (int s : next[b]) all &= t[s];
                boolean is = next[b].length == 0 ? ops[b][OpClass.RETURN.ordinal()] == 0 : all;
                if (is) {
                    t[b] = true;
                    changed = true;
                }
            }
        }
        return t;
    }

    /**
     * Each block's innermost loop (the blocks of the natural loop of a back edge, found by a depth-first
     * walk from block 0), null for a block in no loop.
     */
    private static BitSet[] innermostLoops(int[][] next) {
        int n = next.length;
        List<int[]> backEdges = new ArrayList<>();
        int[] state = new int[n]; // 0 new, 1 on the stack, 2 done
        int[] edge = new int[n];
        int[] stack = new int[n];
        int top = 0;
        stack[top++] = 0;
        state[0] = 1;
        while (top > 0) {
            int b = stack[top - 1];
            if (edge[b] < next[b].length) {
                int s = next[b][edge[b]++];
                if (state[s] == 1) backEdges.add(new int[] {b, s});
                else if (state[s] == 0) {
                    state[s] = 1;
                    stack[top++] = s;
                }
            } else {
                state[b] = 2;
                top--;
            }
        }
        List<List<Integer>> preds = new ArrayList<>();
        for (int i = 0; i < n; i++) preds.add(new ArrayList<>());
        for (int b = 0; b < n; b++) for (int s : next[b]) preds.get(s).add(b);
        Map<Integer, BitSet> byHeader = new HashMap<>();
        for (int[] e : backEdges) {
            BitSet body = byHeader.computeIfAbsent(e[1], h -> {
                BitSet s = new BitSet();
                s.set(h);
                return s;
            });
            ArrayList<Integer> todo = new ArrayList<>(List.of(e[0]));
            while (!todo.isEmpty()) {
                int x = todo.remove(todo.size() - 1);
                if (body.get(x)) continue;
                body.set(x);
                todo.addAll(preds.get(x));
            }
        }
        BitSet[] innermost = new BitSet[n];
        for (BitSet loop : byHeader.values()) {
            for (int b = loop.nextSetBit(0); b >= 0; b = loop.nextSetBit(b + 1)) {
                if (innermost[b] == null || loop.cardinality() < innermost[b].cardinality()) innermost[b] = loop;
            }
        }
        return innermost;
    }

    private static List<LabelNode> jumps(AbstractInsnNode n) {
        if (n instanceof JumpInsnNode j) return List.of(j.label);
        List<LabelNode> out = new ArrayList<>();
        if (n instanceof TableSwitchInsnNode t) {
            out.add(t.dflt);
            out.addAll(t.labels);
        } else if (n instanceof LookupSwitchInsnNode t) {
            out.add(t.dflt);
            out.addAll(t.labels);
        }
        return out;
    }
}
