package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BytecodeOffsets;
import static dev.wholetrace.agent.instrument.MethodInstrumenter.push;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Sync probes (docs/agent.md lists them): MONITORENTER (recorded after it, when the monitor is
 * held), MONITOREXIT (before it, while still held), synchronized methods (entry, every return and
 * the exceptional exit), and calls of Thread, Object.wait and java.util.concurrent's locks,
 * latches, semaphores and barriers: an acquiring call is recorded after it returned (if it
 * succeeded), a releasing one before it. See docs/trace-model.md for why.
 *
 * <p>Calls are recognised by name and descriptor on any owner, since javac names the receiver's
 * static type (a Thread subclass, an application Lock); the probes check the receiver's runtime
 * class. Probes around a call keep the operand stack as it was; arguments are parked in fresh
 * locals for the moment the receiver is duplicated, which no stack map frame has to describe
 * because nothing jumps into that straight-line code.
 */
final class SyncInstrumenter {
    static final String SYNC_PROBES = "dev/wholetrace/agent/runtime/SyncProbes";
    static final String SYNC_WAIT = "dev/wholetrace/agent/runtime/SyncWait";
    static final String SYNC_REFS = "dev/wholetrace/agent/runtime/SyncRefs";
    static final String SYNC_TASKS = "dev/wholetrace/agent/runtime/SyncTasks";
    private static final String OBJECT = "Ljava/lang/Object;";
    private static final String TIMEOUT = "JLjava/util/concurrent/TimeUnit;";

    /** Numbers the static synchronized methods whose class cannot be LDC'd (see Monitor). */
    private static final AtomicInteger CLASS_MONITOR_SLOTS = new AtomicInteger();

    /** Where the probe of a recognised call goes. */
    private enum Timing {
        /** Before the call: a releasing operation. */
        BEFORE,
        /** After the call returned: an acquiring one; a boolean or int result passes through the probe. */
        AFTER,
        /** Both: a release before and an acquire after (an atomic read-modify-write, a lock conversion). */
        AROUND,
        /** The call becomes a call of a helper in SyncWait that waits (Object.wait, Condition.await, Future.get). */
        REPLACE,
        /**
         * A task is handed to an executor: its first argument, the task, is replaced before the call
         * by a wrapper that records its begin and end (SyncTasks.handOff, which records the submit);
         * the probe, if any, gets the call's result and the wrapper after the call returned.
         */
        HAND_OFF
    }

    /**
     * The JDK types whose methods a family of calls are: a method reference can be bridged
     * ({@link #methodReference}) only when it names one of {@code owners}, and the bridge in
     * SyncRefs takes the receiver as {@code receiver}.
     */
    private enum Family {
        LOCK("java/util/concurrent/locks/Lock", "java/util/concurrent/locks/ReentrantLock",
                "java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock", "java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock"),
        LATCH("java/util/concurrent/CountDownLatch"),
        SEMAPHORE("java/util/concurrent/Semaphore"),
        BARRIER("java/util/concurrent/CyclicBarrier"),
        THREAD("java/lang/Thread"),
        MONITOR("java/lang/Object"),
        CONDITION("java/util/concurrent/locks/Condition",
                "java/util/concurrent/locks/AbstractQueuedSynchronizer$ConditionObject",
                "java/util/concurrent/locks/AbstractQueuedLongSynchronizer$ConditionObject"),
        EXECUTOR("java/util/concurrent/Executor", "java/util/concurrent/ExecutorService",
                "java/util/concurrent/ScheduledExecutorService", "java/util/concurrent/AbstractExecutorService",
                "java/util/concurrent/ThreadPoolExecutor", "java/util/concurrent/ScheduledThreadPoolExecutor",
                "java/util/concurrent/ForkJoinPool"),
        EXECUTOR_SERVICE("java/util/concurrent/ExecutorService",
                "java/util/concurrent/ScheduledExecutorService", "java/util/concurrent/AbstractExecutorService",
                "java/util/concurrent/ThreadPoolExecutor", "java/util/concurrent/ScheduledThreadPoolExecutor",
                "java/util/concurrent/ForkJoinPool"),
        FUTURE("java/util/concurrent/Future", "java/util/concurrent/RunnableFuture",
                "java/util/concurrent/ScheduledFuture", "java/util/concurrent/RunnableScheduledFuture", "java/util/concurrent/FutureTask",
                "java/util/concurrent/CompletableFuture", "java/util/concurrent/ForkJoinTask", "java/util/concurrent/RecursiveTask",
                "java/util/concurrent/RecursiveAction", "java/util/concurrent/CountedCompleter"),
        COMPLETABLE_FUTURE("java/util/concurrent/CompletableFuture"),
        FORK_JOIN_TASK("java/util/concurrent/ForkJoinTask", "java/util/concurrent/RecursiveTask",
                "java/util/concurrent/RecursiveAction", "java/util/concurrent/CountedCompleter");

        final String receiver;
        final Set<String> owners;

        /** {@code owners[0]} is the receiver type of the bridges. */
        Family(String... owners) {
            this.receiver = owners[0];
            this.owners = Set.of(owners);
        }
    }

