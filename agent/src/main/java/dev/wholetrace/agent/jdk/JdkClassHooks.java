package dev.wholetrace.agent.jdk;

import dev.wholetrace.agent.instrument.InstrumentationContext;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Inserts the hooks {@link JdkHookTable} names into one JDK class: calls of {@link
 * dev.wholetrace.agent.jdk.bridge.JdkBridge}'s static methods at a method's entry, before its
 * returns, or around calls it makes. Each insertion leaves the operand stack as it found it and adds
 * no branch, so the class's stack map frames stay valid as they are (ClassWriter computes only the
 * maxima); values parked for a call live in fresh locals above the method's own, dead right after.
 * Nothing changes what the method returns or throws. Each hook gets a code-map entry (a site) of its
 * own, named after the JDK method.
 */
final class JdkClassHooks {
    static final String BRIDGE = "dev/wholetrace/agent/jdk/bridge/JdkBridge";
    private static final String OBJ = "Ljava/lang/Object;";
    private static final String CHM = "java/util/concurrent/ConcurrentHashMap";
    private static final String FUTURE = "java/util/concurrent/CompletableFuture";

    private final InstrumentationContext context;

    JdkClassHooks(InstrumentationContext context) {
        this.context = context;
    }

    /** The class with its hooks, or null when none of its methods gets one. */
    byte[] hook(byte[] classFile) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, 0);
        boolean changed = false;
        for (MethodNode m : cn.methods) {
            if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) continue;
            List<JdkHookTable.Kind> kinds = JdkHookTable.of(cn.name, m.name, m.desc, (m.access & Opcodes.ACC_STATIC) != 0);
            for (JdkHookTable.Kind k : kinds) changed |= apply(cn.name, m, k);
        }
        if (!changed) return null;
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(w);
        return w.toByteArray();
    }

    private boolean apply(String owner, MethodNode m, JdkHookTable.Kind kind) {
        int element = JdkHookTable.firstReferenceParameter(m.desc);
        switch (kind) {
            case RELEASE_ELEMENT -> {
                if (element < 0) return false; // read at entry: a later store into the parameter does not matter
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, element));
                at.add(site(owner, m, "release element"));
                at.add(bridge("release", "(" + OBJ + "I)V"));
                m.instructions.insert(at);
                return true;
            }
            case ACQUIRE_RESULT -> {
                return beforeReturns(m, Opcodes.ARETURN, () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(site(owner, m, "acquire element"));
                    at.add(bridge("acquire", "(" + OBJ + "I)V"));
                    return at;
                });
            }
            case ACQUIRE_ELEMENT_IF_TRUE -> {
                if (element < 0 || writes(m, element)) return false;
                return beforeReturns(m, Opcodes.IRETURN, () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(new VarInsnNode(Opcodes.ALOAD, element));
                    at.add(site(owner, m, "acquire removed element"));
                    at.add(bridge("acquireIf", "(Z" + OBJ + "I)V"));
                    return at;
                });
            }
            case ACQUIRE_ADDED -> {
                return beforeCalls(m, "java/util/Collection", "add", "(" + OBJ + ")Z", () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(site(owner, m, "acquire drained element"));
                    at.add(bridge("acquire", "(" + OBJ + "I)V"));
                    return at;
                });
            }
            case ACQUIRE_ACCEPTED -> {
                return beforeCalls(m, "java/util/function/Consumer", "accept", "(" + OBJ + ")V", () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(site(owner, m, "acquire element (forEach)"));
                    at.add(bridge("acquire", "(" + OBJ + "I)V"));
                    return at;
                });
            }
            case KEY_RELEASE -> {
                if (!m.desc.startsWith("(L")) return false; // read at entry
                boolean value = m.desc.startsWith("(" + OBJ + OBJ);
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(new VarInsnNode(Opcodes.ALOAD, 1));
                at.add(value ? new VarInsnNode(Opcodes.ALOAD, 2) : new InsnNode(Opcodes.ACONST_NULL));
                at.add(site(owner, m, "release key"));
                at.add(bridge("keyRelease", "(" + OBJ + OBJ + OBJ + "I)V"));
                m.instructions.insert(at);
                return true;
            }
            case KEY_ACQUIRE_RESULT -> {
                if (!keyIsParameter(m)) return false;
                return beforeReturns(m, Opcodes.ARETURN, () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 1));
                    at.add(site(owner, m, "acquire key"));
                    at.add(bridge("keyAcquire", "(" + OBJ + OBJ + OBJ + "I)V"));
                    return at;
                });
            }
            case KEY_ACQUIRE_IF_TRUE -> {
                if (!keyIsParameter(m)) return false;
                return beforeReturns(m, Opcodes.IRETURN, () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 1));
                    at.add(site(owner, m, "acquire key"));
                    at.add(bridge("keyAcquireIf", "(Z" + OBJ + OBJ + "I)V"));
                    return at;
                });
            }
            case KEY_FUNCTION -> {
                if (!keyIsParameter(m)) return false;
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (!(n instanceof MethodInsnNode c) || c.getOpcode() != Opcodes.INVOKEINTERFACE || !c.name.equals("apply")) continue;
                    if (!c.owner.equals("java/util/function/Function") && !c.owner.equals("java/util/function/BiFunction")) continue;
                    InsnList before = new InsnList();
                    before.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    before.add(new VarInsnNode(Opcodes.ALOAD, 1));
                    before.add(site(owner, m, "acquire key (function)"));
                    before.add(bridge("keyAcquireAlways", "(" + OBJ + OBJ + "I)V"));
                    m.instructions.insertBefore(c, before);
                    InsnList after = new InsnList();
                    after.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    after.add(new VarInsnNode(Opcodes.ALOAD, 1));
                    after.add(new InsnNode(Opcodes.ACONST_NULL));
                    after.add(site(owner, m, "release key (function)"));
                    after.add(bridge("keyRelease", "(" + OBJ + OBJ + OBJ + "I)V"));
                    m.instructions.insert(c, after);
                    any = true;
                }
                return any;
            }
            case KEY_ACCEPTED -> {
                int kTmp = m.maxLocals, vTmp = m.maxLocals + 1;
                boolean any = beforeCalls(m, "java/util/function/BiConsumer", "accept", "(" + OBJ + OBJ + ")V", () -> {
                    InsnList at = new InsnList();
                    at.add(new VarInsnNode(Opcodes.ASTORE, vTmp));
                    at.add(new VarInsnNode(Opcodes.ASTORE, kTmp));
                    at.add(new VarInsnNode(Opcodes.ALOAD, vTmp));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(new VarInsnNode(Opcodes.ALOAD, kTmp));
                    at.add(site(owner, m, "acquire key (forEach)"));
                    at.add(bridge("keyAcquire", "(" + OBJ + OBJ + OBJ + "I)V"));
                    at.add(new VarInsnNode(Opcodes.ALOAD, kTmp));
                    at.add(new VarInsnNode(Opcodes.ALOAD, vTmp));
                    return at;
                });
                if (any) m.maxLocals += 2;
                return any;
            }
            case ITERATOR_KEY -> {
                return beforeReturns(m, Opcodes.ARETURN, () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(new FieldInsnNode(Opcodes.GETFIELD, CHM + "$BaseIterator", "map", "L" + CHM + ";"));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(new FieldInsnNode(Opcodes.GETFIELD, CHM + "$BaseIterator", "lastReturned", "L" + CHM + "$Node;"));
                    at.add(new FieldInsnNode(Opcodes.GETFIELD, CHM + "$Node", "key", OBJ));
                    at.add(site(owner, m, "acquire key (iterator)"));
                    at.add(bridge("keyAcquire", "(" + OBJ + OBJ + OBJ + "I)V"));
                    return at;
                });
            }
            case SKIP_LIST_ITERATOR_KEY -> {
                String iter = "java/util/concurrent/ConcurrentSkipListMap$Iter", node = "java/util/concurrent/ConcurrentSkipListMap$Node";
                return beforeReturns(m, Opcodes.ARETURN, () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(new FieldInsnNode(Opcodes.GETFIELD, iter, "this$0", "Ljava/util/concurrent/ConcurrentSkipListMap;"));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(new FieldInsnNode(Opcodes.GETFIELD, iter, "lastReturned", "L" + node + ";"));
                    at.add(new FieldInsnNode(Opcodes.GETFIELD, node, "key", OBJ));
                    at.add(site(owner, m, "acquire key (iterator)"));
                    at.add(bridge("keyAcquire", "(" + OBJ + OBJ + OBJ + "I)V"));
                    return at;
                });
            }
            case VIEW_ACCEPTED -> {
                // The view's forEach walks the table with a Traverser: "advance(); DUP; ASTORE n; IFNULL end" and then
                // accepts p.key, p.val or an entry of p: at the accept call, local n holds the (non-null) node.
                int node = traversedNode(m);
                if (node < 0) return false;
                return beforeCalls(m, "java/util/function/Consumer", "accept", "(" + OBJ + ")V", () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(new FieldInsnNode(Opcodes.GETFIELD, CHM + "$CollectionView", "map", "L" + CHM + ";"));
                    at.add(new VarInsnNode(Opcodes.ALOAD, node));
                    at.add(new FieldInsnNode(Opcodes.GETFIELD, CHM + "$Node", "key", OBJ));
                    at.add(site(owner, m, "acquire key (view forEach)"));
                    at.add(bridge("keyAcquire", "(" + OBJ + OBJ + OBJ + "I)V"));
                    return at;
                });
            }
            case JDK_INTERNAL -> {
                // enterJdk at entry; leaveJdk before every return and in a catch-all handler that rethrows. The
                // handler's frame declares only the parameters (never stored into: checked) and the Throwable.
                if (!m.desc.equals("(Ljava/lang/String;)Ljava/lang/Class;") || writes(m, 0) || writes(m, 1)) return false;
                LabelNode start = new LabelNode(), end = new LabelNode(), handler = new LabelNode();
                beforeReturns(m, Opcodes.ARETURN, () -> {
                    InsnList at = new InsnList();
                    at.add(bridge("leaveJdk", "()V"));
                    return at;
                });
                InsnList head = new InsnList();
                head.add(start);
                head.add(bridge("enterJdk", "()V"));
                m.instructions.insert(head);
                InsnList tail = new InsnList();
                tail.add(end);
                tail.add(handler);
                tail.add(new FrameNode(Opcodes.F_FULL, 2, new Object[] {owner, "java/lang/String"}, 1, new Object[] {"java/lang/Throwable"}));
                tail.add(bridge("leaveJdk", "()V"));
                tail.add(new InsnNode(Opcodes.ATHROW));
                m.instructions.add(tail);
                m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
                return true;
            }
            case MONITORS -> {
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (n.getOpcode() == Opcodes.MONITORENTER) {
                        m.instructions.insertBefore(n, new InsnNode(Opcodes.DUP));
                        InsnList after = new InsnList();
                        after.add(site(owner, m, "MONITORENTER"));
                        after.add(bridge("monitorEnter", "(" + OBJ + "I)V"));
                        m.instructions.insert(n, after);
                        any = true;
                    } else if (n.getOpcode() == Opcodes.MONITOREXIT) {
                        InsnList before = new InsnList();
                        before.add(new InsnNode(Opcodes.DUP));
                        before.add(site(owner, m, "MONITOREXIT"));
                        before.add(bridge("monitorExit", "(" + OBJ + "I)V"));
                        m.instructions.insertBefore(n, before);
                        any = true;
                    }
                }
                return any;
            }
            case RELEASE_THIS -> {
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(site(owner, m, "release task (fork)"));
                at.add(bridge("release", "(" + OBJ + "I)V"));
                m.instructions.insert(at);
                return true;
            }
            case TASK_RUN -> {
                if (writes(m, 0)) return false;
                beforeAnyReturn(m, () -> {
                    InsnList at = new InsnList();
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(site(owner, m, "release task (run ends)"));
                    at.add(bridge("release", "(" + OBJ + "I)V"));
                    return at;
                });
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(site(owner, m, "acquire task (run begins)"));
                at.add(bridge("acquire", "(" + OBJ + "I)V"));
                m.instructions.insert(at);
                return true;
            }
            case ACQUIRE_THIS_AT_RETURN -> {
                if (writes(m, 0)) return false;
                return beforeAnyReturn(m, () -> {
                    InsnList at = new InsnList();
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(site(owner, m, "acquire task (join)"));
                    at.add(bridge("acquire", "(" + OBJ + "I)V"));
                    return at;
                });
            }
            case ACQUIRE_ELEMENT_AT_RETURN -> {
                if (element < 0 || writes(m, element)) return false;
                return beforeAnyReturn(m, () -> {
                    InsnList at = new InsnList();
                    at.add(new VarInsnNode(Opcodes.ALOAD, element));
                    at.add(site(owner, m, "acquire task (join)"));
                    at.add(bridge("acquire", "(" + OBJ + "I)V"));
                    return at;
                });
            }
            case COMPLETION_CHAIN -> {
                if (writes(m, 0)) return false;
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(site(owner, m, "acquire and release completers"));
                at.add(bridge("completion", "(" + OBJ + "I)V"));
                // the onCompletion calls this call makes (a stream's combining step) come after the entry's releases
                beforeAnyReturn(m, () -> {
                    InsnList end = new InsnList();
                    end.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    end.add(site(owner, m, "release completers (after onCompletion)"));
                    end.add(bridge("completionEnd", "(" + OBJ + "I)V"));
                    return end;
                });
                m.instructions.insert(at);
                return true;
            }
            case ACQUIRE_THIS -> {
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(site(owner, m, "acquire dependent (registered)"));
                at.add(bridge("acquire", "(" + OBJ + "I)V"));
                m.instructions.insert(at);
                return true;
            }
            case RELEASE_EXECUTED -> {
                return beforeCalls(m, "java/util/concurrent/Executor", "execute", "(Ljava/lang/Runnable;)V", () -> {
                    InsnList at = new InsnList();
                    at.add(new InsnNode(Opcodes.DUP));
                    at.add(site(owner, m, "release task (execute)"));
                    at.add(bridge("release", "(" + OBJ + "I)V"));
                    return at;
                });
            }
            case FUTURE_COMPLETING -> {
                if (writes(m, 0)) return false;
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(new FieldInsnNode(Opcodes.GETFIELD, FUTURE, "result", OBJ));
                at.add(site(owner, m, "completing future"));
                at.add(bridge("futureCompleting", "(" + OBJ + OBJ + "I)V"));
                m.instructions.insert(at);
                // the release, recorded only by the compare-and-set that won, before the method returns true
                beforeReturns(m, Opcodes.IRETURN, () -> {
                    InsnList end = new InsnList();
                    end.add(new InsnNode(Opcodes.DUP));
                    end.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    end.add(site(owner, m, "release future (complete)"));
                    end.add(bridge("futureCompleted", "(Z" + OBJ + "I)V"));
                    return end;
                });
                return true;
            }
            case FUTURE_WRITE -> {
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (!isResult(n, Opcodes.PUTFIELD)) continue;
                    InsnList before = new InsnList();
                    before.add(new InsnNode(Opcodes.DUP2));
                    before.add(site(owner, m, "release future (result set)"));
                    before.add(bridge("futureWrite", "(" + OBJ + OBJ + "I)V"));
                    m.instructions.insertBefore(n, before);
                    any = true;
                }
                return any;
            }
            case FUTURE_READ, FUTURE_READ_USED, FUTURE_READ_BOTH, FUTURE_READ_RELAY -> {
                boolean any = false;
                int first = -1, kept = 0;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (!isResult(n, Opcodes.GETFIELD) || kind != JdkHookTable.Kind.FUTURE_READ && !kept(n)) continue;
                    kept++;
                    InsnList after = new InsnList();
                    after.add(new InsnNode(Opcodes.DUP_X1));
                    after.add(new InsnNode(Opcodes.SWAP));
                    if (kind == JdkHookTable.Kind.FUTURE_READ_BOTH && kept <= 2) {
                        // the first source is acquired with the second, and only when both are complete
                        if (!(real(n.getPrevious(), false) instanceof VarInsnNode v) || v.getOpcode() != Opcodes.ALOAD) return any;
                        if (kept == 1) {
                            first = v.var;
                            continue;
                        }
                        after.add(new VarInsnNode(Opcodes.ALOAD, first));
                        after.add(site(owner, m, "acquire both futures"));
                        after.add(bridge("futureAcquireBoth", "(" + OBJ + OBJ + OBJ + "I)V"));
                    } else if (kind == JdkHookTable.Kind.FUTURE_READ_RELAY) {
                        after.add(site(owner, m, "relayed future"));
                        after.add(bridge("futureRelaySource", "(" + OBJ + OBJ + "I)V"));
                    } else {
                        after.add(site(owner, m, "acquire future"));
                        after.add(bridge("futureAcquire", "(" + OBJ + OBJ + "I)V"));
                    }
                    m.instructions.insertBefore(n, new InsnNode(Opcodes.DUP));
                    m.instructions.insert(n, after);
                    any = true;
                }
                return any;
            }
            default -> {
                return false;
            }
        }
    }

    /** Whether {@code n} reads ({@code GETFIELD}) or writes ({@code PUTFIELD}) CompletableFuture.result. */
    private static boolean isResult(AbstractInsnNode n, int opcode) {
        return n.getOpcode() == opcode && n instanceof FieldInsnNode f && f.owner.equals(FUTURE) && f.name.equals("result");
    }

    /** Whether the value {@code read} pushes is kept in a local ({@code ASTORE}, or {@code DUP; ASTORE}): used, not only tested against null. */
    private static boolean kept(AbstractInsnNode read) {
        AbstractInsnNode next = real(read.getNext(), true);
        if (next != null && next.getOpcode() == Opcodes.DUP) next = real(next.getNext(), true);
        return next != null && next.getOpcode() == Opcodes.ASTORE;
    }

    /** {@code n} or the nearest instruction after it ({@code forward}) or before it that has an opcode (no label, line or frame). */
    private static AbstractInsnNode real(AbstractInsnNode n, boolean forward) {
        while (n != null && n.getOpcode() < 0) n = forward ? n.getNext() : n.getPrevious();
        return n;
    }

    private interface Code {
        InsnList make();
    }

    /** Inserts {@code code} before every {@code opcode} return of {@code m}. */
    private static boolean beforeReturns(MethodNode m, int opcode, Code code) {
        boolean any = false;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n.getOpcode() == opcode) {
                m.instructions.insertBefore(n, code.make());
                any = true;
            }
        }
        return any;
    }

    /** Inserts {@code code} before every return of {@code m}, whatever it returns. */
    private static boolean beforeAnyReturn(MethodNode m, Code code) {
        boolean any = false;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n.getOpcode() >= Opcodes.IRETURN && n.getOpcode() <= Opcodes.RETURN) {
                m.instructions.insertBefore(n, code.make());
                any = true;
            }
        }
        return any;
    }

    /** Inserts {@code code} before every interface call of {@code owner.name desc} in {@code m}. */
    private static boolean beforeCalls(MethodNode m, String owner, String name, String desc, Code code) {
        boolean any = false;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n instanceof MethodInsnNode c && c.getOpcode() == Opcodes.INVOKEINTERFACE && c.owner.equals(owner) && c.name.equals(name)
                    && c.desc.equals(desc)) {
                m.instructions.insertBefore(n, code.make());
                any = true;
            }
        }
        return any;
    }

    /**
     * The local a ConcurrentHashMap view's forEach keeps its traversed node in: the one stored right
     * after the only {@code Traverser.advance()} call; -1 when the method does not have that shape
     * (then it gets no hook).
     */
    private static int traversedNode(MethodNode m) {
        int local = -1;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (!(n instanceof MethodInsnNode c) || !c.name.equals("advance") || !c.owner.equals(CHM + "$Traverser")) continue;
            AbstractInsnNode dup = c.getNext(), store = dup == null ? null : dup.getNext();
            if (local >= 0 || dup == null || dup.getOpcode() != Opcodes.DUP || !(store instanceof VarInsnNode v) || v.getOpcode() != Opcodes.ASTORE) {
                return -1;
            }
            local = v.var;
        }
        return local < 0 || writesElsewhere(m, local) ? -1 : local;
    }

    /** Whether {@code local} is stored into more than once. */
    private static boolean writesElsewhere(MethodNode m, int local) {
        int stores = 0;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n instanceof VarInsnNode v && v.var == local && v.getOpcode() == Opcodes.ASTORE) stores++;
        }
        return stores != 1;
    }

    /** Whether parameter 1 is a reference the method never overwrites: the key, still there at every hook. */
    private static boolean keyIsParameter(MethodNode m) {
        return m.desc.startsWith("(L") && !writes(m, 1);
    }

    /** Whether the method stores into local {@code local} (a parameter the hooks read later). */
    private static boolean writes(MethodNode m, int local) {
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n instanceof VarInsnNode v && v.var == local && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE) return true;
        }
        return false;
    }

    private LdcInsnNode site(String owner, MethodNode m, String what) {
        String simple = owner.substring(owner.lastIndexOf('/') + 1).replace('$', '.');
        int id = context.instruction(owner, m.name, m.desc, -1, -1, "JDK " + simple + "." + m.name + ": " + what);
        return new LdcInsnNode(id);
    }

    private static MethodInsnNode bridge(String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, BRIDGE, name, desc, false);
    }
}
