package dev.wholetrace.agent.jdk;

import dev.wholetrace.agent.instrument.InstrumentationContext;
import dev.wholetrace.agent.instrument.MonitorRegions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
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
    private static final String CSLM = "java/util/concurrent/ConcurrentSkipListMap";
    private static final String FJ_POOL = "java/util/concurrent/ForkJoinPool";
    private static final String COMPLETER = "java/util/concurrent/CountedCompleter";
    private static final String TASK = "Ljava/util/concurrent/ForkJoinTask;";
    private static final String FUTURE = "java/util/concurrent/CompletableFuture";
    /** The lock a ScheduledThreadPoolExecutor's queue takes (the hooks sit right after its lock() call: inside it). */
    private static final String LOCK = "java/util/concurrent/locks/ReentrantLock";

    private final InstrumentationContext context;
    /**
     * Site ids by method and what the hook does: a hook placed before each of a method's returns is
     * one site, not one per return (the code map would otherwise grow by hundreds of entries that
     * say the same thing; a retransformed class gets the ids it had).
     */
    private final Map<String, Integer> sites = new ConcurrentHashMap<>();

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
            List<JdkHookTable.Kind> kinds = JdkHookTable.of(cn.name, m.name, m.desc, m.access);
            for (JdkHookTable.Kind k : kinds) changed |= apply(cn.name, m, k);
        }
        if (!changed) return null;
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(w);
        return w.toByteArray();
    }

    private boolean apply(String owner, MethodNode m, JdkHookTable.Kind kind) {
        int element = JdkHookTable.firstReferenceParameter(m.desc);
        String o1 = "(" + OBJ + "I)V", o2 = "(" + OBJ + OBJ + "I)V", o3 = "(" + OBJ + OBJ + OBJ + "I)V";
        // ConcurrentHashMap's key hooks: (map, key, hash[, value]) and (value, map, key, hash)
        String h2 = "(" + OBJ + OBJ + "II)V", h3 = "(" + OBJ + OBJ + "I" + OBJ + "I)V", rh3 = "(" + OBJ + OBJ + OBJ + "II)V";
        switch (kind) {
            case RELEASE_ELEMENT -> {
                if (element < 0) return false; // read at entry: a later store into the parameter does not matter
                return atEntry(m, hook(owner, m, "release element", "release", o1, load(element)));
            }
            case RELEASE_ALL -> {
                if (element < 0) return false;
                return atEntry(m, hook(owner, m, "release elements", "releaseAll", o1, load(element)));
            }
            case ACQUIRE_RESULT -> {
                return beforeReturns(m, Opcodes.ARETURN, () -> hook(owner, m, "acquire element", "acquire", o1, dup()));
            }
            case ACQUIRE_ARRAY -> {
                return beforeReturns(m, Opcodes.ARETURN, () -> hook(owner, m, "acquire elements (array)", "acquireAll", o1, dup()));
            }
            case ACQUIRE_ELEMENT_IF_TRUE -> {
                if (element < 0 || writes(m, element)) return false;
                return beforeReturns(m, Opcodes.IRETURN, () -> hook(owner, m, "acquire found element", "acquireIf", "(Z" + OBJ + "I)V", dup(),
                        load(element)));
            }
            case ACQUIRE_ELEMENT_IF_FOUND -> {
                if (element < 0 || writes(m, element)) return false;
                return beforeReturns(m, Opcodes.IRETURN, () -> hook(owner, m, "acquire found element", "acquireIfFound", "(I" + OBJ + "I)V",
                        dup(), load(element)));
            }
            case ACQUIRE_ADDED -> {
                return beforeCalls(m, "java/util/Collection", "add", "(" + OBJ + ")Z",
                        () -> hook(owner, m, "acquire drained element", "acquire", o1, dup()));
            }
            case ACQUIRE_ITEM -> {
                return beforeCalls(m, "java/util/concurrent/Flow$Subscriber", "onNext", "(" + OBJ + ")V",
                        () -> hook(owner, m, "acquire item (onNext)", "acquire", o1, dup()));
            }
            case SUBSCRIPTION_RUN -> {
                // the release goes before each compare-and-set of the control word, the one that ends the run (clears
                // RUN) among them: once it is cleared a submitter may start the next run at once, whose acquire must
                // come after this release (a release at the return came too late on some schedules)
                if (writes(m, 0)) return false;
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (n instanceof MethodInsnNode c && c.owner.equals(owner) && c.name.equals("weakCasCtl") && c.desc.equals("(II)Z")) {
                        m.instructions.insertBefore(c, hook(owner, m, "release subscription (run may end)", "release", o1, load(0)));
                        any = true;
                    }
                }
                if (!any) return false;
                InsnList at = hook(owner, m, "acquire subscription (run begins)", "acquire", o1, load(0));
                at.add(hook(owner, m, "acquire subscriber (subscribed)", "acquire", o1, load(0),
                        field(owner, "subscriber", "Ljava/util/concurrent/Flow$Subscriber;")));
                return atEntry(m, at);
            }
            case POOL_WORK_ENDED -> {
                return atEntry(m, hook(owner, m, "release pool quiescence (work ends)", "poolWorkEnded", o1, load(0)));
            }
            case SCHEDULED_QUEUED -> {
                return afterCalls(m, LOCK, "lock", "()V", () -> hook(owner, m, "release queue (offer, lock held)", "scheduledQueued", o1, load(0)));
            }
            case SCHEDULED_QUEUE_WALKED -> {
                return afterCalls(m, LOCK, "lock", "()V", () -> hook(owner, m, "acquire queue (walk, lock held)", "scheduledQueueWalked", o1,
                        load(0)));
            }
            case POOL_TERMINATED_RAN -> {
                return afterCalls(m, owner, "terminated", "()V", () -> hook(owner, m, "release pool quiescence (terminated ran)", "poolWorkEnded", o1,
                        load(0)));
            }
            case THREAD_STARTS -> {
                // the thread is on top of the stack for both: Thread.start() (JDK 17) and SharedThreadContainer.start(thread) (JDK 21+)
                Code fork = () -> hook(owner, m, "fork thread (start)", "threadStarting", o1, dup());
                boolean started = atCalls(m, "java/lang/Thread", "start", "()V", fork, true);
                return atCalls(m, "jdk/internal/vm/SharedThreadContainer", "start", "(Ljava/lang/Thread;)V", fork, true) || started;
            }
            case THREAD_PER_TASK_START -> {
                // the fork before the native start; where the method throws, the fork is closed if the thread never ran (a
                // virtual thread its scheduler rejected)
                if (!onThrowPossible(m, 1)) return false;
                if (!atCalls(m, "jdk/internal/access/JavaLangAccess", "start", "(Ljava/lang/Thread;Ljdk/internal/vm/ThreadContainer;)V",
                        () -> hook(owner, m, "fork thread (start)", "threadStarting", o1, load(1)), true)) return false;
                onThrowOf(owner, m, 1, "close fork (start threw)", "threadStartingThrew");
                return true;
            }
            case THREAD_START0 -> {
                // the fork right before the native start, after the JDK's check that the thread is new, under its monitor;
                // the start's end after it returns, and where the method throws (a fork closed if nothing started)
                if (!onThrowPossible(m, 0)) return false;
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (!(n instanceof MethodInsnNode c) || !c.owner.equals(owner) || !c.name.equals("start0") || !c.desc.equals("()V")) continue;
                    m.instructions.insertBefore(c, hook(owner, m, "fork thread (start)", "threadStart0", o1, load(0)));
                    m.instructions.insert(c, hook(owner, m, "thread started", "threadStart0Returned", o1, load(0)));
                    any = true;
                }
                if (!any) return false;
                onThrowOf(owner, m, 0, "close fork (start threw)", "threadStartThrew");
                return true;
            }
            case VIRTUAL_PARK -> {
                return atEntry(m, hook(owner, m, "virtual thread parks (buffer handed over)", "parking", "(I)V"));
            }
            case RELEASE_IF_TASK -> {
                if (element < 0) return false;
                return atEntry(m, hook(owner, m, "release task (a Runnable that is a ForkJoinTask)", "releaseIfTask", o1, load(element)));
            }
            case FLOCK_START -> {
                if (!onThrowPossible(m, 1)) return false;
                InsnList threw = new InsnList();
                threw.add(dup()); // the exception, rethrown after the hook
                threw.add(hook(owner, m, "close fork (start threw)", "flockStartFailed", "(Ljava/lang/Throwable;" + OBJ + OBJ + "I)V", load(0),
                        load(1)));
                onThrow(owner, m, 1, threw);
                return atEntry(m, hook(owner, m, "fork thread (start)", "flockStarting", o2, load(0), load(1)));
            }
            case FLOCK_JOINED_IF_TRUE -> {
                return beforeReturns(m, Opcodes.IRETURN, () -> hook(owner, m, "join threads (all done)", "flockJoinedIf", "(Z" + OBJ + "I)V", dup(),
                        load(0)));
            }
            case FLOCK_CLOSED -> {
                return beforeAnyReturn(m, () -> hook(owner, m, "join threads (closed)", "flockJoined", o1, load(0)));
            }
            case FLOCK_WAKEUP -> {
                return atEntry(m, hook(owner, m, "release flock (wakeup)", "release", o1, load(0)));
            }
            case FLOCK_AWAITED -> {
                return beforeAnyReturn(m, () -> hook(owner, m, "acquire flock (awaitAll returns)", "acquire", o1, load(0)));
            }
            case SUBTASK_RESULT_SET -> {
                // run sets this.result: the release goes before the volatile write, so no read of it comes first
                if (writes(m, 0)) return false;
                return atResultAccesses(m, owner, Opcodes.PUTFIELD, true, () -> hook(owner, m, "release subtask (result set)", "release", o1, load(0)));
            }
            case SUBTASK_RESULT_READ -> {
                // get, state, exception read this.result into a local: the value read is DUPed for the bridge, which acquires if it is set
                if (writes(m, 0)) return false;
                return atResultAccesses(m, owner, Opcodes.GETFIELD, false, () -> hook(owner, m, "acquire subtask (result read)", "acquireIfSet", o2, dup(),
                        load(0)));
            }
            case CLOSED -> {
                return beforeAnyReturn(m, () -> hook(owner, m, "acquire pool quiescence (closed)", "closed", o1, load(0)));
            }
            case BARRIER_GENERATION_READ -> {
                // the generation read is DUPed for the bridge; the first read only (the later ones, after the wait, test for a trip)
                if (writes(m, 0)) return false;
                return afterFirstRead(m, owner, "generation", () -> hook(owner, m, "barrier generation (await)", "barrierGeneration", o2, dup(), load(0)));
            }
            case ACQUIRE_TIMER_TASK -> {
                return beforeCalls(m, "java/util/TimerTask", "run", "()V", () -> hook(owner, m, "acquire timer task (runs)", "acquire", o1, dup()));
            }
            case ACQUIRE_ACCEPTED -> {
                return beforeCalls(m, "java/util/function/Consumer", "accept", "(" + OBJ + ")V",
                        () -> hook(owner, m, "acquire element (forEach)", "acquire", o1, dup()));
            }
            case KEY_RELEASE -> {
                if (owner.equals(CHM)) {
                    // right after the hash is stored: the value parameter (null: replaceNode removes) is read there too
                    VarInsnNode hash = hashStore(m);
                    if (hash == null || !keyIsParameter(m) || writes(m, 2)) return false;
                    m.instructions.insert(hash, hook(owner, m, "release key", "keyUpdating", h3, load(0), load(1), iload(hash.var), load(2)));
                    return true;
                }
                if (!m.desc.startsWith("(L")) return false; // read at entry
                boolean value = m.desc.startsWith("(" + OBJ + OBJ);
                return atEntry(m, hook(owner, m, "release key", "keyRelease", o3, load(0), load(1),
                        value ? load(2) : new InsnNode(Opcodes.ACONST_NULL)));
            }
            case KEY_ACQUIRE_RESULT -> {
                if (!keyIsParameter(m)) return false;
                if (owner.equals(CHM)) {
                    VarInsnNode hash = hashStore(m);
                    return hash != null && afterHash(m, hash, n -> n.getOpcode() == Opcodes.ARETURN, true,
                            () -> hook(owner, m, "acquire key", "keyRetrieved", rh3, dup(), load(0), load(1), iload(hash.var)));
                }
                return beforeReturns(m, Opcodes.ARETURN, () -> hook(owner, m, "acquire key", "keyAcquire", o3, dup(), load(0), load(1)));
            }
            case KEY_ACQUIRE_IF_TRUE -> {
                if (!keyIsParameter(m)) return false;
                return beforeReturns(m, Opcodes.IRETURN, () -> hook(owner, m, "acquire key", "keyAcquireIf", "(Z" + OBJ + OBJ + "I)V", dup(),
                        load(0), load(1)));
            }
            case KEY_COMPARED -> {
                // the lookup read the node it compares with through the table (a volatile read), after the put that
                // inserted it: the key's equals may read what the putting thread wrote into that key
                VarInsnNode hash = hashStore(m);
                if (!keyIsParameter(m) || hash == null) return false;
                return afterHash(m, hash, n -> isCall(n, "java/lang/Object", "equals", "(" + OBJ + ")Z"), true,
                        () -> hook(owner, m, "acquire key (compared)", "keyCompared", h2, load(0), load(1), iload(hash.var)));
            }
            case KEY_INSERTED -> {
                // the node is published through the table (or a node's next) once built: its key's equals is what a
                // lookup that reaches it may run (KEY_COMPARED); an update of a present key creates no node
                VarInsnNode hash = hashStore(m);
                if (!keyIsParameter(m) || hash == null) return false;
                return afterHash(m, hash, n -> n instanceof MethodInsnNode c && c.getOpcode() == Opcodes.INVOKESPECIAL
                        && c.owner.equals(CHM + "$Node") && c.name.equals("<init>"), true,
                        () -> hook(owner, m, "release key (node created)", "keyInserted", h2, load(0), load(1), iload(hash.var)));
            }
            case VALUE_ACQUIRE_IF_TRUE -> {
                if (!m.desc.startsWith("(L") || writes(m, 1)) return false;
                return beforeReturns(m, Opcodes.IRETURN, () -> hook(owner, m, "acquire keys of the value", "valueAcquireIf",
                        "(Z" + OBJ + OBJ + "I)V", dup(), load(0), load(1)));
            }
            case BULK_ROOT -> {
                // the task the operation builds and invokes: "NEW task; DUP; ...; INVOKESPECIAL <init>" leaves it on the stack
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (n.getOpcode() != Opcodes.INVOKESPECIAL || !(n instanceof MethodInsnNode c) || !c.name.equals("<init>")
                            || !c.owner.startsWith(CHM + "$") || !c.owner.endsWith("Task")) continue;
                    m.instructions.insert(c, hook(owner, m, "bulk operation's root task", "bulkRoot", o2, dup(), load(0)));
                    any = true;
                }
                return any;
            }
            case BULK_NODE -> {
                NodeReturn found = returnedNode(owner, m);
                if (found == null) return false;
                m.instructions.insert(found.tested(), hook(owner, m, "acquire key (bulk operation)", "bulkNode", "(" + OBJ + OBJ + OBJ + "II)V",
                        load(0), load(found.node()), field(CHM + "$Node", "key", OBJ), load(found.node()), field(CHM + "$Node", "val", OBJ),
                        load(found.node()), field(CHM + "$Node", "hash", "I")));
                return true;
            }
            case RETURNED_KEY, RETURNED_ENTRY -> {
                boolean entry = kind == JdkHookTable.Kind.RETURNED_ENTRY;
                return beforeReturns(m, Opcodes.ARETURN, () -> {
                    InsnList at = new InsnList();
                    at.add(dup());
                    at.add(mapOf(owner));
                    at.add(new InsnNode(entry ? Opcodes.ICONST_1 : Opcodes.ICONST_0));
                    at.add(hook(owner, m, entry ? "acquire returned entry" : "acquire returned key", "keyAcquireReturned",
                            "(" + OBJ + OBJ + "ZI)V"));
                    return at;
                });
            }
            case KEY_FUNCTION -> {
                if (!keyIsParameter(m)) return false;
                if (owner.equals(CHM)) {
                    VarInsnNode hash = hashStore(m);
                    if (hash == null) return false;
                    java.util.function.Predicate<AbstractInsnNode> apply = JdkClassHooks::isFunctionApply;
                    return afterHash(m, hash, apply, true, () -> hook(owner, m, "acquire key (function)", "keyFunctionRuns", h2, load(0), load(1),
                            iload(hash.var))) & afterHash(m, hash, apply, false, () -> hook(owner, m, "release key (function)", "keyFunctionRan", h2,
                            load(0), load(1), iload(hash.var)));
                }
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (!isFunctionApply(n)) continue;
                    m.instructions.insertBefore(n, hook(owner, m, "acquire key (function)", "keyAcquireAlways", o2, load(0), load(1)));
                    m.instructions.insert(n, hook(owner, m, "release key (function)", "keyRelease", o3, load(0), load(1),
                            new InsnNode(Opcodes.ACONST_NULL)));
                    any = true;
                }
                return any;
            }
            case KEY_ACCEPTED -> {
                if (owner.equals(CHM)) {
                    int node = traversedNode(m); // forEach(BiConsumer) walks the table as a view's forEach does
                    if (node < 0) return false;
                    return beforeCalls(m, "java/util/function/BiConsumer", "accept", "(" + OBJ + OBJ + ")V", () -> hook(owner, m,
                            "acquire key (forEach)", "keyRetrieved", rh3, load(node), field(CHM + "$Node", "val", OBJ), load(0), load(node), field(CHM + "$Node", "key", OBJ),
                            load(node), field(CHM + "$Node", "hash", "I")));
                }
                int kTmp = m.maxLocals, vTmp = m.maxLocals + 1;
                boolean any = beforeCalls(m, "java/util/function/BiConsumer", "accept", "(" + OBJ + OBJ + ")V", () -> {
                    InsnList at = new InsnList();
                    at.add(new VarInsnNode(Opcodes.ASTORE, vTmp));
                    at.add(new VarInsnNode(Opcodes.ASTORE, kTmp));
                    at.add(hook(owner, m, "acquire key (forEach)", "keyAcquire", o3, load(vTmp), load(0), load(kTmp)));
                    at.add(load(kTmp));
                    at.add(load(vTmp));
                    return at;
                });
                if (any) m.maxLocals += 2;
                return any;
            }
            case ITERATOR_KEY -> {
                return beforeReturns(m, Opcodes.ARETURN, () -> hook(owner, m, "acquire key (iterator)", "iteratorKey", rh3, dup(), load(0),
                        field(CHM + "$BaseIterator", "map", "L" + CHM + ";"), load(0),
                        field(CHM + "$BaseIterator", "lastReturned", "L" + CHM + "$Node;"), field(CHM + "$Node", "key", OBJ), load(0),
                        field(CHM + "$BaseIterator", "lastReturned", "L" + CHM + "$Node;"), field(CHM + "$Node", "hash", "I")));
            }
            case SKIP_LIST_ITERATOR_KEY -> {
                String iter = CSLM + "$Iter";
                return beforeReturns(m, Opcodes.ARETURN, () -> hook(owner, m, "acquire key (iterator)", "keyAcquire", o3, dup(), load(0),
                        field(iter, "this$0", "L" + CSLM + ";"), load(0), field(iter, "lastReturned", "L" + CSLM + "$Node;"),
                        field(CSLM + "$Node", "key", OBJ)));
            }
            case SUB_MAP_ITERATOR_KEY -> {
                String iter = CSLM + "$SubMap$SubMapIter";
                return beforeReturns(m, Opcodes.ARETURN, () -> hook(owner, m, "acquire key (sub-map iterator)", "keyAcquire", o3, dup(),
                        load(0), field(iter, "this$0", "L" + CSLM + "$SubMap;"), field(CSLM + "$SubMap", "m", "L" + CSLM + ";"), load(0),
                        field(iter, "lastReturned", "L" + CSLM + "$Node;"), field(CSLM + "$Node", "key", OBJ)));
            }
            case VIEW_ACCEPTED -> {
                // The view's forEach walks the table with a Traverser: "advance(); DUP; ASTORE n; IFNULL end" and then
                // accepts p.key, p.val or an entry of p: at the accept call, local n holds the (non-null) node.
                int node = traversedNode(m);
                if (node < 0) return false;
                return beforeCalls(m, "java/util/function/Consumer", "accept", "(" + OBJ + ")V", () -> hook(owner, m,
                        "acquire key (view forEach)", "keyRetrieved", rh3, dup(), load(0), field(CHM + "$CollectionView", "map", "L" + CHM + ";"),
                        load(node), field(CHM + "$Node", "key", OBJ), load(node), field(CHM + "$Node", "hash", "I")));
            }
            case JDK_INTERNAL -> {
                // enterJdk at entry; leaveJdk before every return and in a catch-all handler that rethrows
                boolean init = m.name.equals("<clinit>"); // else ClassLoader.loadClass(String)
                int lastLocal = init ? -1 : 1;
                if (!init && !m.desc.equals("(Ljava/lang/String;)Ljava/lang/Class;") || !onThrowPossible(m, lastLocal)) return false;
                beforeReturns(m, init ? Opcodes.RETURN : Opcodes.ARETURN, () -> bridgeOnly("leaveJdk"));
                onThrow(owner, m, lastLocal, bridgeOnly("leaveJdk"));
                atEntry(m, bridgeOnly("enterJdk"));
                return true;
            }
            case PROGRAM_CALLBACK -> {
                // the depth of JDK-internal work parked in a fresh local before each call and restored after it returns; a
                // call that throws leaves the depth at 0, so the rest of that work is recorded, as before the initializers
                // were JDK-internal (a factory that cannot be made: the pool falls back to its default)
                int saved = m.maxLocals;
                String newInstance = "([Ljava/lang/Object;)Ljava/lang/Object;";
                boolean any = beforeCalls(m, "java/lang/reflect/Constructor", "newInstance", newInstance, () -> {
                    InsnList at = new InsnList();
                    at.add(bridge("suspendJdk", "()I"));
                    at.add(new VarInsnNode(Opcodes.ISTORE, saved));
                    return at;
                });
                if (!any) return false;
                afterCalls(m, "java/lang/reflect/Constructor", "newInstance", newInstance, () -> {
                    InsnList at = new InsnList();
                    at.add(new VarInsnNode(Opcodes.ILOAD, saved));
                    at.add(bridge("resumeJdk", "(I)V"));
                    return at;
                });
                m.maxLocals += 1;
                return true;
            }
            case MONITORS -> {
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (n.getOpcode() == Opcodes.MONITORENTER) {
                        m.instructions.insertBefore(n, dup());
                        // inside the block's catch-all, as the program's (else neither C1 nor C2 compiles the method)
                        MonitorRegions.insertAfterEnter(m, n, hook(owner, m, "MONITORENTER", "monitorEnter", o1));
                        any = true;
                    } else if (n.getOpcode() == Opcodes.MONITOREXIT) {
                        m.instructions.insertBefore(n, hook(owner, m, "MONITOREXIT", "monitorExit", o1, dup()));
                        any = true;
                    }
                }
                return any;
            }
            case SYNCHRONIZED_METHOD -> {
                // the method's monitor (this): lock after entry, unlock before every return and on the exceptional exit
                if (!onThrowPossible(m, 0)) return false;
                beforeAnyReturn(m, () -> hook(owner, m, "synchronized method exit", "monitorExit", o1, load(0)));
                onThrow(owner, m, 0, hook(owner, m, "synchronized method exit (exception)", "monitorExit", o1, load(0)));
                atEntry(m, hook(owner, m, "synchronized method entry", "monitorEnter", o1, load(0)));
                return true;
            }
            case RELEASE_THIS -> {
                return atEntry(m, hook(owner, m, m.name.equals("fork") ? "release task (fork)" : "release future (completes)", "release", o1,
                        load(0)));
            }
            case TASK_RUN -> {
                // acquire at entry; release where the run ends, before the task's status says it completed (setDone,
                // trySetException: what a joiner waits for), so that no join can come between
                if (writes(m, 0)) return false;
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (n instanceof MethodInsnNode c && c.owner.equals(owner) && (c.name.equals("setDone") || c.name.equals("trySetException"))) {
                        m.instructions.insertBefore(c, hook(owner, m, "release task (run ends)", "taskDone", o1, load(0)));
                        any = true;
                    }
                }
                if (!any) return false;
                return atEntry(m, hook(owner, m, "acquire task (run begins)", "acquire", o1, load(0)));
            }
            case SOCKET_CLOSING -> {
                return atEntry(m, hook(owner, m, "release server socket (close)", "release", o1, load(0)));
            }
            case ACCEPT_THREW -> {
                if (!onThrowPossible(m, 0)) return false;
                onThrowOf(owner, m, 0, "acquire server socket (accept threw)", "acceptThrew");
                return true;
            }
            case ACQUIRE_THIS_AT_RETURN -> {
                if (!onThrowPossible(m, 0)) return false;
                onThrow(owner, m, 0, hook(owner, m, "acquire task (join threw)", "joinThrew", o1, load(0)));
                return beforeAnyReturn(m, () -> hook(owner, m, "acquire task (join)", "acquire", o1, load(0)));
            }
            case FUTURE_TASK_GET -> {
                if (!onThrowPossible(m, 0)) return false;
                onThrowOf(owner, m, 0, "acquire future (get threw)", "futureGetThrew");
                return beforeAnyReturn(m, () -> hook(owner, m, "acquire future (get)", "acquire", o1, load(0)));
            }
            case FUTURE_TASK_DONE -> {
                // the state read again after isDone's read: once past NEW it only moves within completion or within
                // cancellation, so it tells which one made isDone true; CANCELLED (the first cancellation state) is
                // read from the class, not copied here
                return beforeReturns(m, Opcodes.IRETURN, () -> hook(owner, m, "acquire future (isDone)", "futureDoneIf", "(ZII" + OBJ + "I)V",
                        dup(), load(0), field(owner, "state", "I"), new FieldInsnNode(Opcodes.GETSTATIC, owner, "CANCELLED", "I"), load(0)));
            }
            case ACQUIRE_ELEMENT_AT_RETURN -> {
                if (element < 0 || !onThrowPossible(m, element)) return false;
                onThrow(owner, m, element, hook(owner, m, "acquire task (join threw)", "joinThrew", o1, load(element)));
                return beforeAnyReturn(m, () -> hook(owner, m, "acquire task (join)", "acquire", o1, load(element)));
            }
            case INVOKE_ALL -> {
                // static: the tasks are locals 0 (and 1); each that completed is joined, on return and when it throws
                int params = m.desc.startsWith("(" + TASK + TASK + ")") ? 2 : 1;
                if (!onThrowPossible(m, params - 1)) return false;
                Code joins = () -> {
                    InsnList at = new InsnList();
                    for (int i = 0; i < params; i++) at.add(hook(owner, m, "acquire tasks (invokeAll)", "joinedAll", o1, load(i)));
                    return at;
                };
                onThrow(owner, m, params - 1, joins.make());
                return beforeAnyReturn(m, joins);
            }
            case QUIESCED -> {
                // static helpQuiesce (the caller's pool) and quiesceCommonPool (the common pool)
                return beforeAnyReturn(m, () -> hook(owner, m, "acquire pool quiescence", "quiesced", o1, m.name.equals("quiesceCommonPool")
                        ? new MethodInsnNode(Opcodes.INVOKESTATIC, FJ_POOL, "commonPool", "()L" + FJ_POOL + ";", false)
                        : new InsnNode(Opcodes.ACONST_NULL)));
            }
            case QUIESCED_IF_TRUE -> {
                return beforeReturns(m, Opcodes.IRETURN, () -> hook(owner, m, "acquire pool quiescence", "quiescedIf", "(Z" + OBJ + "I)V", dup(),
                        load(0)));
            }
            case COMPLETION -> {
                // A CountedCompleter's completing call: each CAS of a completer's pending count is a read-modify-write
                // of a volatile, recorded as every atomic's is (SyncAtomics): a release on the completer before it, an
                // acquire after it, so the completions that CAS in turn are ordered as the JVM orders them (a release
                // alone left the CASes unordered, and the STD export's lock approximation ordered them on some schedules
                // only). A release before the root's quietlyComplete (the writes the joiner reads), an acquire on a
                // completer before its onCompletion runs (its pending count was seen zero: every child released).
                int i1 = m.maxLocals, i2 = m.maxLocals + 1, ref = m.maxLocals + 2;
                boolean any = false;
                for (AbstractInsnNode n : m.instructions.toArray()) {
                    if (n instanceof FieldInsnNode f && f.getOpcode() == Opcodes.GETFIELD && f.owner.equals(COMPLETER) && f.name.equals("pending")) {
                        // a read of a completer's pending count: seen zero, the walk goes on up without a CAS of that
                        // completer (propagateCompletion), so its children's releases are acquired here, after the read
                        InsnList keep = new InsnList();
                        keep.add(new InsnNode(Opcodes.DUP));
                        keep.add(new VarInsnNode(Opcodes.ASTORE, ref));
                        m.instructions.insertBefore(f, keep);
                        m.instructions.insert(f, hook(owner, m, "acquire completer (pending read)", "acquire", o1, load(ref)));
                        any = true;
                        continue;
                    }
                    if (!(n instanceof MethodInsnNode c) || c.getOpcode() != Opcodes.INVOKEVIRTUAL) continue;
                    InsnList at = new InsnList();
                    if ((c.name.equals("weakCompareAndSetPendingCount") || c.name.equals("compareAndSetPendingCount")) && c.desc.equals("(II)Z")) {
                        at.add(new VarInsnNode(Opcodes.ISTORE, i2));
                        at.add(new VarInsnNode(Opcodes.ISTORE, i1));
                        at.add(new InsnNode(Opcodes.DUP));
                        at.add(new VarInsnNode(Opcodes.ASTORE, ref));
                        at.add(hook(owner, m, "release completer (pending count)", "release", o1, dup()));
                        at.add(new VarInsnNode(Opcodes.ILOAD, i1));
                        at.add(new VarInsnNode(Opcodes.ILOAD, i2));
                        m.instructions.insert(c, hook(owner, m, "acquire completer (pending count)", "acquire", o1, load(ref)));
                    } else if (c.name.equals("quietlyComplete") && c.desc.equals("()V")) {
                        at.add(hook(owner, m, "release completer (completes)", "release", o1, dup()));
                    } else if (c.name.equals("onCompletion") && c.desc.equals("(L" + COMPLETER + ";)V")) {
                        at.add(new VarInsnNode(Opcodes.ASTORE, ref));
                        at.add(hook(owner, m, "acquire completer (onCompletion)", "acquire", o1, dup()));
                        at.add(load(ref));
                    } else {
                        continue;
                    }
                    m.instructions.insertBefore(c, at);
                    any = true;
                }
                if (any) m.maxLocals += 3;
                return any;
            }
            case ACQUIRE_THIS -> {
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(site(owner, m, "acquire task (executed)"));
                at.add(bridge("acquire", "(" + OBJ + "I)V"));
                m.instructions.insert(at);
                return true;
            }
            case FUTURE_PUSHED -> {
                // whether the completion pushed is a dependent, without a branch (no stack map frame to add): a
                // UniCompletion (every one-, two-source and either-of dependent) or an AnyOf relay; read at entry
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(new VarInsnNode(Opcodes.ALOAD, 1));
                at.add(new TypeInsnNode(Opcodes.INSTANCEOF, FUTURE + "$UniCompletion"));
                at.add(new VarInsnNode(Opcodes.ALOAD, 1));
                at.add(new TypeInsnNode(Opcodes.INSTANCEOF, FUTURE + "$AnyOf"));
                at.add(new InsnNode(Opcodes.IOR));
                at.add(site(owner, m, "release dependents (registered)"));
                at.add(bridge("futurePushed", "(" + OBJ + "ZI)V"));
                return atEntry(m, at);
            }
            case DEPENDENT_FIRES -> {
                // the fields are read at entry, before tryFire clears them (a dependent that already fired has none)
                if (!m.desc.startsWith("(I)")) return false;
                String future = "L" + FUTURE + ";";
                InsnList at = new InsnList();
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(new VarInsnNode(Opcodes.ILOAD, 1));
                at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                at.add(new FieldInsnNode(Opcodes.GETFIELD, owner, "src", future));
                if (JdkHookTable.hasSecondSource(owner)) {
                    at.add(new VarInsnNode(Opcodes.ALOAD, 0));
                    at.add(new FieldInsnNode(Opcodes.GETFIELD, owner, "snd", future));
                } else {
                    at.add(new InsnNode(Opcodes.ACONST_NULL));
                }
                at.add(site(owner, m, "acquire dependents (fires)"));
                at.add(bridge("dependentFires", "(" + OBJ + "I" + OBJ + OBJ + "I)V"));
                return atEntry(m, at);
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

    // ---- the two insertion helpers: a bridge call with what it needs on the stack, and where it goes ------------------

    /**
     * A call of the bridge's {@code name}{@code desc} with a site of its own: {@code loads} push the
     * arguments but the site (a {@code DUP} of a result, locals, fields of them), the site is pushed
     * last.
     */
    private InsnList hook(String owner, MethodNode m, String what, String name, String desc, AbstractInsnNode... loads) {
        InsnList at = new InsnList();
        for (AbstractInsnNode n : loads) at.add(n);
        at.add(site(owner, m, what));
        at.add(bridge(name, desc));
        return at;
    }

    /** Inserts {@code code} at the method's entry. */
    private static boolean atEntry(MethodNode m, InsnList code) {
        m.instructions.insert(code);
        return true;
    }

    /**
     * Runs {@code code} when the method throws, whatever throws: a catch-all handler around the whole
     * body (after its own handlers, which keep precedence) that runs it with the exception on the stack
     * and rethrows. The handler's frame declares the parameters up to local {@code lastLocal} (never
     * stored into: {@link #onThrowPossible}) and the Throwable, which every state of the body is
     * assignable to; nothing else changes, so the body's own frames stay valid.
     */
    private static void onThrow(String owner, MethodNode m, int lastLocal, InsnList code) {
        LabelNode start = new LabelNode(), end = new LabelNode(), handler = new LabelNode();
        m.instructions.insert(start);
        InsnList tail = new InsnList();
        tail.add(end);
        tail.add(handler);
        Object[] locals = frameLocals(owner, m, lastLocal);
        tail.add(new FrameNode(Opcodes.F_FULL, locals.length, locals, 1, new Object[] {"java/lang/Throwable"}));
        tail.add(code);
        tail.add(new InsnNode(Opcodes.ATHROW));
        m.instructions.add(tail);
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    /**
     * {@link #onThrow} with the bridge's {@code name}(Throwable, Object, site) as the code: it gets the exception (rethrown
     * after it) and local {@code local}, the object the hook is about.
     */
    private void onThrowOf(String owner, MethodNode m, int local, String what, String name) {
        InsnList threw = new InsnList();
        threw.add(dup()); // the exception, rethrown after the hook
        threw.add(hook(owner, m, what, name, "(Ljava/lang/Throwable;" + OBJ + "I)V", load(local)));
        onThrow(owner, m, local, threw);
    }

    /** Whether {@link #onThrow} can declare locals 0..{@code lastLocal}: none of them is ever stored into. */
    private static boolean onThrowPossible(MethodNode m, int lastLocal) {
        for (int i = 0; i <= lastLocal; i++) {
            if (writes(m, i)) return false;
        }
        return true;
    }

    /** The verifier types of the method's locals 0..{@code lastLocal} at entry (this, then the parameters). */
    private static Object[] frameLocals(String owner, MethodNode m, int lastLocal) {
        List<Object> locals = new java.util.ArrayList<>();
        int local = 0;
        if ((m.access & Opcodes.ACC_STATIC) == 0) {
            locals.add(owner);
            local = 1;
        }
        for (Type t : Type.getArgumentTypes(m.desc)) {
            if (local > lastLocal) break;
            locals.add(switch (t.getSort()) {
                case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> Opcodes.INTEGER;
                case Type.FLOAT -> Opcodes.FLOAT;
                case Type.LONG -> Opcodes.LONG;
                case Type.DOUBLE -> Opcodes.DOUBLE;
                case Type.ARRAY -> t.getDescriptor();
                default -> t.getInternalName();
            });
            local += t.getSize();
        }
        return locals.toArray();
    }

    private static AbstractInsnNode load(int local) {
        return new VarInsnNode(Opcodes.ALOAD, local);
    }

    private static AbstractInsnNode dup() {
        return new InsnNode(Opcodes.DUP);
    }

    private static AbstractInsnNode field(String owner, String name, String desc) {
        return new FieldInsnNode(Opcodes.GETFIELD, owner, name, desc);
    }

    /** The map whose entries a ConcurrentSkipListMap method works on: the map itself, or a sub-map's backing map. */
    private static InsnList mapOf(String owner) {
        InsnList l = new InsnList();
        l.add(load(0));
        if (owner.equals(CSLM + "$SubMap")) l.add(field(owner, "m", "L" + CSLM + ";"));
        return l;
    }

    private static InsnList bridgeOnly(String name) {
        InsnList l = new InsnList();
        l.add(bridge(name, "()V"));
        return l;
    }

    /** Inserts {@code code} before (or after) each {@code opcode} ({@code GETFIELD}, {@code PUTFIELD}) of {@code owner}'s own {@code result}. */
    private static boolean atResultAccesses(MethodNode m, String owner, int opcode, boolean before, Code code) {
        boolean any = false;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n.getOpcode() != opcode || !(n instanceof FieldInsnNode f) || !f.owner.equals(owner) || !f.name.equals("result")) continue;
            if (before) m.instructions.insertBefore(n, code.make());
            else m.instructions.insert(n, code.make());
            any = true;
        }
        return any;
    }

    /** Inserts {@code code} after the method's first {@code GETFIELD} of {@code owner}'s own {@code field}. */
    private static boolean afterFirstRead(MethodNode m, String owner, String field, Code code) {
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n.getOpcode() == Opcodes.GETFIELD && n instanceof FieldInsnNode f && f.owner.equals(owner) && f.name.equals(field)) {
                m.instructions.insert(n, code.make());
                return true;
            }
        }
        return false;
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

    /** Inserts {@code code} before every interface or virtual call of {@code owner.name desc} in {@code m}. */
    private static boolean beforeCalls(MethodNode m, String owner, String name, String desc, Code code) {
        return atCalls(m, owner, name, desc, code, true);
    }

    /** Inserts {@code code} after every interface or virtual call of {@code owner.name desc} in {@code m} (when it returns). */
    private static boolean afterCalls(MethodNode m, String owner, String name, String desc, Code code) {
        return atCalls(m, owner, name, desc, code, false);
    }

    private static boolean atCalls(MethodNode m, String owner, String name, String desc, Code code, boolean before) {
        boolean any = false;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n instanceof MethodInsnNode c && (c.getOpcode() == Opcodes.INVOKEINTERFACE || c.getOpcode() == Opcodes.INVOKEVIRTUAL)
                    && c.owner.equals(owner) && c.name.equals(name)
                    && c.desc.equals(desc)) {
                if (before) m.instructions.insertBefore(n, code.make());
                else m.instructions.insert(n, code.make());
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

    /** Where a bulk task's advance() returns a node it found: right after that node's null test, and its local. */
    private record NodeReturn(JumpInsnNode tested, int node) {}

    /**
     * ConcurrentHashMap$BulkTask.advance's return of a node it found, {@code ALOAD e; IFNULL; ALOAD 0; ALOAD e; DUP_X1;
     * PUTFIELD next; ARETURN} ({@code if (e != null) return next = e;}), the only one of that shape (the other returns
     * null, {@code return next = null}); null when the method has none or several (then it gets no hook). On the path
     * that falls through the test, {@code e} is the node, not null, which the hook's field reads need.
     */
    private static NodeReturn returnedNode(String owner, MethodNode m) {
        NodeReturn found = null;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n.getOpcode() != Opcodes.ARETURN) continue;
            AbstractInsnNode[] before = new AbstractInsnNode[6]; // PUTFIELD, DUP_X1, ALOAD e, ALOAD 0, IFNULL, ALOAD e
            AbstractInsnNode at = n;
            for (int i = 0; i < before.length && at != null; i++) before[i] = at = real(at.getPrevious(), false);
            if (at == null) continue; // the method starts sooner
            if (!(before[0] instanceof FieldInsnNode put) || put.getOpcode() != Opcodes.PUTFIELD || !put.owner.equals(owner)
                    || !put.name.equals("next") || before[1].getOpcode() != Opcodes.DUP_X1 || !(before[2] instanceof VarInsnNode e)
                    || e.getOpcode() != Opcodes.ALOAD || !isLoad(before[3], 0) || !(before[4] instanceof JumpInsnNode test)
                    || test.getOpcode() != Opcodes.IFNULL || !isLoad(before[5], e.var)) continue;
            if (found != null) return null;
            found = new NodeReturn(test, e.var);
        }
        return found;
    }

    private static boolean isLoad(AbstractInsnNode n, int local) {
        return n instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD && v.var == local;
    }

    /** Whether {@code local} is stored into more than once. */
    private static boolean writesElsewhere(MethodNode m, int local) {
        int stores = 0;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n instanceof VarInsnNode v && v.var == local && v.getOpcode() == Opcodes.ASTORE) stores++;
        }
        return stores != 1;
    }

    /**
     * The store of the hash a ConcurrentHashMap method computes for its key ({@code ISTORE n} right after {@code
     * spread(key.hashCode())}), the only store into that local; null when the method has not that shape (then it gets
     * no key hook). The key hooks take the hash from there: the key's hashCode is program code, which must run as
     * often under the agent as without it.
     */
    private static VarInsnNode hashStore(MethodNode m) {
        VarInsnNode found = null;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (!(n instanceof MethodInsnNode c) || c.getOpcode() != Opcodes.INVOKESTATIC || !c.owner.equals(CHM) || !c.name.equals("spread")) continue;
            if (!(real(c.getNext(), true) instanceof VarInsnNode v) || v.getOpcode() != Opcodes.ISTORE) continue; // a lookup of another key
            if (found != null) return null;
            found = v;
        }
        if (found == null) return null;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n != found && n instanceof VarInsnNode v && v.var == found.var && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE) return null;
        }
        return found;
    }

    /** Inserts {@code code} before (or after) every instruction that {@code at} accepts after {@code hash}, where the hash local is set. */
    private static boolean afterHash(MethodNode m, VarInsnNode hash, java.util.function.Predicate<AbstractInsnNode> at, boolean before, Code code) {
        boolean any = false, set = false;
        for (AbstractInsnNode n : m.instructions.toArray()) {
            if (n == hash) set = true;
            if (!set || !at.test(n)) continue;
            if (before) m.instructions.insertBefore(n, code.make());
            else m.instructions.insert(n, code.make());
            any = true;
        }
        return any;
    }

    private static boolean isCall(AbstractInsnNode n, String owner, String name, String desc) {
        return n instanceof MethodInsnNode c && (c.getOpcode() == Opcodes.INVOKEINTERFACE || c.getOpcode() == Opcodes.INVOKEVIRTUAL)
                && c.owner.equals(owner) && c.name.equals(name) && c.desc.equals(desc);
    }

    /** A call of a compute or merge function: {@code Function.apply} or {@code BiFunction.apply}. */
    private static boolean isFunctionApply(AbstractInsnNode n) {
        return n instanceof MethodInsnNode c && c.getOpcode() == Opcodes.INVOKEINTERFACE && c.name.equals("apply")
                && (c.owner.equals("java/util/function/Function") || c.owner.equals("java/util/function/BiFunction"));
    }

    private static AbstractInsnNode iload(int local) {
        return new VarInsnNode(Opcodes.ILOAD, local);
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
        String text = "JDK " + simple + "." + m.name + ": " + what;
        int id = sites.computeIfAbsent(owner + '.' + m.name + m.desc + ' ' + what, k -> context.instruction(owner, m.name, m.desc, -1, -1, text));
        return new LdcInsnNode(id);
    }

    private static MethodInsnNode bridge(String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, BRIDGE, name, desc, false);
    }
}
