package dev.wholetrace.simulate.egraph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The execution graph generator (§3.2): the methods reachable from the entry's {@code main}
 * (rapid type analysis: a virtual call's targets are the overriding methods of the classes the
 * reachable code instantiates, and the lambdas it creates), each clustered into vertices.
 *
 * <p>Instruction clustering: a vertex ends at a branch, a return or throw, before a branch target,
 * and after an instruction with an {@link Action} (a call of a program method, a monitor
 * instruction, a JDK synchronization or communication call), so that every vertex is "cycles, then
 * one action". Loops are marked by {@link LoopFinder}.
 */
public final class GraphBuilder {
    private final ClassSource.Program program;
    private final SubtypeCheck subtypes;
    private final Map<String, MethodRef> reachable = new LinkedHashMap<>();
    private final Set<String> scanned = new HashSet<>();
    private final Set<String> instantiated = new HashSet<>();
    private final List<Lambda> lambdas = new ArrayList<>();
    private final Set<String> resolvedOnce = new HashSet<>();
    private int lastInstantiated = -1, lastLambdas = -1;
    private final Map<String, Integer> outsideCalls = new HashMap<>();
    private GraphLimits limits;
    /** Prices the program's calls into the JDK by the JDK's own bytecode; null: each is one {@link OpClass#JDK} instruction. */
    private final JdkBodies jdkBodies;

    private record MethodRef(ClassNode owner, MethodNode method) {
        String id() {
            return owner.name + "." + method.name + method.desc;
        }
    }

    private record Lambda(String iface, String name, String samDesc, String impl, String createdIn, int index) {}

    /** What a call instruction does: its action and, for CALL/THREAD_START/SUBMIT, the methods it runs. */
    private record Resolved(Action action, List<String> targets) {}

    /** A builder that prices each call into the JDK as one {@link OpClass#JDK} instruction (egraphs before session 40). */
    public GraphBuilder(ClassSource.Program program) {
        this(program, null);
    }

    /**
     * A builder that adds to each call into the JDK the instructions the JDK's method runs
     * ({@link JdkBodies}; docs/egraph.md, "JDK bodies"), when {@code jdkBodies} is not null.
     */
    public GraphBuilder(ClassSource.Program program, JdkBodies jdkBodies) {
        this.program = program;
        this.subtypes = new SubtypeCheck(name -> program.classes().get(name));
        this.jdkBodies = jdkBodies;
    }