    /**
     * A call the agent recognises, and its probe in {@code owner} (for REPLACE its helper in
     * SyncWait); {@code bridged}: SyncRefs has a bridge for method references to it, taking the
     * {@code family}'s receiver (null when not bridged). The probe gets the receiver, the result
     * (AFTER), the call's first {@code passed} arguments (a stamp, a phase, an index) and the site.
     * AROUND: {@code probe} before the call and {@code after} after it.
     */
    private record Call(String name, String desc, Timing timing, String probe, Family family, boolean bridged, String owner,
                        int passed, String after) {
        Call(String name, String desc, Timing timing, String probe, Family family, boolean bridged) {
            this(name, desc, timing, probe, family, bridged, SYNC_PROBES, 0, null);
        }
    }

    /** By name and descriptor, on any owner (the probe checks the receiver's class). */
    private static final Map<String, Call> CALLS = new HashMap<>();
    /**
     * By owner, name and descriptor, looked up first: Condition's awaits and Future's gets become
     * helper calls, which need the receiver's static type (and Condition.await()V shares its name
     * and descriptor with CountDownLatch.await()V); the atomics' accessors (get, set, …) are
     * everywhere; CompletableFuture's static runAsync/supplyAsync are the only static calls
     * recognised.
     */
    private static final Map<String, Call> OWNED = new HashMap<>();

    static {
        // java.util.concurrent.locks.Lock and its implementations (ReentrantLock, the read and
        // write locks of ReentrantReadWriteLock: recorded on the ReadWriteLock, see below).
        add(Family.LOCK, "lock", "()V", Timing.AFTER, "lockAcquired");
        add(Family.LOCK, "lockInterruptibly", "()V", Timing.AFTER, "lockAcquired");
        add(Family.LOCK, "tryLock", "()Z", Timing.AFTER, "lockTried");
        add(Family.LOCK, "tryLock", "(" + TIMEOUT + ")Z", Timing.AFTER, "lockTried");
        add(Family.LOCK, "unlock", "()V", Timing.BEFORE, "lockReleasing");
        // ReadWriteLock views: their lock operations are recorded on the ReadWriteLock itself.
        for (String view : new String[] {"Ljava/util/concurrent/locks/Lock;", "Ljava/util/concurrent/locks/ReentrantReadWriteLock$ReadLock;"}) {
            CALLS.put("readLock()" + view, new Call("readLock", "()" + view, Timing.AFTER, "readLockCreated", Family.LOCK, false));
        }
        for (String view : new String[] {"Ljava/util/concurrent/locks/Lock;", "Ljava/util/concurrent/locks/ReentrantReadWriteLock$WriteLock;"}) {
            CALLS.put("writeLock()" + view, new Call("writeLock", "()" + view, Timing.AFTER, "writeLockCreated", Family.LOCK, false));
        }
        CALLS.put("newCondition()Ljava/util/concurrent/locks/Condition;", new Call("newCondition",
                "()Ljava/util/concurrent/locks/Condition;", Timing.AFTER, "conditionCreated", Family.LOCK, false));
        add(Family.LATCH, "countDown", "()V", Timing.BEFORE, "latchCountingDown");
        add(Family.LATCH, "await", "()V", Timing.AFTER, "latchAwaited");
        add(Family.LATCH, "await", "(" + TIMEOUT + ")Z", Timing.AFTER, "latchAwaitedTimed");
        add(Family.SEMAPHORE, "release", "()V", Timing.BEFORE, "semaphoreReleasing");
        add(Family.SEMAPHORE, "release", "(I)V", Timing.BEFORE, "semaphoreReleasing");
        add(Family.SEMAPHORE, "acquire", "()V", Timing.AFTER, "semaphoreAcquired");
        add(Family.SEMAPHORE, "acquire", "(I)V", Timing.AFTER, "semaphoreAcquired");
        add(Family.SEMAPHORE, "acquireUninterruptibly", "()V", Timing.AFTER, "semaphoreAcquired");
        add(Family.SEMAPHORE, "acquireUninterruptibly", "(I)V", Timing.AFTER, "semaphoreAcquired");
        add(Family.SEMAPHORE, "tryAcquire", "()Z", Timing.AFTER, "semaphoreTried");
        add(Family.SEMAPHORE, "tryAcquire", "(I)Z", Timing.AFTER, "semaphoreTried");
        add(Family.SEMAPHORE, "tryAcquire", "(" + TIMEOUT + ")Z", Timing.AFTER, "semaphoreTried");
        add(Family.SEMAPHORE, "tryAcquire", "(I" + TIMEOUT + ")Z", Timing.AFTER, "semaphoreTried");
        add(Family.BARRIER, "await", "()I", Timing.AFTER, "barrierPassed");
        add(Family.BARRIER, "await", "(" + TIMEOUT + ")I", Timing.AFTER, "barrierPassed");
        // Thread: join is final; start may be overridden, and the probe runs before the override.
        add(Family.THREAD, "start", "()V", Timing.BEFORE, "threadStart");
        add(Family.THREAD, "join", "()V", Timing.AFTER, "threadJoined");
        add(Family.THREAD, "join", "(J)V", Timing.AFTER, "threadJoined");
        add(Family.THREAD, "join", "(JI)V", Timing.AFTER, "threadJoined");
        CALLS.put("join(Ljava/time/Duration;)Z", new Call("join", "(Ljava/time/Duration;)Z", Timing.AFTER, "threadJoinedTimed",
                Family.THREAD, false)); // JDK 19+: no bridge (the agent is compiled for 17)
        // Object.wait is final: whatever the owner, it is Object's.
        add(Family.MONITOR, "wait", "()V", Timing.REPLACE, "waitOn");
        add(Family.MONITOR, "wait", "(J)V", Timing.REPLACE, "waitOn");
        add(Family.MONITOR, "wait", "(JI)V", Timing.REPLACE, "waitOn");
    }

