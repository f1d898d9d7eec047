package dev.wholetrace.agent.jdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.atIndex;

import dev.wholetrace.agent.instrument.InstrumentationContext;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.BasicVerifier;

/**
 * The hooks applied to the JDK that runs the test (17 or 25; a class the running JDK lacks is read
 * from JDK 25's image when it is installed): every class of the table gets hooks (a JDK that renamed
 * a method would show here), the hooked code still verifies, and the documented points carry the
 * bridge calls they should.
 */
class JdkClassHooksTest {
    @TempDir
    static Path dir;
    static TraceRecorder recorder;
    static JdkClassHooks hooks;

    @BeforeAll
    static void open() throws IOException {
        recorder = TraceRecorder.open(dir.resolve("t.wtrace"), RecorderConfig.defaults(TraceMode.COR));
        hooks = new JdkClassHooks(new InstrumentationContext(recorder));
    }

    @AfterAll
    static void close() throws IOException {
        recorder.close();
    }

    /** A JDK whose classes are read when the running one lacks a class of the table (JDK 21+ executors on 17). */
    static final Path NEWER_JDK = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    /**
     * The class file of {@code internalName}: from the running JDK, else from {@link #NEWER_JDK}'s image
     * (a class the table names for a later JDK); null when neither has it.
     */
    static byte[] classFile(String internalName) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            if (in != null) return in.readAllBytes();
        }
        if (!Files.isDirectory(NEWER_JDK)) return null;
        try (FileSystem jrt = FileSystems.newFileSystem(URI.create("jrt:/"), Map.of("java.home", NEWER_JDK.toString()))) {
            Path file = jrt.getPath("modules", "java.base", internalName + ".class");
            return Files.exists(file) ? Files.readAllBytes(file) : null;
        }
    }

    /** The classes of the table that this machine's JDKs have (all of them when JDK 25 is installed). */
    static List<String> tableClassesHere() throws IOException {
        List<String> here = new ArrayList<>();
        for (String c : JdkHookTable.classes()) {
            if (classFile(c) != null) here.add(c);
            else assertThat(Files.isDirectory(NEWER_JDK)).as("%s is in neither JDK", c).isFalse();
        }
        return here;
    }

    static ClassNode hooked(String internalName) throws IOException {
        byte[] original = classFile(internalName);
        assertThat(original).as("%s's class file", internalName).isNotNull();
        byte[] bytes = hooks.hook(original);
        assertThat(bytes).as("%s gets hooks", internalName).isNotNull();
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        return cn;
    }

    /** The bridge methods {@code name}{@code desc} calls, in order. */
    static List<String> bridgeCalls(ClassNode cn, String name, String desc) {
        for (MethodNode m : cn.methods) {
            if (!m.name.equals(name) || !m.desc.equals(desc)) continue;
            List<String> calls = new ArrayList<>();
            for (AbstractInsnNode n : m.instructions) {
                if (n instanceof MethodInsnNode c && c.owner.equals(JdkClassHooks.BRIDGE)) calls.add(c.name);
            }
            return calls;
        }
        throw new AssertionError(cn.name + " has no " + name + desc);
    }

    /** Whether the method named {@code name} calls {@code owner.called} and the call right before each is the bridge's {@code hook}. */
    static boolean callsPrecededBy(ClassNode cn, String name, String owner, String called, String hook) {
        MethodNode m = cn.methods.stream().filter(x -> x.name.equals(name)).findFirst().orElseThrow();
        MethodInsnNode previous = null;
        boolean any = false;
        for (AbstractInsnNode n : m.instructions) {
            if (!(n instanceof MethodInsnNode c)) continue;
            if (c.owner.equals(owner) && c.name.equals(called)) {
                if (previous == null || !previous.owner.equals(JdkClassHooks.BRIDGE) || !previous.name.equals(hook)) return false;
                any = true;
            }
            previous = c;
        }
        return any;
    }

    @Test
    void everyClassOfTheTableGetsHooksThatVerify() throws Exception {
        for (String c : tableClassesHere()) {
            ClassNode cn = hooked(c);
            for (MethodNode m : cn.methods) {
                if (m.instructions.size() == 0) continue;
                new Analyzer<BasicValue>(new BasicVerifier()).analyze(cn.name, m); // throws on a broken stack
            }
        }
    }

    @Test
    void everyBridgeCallNamesAMethodOfTheBridge() throws Exception {
        ClassNode bridge = new ClassNode();
        try (InputStream in = ClassLoader.getSystemResourceAsStream(JdkClassHooks.BRIDGE + ".class")) {
            new ClassReader(in.readAllBytes()).accept(bridge, 0);
        }
        List<String> methods = bridge.methods.stream().map(m -> m.name + m.desc).toList();
        for (String c : tableClassesHere()) {
            for (MethodNode m : hooked(c).methods) {
                for (AbstractInsnNode n : m.instructions) {
                    if (n instanceof MethodInsnNode call && call.owner.equals(JdkClassHooks.BRIDGE)) {
                        assertThat(methods).as("%s.%s calls", c, m.name).contains(call.name + call.desc);
                    }
                }
            }
        }
    }

    @Test
    void queuesReleaseBeforeThePutAndAcquireAfterTheTake() throws Exception {
        ClassNode abq = hooked("java/util/concurrent/ArrayBlockingQueue");
        assertThat(bridgeCalls(abq, "put", "(Ljava/lang/Object;)V")).containsExactly("release");
        assertThat(bridgeCalls(abq, "offer", "(Ljava/lang/Object;JLjava/util/concurrent/TimeUnit;)Z")).containsExactly("release");
        assertThat(bridgeCalls(abq, "take", "()Ljava/lang/Object;")).containsOnly("acquire").isNotEmpty();
        assertThat(bridgeCalls(abq, "poll", "(JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;")).containsOnly("acquire").isNotEmpty();
        assertThat(bridgeCalls(abq, "drainTo", "(Ljava/util/Collection;I)I")).containsOnly("acquire").isNotEmpty();
        assertThat(bridgeCalls(abq, "remove", "(Ljava/lang/Object;)Z")).containsOnly("acquireIf").isNotEmpty();
        assertThat(bridgeCalls(abq, "size", "()I")).isEmpty();
        ClassNode delay = hooked("java/util/concurrent/DelayQueue");
        assertThat(bridgeCalls(delay, "put", "(Ljava/util/concurrent/Delayed;)V")).containsExactly("release");
        ClassNode ltq = hooked("java/util/concurrent/LinkedTransferQueue");
        assertThat(bridgeCalls(ltq, "transfer", "(Ljava/lang/Object;)V")).containsExactly("release");
    }

    @Test
    void mapsPublishThroughTheKeysEntry() throws Exception {
        ClassNode chm = hooked("java/util/concurrent/ConcurrentHashMap");
        assertThat(bridgeCalls(chm, "putVal", "(Ljava/lang/Object;Ljava/lang/Object;Z)Ljava/lang/Object;")).startsWith("keyUpdating")
                .containsOnly("keyUpdating", "keyCompared", "keyInserted", "keyRetrieved").contains("keyCompared", "keyInserted", "keyRetrieved");
        // put, putIfAbsent, replace and remove delegate to putVal and replaceNode, where the map's hash is at hand
        for (String delegating : List.of("put", "putIfAbsent", "replace", "remove")) {
            for (MethodNode m : chm.methods) {
                if (m.name.equals(delegating)) assertThat(bridgeCalls(chm, m.name, m.desc)).as(m.name + m.desc).isEmpty();
            }
        }
        // the acquire before equals pairs with the creation of the key's node, not with every update of the key (a key
        // its owner changed after the put and put again: ConcurrentHashMapKeyMutatedYes)
        for (String inserting : List.of("putVal", "computeIfAbsent", "compute", "merge")) {
            assertThat(callsPrecededBy(chm, inserting, "java/util/concurrent/ConcurrentHashMap$Node", "<init>", "keyInserted")).as(inserting).isTrue();
        }
        assertThat(bridgeCalls(chm, "replaceNode", "(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"))
                .startsWith("keyUpdating").contains("keyRetrieved").doesNotContain("keyInserted");
        // every equals of the key on a key of the bin is preceded by the acquire, whatever it answers (Jackson's type cache)
        assertThat(bridgeCalls(chm, "get", "(Ljava/lang/Object;)Ljava/lang/Object;")).containsOnly("keyRetrieved", "keyCompared")
                .contains("keyRetrieved", "keyCompared");
        assertThat(callsPrecededBy(chm, "get", "java/lang/Object", "equals", "keyCompared")).isTrue();
        assertThat(callsPrecededBy(chm, "replaceNode", "java/lang/Object", "equals", "keyCompared")).isTrue();
        assertThat(bridgeCalls(chm, "compute", "(Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;"))
                .containsOnly("keyFunctionRuns", "keyFunctionRan", "keyCompared", "keyInserted").contains("keyFunctionRuns", "keyFunctionRan", "keyCompared");
        assertThat(bridgeCalls(chm, "containsValue", "(Ljava/lang/Object;)Z")).doesNotContain("keyCompared");
        assertThat(bridgeCalls(chm, "merge", "(Ljava/lang/Object;Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;"))
                .startsWith("keyUpdating").contains("keyFunctionRuns");
        assertThat(bridgeCalls(chm, "forEach", "(Ljava/util/function/BiConsumer;)V")).containsExactly("keyRetrieved");
        assertThat(bridgeCalls(hooked("java/util/concurrent/ConcurrentHashMap$ValueIterator"), "next", "()Ljava/lang/Object;"))
                .containsOnly("iteratorKey").isNotEmpty();
        for (String view : List.of("KeySetView", "ValuesView", "EntrySetView")) {
            assertThat(bridgeCalls(hooked("java/util/concurrent/ConcurrentHashMap$" + view), "forEach", "(Ljava/util/function/Consumer;)V"))
                    .as(view).containsExactly("keyRetrieved");
        }
        // no hook of the map's own goes through the bridge's methods that hash the key in the agent (program code)
        for (MethodNode m : chm.methods) {
            assertThat(bridgeCalls(chm, m.name, m.desc)).as(m.name + m.desc).doesNotContain("keyRelease", "keyAcquire", "keyAcquireIf",
                    "keyAcquireAlways");
        }
        assertThat(bridgeCalls(hooked("java/util/concurrent/ConcurrentSkipListMap$EntryIterator"), "next", "()Ljava/util/Map$Entry;"))
                .containsOnly("keyAcquire").isNotEmpty();
        ClassNode cslm = hooked("java/util/concurrent/ConcurrentSkipListMap");
        assertThat(bridgeCalls(cslm, "doPut", "(Ljava/lang/Object;Ljava/lang/Object;Z)Ljava/lang/Object;")).startsWith("keyRelease");
        assertThat(bridgeCalls(cslm, "doGet", "(Ljava/lang/Object;)Ljava/lang/Object;")).containsOnly("keyAcquire").isNotEmpty();
    }

    @Test
    void classLoadingIsJdkInternalWorkOnEveryExit() throws Exception {
        ClassNode loader = hooked("java/lang/ClassLoader");
        assertThat(bridgeCalls(loader, "loadClass", "(Ljava/lang/String;)Ljava/lang/Class;")).startsWith("enterJdk").endsWith("leaveJdk")
                .contains("leaveJdk", atIndex(1));
        MethodNode m = loader.methods.stream().filter(x -> x.name.equals("loadClass") && x.desc.startsWith("(Ljava/lang/String;)")).findFirst().get();
        assertThat(m.tryCatchBlocks).anyMatch(t -> t.type == null);
        assertThat(bridgeCalls(loader, "loadClass", "(Ljava/lang/String;Z)Ljava/lang/Class;")).isEmpty();
    }

    @Test
    void listsExchangersAndWrappers() throws Exception {
        ClassNode cow = hooked("java/util/concurrent/CopyOnWriteArrayList");
        assertThat(bridgeCalls(cow, "add", "(Ljava/lang/Object;)Z")).containsExactly("release");
        assertThat(bridgeCalls(cow, "add", "(ILjava/lang/Object;)V")).containsExactly("release");
        assertThat(bridgeCalls(cow, "get", "(I)Ljava/lang/Object;")).containsOnly("acquire").isNotEmpty();
        assertThat(bridgeCalls(hooked("java/util/concurrent/CopyOnWriteArrayList$COWIterator"), "next", "()Ljava/lang/Object;"))
                .containsOnly("acquire").isNotEmpty();
        ClassNode ex = hooked("java/util/concurrent/Exchanger");
        assertThat(bridgeCalls(ex, "exchange", "(Ljava/lang/Object;)Ljava/lang/Object;")).startsWith("release").contains("acquire");
        ClassNode list = hooked("java/util/Collections$SynchronizedCollection");
        assertThat(bridgeCalls(list, "add", "(Ljava/lang/Object;)Z")).startsWith("monitorEnter").contains("monitorExit");
    }

    /**
     * CyclicBarrier: one hook, right after dowait's first read of {@code generation} (under the barrier's lock), with
     * the generation read DUPed for it; the later reads (after the wait, testing for a trip) and the public awaits have none.
     */
    @Test
    void numbersABarriersGenerationWhereItsAwaitReadsIt() throws Exception {
        ClassNode barrier = hooked("java/util/concurrent/CyclicBarrier");
        assertThat(bridgeCalls(barrier, "dowait", "(ZJ)I")).containsExactly("barrierGeneration");
        assertThat(bridgeCalls(barrier, "await", "()I")).isEmpty();
        MethodNode dowait = barrier.methods.stream().filter(m -> m.name.equals("dowait")).findFirst().orElseThrow();
        AbstractInsnNode firstRead = null;
        for (AbstractInsnNode n : dowait.instructions) {
            if (n instanceof FieldInsnNode f && f.getOpcode() == Opcodes.GETFIELD && f.name.equals("generation")) {
                firstRead = n;
                break;
            }
        }
        assertThat(firstRead).isNotNull();
        assertThat(firstRead.getNext().getOpcode()).isEqualTo(Opcodes.DUP);
        assertThat(firstRead.getNext().getNext().getOpcode()).isEqualTo(Opcodes.ALOAD);
    }

    /**
     * A hooked synchronized block's monitorEnter hook is inside the block's catch-all, which releases the monitor: before
     * it, HotSpot found the monitors unbalanced and compiled Collections.synchronizedMap's get and put, StringBuffer's,
     * with neither C1 nor C2 (CompilableHandlersTest for the program's own methods).
     */
    @Test
    void aHookedMonitorEnterIsCoveredByTheBlocksRelease() throws Exception {
        ClassNode map = hooked("java/util/Collections$SynchronizedMap");
        MethodNode get = map.methods.stream().filter(m -> m.name.equals("get")).findFirst().orElseThrow();
        int enters = 0;
        for (AbstractInsnNode n : get.instructions) {
            if (!(n instanceof MethodInsnNode c) || !c.name.equals("monitorEnter")) continue;
            enters++;
            int at = get.instructions.indexOf(n);
            TryCatchBlockNode first = null;
            for (TryCatchBlockNode tcb : get.tryCatchBlocks) {
                if (get.instructions.indexOf(tcb.start) <= at && at < get.instructions.indexOf(tcb.end)) {
                    first = tcb;
                    break;
                }
            }
            assertThat(first).as("the monitorEnter hook covered").isNotNull();
            assertThat(first.type).as("by a catch-all").isNull();
            boolean releases = false;
            for (AbstractInsnNode h = first.handler; h != null && h.getOpcode() != Opcodes.ATHROW; h = h.getNext()) {
                releases |= h.getOpcode() == Opcodes.MONITOREXIT;
            }
            assertThat(releases).as("that releases the monitor").isTrue();
        }
        assertThat(enters).isEqualTo(1);
    }

    @Test
    void forkJoinTasksReleaseAtForkRunAsAHandOverAndAcquireAtJoin() throws Exception {
        ClassNode task = hooked("java/util/concurrent/ForkJoinTask");
        assertThat(bridgeCalls(task, "fork", "()Ljava/util/concurrent/ForkJoinTask;")).containsExactly("release");
        String doExec = Runtime.version().feature() >= 19 ? "()V" : "()I"; // int on 17, void since the JDK 19 rewrite
        assertThat(bridgeCalls(task, "doExec", doExec)).containsExactly("acquire", "taskDone", "taskDone"); // before setDone, trySetException
        assertThat(bridgeCalls(task, "join", "()Ljava/lang/Object;")).containsOnly("acquire", "joinThrew").contains("acquire").endsWith("joinThrew");
        assertThat(bridgeCalls(task, "invoke", "()Ljava/lang/Object;")).containsOnly("acquire", "joinThrew").endsWith("joinThrew");
        assertThat(bridgeCalls(task, "get", "()Ljava/lang/Object;")).containsOnly("acquire", "joinThrew").endsWith("joinThrew");
        assertThat(bridgeCalls(task, "quietlyJoin", "()V")).containsOnly("acquire", "joinThrew").contains("acquire");
        assertThat(bridgeCalls(task, "isDone", "()Z")).isEmpty();
        String fjt = "Ljava/util/concurrent/ForkJoinTask;";
        assertThat(bridgeCalls(task, "invokeAll", "(" + fjt + fjt + ")V")).containsOnly("joinedAll").hasSizeGreaterThanOrEqualTo(4);
        assertThat(bridgeCalls(task, "invokeAll", "([" + fjt + ")V")).containsOnly("joinedAll").isNotEmpty();
        assertThat(bridgeCalls(task, "invokeAll", "(Ljava/util/Collection;)Ljava/util/Collection;")).containsOnly("joinedAll").isNotEmpty();
        assertThat(bridgeCalls(task, "helpQuiesce", "()V")).containsExactly("quiesced");
        ClassNode pool = hooked("java/util/concurrent/ForkJoinPool");
        assertThat(bridgeCalls(pool, "invoke", "(Ljava/util/concurrent/ForkJoinTask;)Ljava/lang/Object;")).startsWith("release")
                .contains("acquire").endsWith("joinThrew");
        assertThat(bridgeCalls(pool, "execute", "(Ljava/util/concurrent/ForkJoinTask;)V")).containsExactly("release");
        // a Runnable that is a ForkJoinTask is run as it is (Caffeine's maintenance task): released if it is one
        assertThat(bridgeCalls(pool, "execute", "(Ljava/lang/Runnable;)V")).containsExactly("releaseIfTask");
        assertThat(bridgeCalls(pool, "submit", "(Ljava/lang/Runnable;)Ljava/util/concurrent/ForkJoinTask;")).containsExactly("releaseIfTask");
        assertThat(bridgeCalls(pool, "submit", "(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/ForkJoinTask;")).isEmpty(); // always wrapped
        assertThat(bridgeCalls(pool, "awaitQuiescence", "(JLjava/util/concurrent/TimeUnit;)Z")).containsOnly("quiescedIf").isNotEmpty();
        ClassNode completer = hooked("java/util/concurrent/CountedCompleter");
        // tryComplete: acquire after the read of a pending count (seen zero, the walk goes up without a CAS of that
        // completer), acquire before onCompletion, release before the root's quietlyComplete, and the pending count's CAS
        // as a read-modify-write: release before it, acquire after it
        assertThat(bridgeCalls(completer, "tryComplete", "()V")).containsExactly("acquire", "acquire", "release", "release", "acquire");
        // propagateCompletion calls no onCompletion: the acquire after its pending read is what orders a child's CAS
        // before the root's completion (the false race in CommonPoolReuseNo)
        assertThat(bridgeCalls(completer, "propagateCompletion", "()V")).containsExactly("acquire", "release", "release", "acquire");
        assertThat(bridgeCalls(completer, "quietlyCompleteRoot", "()V")).containsExactly("release");
        assertThat(bridgeCalls(completer, "complete", "(Ljava/lang/Object;)V")).containsExactly("acquire", "release");
        assertThat(bridgeCalls(completer, "nextComplete", "()Ljava/util/concurrent/CountedCompleter;")).contains("release", "acquire");
        assertThat(bridgeCalls(completer, "getPendingCount", "()I")).isEmpty();
    }

    @Test
    void futureTasksReleaseWhereTheyCompleteAndAcquireWhereGetReturnsOrRethrowsTheComputationsException() throws Exception {
        ClassNode task = hooked("java/util/concurrent/FutureTask");
        assertThat(bridgeCalls(task, "set", "(Ljava/lang/Object;)V")).containsExactly("release");
        assertThat(bridgeCalls(task, "setException", "(Ljava/lang/Throwable;)V")).containsExactly("release");
        assertThat(bridgeCalls(task, "get", "()Ljava/lang/Object;")).containsOnly("acquire", "futureGetThrew").contains("acquire")
                .endsWith("futureGetThrew");
        assertThat(bridgeCalls(task, "get", "(JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;")).containsOnly("acquire", "futureGetThrew")
                .contains("acquire").endsWith("futureGetThrew");
        assertThat(bridgeCalls(task, "run", "()V")).isEmpty(); // its set/setException release; a periodic runAndReset completes nothing
        assertThat(bridgeCalls(task, "isDone", "()Z")).containsExactly("futureDoneIf"); // true after a completion: an acquire
        assertThat(bridgeCalls(task, "cancel", "(Z)Z")).isEmpty();
    }

    @Test
    void timerTasksReleaseWhereScheduledAndAcquireWhereTheTimersThreadRunsThem() throws Exception {
        assertThat(bridgeCalls(hooked("java/util/Timer"), "sched", "(Ljava/util/TimerTask;JJ)V")).containsExactly("release");
        assertThat(bridgeCalls(hooked("java/util/TimerThread"), "mainLoop", "()V")).containsExactly("acquire");
    }

    @Test
    void threadPoolsReleaseWhereAWorkerLeavesAndAcquireWhenAwaitTerminationReturnsTrue() throws Exception {
        ClassNode pool = hooked("java/util/concurrent/ThreadPoolExecutor");
        // once per worker, where it leaves (the pool terminates only when the count is zero), not once per task
        assertThat(bridgeCalls(pool, "decrementWorkerCount", "()V")).containsExactly("poolWorkEnded");
        assertThat(bridgeCalls(pool, "compareAndDecrementWorkerCount", "(I)Z")).containsExactly("poolWorkEnded");
        assertThat(bridgeCalls(pool, "runWorker", "(Ljava/util/concurrent/ThreadPoolExecutor$Worker;)V")).isEmpty();
        // and after the program's terminated() hook, which runs after the last worker left
        assertThat(bridgeCalls(pool, "tryTerminate", "()V")).containsExactly("poolWorkEnded");
        assertThat(bridgeCalls(pool, "awaitTermination", "(JLjava/util/concurrent/TimeUnit;)Z")).containsOnly("quiescedIf").isNotEmpty();
        assertThat(bridgeCalls(pool, "shutdown", "()V")).isEmpty();
        // a worker the pool starts is forked, as a thread the program starts
        assertThat(bridgeCalls(pool, "addWorker", "(Ljava/lang/Runnable;Z)Z")).containsExactly("threadStarting");
        assertThat(bridgeCalls(hooked("java/util/concurrent/ForkJoinPool"), "awaitTermination", "(JLjava/util/concurrent/TimeUnit;)Z"))
                .containsOnly("quiescedIf").isNotEmpty();
    }

    @Test
    void everyStartOfAPlatformThreadForksAroundItsNativeStart() throws Exception {
        ClassNode thread = hooked("java/lang/Thread");
        // the fork right before start0 (after the JDK's check that the thread is new), the start's end after it, and
        // the handler that closes the fork when the method throws
        assertThat(bridgeCalls(thread, "start", "()V")).containsExactly("threadStart0", "threadStart0Returned", "threadStartThrew");
        List<String> calls = new ArrayList<>();
        for (AbstractInsnNode n : methodNamed(thread, "start", "()V").instructions) {
            if (n instanceof MethodInsnNode c && (c.owner.equals(JdkClassHooks.BRIDGE) || c.name.equals("start0"))) calls.add(c.name);
        }
        assertThat(calls).containsSubsequence("threadStart0", "start0", "threadStart0Returned");
        assertThat(bridgeCalls(thread, "run", "()V")).isEmpty();
        assertThat(bridgeCalls(thread, "join", "()V")).isEmpty();
    }

    static MethodNode methodNamed(ClassNode cn, String name, String desc) {
        return cn.methods.stream().filter(m -> m.name.equals(name) && m.desc.equals(desc)).findFirst().orElseThrow();
    }

    @Test
    void executorsAcquireWhenIsTerminatedSaysSoAndWhenTheirOwnCloseReturns() throws Exception {
        assertThat(bridgeCalls(hooked("java/util/concurrent/ThreadPoolExecutor"), "isTerminated", "()Z")).containsOnly("quiescedIf").isNotEmpty();
        ClassNode forkJoin = hooked("java/util/concurrent/ForkJoinPool");
        assertThat(bridgeCalls(forkJoin, "isTerminated", "()Z")).containsOnly("quiescedIf").isNotEmpty();
        if (Runtime.version().feature() >= 19) assertThat(bridgeCalls(forkJoin, "close", "()V")).containsOnly("closed").isNotEmpty();
    }

    @Test
    void structuredScopesThreadFlocksForkWhereTheyStartAThreadAndJoinWhenAllHaveLeft() throws Exception {
        String name = "jdk/internal/misc/ThreadFlock";
        org.junit.jupiter.api.Assumptions.assumeTrue(classFile(name) != null, "no JDK 21+ here");
        ClassNode flock = hooked(name);
        assertThat(bridgeCalls(flock, "start", "(Ljava/lang/Thread;)Ljava/lang/Thread;")).containsExactly("flockStarting", "flockStartFailed"); // the fork, then its close when start throws
        // before each return: the join if every thread has left, and, whatever it returns, the acquire of a wakeup's release
        assertThat(bridgeCalls(flock, "awaitAll", "()Z")).containsOnly("flockJoinedIf", "acquire").contains("flockJoinedIf", "acquire");
        assertThat(bridgeCalls(flock, "awaitAll", "(Ljava/time/Duration;)Z")).containsOnly("flockJoinedIf", "acquire").contains("flockJoinedIf", "acquire");
        assertThat(bridgeCalls(flock, "close", "()V")).containsOnly("flockJoined").isNotEmpty();
        assertThat(bridgeCalls(flock, "wakeup", "()V")).containsExactly("release"); // a scope's cancellation wakes its join
        assertThat(bridgeCalls(flock, "shutdown", "()V")).isEmpty();
        assertThat(bridgeCalls(flock, "decrementThreadCount", "()V")).isEmpty();
    }

    @Test
    void structuredScopesSubtasksReleaseBeforeTheirResultIsSetAndAcquireWhereItIsReadSet() throws Exception {
        String name = "java/util/concurrent/StructuredTaskScopeImpl$SubtaskImpl";
        org.junit.jupiter.api.Assumptions.assumeTrue(classFile(name) != null, "no JDK 25 here");
        ClassNode subtask = hooked(name);
        assertThat(bridgeCalls(subtask, "run", "()V")).containsExactly("release", "release"); // a result, or the exception
        MethodNode run = subtask.methods.stream().filter(m -> m.name.equals("run")).findFirst().orElseThrow();
        for (AbstractInsnNode n : run.instructions) {
            if (n.getOpcode() != Opcodes.PUTFIELD || !((FieldInsnNode) n).name.equals("result")) continue;
            AbstractInsnNode call = n.getPrevious();
            while (!(call instanceof MethodInsnNode)) call = call.getPrevious();
            assertThat(((MethodInsnNode) call).name).as("the release right before the volatile write").isEqualTo("release");
        }
        assertThat(bridgeCalls(subtask, "get", "()Ljava/lang/Object;")).containsExactly("acquireIfSet");
        assertThat(bridgeCalls(subtask, "state", "()Ljava/util/concurrent/StructuredTaskScope$Subtask$State;")).containsExactly("acquireIfSet");
        assertThat(bridgeCalls(subtask, "exception", "()Ljava/lang/Throwable;")).containsExactly("acquireIfSet");
        assertThat(bridgeCalls(subtask, "toString", "()Ljava/lang/String;")).isEmpty();
    }

    @Test
    void virtualThreadsHandTheirBufferOverWhereTheyPark() throws Exception {
        String name = "java/lang/VirtualThread";
        org.junit.jupiter.api.Assumptions.assumeTrue(classFile(name) != null, "no JDK 21+ here");
        ClassNode vt = hooked(name);
        assertThat(bridgeCalls(vt, "park", "()V")).containsExactly("parking");
        assertThat(bridgeCalls(vt, "parkNanos", "(J)V")).containsExactly("parking");
        assertThat(bridgeCalls(vt, "unpark", "()V")).isEmpty();
        MethodNode park = vt.methods.stream().filter(m -> m.name.equals("park") && m.desc.equals("()V")).findFirst().orElseThrow();
        AbstractInsnNode first = park.instructions.getFirst();
        while (!(first instanceof MethodInsnNode)) first = first.getNext(); // the site's constant, then the call
        assertThat(((MethodInsnNode) first).name).as("the hook is the first call, before any state change").isEqualTo("parking");
    }

    @Test
    void threadPerTaskExecutorsReleaseWhereATaskEndsAndAcquireAtTermination() throws Exception {
        String name = "java/util/concurrent/ThreadPerTaskExecutor";
        org.junit.jupiter.api.Assumptions.assumeTrue(classFile(name) != null, "no JDK 21+ here");
        ClassNode executor = hooked(name);
        assertThat(bridgeCalls(executor, "taskComplete", "(Ljava/lang/Thread;)V")).containsExactly("poolWorkEnded");
        assertThat(bridgeCalls(executor, "awaitTermination", "(JLjava/util/concurrent/TimeUnit;)Z")).containsOnly("quiescedIf").isNotEmpty();
        assertThat(bridgeCalls(executor, "isTerminated", "()Z")).containsOnly("quiescedIf").isNotEmpty();
        assertThat(bridgeCalls(executor, "close", "()V")).containsOnly("closed").isNotEmpty();
        assertThat(bridgeCalls(executor, "shutdown", "()V")).isEmpty();
    }

    @Test
    void submissionPublishersReleaseEachItemOfferedAndAcquireItBeforeOnNextAndOrderTheirConsumerRuns() throws Exception {
        String subscriber = "Ljava/util/concurrent/Flow$Subscriber;";
        assertThat(bridgeCalls(hooked("java/util/concurrent/SubmissionPublisher"), "subscribe", "(" + subscriber + ")V")).containsExactly("release");
        ClassNode subscription = hooked("java/util/concurrent/SubmissionPublisher$BufferedSubscription");
        assertThat(bridgeCalls(subscription, "offer", "(Ljava/lang/Object;Z)I")).containsExactly("release");
        assertThat(bridgeCalls(subscription, "retryOffer", "(Ljava/lang/Object;)I")).containsExactly("release"); // after an onDrop handler
        assertThat(bridgeCalls(subscription, "consumeNext", "(" + subscriber + "Ljava/lang/Object;)Z")).containsExactly("acquire");
        assertThat(bridgeCalls(subscription, "consume", "()V")).containsExactly("acquire", "acquire", "release", "release", "release"); // before each weakCasCtl
        assertThat(bridgeCalls(subscription, "request", "(J)V")).isEmpty();
    }

    @Test
    void queueIterationSearchesAndCopies() throws Exception {
        ClassNode abq = hooked("java/util/concurrent/ArrayBlockingQueue");
        assertThat(bridgeCalls(abq, "contains", "(Ljava/lang/Object;)Z")).containsOnly("acquireIf").isNotEmpty();
        assertThat(bridgeCalls(abq, "toArray", "()[Ljava/lang/Object;")).containsOnly("acquireAll").isNotEmpty();
        assertThat(bridgeCalls(abq, "forEach", "(Ljava/util/function/Consumer;)V")).containsOnly("acquire").isNotEmpty();
        assertThat(bridgeCalls(hooked("java/util/concurrent/ConcurrentLinkedQueue$Itr"), "next", "()Ljava/lang/Object;"))
                .containsOnly("acquire").isNotEmpty();
        assertThat(bridgeCalls(hooked("java/util/concurrent/ConcurrentLinkedQueue"), "addAll", "(Ljava/util/Collection;)Z"))
                .containsExactly("releaseAll");
        ClassNode cow = hooked("java/util/concurrent/CopyOnWriteArrayList");
        assertThat(bridgeCalls(cow, "indexOf", "(Ljava/lang/Object;)I")).containsOnly("acquireIfFound").isNotEmpty();
        assertThat(bridgeCalls(cow, "toArray", "()[Ljava/lang/Object;")).containsOnly("acquireAll").isNotEmpty();
    }

    @Test
    void periodicRunsAndShutdownMeetInsideTheScheduledQueuesLock() throws Exception {
        ClassNode queue = hooked("java/util/concurrent/ScheduledThreadPoolExecutor$DelayedWorkQueue");
        assertThat(bridgeCalls(queue, "offer", "(Ljava/lang/Runnable;)Z")).containsExactly("scheduledQueued");
        assertThat(bridgeCalls(queue, "toArray", "()[Ljava/lang/Object;")).containsExactly("scheduledQueueWalked");
        assertThat(bridgeCalls(queue, "take", "()Ljava/util/concurrent/RunnableScheduledFuture;")).isEmpty();
        // each ticket is taken inside the lock, so that tickets follow the lock's order: the call before the hook is lock()
        for (String[] m : new String[][] {{"offer", "(Ljava/lang/Runnable;)Z"}, {"toArray", "()[Ljava/lang/Object;"}}) {
            MethodNode method = queue.methods.stream().filter(x -> x.name.equals(m[0]) && x.desc.equals(m[1])).findFirst().orElseThrow();
            MethodInsnNode previous = null;
            for (AbstractInsnNode n = method.instructions.getFirst(); n != null; n = n.getNext()) {
                if (!(n instanceof MethodInsnNode c)) continue;
                if (c.name.startsWith("scheduledQueue")) break;
                previous = c;
            }
            assertThat(previous).as(m[0]).isNotNull();
            assertThat(previous.owner + "." + previous.name).as(m[0]).isEqualTo("java/util/concurrent/locks/ReentrantLock.lock");
        }
        assertThat(JdkHookTable.hooks("java/util/concurrent/ScheduledThreadPoolExecutor")).as("the pool itself: no hooks of its own").isFalse();
    }

    @Test
    void mapNavigationBulkOperationsAndValueSearch() throws Exception {
        ClassNode chm = hooked("java/util/concurrent/ConcurrentHashMap");
        assertThat(bridgeCalls(chm, "containsValue", "(Ljava/lang/Object;)Z")).containsOnly("valueAcquireIf").isNotEmpty();
        assertThat(bridgeCalls(chm, "forEach", "(JLjava/util/function/BiConsumer;)V")).containsExactly("bulkRoot");
        assertThat(bridgeCalls(chm, "reduceValues", "(JLjava/util/function/BiFunction;)Ljava/lang/Object;")).containsExactly("bulkRoot");
        assertThat(bridgeCalls(chm, "search", "(JLjava/util/function/BiFunction;)Ljava/lang/Object;")).containsExactly("bulkRoot");
        // the walk's one return of a node it found (not the return of null at its end)
        assertThat(bridgeCalls(hooked("java/util/concurrent/ConcurrentHashMap$BulkTask"), "advance", "()Ljava/util/concurrent/ConcurrentHashMap$Node;"))
                .containsExactly("bulkNode");
        ClassNode cslm = hooked("java/util/concurrent/ConcurrentSkipListMap");
        assertThat(bridgeCalls(cslm, "ceilingKey", "(Ljava/lang/Object;)Ljava/lang/Object;")).containsOnly("keyAcquireReturned").isNotEmpty();
        assertThat(bridgeCalls(cslm, "pollFirstEntry", "()Ljava/util/Map$Entry;")).containsOnly("keyAcquireReturned").isNotEmpty();
        assertThat(bridgeCalls(hooked("java/util/concurrent/ConcurrentSkipListMap$SubMap"), "firstEntry", "()Ljava/util/Map$Entry;"))
                .containsOnly("keyAcquireReturned").isNotEmpty();
        assertThat(bridgeCalls(hooked("java/util/concurrent/ConcurrentSkipListMap$SubMap$SubMapKeyIterator"), "next", "()Ljava/lang/Object;"))
                .containsOnly("keyAcquire").isNotEmpty();
    }

    @Test
    void synchronizedJdkClassesAreTheirMonitor() throws Exception {
        ClassNode vector = hooked("java/util/Vector");
        assertThat(bridgeCalls(vector, "addElement", "(Ljava/lang/Object;)V")).startsWith("monitorEnter").endsWith("monitorExit")
                .containsOnly("monitorEnter", "monitorExit");
        assertThat(bridgeCalls(vector, "size", "()I")).startsWith("monitorEnter").endsWith("monitorExit");
        MethodNode add = vector.methods.stream().filter(x -> x.name.equals("addElement")).findFirst().get();
        assertThat(add.tryCatchBlocks).anyMatch(t -> t.type == null);
        assertThat(bridgeCalls(hooked("java/util/Vector$Itr"), "next", "()Ljava/lang/Object;")).containsOnly("monitorEnter", "monitorExit")
                .isNotEmpty();
        assertThat(bridgeCalls(hooked("java/util/Hashtable"), "put", "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"))
                .startsWith("monitorEnter").endsWith("monitorExit");
        ClassNode sb = hooked("java/lang/StringBuffer");
        assertThat(bridgeCalls(sb, "append", "(Ljava/lang/String;)Ljava/lang/StringBuffer;")).startsWith("monitorEnter").endsWith("monitorExit");
        assertThat(bridgeCalls(sb, "toString", "()Ljava/lang/String;")).startsWith("monitorEnter").endsWith("monitorExit");
    }

    @Test
    void completableFuturesReleaseWhereCompletedAndAcquireWhereAResultIsUsed() throws Exception {
        String cf = "java/util/concurrent/CompletableFuture";
        ClassNode future = hooked(cf);
        for (String cas : List.of("completeValue(Ljava/lang/Object;)Z", "completeNull()Z", "completeRelay(Ljava/lang/Object;)Z",
                "internalComplete(Ljava/lang/Object;)Z", "completeThrowable(Ljava/lang/Throwable;)Z")) {
            int paren = cas.indexOf('(');
            assertThat(bridgeCalls(future, cas.substring(0, paren), cas.substring(paren))).as(cas).containsExactly("futureCompleting",
                    "futureCompleted");
        }
        assertThat(bridgeCalls(future, "obtrudeValue", "(Ljava/lang/Object;)V")).containsExactly("futureWrite");
        assertThat(bridgeCalls(future, "join", "()Ljava/lang/Object;")).containsExactly("futureAcquire");
        assertThat(bridgeCalls(future, "isDone", "()Z")).containsExactly("futureAcquire");
        assertThat(bridgeCalls(future, "getNow", "(Ljava/lang/Object;)Ljava/lang/Object;")).containsExactly("futureAcquire");
        assertThat(bridgeCalls(future, "tryPushStack", "(Ljava/util/concurrent/CompletableFuture$Completion;)Z")).containsExactly("futurePushed");
        // a stage made on a complete source reads it (kept in a local) and runs or relays it at once; unipush only tests it
        assertThat(bridgeCalls(future, "uniApplyStage", "(Ljava/util/concurrent/Executor;Ljava/util/function/Function;)L" + cf + ";"))
                .containsExactly("futureAcquire");
        assertThat(bridgeCalls(future, "unipush", "(L" + cf + "$Completion;)V")).isEmpty();
        assertThat(bridgeCalls(future, "biApplyStage",
                "(Ljava/util/concurrent/Executor;Ljava/util/concurrent/CompletionStage;Ljava/util/function/BiFunction;)L" + cf + ";"))
                .startsWith("futureAcquireBoth").doesNotContain("futureAcquire");
        assertThat(bridgeCalls(future, "anyOf", "([L" + cf + ";)L" + cf + ";")).containsExactly("futureAcquire");
        // a dependent's tryFire: what registered it (its sources' stacks, or itself when its executor runs it), then its
        // source(s), never its own dependent's result (only tested)
        String fire = "(I)L" + cf + ";";
        assertThat(bridgeCalls(hooked(cf + "$UniApply"), "tryFire", fire)).containsExactly("dependentFires", "futureAcquire");
        assertThat(bridgeCalls(hooked(cf + "$UniCompose"), "tryFire", fire)).containsExactly("dependentFires", "futureAcquire", "futureAcquire");
        assertThat(bridgeCalls(hooked(cf + "$OrApply"), "tryFire", fire)).containsExactly("dependentFires", "futureAcquire", "futureAcquire");
        assertThat(bridgeCalls(hooked(cf + "$BiApply"), "tryFire", fire)).containsExactly("dependentFires", "futureAcquireBoth");
        assertThat(bridgeCalls(hooked(cf + "$AnyOf"), "tryFire", fire)).containsExactly("dependentFires", "futureRelaySource");
        // a dependent or task handed to an executor is released there and acquired where it runs
        assertThat(bridgeCalls(hooked(cf + "$UniCompletion"), "claim", "()Z")).containsExactly("release");
        assertThat(bridgeCalls(future, "uniApplyNow", "(Ljava/lang/Object;Ljava/util/concurrent/Executor;Ljava/util/function/Function;)L"
                + cf + ";")).contains("release");
        assertThat(bridgeCalls(hooked(cf + "$AsyncSupply"), "run", "()V")).startsWith("acquire");
    }
}
