package dev.wholetrace.simulate.egraph;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * What a method's loops do to memory that the bytecode counts alone do not say (docs/egraph.md,
 * "Loop-invariant loads" and "Array walks"), one rule each, the same for every program and for the
 * calibration's own loops:
 * <ul>
 *   <li><b>loop-invariant loads</b>: a field read whose object does not change in its innermost loop
 *       (a local the loop never stores, or a static), of a field the loop never writes, in a loop
 *       without calls (but {@code java.lang.Math}'s, and inlined ones of callees that write no field) or monitors,
 *       is hoisted by the JIT into a register: it
 *       counts as a {@link OpClass#LOCAL} read, not a {@link OpClass#FIELD_LOAD}. The same for an
 *       array element whose array and index do not change in a loop that stores no reference array;
 *   <li><b>array walks</b>: an array access whose index is an affine function of its innermost loop's
 *       induction variable gets a {@link Walk} — the bytes it moves per iteration (constant stride ×
 *       element size; a cache line when the stride is a line or more, or a loop-invariant variable:
 *       a matrix column, unless the enclosing loop starts the next column within that line, when the
 *       columns share lines and the walk adds that advance) and its enclosing loops, whose profiled
 *       trip counts make its footprint.
 *       An index the analysis cannot follow (a mask, a value loaded from memory) gets none; the copy of
 *       an (array, index) pair that a compound assignment ({@code x[k] += …}) makes is followed to the pair.
 * </ul>
 */
final class LoopAccesses {
    /** A stride that is not a constant number of elements (a loop-invariant variable times the induction variable). */
    private static final long FAR = Long.MIN_VALUE;
    /** A value the analysis cannot follow. */
    private static final long UNKNOWN = Long.MIN_VALUE + 1;
    private static final int DEPTH = 8;

    private final AbstractInsnNode[] insns;
    private final Frame<SourceValue>[] frames;
    private final Map<AbstractInsnNode, Integer> indexOf = new IdentityHashMap<>();
    /** Per instruction: its vertex's index in the method's kept vertices, or -1. */
    private final int[] vertexOf;
    private final List<Vertex> vertices;
    /** Loops as control vertex index → body, innermost first per vertex below. */
    private final Map<Integer, BitSet> bodies;
    private final Map<Integer, LoopFacts> facts = new HashMap<>();
    /** Calls the JIT inlines whose callees write no field and call nothing: no barrier to hoisting. */
    private final Set<AbstractInsnNode> transparent;

    /** What one loop body writes: locals (with their constant increments), fields, and whether it calls. */
    private static final class LoopFacts {
        final Map<Integer, List<Integer>> stores = new HashMap<>(); // local → the store instructions (ISTORE.., IINC)
        final Set<String> fieldsWritten = new HashSet<>();
        boolean calls, storesReferences;
    }

    LoopAccesses(AbstractInsnNode[] insns, Frame<SourceValue>[] frames, Vertex[] vertexAtInsn, List<Vertex> kept, Map<Integer, BitSet> bodies,
            Set<AbstractInsnNode> transparent) {
        this.insns = insns;
        this.transparent = transparent;
        this.frames = frames;
        this.vertices = kept;
        this.bodies = bodies;
        Map<Vertex, Integer> keptIndex = new IdentityHashMap<>();
        for (int k = 0; k < kept.size(); k++) keptIndex.put(kept.get(k), k);
        vertexOf = new int[insns.length];
        for (int i = 0; i < insns.length; i++) {
            indexOf.put(insns[i], i);
            Integer k = vertexAtInsn[i] == null ? null : keptIndex.get(vertexAtInsn[i]);
            vertexOf[i] = k == null ? -1 : k;
        }
    }

    /** Applies both rules to the vertices: invariant loads recounted as locals, walks attached. */
    void apply() {
        if (bodies.isEmpty()) return;
        Map<Vertex, Map<Walk, Integer>> walks = new IdentityHashMap<>();
        Map<Integer, List<Integer>> loopsByVertex = new HashMap<>(); // a vertex's loops, once for all its instructions
        for (int i = 0; i < insns.length; i++) {
            int v = vertexOf[i];
            if (v < 0 || frames[i] == null) continue;
            List<Integer> loops = loopsByVertex.computeIfAbsent(v, this::loopsOf);
            if (loops.isEmpty()) continue;
            int op = insns[i].getOpcode();
            Vertex x = vertices.get(v);
            if (invariantLoad(i, op, loops.get(0))) {
                x.ops[OpClass.of(insns[i]).ordinal()]--;
                x.ops[OpClass.LOCAL.ordinal()]++;
                continue;
            }
            Walk w = walk(i, op, loops);
            if (w != null) walks.computeIfAbsent(x, k -> new LinkedHashMap<>()).merge(w, 1, Integer::sum);
        }
        for (Map.Entry<Vertex, Map<Walk, Integer>> e : walks.entrySet()) e.getKey().walks = Walk.counted(e.getValue());
    }

    /** The loops holding vertex {@code v}, innermost (smallest body) first. */
    private List<Integer> loopsOf(int v) {
        List<Integer> out = new ArrayList<>();
        for (Map.Entry<Integer, BitSet> e : bodies.entrySet()) if (e.getValue().get(v)) out.add(e.getKey());
        out.sort((a, b) -> Integer.compare(bodies.get(a).cardinality(), bodies.get(b).cardinality()));
        return out;
    }

    private LoopFacts facts(int loop) {
        return facts.computeIfAbsent(loop, l -> {
            LoopFacts f = new LoopFacts();
            BitSet body = bodies.get(l);
            for (int i = 0; i < insns.length; i++) {
                if (vertexOf[i] < 0 || !body.get(vertexOf[i])) continue;
                AbstractInsnNode n = insns[i];
                int op = n.getOpcode();
                if (n instanceof VarInsnNode var && op >= Opcodes.ISTORE && op <= Opcodes.ASTORE) f.stores.computeIfAbsent(var.var, k -> new ArrayList<>()).add(i);
                else if (n instanceof IincInsnNode inc) f.stores.computeIfAbsent(inc.var, k -> new ArrayList<>()).add(i);
                else if (op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC) f.fieldsWritten.add(((FieldInsnNode) n).owner + "." + ((FieldInsnNode) n).name);
                else if ((OpClass.of(op) == OpClass.INVOKE && !transparent.contains(n) && !pure(n)) || OpClass.of(op) == OpClass.MONITOR) f.calls = true;
                else if (op == Opcodes.AASTORE) f.storesReferences = true;
            }
            return f;
        });
    }

    /** {@code java.lang.Math}'s static methods: they write no field (the JIT's intrinsics among them). */
    private static boolean pure(AbstractInsnNode n) {
        return OpClass.isMathCall(n);
    }

    /** Rule 1: a field (or reference-array element) read the JIT keeps in a register across the loop. */
    private boolean invariantLoad(int i, int op, int loop) {
        LoopFacts f = facts(loop);
        if (f.calls) return false;
        Frame<SourceValue> fr = frames[i];
        if (op == Opcodes.GETSTATIC || op == Opcodes.GETFIELD) {
            FieldInsnNode field = (FieldInsnNode) insns[i];
            if (f.fieldsWritten.contains(field.owner + "." + field.name)) return false;
            return op == Opcodes.GETSTATIC || invariantRef(operand(fr, 0), loop, 0);
        }
        if (op == Opcodes.AALOAD && !f.storesReferences) {
            return invariantRef(operand(fr, 1), loop, 0) && stride(operand(fr, 0), loop, 0) == 0;
        }
        return false;
    }

    /**
     * Whether a reference does not change in the loop: a local it never stores, a field the loop
     * does not write read from such, or an element of such an array at an invariant index (in a
     * loop that stores no reference array). {@code v} is an original value, never a compound
     * assignment's DUP2 copy: the callers unwrap their operands with {@link #operand}.
     */
    private boolean invariantRef(SourceValue v, int loop, int depth) {
        AbstractInsnNode p = single(v);
        if (p == null || depth > DEPTH) return false;
        LoopFacts f = facts(loop);
        Integer at = indexOf.get(p);
        Frame<SourceValue> fr = at == null ? null : frames[at];
        switch (p.getOpcode()) {
            case Opcodes.ALOAD:
                return !f.stores.containsKey(((VarInsnNode) p).var);
            case Opcodes.GETSTATIC:
                return !f.fieldsWritten.contains(((FieldInsnNode) p).owner + "." + ((FieldInsnNode) p).name);
            case Opcodes.GETFIELD:
                return !f.fieldsWritten.contains(((FieldInsnNode) p).owner + "." + ((FieldInsnNode) p).name) && fr != null && invariantRef(top(fr, 0), loop, depth + 1);
            case Opcodes.AALOAD:
                return !f.storesReferences && fr != null && invariantRef(top(fr, 1), loop, depth + 1) && stride(top(fr, 0), loop, depth + 1) == 0;
            default:
                return false;
        }
    }

    /** Rule 2: the walk of array access {@code i}, or null (not an access, or an index the analysis cannot follow, or invariant). */
    private Walk walk(int i, int op, List<Integer> loops) {
        int size = elementSize(op);
        if (size == 0) return null;
        boolean store = op >= Opcodes.IASTORE && op <= Opcodes.SASTORE;
        Frame<SourceValue> fr = frames[i];
        int loop = loops.get(0);
        SourceValue index = operand(fr, store ? 1 : 0), array = operand(fr, store ? 2 : 1);
        long s = stride(index, loop, 0);
        if (s == UNKNOWN || s == 0) return null;
        boolean far = s == FAR || Math.abs(s) * size >= Walk.LINE || !invariantRef(array, loop, 0);
        if (far && nextToAnother(index, size)) return null; // a[i + 1] beside a[i]: the line a[i] pays for
        List<Integer> ends = new ArrayList<>();
        for (int l : loops) ends.add(vertices.get(l).end);
        return new Walk(1, far ? farBytes(index, size, loops) : (int) (Math.abs(s) * size), far, ends);
    }

    /**
     * Operand {@code below} slots under the top of frame {@code fr}, seen through a compound assignment's
     * copy: {@code x[k] += …} DUP2s the (array, index) pair, one pair for the load and one for the
     * store, and ASM's frames make all four values copies (SourceValues of the DUP2), so a copy is
     * replaced by the value it copies and the load and the store are analysed alike. A value keeps its
     * stack slot while it is on the stack: the DUP2 turned slots {@code s-2, s-1} of its frame (size
     * {@code s}) into slots {@code s-2 .. s+1}, so slot {@code j} copies slot {@code s-2 + (j-s+2) mod 2},
     * whichever of the pair it is (array or index, int or reference).
     */
    private SourceValue operand(Frame<SourceValue> fr, int below) {
        SourceValue v = top(fr, below);
        AbstractInsnNode p = single(v);
        Integer at = p == null || p.getOpcode() != Opcodes.DUP2 ? null : indexOf.get(p);
        if (at == null || frames[at] == null) return v;
        Frame<SourceValue> dup = frames[at];
        int s = dup.getStackSize();
        if (top(dup, 0).getSize() != 1) return top(dup, 0); // a DUP2 of one long or double: both copies of it
        int j = fr.getStackSize() - 1 - below;
        return dup.getStack(s - 2 + (j - s + 2) % 2);
    }

    /**
     * What a far walk adds to its data per iteration: a line, unless the enclosing loop starts each
     * column less than a line after the last (a transpose or a column sweep: the next column): then
     * the columns share their lines, and the walk's data is that advance per access, as the
     * calibration's column walk of a whole array counts it (docs/egraph.md, "Columns share lines").
     */
    private int farBytes(SourceValue index, int size, List<Integer> loops) {
        if (loops.size() < 2) return Walk.LINE;
        long advance = stride(index, loops.get(1), loops.get(0), 0);
        if (advance == UNKNOWN || advance == FAR || advance == 0 || Math.abs(advance) * size >= Walk.LINE) return Walk.LINE;
        return (int) (Math.abs(advance) * size);
    }

    /**
     * Elements the int value {@code v} advances per iteration of {@code loop}: 0 when invariant,
     * {@link #FAR} when by a loop-invariant variable, {@link #UNKNOWN} when the analysis cannot say.
     * {@code v} is an original value, never a compound assignment's DUP2 copy (see {@link #operand}).
     */
    private long stride(SourceValue v, int loop, int depth) {
        return stride(v, loop, -1, depth);
    }

    /**
     * As {@link #stride(SourceValue, int, int)}, with {@code inner} ≥ 0 a loop inside {@code loop}: the
     * advance per iteration of {@code loop} of {@code v}'s value at each entry of {@code inner} (its
     * variables taken at the values they start {@code inner} with).
     */
    private long stride(SourceValue v, int loop, int inner, int depth) {
        AbstractInsnNode p = single(v);
        if (p == null || depth > DEPTH) return UNKNOWN;
        Integer c = constant(p);
        if (c != null) return 0;
        int op = p.getOpcode();
        Integer at = indexOf.get(p);
        Frame<SourceValue> fr = at == null ? null : frames[at];
        switch (op) {
            case Opcodes.ILOAD:
                return inner < 0 ? local(((VarInsnNode) p).var, loop, depth) : entryLocal(((VarInsnNode) p).var, loop, inner, depth);
            case Opcodes.GETFIELD: case Opcodes.GETSTATIC: case Opcodes.ARRAYLENGTH:
                return facts(loop).fieldsWritten.contains(p instanceof FieldInsnNode f ? f.owner + "." + f.name : "") ? UNKNOWN : 0;
            case Opcodes.IADD: case Opcodes.ISUB: {
                if (fr == null) return UNKNOWN;
                long a = stride(top(fr, 1), loop, inner, depth + 1), b = stride(top(fr, 0), loop, inner, depth + 1);
                if (a == UNKNOWN || b == UNKNOWN) return UNKNOWN;
                if (a == FAR || b == FAR) return FAR;
                return op == Opcodes.IADD ? a + b : a - b;
            }
            case Opcodes.IMUL: case Opcodes.ISHL: {
                if (fr == null) return UNKNOWN;
                SourceValue left = top(fr, 1), right = top(fr, 0);
                long a = stride(left, loop, inner, depth + 1), b = stride(right, loop, inner, depth + 1);
                if (a == UNKNOWN || b == UNKNOWN) return UNKNOWN;
                if (a == 0 && b == 0) return 0;
                Integer ca = constantOf(left), cb = constantOf(right);
                if (op == Opcodes.ISHL) return cb == null || a == FAR ? FAR : a << cb;
                if (a != FAR && cb != null) return a * cb;
                if (b != FAR && ca != null) return b * ca;
                return FAR; // the induction variable times a loop-invariant variable: a column walk
            }
            default:
                return UNKNOWN;
        }
    }

    /** The stride of local {@code var} in {@code loop}: its constant increment, a recomputed temporary's stride, or invariant. */
    private long local(int var, int loop, int depth) {
        List<Integer> stores = facts(loop).stores.get(var);
        if (stores == null) return 0;
        long step = 0;
        boolean self = false;
        for (int s : stores) {
            if (insns[s] instanceof IincInsnNode inc) {
                step += inc.incr;
                self = true;
                continue;
            }
            if (frames[s] == null) return UNKNOWN;
            SourceValue stored = top(frames[s], 0);
            AbstractInsnNode q = single(stored);
            Integer qa = q == null ? null : indexOf.get(q);
            if (q != null && (q.getOpcode() == Opcodes.IADD || q.getOpcode() == Opcodes.ISUB) && qa != null && frames[qa] != null
                    && isLoadOf(top(frames[qa], 1), var)) { // var = var ± increment
                long inc = stride(top(frames[qa], 0), loop, depth + 1);
                if (inc != 0) return UNKNOWN; // the increment itself moves: not affine
                Integer c = constantOf(top(frames[qa], 0));
                if (c == null) return FAR;
                step += q.getOpcode() == Opcodes.IADD ? c : -c;
                self = true;
            } else if (stores.size() == 1) {
                return stride(stored, loop, depth + 1); // a temporary recomputed each iteration
            } else {
                return UNKNOWN;
            }
        }
        return self ? step : UNKNOWN;
    }

    /**
     * The advance per iteration of {@code loop} of local {@code var}'s value when {@code inner} starts:
     * a variable {@code inner} changes (its induction variable, a pointer it moves) starts from its one
     * store outside {@code inner}; any other is {@link #local}'s.
     */
    private long entryLocal(int var, int loop, int inner, int depth) {
        List<Integer> stores = facts(loop).stores.get(var);
        if (stores == null) return 0;
        BitSet innerBody = bodies.get(inner);
        List<Integer> outside = new ArrayList<>();
        for (int s : stores) if (vertexOf[s] < 0 || !innerBody.get(vertexOf[s])) outside.add(s);
        if (outside.size() == stores.size()) return local(var, loop, depth);
        if (outside.size() != 1 || insns[outside.get(0)] instanceof IincInsnNode || frames[outside.get(0)] == null) return UNKNOWN;
        return stride(top(frames[outside.get(0)], 0), loop, inner, depth + 1);
    }

    /** An index {@code local ± c} within a cache line of {@code local}: the same line as the access at {@code local}. */
    private boolean nextToAnother(SourceValue index, int size) {
        AbstractInsnNode p = single(index);
        Integer at = p == null ? null : indexOf.get(p);
        if (at == null || frames[at] == null || (p.getOpcode() != Opcodes.IADD && p.getOpcode() != Opcodes.ISUB)) return false;
        Integer c = constantOf(top(frames[at], 0));
        AbstractInsnNode base = single(top(frames[at], 1));
        return c != null && Math.abs((long) c) * size < Walk.LINE && base != null && base.getOpcode() == Opcodes.ILOAD;
    }

    private boolean isLoadOf(SourceValue v, int var) {
        AbstractInsnNode p = single(v);
        return p != null && p.getOpcode() == Opcodes.ILOAD && ((VarInsnNode) p).var == var;
    }

    private Integer constantOf(SourceValue v) {
        AbstractInsnNode p = single(v);
        return p == null ? null : constant(p);
    }

    private static Integer constant(AbstractInsnNode p) {
        int op = p.getOpcode();
        if (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5) return op - Opcodes.ICONST_0;
        if (op == Opcodes.BIPUSH || op == Opcodes.SIPUSH) return ((IntInsnNode) p).operand;
        if (op == Opcodes.LDC && ((LdcInsnNode) p).cst instanceof Integer k) return k;
        return null;
    }

    private static AbstractInsnNode single(SourceValue v) {
        return v == null || v.insns.size() != 1 ? null : v.insns.iterator().next();
    }

    /** The stack value {@code below} slots under the top of frame {@code f}. */
    private static SourceValue top(Frame<SourceValue> f, int below) {
        int k = f.getStackSize() - 1 - below;
        return k < 0 ? null : f.getStack(k);
    }

    /** Bytes of one element of array access {@code op}, 0 when not an array access (references: compressed, 4). */
    static int elementSize(int op) {
        return switch (op) {
            case Opcodes.DALOAD, Opcodes.LALOAD, Opcodes.DASTORE, Opcodes.LASTORE -> 8;
            case Opcodes.IALOAD, Opcodes.FALOAD, Opcodes.AALOAD, Opcodes.IASTORE, Opcodes.FASTORE, Opcodes.AASTORE -> 4;
            case Opcodes.CALOAD, Opcodes.SALOAD, Opcodes.CASTORE, Opcodes.SASTORE -> 2;
            case Opcodes.BALOAD, Opcodes.BASTORE -> 1;
            default -> 0;
        };
    }
}