    static {
        // Condition (an await releases the condition's lock and re-takes it, like Object.wait)
        for (String owner : Family.CONDITION.owners) {
            own(owner, "await", "()V", "await");
            own(owner, "await", "(" + TIMEOUT + ")Z", "await");
            own(owner, "awaitNanos", "(J)J", "awaitNanos");
            own(owner, "awaitUntil", "(Ljava/util/Date;)Z", "awaitUntil");
            own(owner, "awaitUninterruptibly", "()V", "awaitUninterruptibly");
        }
    }

    static {
        // Executors: the task is wrapped (SyncTasks). Each returned future is remembered for the
        // join; invokeAll's futures are all done when it returns (joined there); invokeAny's
        // result does not say which task it came from, and execute returns nothing.
        String runnable = "Ljava/lang/Runnable;";
        String callable = "Ljava/util/concurrent/Callable;";
        String tasks = "(Ljava/util/Collection;";
        String future = "Ljava/util/concurrent/Future;";
        String scheduled = "Ljava/util/concurrent/ScheduledFuture;";
        String forkJoinTask = "Ljava/util/concurrent/ForkJoinTask;"; // ForkJoinPool's covariant submits
        handOff(Family.EXECUTOR, "execute", "(" + runnable + ")V", null, true);
        handOff(Family.EXECUTOR_SERVICE, "submit", "(" + runnable + ")" + future, "submitted", true);
        handOff(Family.EXECUTOR_SERVICE, "submit", "(" + callable + ")" + future, "submitted", true);
        handOff(Family.EXECUTOR_SERVICE, "submit", "(" + runnable + OBJECT + ")" + future, "submitted", false);
        handOff(Family.EXECUTOR_SERVICE, "submit", "(" + runnable + ")" + forkJoinTask, "submitted", false);
        handOff(Family.EXECUTOR_SERVICE, "submit", "(" + callable + ")" + forkJoinTask, "submitted", false);
        handOff(Family.EXECUTOR_SERVICE, "submit", "(" + runnable + OBJECT + ")" + forkJoinTask, "submitted", false);
        handOff(Family.EXECUTOR_SERVICE, "invokeAll", tasks + ")Ljava/util/List;", "invokedAll", false);
        handOff(Family.EXECUTOR_SERVICE, "invokeAll", tasks + TIMEOUT + ")Ljava/util/List;", "invokedAll", false);
        handOff(Family.EXECUTOR_SERVICE, "invokeAny", tasks + ")" + OBJECT, null, false);
        handOff(Family.EXECUTOR_SERVICE, "invokeAny", tasks + TIMEOUT + ")" + OBJECT, null, false);
        handOff(Family.EXECUTOR_SERVICE, "schedule", "(" + runnable + TIMEOUT + ")" + scheduled, "submitted", false);
        handOff(Family.EXECUTOR_SERVICE, "schedule", "(" + callable + TIMEOUT + ")" + scheduled, "submitted", false);
        handOff(Family.EXECUTOR_SERVICE, "scheduleAtFixedRate", "(" + runnable + "J" + TIMEOUT + ")" + scheduled, "submitted", false);
        handOff(Family.EXECUTOR_SERVICE, "scheduleWithFixedDelay", "(" + runnable + "J" + TIMEOUT + ")" + scheduled, "submitted", false);
        CALLS.put("shutdownNow()Ljava/util/List;", new Call("shutdownNow", "()Ljava/util/List;", Timing.AFTER, "tasksNeverRun",
                Family.EXECUTOR_SERVICE, false));
        String completable = "java/util/concurrent/CompletableFuture";
        String executor = "Ljava/util/concurrent/Executor;";
        for (String async : new String[] {"(" + runnable, "(" + runnable + executor}) {
            OWNED.put(completable + ".runAsync" + async + ")L" + completable + ";", new Call("runAsync", async + ")L" + completable + ";",
                    Timing.HAND_OFF, "submitted", Family.COMPLETABLE_FUTURE, false));
        }
        for (String async : new String[] {"(Ljava/util/function/Supplier;", "(Ljava/util/function/Supplier;" + executor}) {
            OWNED.put(completable + ".supplyAsync" + async + ")L" + completable + ";", new Call("supplyAsync",
                    async + ")L" + completable + ";", Timing.HAND_OFF, "submitted", Family.COMPLETABLE_FUTURE, false));
        }
        // Waits for a task: helpers in SyncWait record the join (also when the task threw).
        for (String owner : Family.FUTURE.owners) {
            OWNED.put(owner + ".get()" + OBJECT, new Call("get", "()" + OBJECT, Timing.REPLACE, "futureGet", Family.FUTURE, true));
            OWNED.put(owner + ".get(" + TIMEOUT + ")" + OBJECT, new Call("get", "(" + TIMEOUT + ")" + OBJECT, Timing.REPLACE, "futureGet",
                    Family.FUTURE, true));
        }
        OWNED.put(completable + ".join()" + OBJECT, new Call("join", "()" + OBJECT, Timing.REPLACE, "futureJoin",
                Family.COMPLETABLE_FUTURE, true));
        OWNED.put(completable + ".getNow(" + OBJECT + ")" + OBJECT, new Call("getNow", "(" + OBJECT + ")" + OBJECT, Timing.REPLACE,
                "futureGetNow", Family.COMPLETABLE_FUTURE, false));
        for (String owner : Family.FORK_JOIN_TASK.owners) {
            OWNED.put(owner + ".join()" + OBJECT, new Call("join", "()" + OBJECT, Timing.REPLACE, "forkJoinTaskJoin",
                    Family.FORK_JOIN_TASK, false));
        }
        // Fork/join: fork() submits the task itself, its compute() is the run (instrumentMethod), and
        // join() on an application subclass (javac names the subclass) joins; any owner, checked at
        // run time. A ForkJoinPool's execute/submit/invoke of a task submits it; invoke also joins.
        String fjt = "Ljava/util/concurrent/ForkJoinTask;";
        CALLS.put("fork()" + fjt, new Call("fork", "()" + fjt, Timing.BEFORE, "forking", Family.FORK_JOIN_TASK, false, SYNC_TASKS, 0, null));
        CALLS.put("join()" + OBJECT, new Call("join", "()" + OBJECT, Timing.AFTER, "forkJoined", Family.FORK_JOIN_TASK, false, SYNC_TASKS, 0,
                null));
        for (String desc : new String[] {"(" + fjt + ")V", "(" + fjt + ")" + fjt}) {
            String name = desc.endsWith("V") ? "execute" : "submit";
            CALLS.put(name + desc, new Call(name, desc, Timing.BEFORE, "forkingTo", Family.EXECUTOR_SERVICE, false, SYNC_TASKS, 1, null));
        }
        CALLS.put("invoke(" + fjt + ")" + OBJECT, new Call("invoke", "(" + fjt + ")" + OBJECT, Timing.AROUND, "forkingTo",
                Family.EXECUTOR_SERVICE, false, SYNC_TASKS, 1, "forkInvoked"));
    }