    /** The graph of the program whose main thread runs {@code entryClass.main(String[])} (a dotted or internal name). */
    public ExecutionGraph build(String entryClass) throws EgraphException {
        String entryName = entryClass.replace('.', '/');
        ClassNode entry = program.classes().get(entryName);
        if (entry == null) throw new EgraphException("no class " + entryClass + " in the input");
        MethodNode main = declared(entry, "main", "([Ljava/lang/String;)V");
        if (main == null || (main.access & Opcodes.ACC_STATIC) == 0) throw new EgraphException(entryClass + " has no static main(String[])");
        MethodRef root = new MethodRef(entry, main);
        reachable.put(root.id(), root);
        outsideCalls.clear();
        reachability();
        List<String> ids = new ArrayList<>(reachable.keySet());
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) index.put(ids.get(i), i);
        List<MethodGraph> graphs = new ArrayList<>();
        for (String id : ids) graphs.add(graphOf(reachable.get(id), index));
        ExecutionGraph graph = new ExecutionGraph(0, graphs);
        limits = limitsOf(graph);
        return graph;
    }

    /** What the graph {@link #build} made leaves out (null before a build). */
    public GraphLimits limits() {
        return limits;
    }

    private GraphLimits limitsOf(ExecutionGraph graph) {
        BitSet run = new BitSet();
        ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(graph.entry()));
        run.set(graph.entry());
        while (!todo.isEmpty()) {
            for (Vertex v : graph.methods().get(todo.poll()).vertices()) {
                for (int t : v.targets) if (!run.get(t)) {
                    run.set(t);
                    todo.add(t);
                }
            }
        }
        List<String> neverRun = new ArrayList<>();
        for (int i = run.nextClearBit(0); i < graph.methods().size(); i = run.nextClearBit(i + 1)) neverRun.add(graph.methods().get(i).id());
        Map<String, Integer> sorted = new LinkedHashMap<>();
        outsideCalls.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return new GraphLimits(sorted, neverRun);
    }

    /** Scans reachable methods and resolves their calls until nothing new is reachable. */
    private void reachability() {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (MethodRef m : new ArrayList<>(reachable.values())) {
                if (scanned.add(m.id())) {
                    scan(m);
                    changed = true;
                }
            }
            // a call site's targets change only when the instantiated classes or lambdas do: the
            // methods seen before are resolved again only then
            boolean grew = instantiated.size() != lastInstantiated || lambdas.size() != lastLambdas;
            lastInstantiated = instantiated.size();
            lastLambdas = lambdas.size();
            for (MethodRef m : new ArrayList<>(reachable.values())) {
                if (!grew && !resolvedOnce.add(m.id())) continue;
                resolvedOnce.add(m.id());
                for (AbstractInsnNode n : m.method().instructions) {
                    if (n instanceof MethodInsnNode call) {
                        for (String t : resolve(m, call).targets()) changed |= reach(t);
                    }
                }
            }
        }
    }

    private boolean reach(String id) {
        if (reachable.containsKey(id)) return false;
        int dot = id.indexOf('.'), paren = id.indexOf('(');
        ClassNode c = program.classes().get(id.substring(0, dot));
        MethodNode m = c == null ? null : declared(c, id.substring(dot + 1, paren), id.substring(paren));
        if (m == null || m.instructions.size() == 0) return false;
        reachable.put(id, new MethodRef(c, m));
        return true;
    }

    private void scan(MethodRef m) {
        int i = 0;
        for (AbstractInsnNode n : m.method().instructions) {
            if (jdkBodies != null && n.getOpcode() == Opcodes.NEW && GraphLimits.isJdk(((TypeInsnNode) n).desc)) jdkBodies.instantiated(((TypeInsnNode) n).desc);
            if (n.getOpcode() == Opcodes.NEW && program.classes().containsKey(((TypeInsnNode) n).desc)) {
                instantiated.add(((TypeInsnNode) n).desc);
                initialized(((TypeInsnNode) n).desc);
            }
            if (n instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.GETSTATIC || f.getOpcode() == Opcodes.PUTSTATIC)) initialized(f.owner);
            if (n instanceof MethodInsnNode c && c.getOpcode() == Opcodes.INVOKESTATIC) initialized(c.owner);
            if (n instanceof InvokeDynamicInsnNode indy && indy.bsmArgs.length >= 2 && indy.bsmArgs[1] instanceof Handle h
                    && h.getTag() == Opcodes.H_NEWINVOKESPECIAL && program.classes().containsKey(h.getOwner())) {
                instantiated.add(h.getOwner());
                initialized(h.getOwner());
            }
            Handle impl = programLambda(n);
            if (impl != null) {
                InvokeDynamicInsnNode indy = (InvokeDynamicInsnNode) n;
                String implId = id(impl);
                lambdas.add(new Lambda(Type.getReturnType(indy.desc).getInternalName(), indy.name, ((Type) indy.bsmArgs[0]).getDescriptor(), implId, m.id(), i));
                reach(implId);
            }
            i++;
        }
    }

    /**
     * A class the reachable code initializes: its static initializer's allocations and lambdas count
     * for the call resolution (an enum's constants, a registry of factories), but the initializer is
     * not a vertex of the graph (it runs once, before the code that made it run).
     */
    private void initialized(String cls) {
        ClassNode c = program.classes().get(cls);
        if (c == null || !initializedClasses.add(cls)) return;
        for (MethodNode m : c.methods) if (m.name.equals("<clinit>")) scan(new MethodRef(c, m));
        if (c.superName != null) initialized(c.superName);
    }

    private final Set<String> initializedClasses = new HashSet<>();

    /** The method {@code name desc} as {@code c} or its program superclasses declare it, or null. */
    private MethodNode declared(ClassNode c, String name, String desc) {
        for (ClassNode k = c; k != null; k = program.classes().get(k.superName)) {
            for (MethodNode m : k.methods) if (m.name.equals(name) && m.desc.equals(desc) && (m.access & Opcodes.ACC_ABSTRACT) == 0) return m;
            if (k.superName == null) break;
        }
        return null;
    }

    private String declaringId(String cls, String name, String desc) {
        for (ClassNode k = program.classes().get(cls); k != null; k = program.classes().get(k.superName)) {
            for (MethodNode m : k.methods) {
                if (m.name.equals(name) && m.desc.equals(desc) && (m.access & Opcodes.ACC_ABSTRACT) == 0 && m.instructions.size() > 0) return k.name + "." + name + desc;
            }
            if (k.superName == null) break;
        }
        return null;
    }

    /** The first class outside the program on {@code cls}'s superclass chain ({@code cls} itself if it is outside). */
    private String libraryOwner(String cls) {
        String k = cls;
        while (program.classes().containsKey(k)) {
            ClassNode c = program.classes().get(k);
            if (c.superName == null) return "java/lang/Object";
            if ((c.access & Opcodes.ACC_INTERFACE) != 0) {
                // an interface of the program: its JDK super-interface, if one is a synchronizer's
                for (String i : c.interfaces) if (!program.classes().containsKey(i)) return i;
                return k;
            }
            k = c.superName;
        }
        return k;
    }

    private boolean isSubtype(String cls, String of) {
        return subtypes.isSubtype(cls, of);
    }

    private Resolved resolve(MethodRef in, MethodInsnNode call) {
        List<String> targets = new ArrayList<>();
        if (call.getOpcode() == Opcodes.INVOKESTATIC || call.getOpcode() == Opcodes.INVOKESPECIAL) {
            String id = declaringId(call.owner, call.name, call.desc);
            if (id != null) targets.add(id);
        } else {
            for (String c : instantiated) {
                if (!isSubtype(c, call.owner)) continue;
                String id = declaringId(c, call.name, call.desc);
                if (id != null && !targets.contains(id)) targets.add(id);
            }
            for (Lambda l : lambdas) {
                if (l.name().equals(call.name) && l.samDesc().equals(call.desc) && (l.iface().equals(call.owner) || isSubtype(l.iface(), call.owner))
                        && !targets.contains(l.impl())) targets.add(l.impl());
            }
        }
        if (!targets.isEmpty()) return new Resolved(Action.CALL, targets);
        Action a = SyncCatalog.of(libraryOwner(call.owner), call.name);
        if (a == Action.THREAD_START || a == Action.SUBMIT) return new Resolved(a, threadBody(in, call));
        return new Resolved(a, List.of());
    }

    /**
     * A call into the JDK that is handed a lambda of the program as an argument
     * ({@code stream.map(x -> ...)}, {@code list.forEach(...)}, {@code map.computeIfAbsent(k, ...)}):
     * that code calls the lambda back, so the vertex is a {@link Action#CALLBACK} of it. Only a lambda
     * made right there counts (its {@code invokedynamic} is the argument's source); one kept in a
     * variable or a field is not followed. Only a {@code java.util.function} interface or a
     * {@code Comparator}, which the code handed it calls before it returns; not a constructor's
     * argument, which is kept for later ({@code new Thread(() -> ...)}: a {@code Runnable} runs when the
     * thread starts), nor a {@code CompletableFuture} stage's, which runs when its input completes,
     * maybe on another thread, nor a factory's that returns a function made of it
     * ({@code Comparator.comparing}, {@code Collectors.toMap}, {@code ThreadLocal.withInitial}: it runs
     * where that function is used). {@code frame} is the stack before the call; null when the
     * instruction is unreachable.
     */
    private Resolved callback(MethodInsnNode call, Frame<SourceValue> frame) {
        if (frame == null || !GraphLimits.isJdk(call.owner) || call.name.equals("<init>") || call.owner.equals("java/util/concurrent/CompletableFuture")
                || call.owner.equals("java/util/concurrent/CompletionStage") || keepsIt(Type.getReturnType(call.desc))) {
            return new Resolved(Action.NONE, List.of());
        }
        List<String> passed = lambdasPassed(call, frame);
        return new Resolved(passed.isEmpty() ? Action.NONE : Action.CALLBACK, passed);
    }

    /**
     * The program's lambdas made right at {@code call} and passed to it as arguments (their
     * {@code invokedynamic} is the argument's source in {@code frame}, the stack before the call; the
     * receiver, below the arguments, is not one) whose interfaces are called before the call returns.
     */
    private List<String> lambdasPassed(MethodInsnNode call, Frame<SourceValue> frame) {
        int args = Type.getArgumentTypes(call.desc).length;
        List<String> passed = new ArrayList<>();
        for (int a = 0; a < args; a++) {
            for (AbstractInsnNode source : frame.getStack(frame.getStackSize() - 1 - a).insns) {
                Handle impl = programLambda(source);
                if (impl == null || !calledBefore(Type.getReturnType(((InvokeDynamicInsnNode) source).desc).getInternalName())) continue;
                if (!passed.contains(id(impl))) passed.add(id(impl));
            }
        }
        return passed;
    }

    /** The implementation of the lambda or method reference {@code n} makes, when {@code n} is a {@code LambdaMetafactory} call for a program method; else null. */
    private Handle programLambda(AbstractInsnNode n) {
        return n instanceof InvokeDynamicInsnNode indy && indy.bsm.getOwner().equals("java/lang/invoke/LambdaMetafactory") && indy.bsmArgs.length >= 2
                && indy.bsmArgs[1] instanceof Handle impl && program.classes().containsKey(impl.getOwner()) ? impl : null;
    }

    private static String id(Handle method) {
        return method.getOwner() + "." + method.getName() + method.getDesc();
    }

    /** Whether a JDK method returning this type keeps the lambdas handed to it in what it returns, to be called later. */
    private static boolean keepsIt(Type returned) {
        if (returned.getSort() != Type.OBJECT) return false;
        String r = returned.getInternalName();
        return calledBefore(r) || r.equals("java/util/stream/Collector") || r.equals("java/lang/ThreadLocal") || r.equals("java/lang/Runnable")
                || r.equals("java/util/concurrent/Callable");
    }

    /** Whether a lambda of this functional interface, handed to a JDK method, is called before that method returns (as a rule). */
    private static boolean calledBefore(String functionalInterface) {
        return functionalInterface.startsWith("java/util/function/") || functionalInterface.equals("java/util/Comparator");
    }

    /**
     * The thread body a start or submit runs: the program's Runnable/Callable or lambda handed to
     * the thread the call starts ({@link #handedBody}); else its Runnable/Callable/Thread subclass or
     * lambda created in the same method, the last one before the call (the first after it when none
     * is before), which is where the thread's code is set in the common patterns (new Thread(lambda),
     * a loop creating workers and another starting them, executor.submit(() -> ...)).
     */
    private List<String> threadBody(MethodRef in, MethodInsnNode call) {
        // resolve runs again for every method each time the instantiated classes grow: a method's frames once
        Frame<SourceValue>[] frames = startFrames.computeIfAbsent(in.id(), k -> frames(in));
        MethodInsnNode handOver = startedBy(in.method().instructions, frames, call);
        String best = handedBody(in, frames, handOver);
        if (best != null) return List.of(best);
        boolean before = true;
        for (AbstractInsnNode n : in.method().instructions) {
            if (n == call) {
                if (best != null) break;
                before = false;
                continue;
            }
            String body = null;
            if (n.getOpcode() == Opcodes.NEW) {
                String t = ((TypeInsnNode) n).desc;
                if (program.classes().containsKey(t)) {
                    if (isSubtype(t, "java/lang/Runnable") || libraryOwner(t).equals("java/lang/Thread")) body = declaringId(t, "run", "()V");
                    else if (isSubtype(t, "java/util/concurrent/Callable")) body = declaringId(t, "call", "()Ljava/lang/Object;");
                }
            } else if (programLambda(n) != null) {
                String iface = Type.getReturnType(((InvokeDynamicInsnNode) n).desc).getInternalName();
                if (iface.equals("java/lang/Runnable") || iface.equals("java/util/concurrent/Callable") || iface.equals("java/util/function/Supplier")) {
                    body = id(programLambda(n));
                }
            }
            if (body != null) {
                best = body;
                if (!before) break;
            }
        }
        if (best == null) best = bodyByType(in, frames, call, handOver);
        if (best == null && call.getOpcode() != Opcodes.INVOKESTATIC && !libraryOwner(call.owner).equals(call.owner)) {
            best = declaringId(call.owner, "run", "()V"); // a Thread subclass started from outside the method that made it
        }
        return best == null ? List.of() : List.of(best);
    }

    /**
     * The program's lambda, or Runnable or Callable class, made in this method and handed to the
     * executor call itself or to the {@code new Thread(…)} or {@code newThread} that made the thread
     * {@code start()} is called on (followed back through local variables): with two threads made
     * before either starts, the last lambda before the start is the other thread's. Null when the
     * receiver or the argument does not show it.
     */
    private String handedBody(MethodRef in, Frame<SourceValue>[] frames, MethodInsnNode handOver) {
        InsnList list = in.method().instructions;
        SourceValue handed = handedValue(list, frames, handOver);
        AbstractInsnNode p = handed == null ? null : origin(list, frames, handed);
        if (p == null) return null;
        Handle lambda = programLambda(p);
        if (lambda != null) return id(lambda);
        if (p.getOpcode() != Opcodes.NEW || !program.classes().containsKey(((TypeInsnNode) p).desc)) return null;
        String t = ((TypeInsnNode) p).desc;
        return isSubtype(t, "java/lang/Runnable") ? declaringId(t, "run", "()V")
                : isSubtype(t, "java/util/concurrent/Callable") ? declaringId(t, "call", "()Ljava/lang/Object;") : null;
    }

    /**
     * The body of a thread whose Runnable was made elsewhere, as libraries start their threads
     * (LMAX Disruptor's {@code factory.newThread(this.eventprocessor).start()}): the Runnable or
     * Callable handed to the executor call itself, or to the {@code new Thread(…)} or
     * {@code ThreadFactory.newThread} that made the started thread (followed back from
     * {@code start()}'s receiver through locals; when that does not show it, the nearest such
     * hand-over before the call in this method) comes from a field, a parameter,
     * a cast or a call whose static type has exactly one implementation the program makes (or one
     * lambda); null when there is none or more than one (the thread then runs nothing simulated, and
     * {@code graph} says so).
     */
    private String bodyByType(MethodRef in, Frame<SourceValue>[] frames, MethodInsnNode call, MethodInsnNode handOver) {
        InsnList list = in.method().instructions;
        // a thread made with no Runnable runs its own run(): handedValue is null then
        SourceValue handed = handedValue(list, frames, handOver != null ? handOver : nearestHandOver(call));
        String type = handed == null ? null : staticType(in, handed);
        return type == null ? null : onlyImplementation(type);
    }

    /** The frames of the methods that start threads, by method id ({@link #threadBody}). */
    private final Map<String, Frame<SourceValue>[]> startFrames = new HashMap<>();

    /** The call that hands the thread {@code call} starts its Runnable: {@code call} itself (an executor's), else {@link #makerOf}. */
    private MethodInsnNode startedBy(InsnList list, Frame<SourceValue>[] frames, MethodInsnNode call) {
        return runnableArgument(call) >= 0 ? call : makerOf(list, frames, call);
    }

    /** The Runnable or Callable {@code handOver} is given; null when it takes none, or is null, or its frame is not known. */
    private static SourceValue handedValue(InsnList list, Frame<SourceValue>[] frames, MethodInsnNode handOver) {
        if (handOver == null || runnableArgument(handOver) < 0) return null;
        Frame<SourceValue> f = frames[list.indexOf(handOver)];
        return f == null ? null : f.getStack(f.getStackSize() - Type.getArgumentTypes(handOver.desc).length + runnableArgument(handOver));
    }

    /** The last hand-over of a Runnable before {@code call}, for a thread whose making its receiver does not show. */
    private MethodInsnNode nearestHandOver(MethodInsnNode call) {
        for (AbstractInsnNode n = call.getPrevious(); n != null; n = n.getPrevious()) {
            if (n instanceof MethodInsnNode c && handsOver(c) && runnableArgument(c) >= 0) return c;
        }
        return null;
    }

    /** The index of {@code c}'s first Runnable or Callable argument; -1 when it has none. */
    private static int runnableArgument(MethodInsnNode c) {
        Type[] args = Type.getArgumentTypes(c.desc);
        for (int r = 0; r < args.length; r++) {
            String d = args[r].getDescriptor();
            if (d.equals("Ljava/lang/Runnable;") || d.equals("Ljava/util/concurrent/Callable;")) return r;
        }
        return -1;
    }

    /**
     * The hand-over ({@link #handsOver}) that made the thread {@code start} is called on, followed
     * back through local variables: a {@code newThread} call, or the constructor call of a
     * {@code new Thread}; null when the receiver comes from elsewhere (a field, a parameter, a call).
     */
    private MethodInsnNode makerOf(InsnList list, Frame<SourceValue>[] frames, MethodInsnNode start) {
        if (start.getOpcode() == Opcodes.INVOKESTATIC) return null;
        Frame<SourceValue> f = frames[list.indexOf(start)];
        if (f == null) return null;
        AbstractInsnNode p = origin(list, frames, f.getStack(f.getStackSize() - Type.getArgumentTypes(start.desc).length - 1));
        if (p instanceof MethodInsnNode m) return handsOver(m) && !m.name.equals("<init>") ? m : null;
        return p != null && p.getOpcode() == Opcodes.NEW ? constructorOf(list, frames, p, frames[list.indexOf(p)].getStackSize()) : null;
    }

    /** The instruction that made {@code v}, followed back through local variables, DUP and CHECKCAST; null when not one instruction. */
    private static AbstractInsnNode origin(InsnList list, Frame<SourceValue>[] frames, SourceValue v) {
        for (int hops = 0; hops < 8 && v.insns.size() == 1; hops++) {
            AbstractInsnNode p = v.insns.iterator().next();
            Frame<SourceValue> at = frames[list.indexOf(p)];
            if (at == null) return null;
            if (p.getOpcode() == Opcodes.ALOAD) v = at.getLocal(((VarInsnNode) p).var);
            else if (p.getOpcode() == Opcodes.ASTORE || p.getOpcode() == Opcodes.DUP || p.getOpcode() == Opcodes.CHECKCAST) v = at.getStack(at.getStackSize() - 1);
            else return p;
        }
        return null;
    }

    /** The constructor call of the object {@code NEW} made: the first after it whose receiver is NEW's DUP (stack slot {@code depth} + 1). */
    private MethodInsnNode constructorOf(InsnList list, Frame<SourceValue>[] frames, AbstractInsnNode alloc, int depth) {
        for (AbstractInsnNode n = alloc.getNext(); n != null; n = n.getNext()) {
            if (!(n instanceof MethodInsnNode c) || !c.name.equals("<init>") || c.getOpcode() != Opcodes.INVOKESPECIAL) continue;
            Frame<SourceValue> f = frames[list.indexOf(n)];
            if (f != null && f.getStackSize() - Type.getArgumentTypes(c.desc).length - 1 == depth + 1) return handsOver(c) ? c : null;
        }
        return null;
    }

    /** A call that hands a Runnable to a thread it makes: a Thread constructor or a ThreadFactory's newThread. */
    private boolean handsOver(MethodInsnNode c) {
        return c.name.equals("<init>") && libraryOwner(c.owner).equals("java/lang/Thread")
                || c.name.equals("newThread") && c.desc.equals("(Ljava/lang/Runnable;)Ljava/lang/Thread;");
    }

    /** The static type (internal name) of a value read from a field, a parameter, a cast or a call's result; else null. */
    private static String staticType(MethodRef in, SourceValue v) {
        if (v.insns.size() != 1) return null;
        AbstractInsnNode p = v.insns.iterator().next();
        Type t = null;
        if (p instanceof FieldInsnNode f && (p.getOpcode() == Opcodes.GETFIELD || p.getOpcode() == Opcodes.GETSTATIC)) t = Type.getType(f.desc);
        else if (p.getOpcode() == Opcodes.CHECKCAST) t = Type.getObjectType(((TypeInsnNode) p).desc);
        else if (p instanceof MethodInsnNode m) t = Type.getReturnType(m.desc);
        else if (p instanceof VarInsnNode load && p.getOpcode() == Opcodes.ALOAD) {
            boolean isStatic = (in.method().access & Opcodes.ACC_STATIC) != 0;
            int slot = isStatic ? 0 : 1;
            for (Type a : Type.getArgumentTypes(in.method().desc)) {
                if (slot == load.var) t = a;
                slot += a.getSize();
            }
        }
        return t != null && t.getSort() == Type.OBJECT ? t.getInternalName() : null;
    }

    /** The one run() (or call()) of the classes the program makes and its lambdas that implement {@code type}; null when none or several. */
    private String onlyImplementation(String type) {
        Set<String> found = new LinkedHashSet<>();
        for (String c : instantiated) {
            if (!isSubtype(c, type)) continue;
            String run = declaringId(c, "run", "()V");
            if (run == null) run = declaringId(c, "call", "()Ljava/lang/Object;");
            if (run != null) found.add(run);
        }
        for (Lambda l : lambdas) if (isSubtype(l.iface(), type) || l.iface().equals(type)) found.add(l.impl());
        return found.size() == 1 ? found.iterator().next() : null;
    }

    // ---- one method's graph -------------------------------------------------------------------

    private MethodGraph graphOf(MethodRef m, Map<String, Integer> index) {
        MethodNode method = m.method();
        AbstractInsnNode[] insns = method.instructions.toArray();
        int[] offsets = program.offsets().getOrDefault(m.owner().name, Map.of()).get(method.name + method.desc);
        int[] bci = new int[insns.length];
        int real = 0;
        for (int i = 0; i < insns.length; i++) {
            bci[i] = insns[i].getOpcode() < 0 ? -1 : offsets != null && real < offsets.length ? offsets[real] : real;
            if (insns[i].getOpcode() >= 0) real++;
        }
        Frame<SourceValue>[] frames = frames(m);
        Map<LabelNode, Integer> labels = new HashMap<>();
        for (int i = 0; i < insns.length; i++) if (insns[i] instanceof LabelNode l) labels.put(l, i);
        Action[] actions = new Action[insns.length];
        List<List<String>> targets = new ArrayList<>();
        boolean[] leader = new boolean[insns.length + 1];
        leader[firstReal(insns, 0)] = true;
        for (int i = 0; i < insns.length; i++) {
            targets.add(List.of());
            AbstractInsnNode n = insns[i];
            int op = n.getOpcode();
            if (op < 0) continue;
            actions[i] = Action.NONE;
            if (n instanceof MethodInsnNode call) {
                Resolved r = resolve(m, call);
                if (r.action() == Action.NONE && r.targets().isEmpty()) r = callback(call, frames[i]);
                actions[i] = r.action();
                targets.set(i, r.targets());
                if (r.action() == Action.NONE && r.targets().isEmpty() && !program.classes().containsKey(call.owner) && !GraphLimits.isJdk(call.owner)) {
                    outsideCalls.merge(call.owner + "." + call.name, 1, Integer::sum);
                }
            } else if (op == Opcodes.MONITORENTER) actions[i] = Action.MONITOR_ENTER;
            else if (op == Opcodes.MONITOREXIT) actions[i] = Action.MONITOR_EXIT;
            if (n instanceof JumpInsnNode j) leader[firstReal(insns, labels.get(j.label))] = true;
            if (n instanceof TableSwitchInsnNode t) {
                leader[firstReal(insns, labels.get(t.dflt))] = true;
                for (LabelNode l : t.labels) leader[firstReal(insns, labels.get(l))] = true;
            }
            if (n instanceof LookupSwitchInsnNode t) {
                leader[firstReal(insns, labels.get(t.dflt))] = true;
                for (LabelNode l : t.labels) leader[firstReal(insns, labels.get(l))] = true;
            }
            if (n instanceof JumpInsnNode || n instanceof TableSwitchInsnNode || n instanceof LookupSwitchInsnNode || ends(op) || actions[i] != Action.NONE) {
                leader[firstReal(insns, i + 1)] = true;
            }
        }
        // blocks: leader → vertex
        int[] vertexAt = new int[insns.length + 1];
        Arrays.fill(vertexAt, -1);
        List<Vertex> vs = new ArrayList<>();
        List<Integer> lastInsn = new ArrayList<>(), firstInsn = new ArrayList<>();
        List<double[]> jdkInside = new ArrayList<>(); // per vertex: the JDK bodies its calls run, expected counts
        int current = -1;
        for (int i = 0; i < insns.length; i++) {
            if (insns[i].getOpcode() < 0) continue;
            if (leader[i] || current < 0) {
                current = vs.size();
                vs.add(new Vertex(bci[i]));
                lastInsn.add(i);
                firstInsn.add(i);
                jdkInside.add(new double[OpClass.count()]);
            }
            vertexAt[i] = current;
            Vertex v = vs.get(current);
            OpClass c = classOf(insns[i], actions[i], targets.get(i));
            v.ops[c.ordinal()]++;
            double[] body = c == OpClass.JDK && jdkBodies != null && insns[i] instanceof MethodInsnNode call ? jdkBodies.of(call) : null;
            if (body != null) for (int k = 0; k < body.length; k++) jdkInside.get(current)[k] += body[k];
            lastInsn.set(current, i);
            v.end = bci[i];
        }
        Recurrence recurrence = new Recurrence(m.owner().name, method);
        Set<AbstractInsnNode> transparent = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int k = 0; k < vs.size(); k++) {
            Vertex v = vs.get(k);
            int i = lastInsn.get(k);
            v.chain = recurrence.chain(firstInsn.get(k), i);
            AbstractInsnNode n = insns[i];
            v.action = actions[i];
            List<Integer> next = new ArrayList<>();
            if (n instanceof JumpInsnNode j) {
                if (n.getOpcode() != Opcodes.GOTO && n.getOpcode() != Opcodes.JSR) add(next, vertexAt[firstReal(insns, i + 1)]);
                add(next, vertexAt[firstReal(insns, labels.get(j.label))]);
            } else if (n instanceof TableSwitchInsnNode t) {
                add(next, vertexAt[firstReal(insns, labels.get(t.dflt))]);
                for (LabelNode l : t.labels) add(next, vertexAt[firstReal(insns, labels.get(l))]);
            } else if (n instanceof LookupSwitchInsnNode t) {
                add(next, vertexAt[firstReal(insns, labels.get(t.dflt))]);
                for (LabelNode l : t.labels) add(next, vertexAt[firstReal(insns, labels.get(l))]);
            } else if (!ends(n.getOpcode())) {
                add(next, vertexAt[firstReal(insns, i + 1)]);
            }
            v.setNext(next.stream().mapToInt(Integer::intValue).toArray());
            if (v.action != Action.NONE) {
                List<String> ts = targets.get(i);
                v.setTargets(ts.stream().mapToInt(t -> index.getOrDefault(t, -1)).filter(t -> t >= 0).toArray());
                if (v.action.calls() && v.targets.length == 0) v.action = Action.NONE;
                if (v.action.category != Action.Category.EXECUTION) v.key = key(m, insns, i, bci[i], frames);
                if (v.action == Action.CALLBACK) v.trips = 1; // without a profile: once (many run only sometimes: orElseGet, computeIfAbsent)
                if (v.action == Action.CALL && inlined(m, ts)) { // the JIT inlines it: no call instruction runs
                    v.ops[OpClass.INVOKE.ordinal()]--;
                    v.ops[OpClass.LOCAL.ordinal()]++;
                    if (ts.stream().allMatch(t -> writesNothing(reachable.get(t)))) transparent.add(insns[i]);
                }
            }
        }
        List<Vertex> kept = reachableFromStart(vs);
        if ((method.access & Opcodes.ACC_SYNCHRONIZED) != 0) kept = synchronizedMethod(m, kept);
        Map<Integer, BitSet> loops = LoopFinder.mark(kept);
        Vertex[] vertexOfInsn = new Vertex[insns.length];
        for (int i = 0; i < insns.length; i++) if (vertexAt[i] >= 0) vertexOfInsn[i] = vs.get(vertexAt[i]);
        new LoopAccesses(insns, frames, vertexOfInsn, kept, loops, transparent).apply();
        unlikelyThrows(kept);
        // after unlikelyThrows, which tells a throwing vertex by its lack of a return: the JDK bodies' returns are not the vertex's
        for (int k = 0; k < vs.size(); k++) for (int c = 0; c < OpClass.count(); c++) vs.get(k).ops[c] += Math.round(jdkInside.get(k)[c]);
        return new MethodGraph(m.id(), kept);
    }

    /**
     * The instruction class of {@code n} in a vertex ({@link OpClass#of(AbstractInsnNode)}), except that
     * a call into the JDK that the graph neither follows ({@code targets} empty) nor models as an
     * action is a {@link OpClass#JDK}, as is a string concatenation: its body runs where the graph does
     * not see it. {@code Object.<init>} is empty and stays an invoke.
     */
    static OpClass classOf(AbstractInsnNode n, Action action, List<String> targets) {
        OpClass c = OpClass.of(n);
        if (c != OpClass.INVOKE) return c;
        if (n instanceof InvokeDynamicInsnNode indy) return indy.bsm.getOwner().equals("java/lang/invoke/StringConcatFactory") ? OpClass.JDK : c;
        if (n instanceof MethodInsnNode call && action == Action.NONE && targets.isEmpty() && GraphLimits.isJdk(call.owner)
                && !call.owner.startsWith("[") && !(call.owner.equals("java/lang/Object") && call.name.equals("<init>"))) {
            return OpClass.JDK;
        }
        return c;
    }

    /** HotSpot's C2 inlines the callee of a hot call site up to this many bytes of bytecode ({@code FreqInlineSize}). */
    static final int INLINE_BYTES = 325;

    /**
     * Whether the JIT inlines a call from {@code caller} to {@code targets} (docs/egraph.md, "Inlined
     * calls"): every target is a program method of at most {@link #INLINE_BYTES} bytes of bytecode
     * other than the caller itself (recursion is inlined a bounded number of times, not away).
     */
    private boolean inlined(MethodRef caller, List<String> targets) {
        if (targets.isEmpty()) return false;
        for (String t : targets) {
            MethodRef callee = reachable.get(t);
            if (callee == null || t.equals(caller.id()) || codeBytes(callee) > INLINE_BYTES) return false;
        }
        return true;
    }

    /** Bytes of {@code m}'s bytecode: its last instruction's offset + 1 (the offsets the class file gives), else its instruction count. */
    private int codeBytes(MethodRef m) {
        int[] offsets = program.offsets().getOrDefault(m.owner().name, Map.of()).get(m.method().name + m.method().desc);
        if (offsets != null && offsets.length > 0) return offsets[offsets.length - 1] + 1;
        int n = 0;
        for (AbstractInsnNode x : m.method().instructions) if (x.getOpcode() >= 0) n++;
        return n;
    }

    /** Whether {@code m} writes no field and calls nothing (an inlined call of it cannot change a loop's invariant fields). */
    private static boolean writesNothing(MethodRef m) {
        if (m == null) return false;
        for (AbstractInsnNode x : m.method().instructions) {
            int op = x.getOpcode();
            if (op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC || OpClass.of(op) == OpClass.INVOKE || OpClass.of(op) == OpClass.MONITOR) return false;
        }
        return true;
    }

    /**
     * Branches into code that can only end in a throw get weight 0 (exceptions are rare, and a
     * thread that threw out of its body would end the simulated program early); a profile sets
     * real weights.
     */
    private static void unlikelyThrows(List<Vertex> vs) {
        boolean[] throwing = new boolean[vs.size()];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < vs.size(); i++) {
                Vertex v = vs.get(i);
                boolean t = v.next.length == 0 ? v.ops[OpClass.RETURN.ordinal()] == 0 : v.next.length == 1 && throwing[v.next[0]] && v.action.category == Action.Category.EXECUTION;
                if (t && !throwing[i]) {
                    throwing[i] = true;
                    changed = true;
                }
            }
        }
        for (Vertex v : vs) {
            if (v.next.length < 2) continue;
            boolean any = false;
            for (int n : v.next) any |= !throwing[n];
            if (!any) continue;
            for (int k = 0; k < v.next.length; k++) if (throwing[v.next[k]]) v.weights[k] = 0;
        }
    }

    /** A synchronized method: a MONITOR_ENTER vertex before START and a MONITOR_EXIT after each FINAL. */
    private static List<Vertex> synchronizedMethod(MethodRef m, List<Vertex> vs) {
        String key = (m.method().access & Opcodes.ACC_STATIC) != 0 ? "class:" + m.owner().name : "this:" + m.owner().name;
        List<Vertex> out = new ArrayList<>();
        Vertex enter = new Vertex(-1);
        enter.action = Action.MONITOR_ENTER;
        enter.key = key;
        enter.setNext(new int[] {1});
        out.add(enter);
        for (Vertex v : vs) {
            int[] n = v.next.clone();
            for (int i = 0; i < n.length; i++) n[i]++;
            double[] w = v.weights;
            v.next = n;
            v.weights = w;
            out.add(v);
        }
        int size = out.size();
        for (int i = 1; i < size; i++) {
            Vertex v = out.get(i);
            if (v.next.length == 0) {
                Vertex exit = new Vertex(-2);
                exit.action = Action.MONITOR_EXIT;
                exit.key = key;
                out.add(exit);
                v.setNext(new int[] {out.size() - 1});
            }
        }
        return out;
    }

    private static void add(List<Integer> next, int v) {
        if (v >= 0 && !next.contains(v)) next.add(v);
    }

    /** Whether {@code op} ends a method's flow: a return, a throw, a subroutine return. */
    static boolean ends(int op) {
        return (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) || op == Opcodes.ATHROW || op == Opcodes.RET;
    }

    private static int firstReal(AbstractInsnNode[] insns, int from) {
        int i = from;
        while (i < insns.length && insns[i].getOpcode() < 0) i++;
        return i;
    }

    /** The vertices reachable from vertex 0 along normal flow (exception handlers are not modelled), renumbered. */
    private static List<Vertex> reachableFromStart(List<Vertex> vs) {
        int[] order = new int[vs.size()];
        Arrays.fill(order, -1);
        List<Integer> kept = new ArrayList<>();
        List<Integer> stack = new ArrayList<>(List.of(0));
        while (!stack.isEmpty()) {
            int v = stack.remove(stack.size() - 1);
            if (order[v] >= 0) continue;
            order[v] = kept.size();
            kept.add(v);
            int[] n = vs.get(v).next;
            for (int k = n.length - 1; k >= 0; k--) if (order[n[k]] < 0) stack.add(n[k]);
        }
        List<Vertex> out = new ArrayList<>();
        for (int v : kept) {
            Vertex x = vs.get(v);
            int[] n = x.next.clone();
            for (int k = 0; k < n.length; k++) n[k] = order[n[k]];
            x.next = n;
            out.add(x);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private Frame<SourceValue>[] frames(MethodRef m) {
        try {
            return new Analyzer<>(new SourceInterpreter()).analyze(m.owner().name, m.method());
        } catch (AnalyzerException | RuntimeException e) {
            return new Frame[m.method().instructions.size()];
        }
    }

    /**
     * Which object a synchronization instruction works on, named so that two sites on the same
     * object get the same key: the field it was read from ({@code Owner.field}), {@code this:Class},
     * {@code class:Name} for a class literal, {@code elem:Owner.field} for an element of an array
     * held in a field (one of many objects: see the simulator), else the site ({@code site:method@bci}).
     */
    private String key(MethodRef m, AbstractInsnNode[] insns, int i, int bci, Frame<SourceValue>[] frames) {
        Frame<SourceValue> f = frames[i];
        int receiverDepth = 0;
        AbstractInsnNode n = insns[i];
        if (n instanceof MethodInsnNode call) {
            if (call.getOpcode() == Opcodes.INVOKESTATIC) return "site:" + m.id() + "@" + bci;
            receiverDepth = Type.getArgumentTypes(call.desc).length;
        }
        if (f != null) {
            String k = producer(m, f, f.getStackSize() - 1 - receiverDepth, frames, 0);
            if (k != null) return k;
        }
        return "site:" + m.id() + "@" + bci;
    }

    private String producer(MethodRef m, Frame<SourceValue> f, int slot, Frame<SourceValue>[] frames, int depth) {
        if (slot < 0 || slot >= f.getStackSize() || depth > 6) return null;
        SourceValue v = f.getStack(slot);
        return producerOf(m, v, frames, depth);
    }

    private String producerOf(MethodRef m, SourceValue v, Frame<SourceValue>[] frames, int depth) {
        if (v.insns.size() != 1) return null;
        AbstractInsnNode p = v.insns.iterator().next();
        int at = m.method().instructions.indexOf(p);
        Frame<SourceValue> pf = at >= 0 && at < frames.length ? frames[at] : null;
        switch (p.getOpcode()) {
            case Opcodes.GETFIELD:
            case Opcodes.GETSTATIC:
                return ((FieldInsnNode) p).owner + "." + ((FieldInsnNode) p).name;
            case Opcodes.LDC:
                return ((LdcInsnNode) p).cst instanceof Type t ? "class:" + t.getInternalName() : null;
            case Opcodes.DUP:
                return pf == null ? null : producer(m, pf, pf.getStackSize() - 1, frames, depth + 1);
            case Opcodes.AALOAD: {
                String array = pf == null ? null : producer(m, pf, pf.getStackSize() - 2, frames, depth + 1);
                return array == null ? null : "elem:" + array;
            }
            case Opcodes.ALOAD: {
                int var = ((VarInsnNode) p).var;
                if (var == 0 && (m.method().access & Opcodes.ACC_STATIC) == 0) return "this:" + m.owner().name;
                if (pf == null || var >= pf.getLocals()) return null;
                SourceValue local = pf.getLocal(var);
                if (local.insns.size() != 1) return null;
                AbstractInsnNode store = local.insns.iterator().next();
                int s = m.method().instructions.indexOf(store);
                if (store.getOpcode() != Opcodes.ASTORE || s < 0 || frames[s] == null) return null;
                return producer(m, frames[s], frames[s].getStackSize() - 1, frames, depth + 1);
            }
            default:
                return null;
        }
    }
}
