package dev.wholetrace.agent.instrument;

import dev.wholetrace.recorder.LoopCycles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Counts the blocks of tight loops instead of recording each (run-length at the probe). An innermost
 * loop whose blocks always run in one order (each block has exactly one successor inside the loop),
 * entered at one block only, that calls nothing and holds no probe but its block probes (no sync
 * operation, no heap access, no class-init use, no monitor, no return, throw or switch), runs the same
 * cycle of blocks over and over: which blocks ran is said by the block it starts at and how many ran.
 * So its block probes become an increment of a local counter ({@code IINC}), its entry block's probe a
 * call that also records the blocks every {@link dev.wholetrace.recorder.ThreadRecorder#MAX_RUN}
 * ({@code loopHead}), and every way out of the loop records the count as one run event
 * ({@code loopRun}) and sets the counter back to 0: the exits' jumps (through a stub at the method's
 * end when the jump is conditional), the fall-through out of it, and an exception: a catch-all ahead
 * of every other handler of the loop's code records the run and rethrows, and the handlers that
 * covered the loop cover the rethrow. The cycle is registered in {@link LoopCycles}, and the
 * compressors expand a run into exactly the block events the probes would have recorded (the
 * counter counts each block when it starts, as its probe recorded it then, so an exception in the
 * middle of an iteration records the blocks up to the one that threw).
 *
 * <p>Red-black SOR's inner loop (two blocks an iteration) recorded two events an iteration, each a
 * buffer store on the program thread and a block on the compressor's; it now records one event a
 * row (docs/results/overhead-profile.md, "Session 49").
 *
 * <p>Runs last, on the probed method (every probe in): what it rewrites are the block probes
 * {@link ThreadHandleLocal#blockProbe} made, and any other call in a loop keeps the loop as it was.
 * The counter is a local of its own, declared an int in every stack map frame and set to 0 at entry.
 */
final class CountedLoops {
    /** Off with {@code -Dwholetrace.countedLoops=false} (the block probes stay: comparisons, diagnosis). */
    static volatile boolean enabled = !"false".equals(System.getProperty("wholetrace.countedLoops"));

    private CountedLoops() {}

    /** One block of the probed method: its probe (three instructions), the labels in front of it, its last instruction. */
    private static final class Block {
        final int id;
        final AbstractInsnNode load;
        final AbstractInsnNode call;
        final List<LabelNode> labels = new ArrayList<>();
        FrameNode frame;
        AbstractInsnNode last;
        /** Whether it holds nothing a counted loop may not: a call, a monitor, a return, throw or switch. */
        boolean plain = true;

        Block(int id, AbstractInsnNode load, AbstractInsnNode call) {
            this.id = id;
            this.load = load;
            this.call = call;
        }
    }

    /** A loop found countable: blocks [first, last] in code order, entered at {@code entry}, and its cycle from there. */
    private record Loop(int first, int last, int entry, int[] cycle, List<TryCatchBlockNode> around) {}

    /** Rewrites every countable loop of {@code m} (a method of the class {@code ids} names), whose block probes use the handle in local {@code handle}. */
    static void apply(MethodNode m, int handle, MethodInstrumenter.Ids ids) {
        if (!enabled || handle < 0) return;
        List<Block> blocks = blocks(m, handle, ids);
        if (blocks.size() < 2) return;
        Map<LabelNode, Integer> blockOf = new HashMap<>();
        for (int k = 0; k < blocks.size(); k++) for (LabelNode l : blocks.get(k).labels) blockOf.put(l, k);
        List<Loop> loops = new ArrayList<>();
        int after = -1; // loops do not overlap: a loop's blocks each have one successor in it, an enclosing one would have two
        for (int t = 0; t < blocks.size(); t++) {
            Block b = blocks.get(t);
            if (!(b.last instanceof JumpInsnNode j)) continue;
            Integer h = blockOf.get(j.label);
            if (h == null || h > t || h <= after) continue;
            Loop loop = loop(m, blocks, blockOf, h, t);
            if (loop != null) {
                loops.add(loop);
                after = t;
            }
        }
        if (loops.isEmpty()) return;
        int counter = m.maxLocals;
        m.maxLocals += 1;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof FrameNode f) ThreadHandleLocal.declare(f, counter, Opcodes.INTEGER);
        }
        InsnList init = new InsnList();
        init.add(new InsnNode(Opcodes.ICONST_0));
        init.add(new VarInsnNode(Opcodes.ISTORE, counter));
        m.instructions.insert(init); // before every label: every frame's int
        for (Loop loop : loops) rewrite(m, blocks, blockOf, loop, handle, counter);
    }

    /** The method's probed blocks in code order (the fused first block, which has no probe, is not one). */
    private static List<Block> blocks(MethodNode m, int handle, MethodInstrumenter.Ids ids) {
        List<Block> blocks = new ArrayList<>();
        List<LabelNode> labels = new ArrayList<>();
        FrameNode frame = null;
        Block current = null;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LabelNode l) {
                labels.add(l);
                continue;
            }
            if (n instanceof FrameNode f) {
                frame = f;
                continue;
            }
            if (n.getOpcode() < 0) continue; // line numbers
            int id = probeId(n, handle);
            if (id >= 0) {
                current = new Block(id, n, n.getNext().getNext());
                current.labels.addAll(labels);
                current.frame = frame;
                blocks.add(current);
                n = current.call;
            } else if (current != null) {
                current.last = n;
                current.plain &= allowed(n, ids);
            }
            labels.clear();
            frame = null;
        }
        for (Block b : blocks) if (b.last == null) b.last = b.call; // a block of its probe alone (cannot be: a block has an instruction)
        return blocks;
    }

    /** The block id of the block probe starting at {@code n} ({@code ALOAD handle; push id; INVOKEVIRTUAL block}), or -1. */
    private static int probeId(AbstractInsnNode n, int handle) {
        if (n.getOpcode() != Opcodes.ALOAD || ((VarInsnNode) n).var != handle) return -1;
        AbstractInsnNode push = n.getNext();
        AbstractInsnNode call = push == null ? null : push.getNext();
        if (!(call instanceof MethodInsnNode c) || !c.name.equals("block") || !c.owner.equals(ThreadHandleLocal.HANDLE)) return -1;
        int op = push.getOpcode();
        if (op >= Opcodes.ICONST_0 && op <= Opcodes.ICONST_5) return op - Opcodes.ICONST_0;
        if (op == Opcodes.BIPUSH || op == Opcodes.SIPUSH) return ((IntInsnNode) push).operand;
        if (push instanceof LdcInsnNode ldc && ldc.cst instanceof Integer i) return i;
        return -1;
    }

    /**
     * Whether {@code n} may be in a counted loop: no call (of the program or a probe), monitor, return,
     * throw, switch or subroutine; and nothing that may run the program's code in the middle of an
     * iteration, whose blocks would then be recorded ahead of the loop's blocks before them: a static
     * field the class does not declare itself (its first use initializes the class that declares it:
     * another class and its superclasses, or an interface the class implements, which initializing the
     * class does not initialize; the class's own fields are initialized while its code runs), a constant
     * a bootstrap method or a class's loading makes; and, in a class of a program's loader, an
     * instruction that names another class (a cast, instanceof, new array, a field of another class):
     * its first run resolves the class through that loader, whose {@code loadClass} the JVM calls right
     * there.
     */
    private static boolean allowed(AbstractInsnNode n, MethodInstrumenter.Ids ids) {
        int op = n.getOpcode();
        String owner = ids.className();
        if (n instanceof MethodInsnNode || op == Opcodes.INVOKEDYNAMIC) return false;
        if (n instanceof FieldInsnNode f && (op == Opcodes.GETSTATIC || op == Opcodes.PUTSTATIC) && !(f.owner.equals(owner) && ids.declaresField(f.name))) return false;
        if (n instanceof LdcInsnNode ldc && !(ldc.cst instanceof Number || ldc.cst instanceof String)) return false;
        if (ids.programLoader()) {
            if (n instanceof TypeInsnNode t && namesAnotherClass(t.desc, owner)) return false;
            if (n instanceof MultiANewArrayInsnNode a && namesAnotherClass(a.desc, owner)) return false;
            if (n instanceof FieldInsnNode f && !f.owner.equals(owner)) return false;
        }
        if (n instanceof TableSwitchInsnNode || n instanceof LookupSwitchInsnNode) return false;
        return op != Opcodes.MONITORENTER && op != Opcodes.MONITOREXIT && op != Opcodes.ATHROW && op != Opcodes.JSR && op != Opcodes.RET
                && !(op >= Opcodes.IRETURN && op <= Opcodes.RETURN);
    }

    /**
     * Whether {@code type} (an internal name or an array descriptor: what a type or multianewarray instruction
     * names) names a class other than {@code owner}, one whose resolution may load it: an array of primitives
     * loads nothing.
     */
    private static boolean namesAnotherClass(String type, String owner) {
        int d = 0;
        while (d < type.length() && type.charAt(d) == '[') d++;
        if (d == 0) return !type.equals(owner);
        return type.charAt(d) == 'L' && !type.substring(d + 1, type.length() - 1).equals(owner);
    }

    /**
     * Whether resolving a class from a class {@code loader} defines may run the program's code: true unless
     * {@code loader} and every parent it delegates to are the JDK's (their classes defined by the boot
     * loader: the application and platform loaders, a {@code URLClassLoader}), which load classes with the
     * JDK's code only (the agent's transformer records nothing).
     */
    static boolean programLoader(ClassLoader loader) {
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            if (l.getClass().getClassLoader() != null) return true;
        }
        return false;
    }

    /** Blocks [h, t] as a counted loop, or null when they are not one (see the class comment). */
    private static Loop loop(MethodNode m, List<Block> blocks, Map<LabelNode, Integer> blockOf, int h, int t) {
        int size = t - h + 1;
        int[] next = new int[size]; // each block's one successor in the loop
        for (int k = h; k <= t; k++) {
            Block b = blocks.get(k);
            if (!b.plain) return null;
            int inside = -1, count = 0;
            if (b.last instanceof JumpInsnNode j) {
                Integer target = blockOf.get(j.label);
                if (target == null) return null;
                if (target >= h && target <= t) {
                    inside = target;
                    count++;
                }
                if (b.last.getOpcode() != Opcodes.GOTO && k < t) { // falls through to the next block, in the loop
                    inside = k + 1;
                    count++;
                }
            } else if (k < t) {
                inside = k + 1;
                count++;
            }
            if (count != 1) return null;
            next[k - h] = inside;
        }
        // the ways in from outside: jumps, switches, handlers, a fall-through into the first block
        int entry = -1;
        InsnList code = m.instructions;
        int from = code.indexOf(blocks.get(h).labels.isEmpty() ? blocks.get(h).load : blocks.get(h).labels.get(0));
        int to = code.indexOf(blocks.get(t).last);
        for (AbstractInsnNode n = code.getFirst(); n != null; n = n.getNext()) {
            int at = code.indexOf(n);
            if (at >= from && at <= to) continue;
            List<LabelNode> targets = new ArrayList<>();
            if (n instanceof JumpInsnNode j) targets.add(j.label);
            if (n instanceof TableSwitchInsnNode s) {
                targets.add(s.dflt);
                targets.addAll(s.labels);
            }
            if (n instanceof LookupSwitchInsnNode s) {
                targets.add(s.dflt);
                targets.addAll(s.labels);
            }
            for (LabelNode l : targets) {
                int into = code.indexOf(l);
                if (into < from || into > to) continue;
                Integer k = blockOf.get(l);
                if (k == null) return null; // into the loop, not at a block's start
                if (entry >= 0 && entry != k) return null;
                entry = k;
            }
        }
        AbstractInsnNode before = blocks.get(h).labels.isEmpty() ? blocks.get(h).load.getPrevious() : blocks.get(h).labels.get(0).getPrevious();
        while (before != null && before.getOpcode() < 0) before = before.getPrevious();
        if (before == null || fallsThrough(before)) { // the method's start or the code before runs into the first block
            if (entry >= 0 && entry != h) return null;
            entry = h;
        }
        if (entry < 0) return null;
        // one cycle through every block, from the entry
        int[] cycle = new int[size];
        int k = entry;
        for (int i = 0; i < size; i++) {
            cycle[i] = blocks.get(k).id;
            k = next[k - h];
            if (i < size - 1 && k == entry) return null;
        }
        if (k != entry) return null;
        Block e = blocks.get(entry);
        if (e.frame == null || e.frame.type != Opcodes.F_NEW || e.frame.stack != null && !e.frame.stack.isEmpty()) return null;
        // handlers: none starts in the loop; each covers all of it or none of it
        List<TryCatchBlockNode> around = new ArrayList<>();
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            int hd = code.indexOf(tcb.handler);
            if (hd >= from && hd <= to) return null;
            int s = code.indexOf(tcb.start), en = code.indexOf(tcb.end);
            if (en <= from || s > to) continue;
            if (s <= from && en > to) around.add(tcb);
            else return null;
        }
        // exits by a conditional jump go through a stub with the target's frame
        for (int b = h; b <= t; b++) {
            AbstractInsnNode last = blocks.get(b).last;
            if (last instanceof JumpInsnNode j && last.getOpcode() != Opcodes.GOTO) {
                Integer target = blockOf.get(j.label);
                if ((target < h || target > t) && blocks.get(target).frame == null) return null;
            }
        }
        return handlerLocals(e.frame, blocks, h, t, around) == null ? null : new Loop(h, t, entry, cycle, around);
    }

    /** Whether control goes on to the next instruction after {@code last}. */
    private static boolean fallsThrough(AbstractInsnNode last) {
        int op = last.getOpcode();
        return op != Opcodes.GOTO && op != Opcodes.ATHROW && op != Opcodes.RET && !(op >= Opcodes.IRETURN && op <= Opcodes.RETURN)
                && !(last instanceof TableSwitchInsnNode) && !(last instanceof LookupSwitchInsnNode);
    }

    /**
     * The locals of the catch-all's frame: the entry's (each instruction of the loop is reached from
     * the entry inside the loop, so only its own stores change a local from the entry's type), and
     * where the loop stores a local of another type, the type the handlers around the loop give it,
     * TOP when none does. Those handlers cover the catch-all's rethrow, so their frames must accept
     * its locals: a handler that reads a reference, long or double the loop stores (TOP was a
     * VerifyError), and their frames already accept every frame inside the loop. Null when the
     * entry's frame holds an object under construction, or a handler's frame is not known or two
     * handlers disagree on a local the loop stores.
     */
    private static Object[] handlerLocals(FrameNode frame, List<Block> blocks, int h, int t, List<TryCatchBlockNode> around) {
        List<Object> slots = slots(frame);
        if (slots == null) return null;
        List<List<Object>> handlers = new ArrayList<>();
        for (TryCatchBlockNode tcb : around) {
            FrameNode f = frameAt(tcb.handler);
            List<Object> types = f == null ? null : slots(f);
            if (types == null) return null;
            handlers.add(types);
        }
        for (AbstractInsnNode n = blocks.get(h).load; n != null; n = n.getNext()) {
            int op = n.getOpcode();
            if (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE || op == Opcodes.IINC) {
                int v = n instanceof IincInsnNode i ? i.var : ((VarInsnNode) n).var;
                boolean wide = op == Opcodes.LSTORE || op == Opcodes.DSTORE;
                Object kept = op == Opcodes.IINC || op == Opcodes.ISTORE ? Opcodes.INTEGER : op == Opcodes.FSTORE ? Opcodes.FLOAT : null;
                boolean same = kept != null && v < slots.size() && slots.get(v) == kept;
                if (!same) {
                    for (int s = v; s < v + (wide ? 2 : 1) && s < slots.size(); s++) slots.set(s, STORED);
                    if (v > 0 && v - 1 < slots.size() && (slots.get(v - 1) == Opcodes.LONG || slots.get(v - 1) == Opcodes.DOUBLE)) slots.set(v - 1, STORED);
                }
            }
            if (n == blocks.get(t).last) break;
        }
        for (int s = 0; s < slots.size(); s++) {
            if (slots.get(s) != STORED) continue;
            Object type = Opcodes.TOP;
            for (List<Object> handler : handlers) {
                Object theirs = s < handler.size() ? handler.get(s) : Opcodes.TOP;
                if (theirs == Opcodes.TOP) continue;
                if (type != Opcodes.TOP && !type.equals(theirs)) return null;
                type = theirs;
            }
            slots.set(s, type);
        }
        List<Object> locals = new ArrayList<>();
        for (int s = 0; s < slots.size(); s++) {
            Object type = slots.get(s);
            if (type == SECOND_HALF) {
                locals.add(Opcodes.TOP); // its first half was overwritten
            } else if (type == Opcodes.LONG || type == Opcodes.DOUBLE) {
                if (s + 1 < slots.size() && slots.get(s + 1) == SECOND_HALF) {
                    locals.add(type);
                    s++;
                } else {
                    locals.add(Opcodes.TOP);
                }
            } else {
                locals.add(type);
            }
        }
        return locals.toArray();
    }

    /** A frame's locals a slot each, a long or double followed by {@link #SECOND_HALF}; null when one is under construction. */
    private static List<Object> slots(FrameNode frame) {
        List<Object> slots = new ArrayList<>();
        if (frame.local == null) return slots;
        for (Object type : frame.local) {
            if (type instanceof LabelNode || type == Opcodes.UNINITIALIZED_THIS) return null;
            slots.add(type);
            if (type == Opcodes.LONG || type == Opcodes.DOUBLE) slots.add(SECOND_HALF);
        }
        return slots;
    }

    /** The expanded frame at {@code label} (labels, line numbers and frames in front of its instruction), or null. */
    private static FrameNode frameAt(LabelNode label) {
        for (AbstractInsnNode n = label; n != null && n.getOpcode() < 0; n = n.getNext()) {
            if (n instanceof FrameNode f && f.type == Opcodes.F_NEW) return f;
        }
        return null;
    }

    private static final Object SECOND_HALF = new Object();
    /** A slot the loop stores a value of another type in: the handlers around it decide its type in the catch-all. */
    private static final Object STORED = new Object();

    private static void rewrite(MethodNode m, List<Block> blocks, Map<LabelNode, Integer> blockOf, Loop loop, int handle, int counter) {
        InsnList code = m.instructions;
        int cycle = LoopCycles.register(loop.cycle());
        LabelNode start = new LabelNode(), end = new LabelNode();
        Object[] handlerLocals = handlerLocals(blocks.get(loop.entry()).frame, blocks, loop.first(), loop.last(), loop.around()); // the counter declared now
        code.insertBefore(blocks.get(loop.first()).load, start);
        AbstractInsnNode lastInsn = blocks.get(loop.last()).last;
        code.insert(lastInsn, end);
        for (int k = loop.first(); k <= loop.last(); k++) {
            Block b = blocks.get(k);
            InsnList replacement = new InsnList();
            if (k == loop.entry()) {
                replacement.add(new VarInsnNode(Opcodes.ALOAD, handle));
                replacement.add(MethodInstrumenter.push(cycle));
                replacement.add(new VarInsnNode(Opcodes.ILOAD, counter));
                replacement.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, ThreadHandleLocal.HANDLE, "loopHead", "(II)I", false));
                replacement.add(new VarInsnNode(Opcodes.ISTORE, counter));
            } else {
                replacement.add(new IincInsnNode(counter, 1));
            }
            AbstractInsnNode push = b.load.getNext();
            code.insertBefore(b.load, replacement);
            code.remove(b.load);
            code.remove(push);
            code.remove(b.call);
            // the ways out
            if (b.last instanceof JumpInsnNode j) {
                Integer target = blockOf.get(j.label);
                if (target < loop.first() || target > loop.last()) {
                    // a conditional jump: a block ending in a GOTO out of the loop has no successor in it, so
                    // loop() never counts such a loop
                    LabelNode stub = new LabelNode(), stubEnd = new LabelNode();
                    FrameNode f = blocks.get(target).frame;
                    code.add(stub);
                    code.add(new FrameNode(Opcodes.F_NEW, f.local.size(), f.local.toArray(), f.stack == null ? 0 : f.stack.size(),
                            f.stack == null ? new Object[0] : f.stack.toArray()));
                    code.add(flush(handle, counter, cycle));
                    code.add(new JumpInsnNode(Opcodes.GOTO, j.label));
                    code.add(stubEnd);
                    // covered as the jump and its target are: a monitor held there must be released if the
                    // recording's call threw (else HotSpot finds the monitors unbalanced and compiles the method
                    // with neither compiler), and the target's frame is one those handlers accept
                    AbstractInsnNode to = j.label;
                    while (to.getOpcode() < 0) to = to.getNext();
                    for (TryCatchBlockNode tcb : loop.around()) {
                        if (code.indexOf(tcb.start) < code.indexOf(to) && code.indexOf(to) < code.indexOf(tcb.end)) {
                            m.tryCatchBlocks.add(new TryCatchBlockNode(stub, stubEnd, tcb.handler, tcb.type));
                        }
                    }
                    j.label = stub;
                }
            }
        }
        if (fallsThrough(lastInsn)) code.insert(end, flush(handle, counter, cycle)); // out through the loop's end
        // an exception: record the run, rethrow where the loop's handlers catch it
        LabelNode handler = new LabelNode(), handled = new LabelNode();
        code.add(handler);
        code.add(new FrameNode(Opcodes.F_NEW, handlerLocals.length, handlerLocals, 1, new Object[] {"java/lang/Throwable"}));
        code.add(flush(handle, counter, cycle));
        code.add(new InsnNode(Opcodes.ATHROW));
        code.add(handled);
        m.tryCatchBlocks.add(0, new TryCatchBlockNode(start, end, handler, null));
        for (TryCatchBlockNode tcb : loop.around()) m.tryCatchBlocks.add(new TryCatchBlockNode(handler, handled, tcb.handler, tcb.type));
    }

    /** {@code handle.loopRun(cycle, counter); counter = 0}: stack-neutral, never throws. */
    private static InsnList flush(int handle, int counter, int cycle) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, handle));
        l.add(MethodInstrumenter.push(cycle));
        l.add(new VarInsnNode(Opcodes.ILOAD, counter));
        l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, ThreadHandleLocal.HANDLE, "loopRun", "(II)V", false));
        l.add(new InsnNode(Opcodes.ICONST_0));
        l.add(new VarInsnNode(Opcodes.ISTORE, counter));
        return l;
    }
}