    private static void handOff(Family family, String name, String desc, String after, boolean bridged) {
        CALLS.put(name + desc, new Call(name, desc, Timing.HAND_OFF, after, family, bridged));
    }

    static {
        // StampedLock: a lock (aux 2 write, 1 read) when a stamp is returned (non-zero); an unlock
        // before an unlock whose stamp is valid; conversions as unlock + lock. Its Lock views are
        // recorded on the StampedLock (as ReentrantReadWriteLock's). Any owner: the probe checks.
        for (String name : new String[] {"writeLock", "writeLockInterruptibly", "tryWriteLock"}) stamp(name, "()J", Timing.AFTER, "writeLocked", null);
        for (String name : new String[] {"readLock", "readLockInterruptibly", "tryReadLock"}) stamp(name, "()J", Timing.AFTER, "readLocked", null);
        stamp("tryWriteLock", "(" + TIMEOUT + ")J", Timing.AFTER, "writeLocked", null);
        stamp("tryReadLock", "(" + TIMEOUT + ")J", Timing.AFTER, "readLocked", null);
        stamp("unlockWrite", "(J)V", Timing.BEFORE, "writeUnlocking", null);
        stamp("unlockRead", "(J)V", Timing.BEFORE, "readUnlocking", null);
        stamp("unlock", "(J)V", Timing.BEFORE, "unlocking", null);
        stamp("tryUnlockWrite", "()Z", Timing.BEFORE, "tryWriteUnlocking", null);
        stamp("tryUnlockRead", "()Z", Timing.BEFORE, "tryReadUnlocking", null);
        stamp("tryConvertToWriteLock", "(J)J", Timing.AFTER, "convertedToWrite", null);
        stamp("tryConvertToReadLock", "(J)J", Timing.AROUND, "convertingToRead", "convertedToRead");
        stamp("tryConvertToOptimisticRead", "(J)J", Timing.BEFORE, "convertingToOptimistic", null);
        stamp("asReadLock", "()Ljava/util/concurrent/locks/Lock;", Timing.AFTER, "readViewCreated", null);
        stamp("asWriteLock", "()Ljava/util/concurrent/locks/Lock;", Timing.AFTER, "writeViewCreated", null);
        stamp("asReadWriteLock", "()Ljava/util/concurrent/locks/ReadWriteLock;", Timing.AFTER, "viewsCreated", null);
        // Phaser, as a latch whose aux is the phase: an arrival counts down before, an await acquires
        // after the phase advanced. Any owner (programs subclass Phaser to override onAdvance).
        phase("arrive", "()I", Timing.BEFORE, "arriving", null);
        phase("arriveAndDeregister", "()I", Timing.BEFORE, "arriving", null);
        phase("arriveAndAwaitAdvance", "()I", Timing.AROUND, "arriving", "advanced");
        phase("awaitAdvance", "(I)I", Timing.AFTER, "awaited", null);
        phase("awaitAdvanceInterruptibly", "(I)I", Timing.AFTER, "awaited", null);
        phase("awaitAdvanceInterruptibly", "(I" + TIMEOUT + ")I", Timing.AFTER, "awaited", null);
    }

    /** A StampedLock call, any owner; its probe gets the stamp if the call takes one (a J first, not a timeout). */
    private static void stamp(String name, String desc, Timing timing, String probe, String after) {
        CALLS.put(name + desc, new Call(name, desc, timing, probe, null, false, "dev/wholetrace/agent/runtime/SyncStamped",
                desc.startsWith("(J)") ? 1 : 0, after));
    }

    /** A Phaser call, any owner; its probe gets the phase if the call takes one. */
    private static void phase(String name, String desc, Timing timing, String probe, String after) {
        CALLS.put(name + desc, new Call(name, desc, timing, probe, null, false, "dev/wholetrace/agent/runtime/SyncPhasers",
                desc.startsWith("()") ? 0 : 1, after));
    }

    static {
        // Atomics, by exact owner: a read acquires after it, a write releases before it, a
        // read-modify-write (CAS included, even when it fails) does both. The address is the value's:
        // (the atomic's id, 0), (the array's id, index × 8); the probes get the index. The plain
        // accessors (getPlain, setPlain, weakCompareAndSetPlain) are not recorded (docs/agent.md).
        String atomic = "java/util/concurrent/atomic/Atomic";
        atomics(atomic + "Boolean", "Z", null, null);
        atomics(atomic + "Integer", "I", "Ljava/util/function/IntUnaryOperator;", "Ljava/util/function/IntBinaryOperator;");
        atomics(atomic + "Long", "J", "Ljava/util/function/LongUnaryOperator;", "Ljava/util/function/LongBinaryOperator;");
        atomics(atomic + "Reference", OBJECT, "Ljava/util/function/UnaryOperator;", "Ljava/util/function/BinaryOperator;");
        atomics(atomic + "IntegerArray", "I", "Ljava/util/function/IntUnaryOperator;", "Ljava/util/function/IntBinaryOperator;");
        atomics(atomic + "LongArray", "J", "Ljava/util/function/LongUnaryOperator;", "Ljava/util/function/LongBinaryOperator;");
        atomics(atomic + "ReferenceArray", OBJECT, "Ljava/util/function/UnaryOperator;", "Ljava/util/function/BinaryOperator;");
        for (String number : new String[] {"Integer", "Long"}) {
            for (String value : new String[] {"intValue()I", "longValue()J", "floatValue()F", "doubleValue()D"}) {
                atomic(atomic + number, value.substring(0, value.indexOf('(')), value.substring(value.indexOf('(')), Timing.AFTER);
            }
        }
    }

    /** The accessors of an atomic {@code owner} of values {@code v} ({@code unary}, {@code binary}: its update functions, if numeric or reference). */
    private static void atomics(String owner, String v, String unary, String binary) {
        String i = owner.endsWith("Array") ? "I" : ""; // an element's index comes first
        for (String name : new String[] {"get", "getAcquire", "getOpaque"}) atomic(owner, name, "(" + i + ")" + v, Timing.AFTER);
        for (String name : new String[] {"set", "lazySet", "setRelease", "setOpaque"}) atomic(owner, name, "(" + i + v + ")V", Timing.BEFORE);
        atomic(owner, "getAndSet", "(" + i + v + ")" + v, Timing.AROUND);
        for (String name : new String[] {"compareAndSet", "weakCompareAndSet", "weakCompareAndSetVolatile", "weakCompareAndSetAcquire",
                "weakCompareAndSetRelease"}) {
            atomic(owner, name, "(" + i + v + v + ")Z", Timing.AROUND);
        }
        for (String name : new String[] {"compareAndExchange", "compareAndExchangeAcquire", "compareAndExchangeRelease"}) {
            atomic(owner, name, "(" + i + v + v + ")" + v, Timing.AROUND);
        }
        if (unary == null) return;
        if (!v.equals(OBJECT)) {
            for (String name : new String[] {"getAndIncrement", "getAndDecrement", "incrementAndGet", "decrementAndGet"}) {
                atomic(owner, name, "(" + i + ")" + v, Timing.AROUND);
            }
            for (String name : new String[] {"getAndAdd", "addAndGet"}) atomic(owner, name, "(" + i + v + ")" + v, Timing.AROUND);
        }
        for (String name : new String[] {"getAndUpdate", "updateAndGet"}) atomic(owner, name, "(" + i + unary + ")" + v, Timing.AROUND);
        for (String name : new String[] {"getAndAccumulate", "accumulateAndGet"}) atomic(owner, name, "(" + i + v + binary + ")" + v, Timing.AROUND);
    }

    private static void atomic(String owner, String name, String desc, Timing timing) {
        boolean element = owner.endsWith("Array");
        String write = element ? "elementWrite" : "write";
        String read = element ? "elementRead" : "read";
        String probe = timing == Timing.AFTER ? read : write;
        OWNED.put(owner + "." + name + desc, new Call(name, desc, timing, probe, null, false, "dev/wholetrace/agent/runtime/SyncAtomics",
                element ? 1 : 0, timing == Timing.AROUND ? read : null));
    }

    private static void add(Family family, String name, String desc, Timing timing, String probe) {
        CALLS.put(name + desc, new Call(name, desc, timing, probe, family, true));
    }

    private static void own(String owner, String name, String desc, String helper) {
        OWNED.put(owner + "." + name + desc, new Call(name, desc, Timing.REPLACE, helper, Family.CONDITION, false));
    }

    private SyncInstrumenter() {}

    static void instrument(InsnList code, AbstractInsnNode n, MethodInstrumenter.Site site) {
        switch (n.getOpcode()) {
            case Opcodes.MONITORENTER -> {
                int id = site.id("MONITORENTER");
                code.insertBefore(n, new InsnNode(Opcodes.DUP));
                code.insert(n, MethodInstrumenter.probe(id, SYNC_PROBES, "monitorEnter", "(" + OBJECT + "I)V"));
            }
            case Opcodes.MONITOREXIT -> {
                int id = site.id("MONITOREXIT");
                InsnList before = new InsnList();
                before.add(new InsnNode(Opcodes.DUP));
                before.add(MethodInstrumenter.probe(id, SYNC_PROBES, "monitorExit", "(" + OBJECT + "I)V"));
                code.insertBefore(n, before);
            }
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKEINTERFACE, Opcodes.INVOKESTATIC -> call(code, (MethodInsnNode) n, site);
            case Opcodes.INVOKEDYNAMIC -> methodReference(code, (InvokeDynamicInsnNode) n, site);
            default -> { }
        }
    }

    private static void call(InsnList code, MethodInsnNode insn, MethodInstrumenter.Site site) {
        Call call = OWNED.get(insn.owner + "." + insn.name + insn.desc);
        if (call == null && insn.getOpcode() != Opcodes.INVOKESTATIC) call = CALLS.get(insn.name + insn.desc);
        if (call == null) return;
        int id = site.id(simpleName(insn.owner) + "." + insn.name);
        if (call.timing == Timing.HAND_OFF) {
            handOff(code, insn, site.method(), call, id);
            return;
        }
        String args = insn.desc.substring(1, insn.desc.indexOf(')'));
        if (call.timing == Timing.REPLACE) {
            // In place, so that the node the other instrumenters were handed stays in the list.
            code.insertBefore(insn, push(id));
            insn.setOpcode(Opcodes.INVOKESTATIC);
            insn.owner = SYNC_WAIT;
            insn.name = call.probe;
            insn.desc = "(" + OBJECT + args + "I)" + Type.getReturnType(insn.desc).getDescriptor();
            insn.itf = false;
            return;
        }
        Type[] argTypes = Type.getArgumentTypes(insn.desc);
        int[] slots = parkArguments(site.method(), argTypes);
        InsnList before = new InsnList();
        for (int i = argTypes.length - 1; i >= 0; i--) before.add(new VarInsnNode(argTypes[i].getOpcode(Opcodes.ISTORE), slots[i]));
        before.add(new InsnNode(Opcodes.DUP)); // the receiver, for the probe
        if (call.timing == Timing.BEFORE || call.timing == Timing.AROUND) {
            before.add(load(argTypes, slots, call.passed));
            before.add(MethodInstrumenter.probe(id, call.owner, call.probe, beforeDesc(call)));
            if (call.timing == Timing.AROUND) before.add(new InsnNode(Opcodes.DUP)); // again, for the probe after
        }
        before.add(load(argTypes, slots, argTypes.length));
        code.insertBefore(insn, before);
        if (call.timing == Timing.AFTER || call.timing == Timing.AROUND) {
            // The receiver is under the result (if any): probe(receiver, [result,] [passed,] site) returns the
            // result. The parked arguments are still in their slots: nothing between has jumped.
            InsnList after = load(argTypes, slots, call.passed);
            after.add(MethodInstrumenter.probe(id, call.owner, call.timing == Timing.AROUND ? call.after : call.probe, afterDesc(call)));
            code.insert(insn, after);
        }
    }

    /** The descriptor of a call's probe before it: (receiver, passed arguments, site)V. */
    private static String beforeDesc(Call call) {
        return "(" + OBJECT + passed(call) + "I)V";
    }

    /** The descriptor of a call's probe after it: (receiver, result, passed arguments, site) returning the result. */
    private static String afterDesc(Call call) {
        String result = Type.getReturnType(call.desc).getDescriptor();
        return "(" + OBJECT + (result.equals("V") ? "" : result) + passed(call) + "I)" + result;
    }

    private static String passed(Call call) {
        StringBuilder b = new StringBuilder();
        Type[] args = Type.getArgumentTypes(call.desc);
        for (int i = 0; i < call.passed; i++) b.append(args[i].getDescriptor());
        return b.toString();
    }

    /**
     * Every probe the tables name, as {owner of the call or "" for any, name + descriptor of the
     * call, probe owner, probe name, probe descriptor}: for a test that each one exists.
     */
    static List<String[]> probes() {
        List<String[]> out = new ArrayList<>();
        for (Map<String, Call> table : List.of(CALLS, OWNED)) {
            for (Map.Entry<String, Call> e : table.entrySet()) {
                Call c = e.getValue();
                if (c.timing == Timing.REPLACE) continue;
                String owner = table == OWNED ? e.getKey().substring(0, e.getKey().indexOf('.')) : "";
                if (c.timing == Timing.HAND_OFF) {
                    boolean isStatic = c.family == Family.COMPLETABLE_FUTURE; // runAsync, supplyAsync
                    out.add(new String[] {owner, c.name + c.desc, SYNC_TASKS, "handOff", handOffDesc(Type.getArgumentTypes(c.desc)[0], isStatic)});
                    if (c.probe != null) out.add(new String[] {owner, c.name + c.desc, SYNC_TASKS, c.probe, HANDED_OFF});
                    continue;
                }
                if (c.timing != Timing.AFTER) out.add(new String[] {owner, c.name + c.desc, c.owner, c.probe, beforeDesc(c)});
                if (c.timing != Timing.BEFORE) {
                    out.add(new String[] {owner, c.name + c.desc, c.owner, c.timing == Timing.AROUND ? c.after : c.probe, afterDesc(c)});
                }
            }
        }
        return out;
    }

    /** SyncTasks.handOff's descriptor: (receiver, task, site) returning the task's replacement; no receiver for a static call. */
    private static String handOffDesc(Type task, boolean isStatic) {
        String t = task.getDescriptor();
        return "(" + (isStatic ? "" : OBJECT) + t + "I)" + t;
    }

    /** The probe after a hand-off: (result, wrapper, site) returning the result. */
    private static final String HANDED_OFF = "(" + OBJECT + OBJECT + "I)" + OBJECT;

    /** Loads the first {@code count} parked arguments. */
    private static InsnList load(Type[] args, int[] slots, int count) {
        InsnList l = new InsnList();
        for (int i = 0; i < count; i++) l.add(new VarInsnNode(args[i].getOpcode(Opcodes.ILOAD), slots[i]));
        return l;
    }

    /**
     * A task handed to an executor ({@link Timing#HAND_OFF}): the task, the first argument, is
     * replaced by what {@code SyncTasks.handOff(receiver, task, site)} returns (for the static
     * CompletableFuture methods {@code handOff(task, site)}), after the later arguments were parked.
     * With an after-probe, the wrapper is kept in a fresh local for the moment the call takes, and
     * {@code probe(result, wrapper, site)} gets both after it; its result is cast back to the call's
     * result type. Straight-line and stack-neutral like the other probes.
     */
    private static void handOff(InsnList code, MethodInsnNode insn, MethodNode m, Call call, int id) {
        Type[] args = Type.getArgumentTypes(insn.desc);
        Type[] later = Arrays.copyOfRange(args, 1, args.length);
        int[] slots = parkArguments(m, later);
        InsnList before = new InsnList();
        for (int i = later.length - 1; i >= 0; i--) before.add(new VarInsnNode(later[i].getOpcode(Opcodes.ISTORE), slots[i]));
        boolean isStatic = insn.getOpcode() == Opcodes.INVOKESTATIC;
        if (!isStatic) before.add(new InsnNode(Opcodes.DUP2)); // receiver and task, for the probe
        before.add(MethodInstrumenter.probe(id, SYNC_TASKS, "handOff", handOffDesc(args[0], isStatic)));
        if (!isStatic) {
            before.add(new InsnNode(Opcodes.SWAP));
            before.add(new InsnNode(Opcodes.POP)); // the task, under what replaces it
        }
        int wrapped = m.maxLocals;
        if (call.probe != null) {
            m.maxLocals++; // reserved, as parkArguments' slots
            before.add(new InsnNode(Opcodes.DUP));
            before.add(new VarInsnNode(Opcodes.ASTORE, wrapped));
        }
        before.add(load(later, slots, later.length));
        code.insertBefore(insn, before);
        if (call.probe == null) return;
        InsnList after = new InsnList();
        after.add(new VarInsnNode(Opcodes.ALOAD, wrapped));
        after.add(MethodInstrumenter.probe(id, SYNC_TASKS, call.probe, HANDED_OFF));
        after.add(new TypeInsnNode(Opcodes.CHECKCAST, Type.getReturnType(insn.desc).getInternalName()));
        code.insert(insn, after);
    }

    /**
     * A method reference to a sync method, e.g. {@code latch::countDown}: LambdaMetafactory spins
     * a class that calls the method, and the agent never sees that class. The reference is pointed
     * at the bridge of the same name in SyncRefs instead, with the site as an extra first captured
     * argument: {@code (site, receiver, arguments)}. For a bound reference the receiver is already
     * on the stack (the only value a method reference captures), so the site goes under it; its
     * captured type becomes the bridge's receiver type, a supertype of what javac put there.
     * References made by altMetafactory (serializable ones, or with marker interfaces) are left
     * alone: deserialization checks the implementation method.
     */
    private static void methodReference(InsnList code, InvokeDynamicInsnNode indy, MethodInstrumenter.Site site) {
        if (!indy.bsm.getOwner().equals("java/lang/invoke/LambdaMetafactory") || !indy.bsm.getName().equals("metafactory")) return;
        if (indy.bsmArgs.length != 3 || !(indy.bsmArgs[1] instanceof Handle impl)) return;
        if (impl.getTag() != Opcodes.H_INVOKEVIRTUAL && impl.getTag() != Opcodes.H_INVOKEINTERFACE) return;
        Call call = OWNED.get(impl.getOwner() + "." + impl.getName() + impl.getDesc());
        if (call == null) call = CALLS.get(impl.getName() + impl.getDesc());
        if (call == null || !call.bridged || !call.family.owners.contains(impl.getOwner())) return;
        Type[] captured = Type.getArgumentTypes(indy.desc);
        if (captured.length > 1 || captured.length == 1 && captured[0].getSort() != Type.OBJECT) return;
        int id = site.id(simpleName(impl.getOwner()) + "::" + impl.getName());
        String receiver = "L" + call.family.receiver + ";";
        code.insertBefore(indy, push(id));
        if (captured.length == 1) code.insertBefore(indy, new InsnNode(Opcodes.SWAP));
        indy.desc = "(I" + (captured.length == 1 ? receiver : "") + ")" + Type.getReturnType(indy.desc).getDescriptor();
        String args = impl.getDesc().substring(1, impl.getDesc().indexOf(')'));
        String bridge = "(I" + receiver + args + ")" + Type.getReturnType(impl.getDesc()).getDescriptor();
        indy.bsmArgs = new Object[] {indy.bsmArgs[0], new Handle(Opcodes.H_INVOKESTATIC, SYNC_REFS, call.name, bridge, false), indy.bsmArgs[2]};
    }

    /**
     * Fresh locals for a call's arguments, which the probe stores there from the top of the stack
     * (above every local the method had, and reserved: slots handed out later, such as the method's
     * scratch slots, lie above them). They live only from before the call to the probe after it, in
     * straight-line code, so no existing frame needs to know them. (MethodInstrumenter's two scratch
     * slots would not hold a timed tryAcquire's int, long and TimeUnit.)
     */
    private static int[] parkArguments(MethodNode m, Type[] args) {
        int[] slots = new int[args.length];
        int next = m.maxLocals;
        for (int i = 0; i < args.length; i++) {
            slots[i] = next;
            next += args[i].getSize();
        }
        m.maxLocals = next; // reserved: a later probe that allocates from maxLocals starts above
        return slots;
    }

    /**
     * A synchronized method: the JVM takes the monitor (this, or the class object for a static
     * method) before the first instruction and releases it at every return and when an exception
     * leaves the method. Records the lock at entry, the unlock before every return and on the
     * exceptional exit ({@link MethodBody}). And {@code compute()} of a fork/join task class (a
     * direct subclass of RecursiveTask, RecursiveAction or CountedCompleter): a run of a forked
     * task begins at its entry and ends at its exits (SyncTasks.computing / computed; they record
     * nothing for a task nobody forked, such as one computed directly).
     */
    static void instrumentMethod(MethodNode m, MethodInstrumenter.Ids ids, BytecodeOffsets.Index bcis) {
        if (m.instructions.size() == 0) return;
        if ((m.access & Opcodes.ACC_SYNCHRONIZED) != 0) MethodBody.wrap(m, ids, bcis, "synchronized method", Monitor.of(m, ids)::probe);
        if (isForkJoinCompute(m, ids)) {
            MethodBody.wrap(m, ids, bcis, "fork/join task compute", (site, entry) -> thisProbe(site, entry ? "computing" : "computed"));
        }
    }

    private static final Set<String> FORK_JOIN_TASKS = Set.of("java/util/concurrent/RecursiveTask", "java/util/concurrent/RecursiveAction",
            "java/util/concurrent/CountedCompleter");

    /** The compute() a fork/join pool runs: declared by a direct subclass of the JDK's task classes, not a bridge. */
    private static boolean isForkJoinCompute(MethodNode m, MethodInstrumenter.Ids ids) {
        return m.name.equals("compute") && m.desc.startsWith("()") && FORK_JOIN_TASKS.contains(ids.superName())
                && (m.access & (Opcodes.ACC_STATIC | Opcodes.ACC_BRIDGE | Opcodes.ACC_ABSTRACT)) == 0;
    }

    /** {@code SyncTasks.name(this, site)}. */
    private static InsnList thisProbe(int site, String name) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, 0));
        l.add(MethodInstrumenter.probe(site, SYNC_TASKS, name, "(" + OBJECT + "I)V"));
        return l;
    }

    /**
     * A synchronized method's monitor: {@code this}, or the class object of a static method, pushed
     * with LDC. Class files older than Java 5 cannot LDC a class: there the runtime finds the class
     * once from the caller's frame, caching it under a slot numbering such methods.
     */
    private record Monitor(boolean isStatic, String className, int slot) {
        static Monitor of(MethodNode m, MethodInstrumenter.Ids ids) {
            if ((m.access & Opcodes.ACC_STATIC) == 0) return new Monitor(false, null, -1);
            if (ids.classConstants()) return new Monitor(true, ids.className(), -1);
            return new Monitor(true, null, CLASS_MONITOR_SLOTS.getAndIncrement());
        }

        /** Records the lock ({@code enter}) or unlock of the monitor at {@code site}; stack-neutral. */
        InsnList probe(int site, boolean enter) {
            InsnList l = new InsnList();
            if (isStatic && className == null) {
                l.add(push(slot));
                l.add(MethodInstrumenter.probe(site, SYNC_PROBES, enter ? "classMonitorEnter" : "classMonitorExit", "(II)V"));
                return l;
            }
            l.add(isStatic ? new LdcInsnNode(Type.getObjectType(className)) : new VarInsnNode(Opcodes.ALOAD, 0));
            l.add(MethodInstrumenter.probe(site, SYNC_PROBES, enter ? "monitorEnter" : "monitorExit", "(" + OBJECT + "I)V"));
            return l;
        }
    }

    private static String simpleName(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }
}
