package dev.wholetrace.agent.instrument;

import static dev.wholetrace.agent.instrument.SyncCall.OBJECT;
import static dev.wholetrace.agent.instrument.SyncCall.SYNC_TASKS;

import dev.wholetrace.agent.instrument.SyncCall.Family;
import dev.wholetrace.agent.instrument.SyncCall.Timing;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Type;

/**
 * The sync call table: which calls of Thread, Object.wait, java.util.concurrent's locks, latches,
 * semaphores, barriers, executors, futures, StampedLock, Phaser and the atomics are sync
 * operations, and which probe records each (docs/agent.md lists them). Data only: the rewriting is
 * {@link SyncCallRewriter}'s. Adding a sync method is adding one row here (and its probe, if new).
 * Immutable once the class is initialized, shared by every instrumentation.
 */
final class SyncCallTable {
    private static final String TIMEOUT = "JLjava/util/concurrent/TimeUnit;";
    /** The accessors the field updaters have of the atomics' (declared before the tables are filled). */
    private static final java.util.Set<String> UPDATER_METHODS = java.util.Set.of("get", "set", "lazySet", "getAndSet", "compareAndSet",
            "weakCompareAndSet", "getAndIncrement", "getAndDecrement", "incrementAndGet", "decrementAndGet", "getAndAdd", "addAndGet",
            "getAndUpdate", "updateAndGet", "getAndAccumulate", "accumulateAndGet");

    /** By name and descriptor, on any owner (the probe checks the receiver's class). */
    private static final Map<String, SyncCall> CALLS = new HashMap<>();
    /**
     * By owner, name and descriptor, looked up first: Condition's awaits and Future's gets become
     * helper calls, which need the receiver's static type (and Condition.await()V shares its name
     * and descriptor with CountDownLatch.await()V); the atomics' accessors (get, set, …) are
     * everywhere; CompletableFuture's static runAsync/supplyAsync are the only static calls
     * recognised.
     */
    private static final Map<String, SyncCall> OWNED = new HashMap<>();

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
            CALLS.put("readLock()" + view, new SyncCall("readLock", "()" + view, Timing.AFTER, "readLockCreated", Family.LOCK, false));
        }
        for (String view : new String[] {"Ljava/util/concurrent/locks/Lock;", "Ljava/util/concurrent/locks/ReentrantReadWriteLock$WriteLock;"}) {
            CALLS.put("writeLock()" + view, new SyncCall("writeLock", "()" + view, Timing.AFTER, "writeLockCreated", Family.LOCK, false));
        }
        CALLS.put("newCondition()Ljava/util/concurrent/locks/Condition;", new SyncCall("newCondition",
                "()Ljava/util/concurrent/locks/Condition;", Timing.AFTER, "conditionCreated", Family.LOCK, false));
        add(Family.LATCH, "countDown", "()V", Timing.BEFORE, "latchCountingDown");
        add(Family.LATCH, "await", "()V", Timing.AFTER, "latchAwaited");
        add(Family.LATCH, "await", "(" + TIMEOUT + ")Z", Timing.AFTER, "latchAwaitedTimed");
        // getCount() reads the latch's volatile state, which each countDown sets by a CAS: 0 orders them all before
        add(Family.LATCH, "getCount", "()J", Timing.AFTER, "latchCountRead");
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
        // Thread: join is final; start may be overridden, and the probe runs before the override. A call on Thread (or
        // on a subclass that inherits start) goes through a helper that makes the call and closes a fork whose start
        // failed (SyncThreadStarts); the row of any other owner probes before the call, if the receiver is a Thread.
        add(Family.THREAD, "start", "()V", Timing.BEFORE, "threadStart");
        OWNED.put("java/lang/Thread.start()V", new SyncCall("start", "()V", Timing.REPLACE, "start", Family.THREAD, true,
                "dev/wholetrace/agent/runtime/SyncThreadStarts", 0, null));
        // JDK 21+: a virtual thread's start does not go through Thread.start; the builders' start(task) and
        // Thread.startVirtualThread(task) become unstarted(task), then the call above (SyncThreadStarts.startBuilt).
        String starts = "dev/wholetrace/agent/runtime/SyncThreadStarts";
        String task = "(Ljava/lang/Runnable;)Ljava/lang/Thread;";
        OWNED.put("java/lang/Thread.startVirtualThread" + task, new SyncCall("startVirtualThread", task, Timing.REPLACE, "startVirtualThread",
                Family.THREAD, false, starts, 0, null));
        for (String builder : new String[] {"java/lang/Thread$Builder", "java/lang/Thread$Builder$OfVirtual", "java/lang/Thread$Builder$OfPlatform"}) {
            OWNED.put(builder + ".start" + task, new SyncCall("start", task, Timing.REPLACE, "startBuilt", Family.THREAD, false, starts, 0, null));
        }
        add(Family.THREAD, "join", "()V", Timing.AFTER, "threadJoined");
        add(Family.THREAD, "join", "(J)V", Timing.AFTER, "threadJoined");
        add(Family.THREAD, "join", "(JI)V", Timing.AFTER, "threadJoined");
        CALLS.put("join(Ljava/time/Duration;)Z", new SyncCall("join", "(Ljava/time/Duration;)Z", Timing.AFTER, "threadJoinedTimed",
                Family.THREAD, false)); // JDK 19+: no bridge (the agent is compiled for 17)
        // isAlive() returning false detects the thread's end as a join does (JLS 17.4.4): Agrona's AgentRunner.close()
        add(Family.THREAD, "isAlive", "()Z", Timing.AFTER, "threadFoundAlive");
        // Thread.interrupt → whoever finds the thread interrupted (JLS 17.4.4): SyncInterrupts.
        String interrupts = "dev/wholetrace/agent/runtime/SyncInterrupts";
        CALLS.put("interrupt()V", new SyncCall("interrupt", "()V", Timing.BEFORE, "interrupting", Family.THREAD, true, interrupts, 0, null));
        CALLS.put("isInterrupted()Z", new SyncCall("isInterrupted", "()Z", Timing.AFTER, "checked", Family.THREAD, true, interrupts, 0, null));
        OWNED.put("java/lang/Thread.interrupted()Z", new SyncCall("interrupted", "()Z", Timing.REPLACE, "interrupted", Family.THREAD, false,
                interrupts, 0, null));
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
        CALLS.put("shutdownNow()Ljava/util/List;", new SyncCall("shutdownNow", "()Ljava/util/List;", Timing.AFTER, "tasksNeverRun",
                Family.EXECUTOR_SERVICE, false));
        String completable = "java/util/concurrent/CompletableFuture";
        String executor = "Ljava/util/concurrent/Executor;";
        for (String async : new String[] {"(" + runnable, "(" + runnable + executor}) {
            OWNED.put(completable + ".runAsync" + async + ")L" + completable + ";", new SyncCall("runAsync", async + ")L" + completable + ";",
                    Timing.HAND_OFF, "submitted", Family.COMPLETABLE_FUTURE, false));
        }
        for (String async : new String[] {"(Ljava/util/function/Supplier;", "(Ljava/util/function/Supplier;" + executor}) {
            OWNED.put(completable + ".supplyAsync" + async + ")L" + completable + ";", new SyncCall("supplyAsync",
                    async + ")L" + completable + ";", Timing.HAND_OFF, "submitted", Family.COMPLETABLE_FUTURE, false));
        }
        // Waits for a task: helpers in SyncWait record the join (also when the task threw).
        for (String owner : Family.FUTURE.owners) {
            OWNED.put(owner + ".get()" + OBJECT, new SyncCall("get", "()" + OBJECT, Timing.REPLACE, "futureGet", Family.FUTURE, true));
            OWNED.put(owner + ".get(" + TIMEOUT + ")" + OBJECT, new SyncCall("get", "(" + TIMEOUT + ")" + OBJECT, Timing.REPLACE, "futureGet",
                    Family.FUTURE, true));
        }
        OWNED.put(completable + ".join()" + OBJECT, new SyncCall("join", "()" + OBJECT, Timing.REPLACE, "futureJoin",
                Family.COMPLETABLE_FUTURE, true));
        OWNED.put(completable + ".getNow(" + OBJECT + ")" + OBJECT, new SyncCall("getNow", "(" + OBJECT + ")" + OBJECT, Timing.REPLACE,
                "futureGetNow", Family.COMPLETABLE_FUTURE, false));
        for (String owner : Family.FORK_JOIN_TASK.owners) {
            OWNED.put(owner + ".join()" + OBJECT, new SyncCall("join", "()" + OBJECT, Timing.REPLACE, "forkJoinTaskJoin",
                    Family.FORK_JOIN_TASK, false));
        }
        // Fork/join: fork() submits the task itself, its compute() is the run (instrumentMethod), and
        // join() on an application subclass (javac names the subclass) joins; any owner, checked at
        // run time. A ForkJoinPool's execute/submit/invoke of a task submits it; invoke also joins.
        String fjt = "Ljava/util/concurrent/ForkJoinTask;";
        CALLS.put("fork()" + fjt, new SyncCall("fork", "()" + fjt, Timing.BEFORE, "forking", Family.FORK_JOIN_TASK, false, SYNC_TASKS, 0, null));
        CALLS.put("join()" + OBJECT, new SyncCall("join", "()" + OBJECT, Timing.AFTER, "forkJoined", Family.FORK_JOIN_TASK, false, SYNC_TASKS, 0,
                null));
        for (String desc : new String[] {"(" + fjt + ")V", "(" + fjt + ")" + fjt}) {
            String name = desc.endsWith("V") ? "execute" : "submit";
            CALLS.put(name + desc, new SyncCall(name, desc, Timing.BEFORE, "forkingTo", Family.EXECUTOR_SERVICE, false, SYNC_TASKS, 1, null));
        }
        CALLS.put("invoke(" + fjt + ")" + OBJECT, new SyncCall("invoke", "(" + fjt + ")" + OBJECT, Timing.AROUND, "forkingTo",
                Family.EXECUTOR_SERVICE, false, SYNC_TASKS, 1, "forkInvoked"));
    }

    static {
        // CountedCompleter: completing a completer releases it and its ancestors (SyncCompleters). Any owner.
        for (String call : new String[] {"tryComplete()V", "propagateCompletion()V", "quietlyCompleteRoot()V", "complete(" + OBJECT + ")V"}) {
            int paren = call.indexOf('(');
            CALLS.put(call, new SyncCall(call.substring(0, paren), call.substring(paren), Timing.BEFORE, "completing", null, false,
                    "dev/wholetrace/agent/runtime/SyncCompleters", 0, null));
        }
    }

    static {
        // CompletableFuture's dependent stages: the action is wrapped (SyncStages), the returned stage
        // mapped to the wrapper; allOf's result to its sources. Any owner (CompletableFuture or
        // CompletionStage as the static type; the probe checks the receiver). Two-source stages
        // (thenCombine, …Either, …Both) and thenCompose are not modelled (docs/agent.md).
        String executor = "Ljava/util/concurrent/Executor;";
        String[][] stages = {{"thenApply", "Ljava/util/function/Function;"}, {"thenAccept", "Ljava/util/function/Consumer;"},
            {"thenRun", "Ljava/lang/Runnable;"}, {"handle", "Ljava/util/function/BiFunction;"},
            {"whenComplete", "Ljava/util/function/BiConsumer;"}, {"exceptionally", "Ljava/util/function/Function;"}};
        for (String[] stage : stages) {
            for (String result : new String[] {"Ljava/util/concurrent/CompletableFuture;", "Ljava/util/concurrent/CompletionStage;"}) {
                handOff(null, stage[0], "(" + stage[1] + ")" + result, "staged", false);
                handOff(null, stage[0] + "Async", "(" + stage[1] + ")" + result, "staged", false);
                handOff(null, stage[0] + "Async", "(" + stage[1] + executor + ")" + result, "staged", false);
            }
        }
        String completable = "java/util/concurrent/CompletableFuture";
        OWNED.put(completable + ".allOf([L" + completable + ";)L" + completable + ";", new SyncCall("allOf", "([L" + completable + ";)L"
                + completable + ";", Timing.HAND_OFF, "staged", Family.COMPLETABLE_FUTURE, false));
    }

    private static void handOff(Family family, String name, String desc, String after, boolean bridged) {
        CALLS.put(name + desc, new SyncCall(name, desc, Timing.HAND_OFF, after, family, bridged));
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
        CALLS.put(name + desc, new SyncCall(name, desc, timing, probe, null, false, "dev/wholetrace/agent/runtime/SyncStamped",
                desc.startsWith("(J)") ? 1 : 0, after));
    }

    /** A Phaser call, any owner; its probe gets the phase if the call takes one. */
    private static void phase(String name, String desc, Timing timing, String probe, String after) {
        CALLS.put(name + desc, new SyncCall(name, desc, timing, probe, null, false, "dev/wholetrace/agent/runtime/SyncPhasers",
                desc.startsWith("()") ? 0 : 1, after));
    }

    static {
        // LongAdder, DoubleAdder and the accumulators, by exact owner: the sum is one volatile
        // variable at (the adder's id, 0) — its base and cells are volatile and CASed (docs/agent.md).
        String adders = "java/util/concurrent/atomic/";
        for (String adder : new String[] {"LongAdder", "DoubleAdder", "LongAccumulator", "DoubleAccumulator"}) {
            String owner = adders + adder;
            String v = adder.startsWith("Long") ? "J" : "D";
            if (adder.endsWith("Adder")) {
                atomic(owner, "add", "(" + v + ")V", Timing.BEFORE);
                if (v.equals("J")) {
                    atomic(owner, "increment", "()V", Timing.BEFORE);
                    atomic(owner, "decrement", "()V", Timing.BEFORE);
                }
                atomic(owner, "sum", "()" + v, Timing.AFTER);
                atomic(owner, "sumThenReset", "()" + v, Timing.AROUND);
            } else {
                atomic(owner, "accumulate", "(" + v + ")V", Timing.BEFORE);
                atomic(owner, "get", "()" + v, Timing.AFTER);
                atomic(owner, "getThenReset", "()" + v, Timing.AROUND);
            }
            atomic(owner, "reset", "()V", Timing.BEFORE);
            for (String value : new String[] {"intValue()I", "longValue()J", "floatValue()F", "doubleValue()D"}) {
                atomic(owner, value.substring(0, value.indexOf('(')), value.substring(value.indexOf('(')), Timing.AFTER);
            }
        }
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
        atomics(atomic + "IntegerFieldUpdater", "I", "Ljava/util/function/IntUnaryOperator;", "Ljava/util/function/IntBinaryOperator;");
        atomics(atomic + "LongFieldUpdater", "J", "Ljava/util/function/LongUnaryOperator;", "Ljava/util/function/LongBinaryOperator;");
        atomics(atomic + "ReferenceFieldUpdater", OBJECT, "Ljava/util/function/UnaryOperator;", "Ljava/util/function/BinaryOperator;");
        for (String number : new String[] {"Integer", "Long"}) {
            for (String value : new String[] {"intValue()I", "longValue()J", "floatValue()F", "doubleValue()D"}) {
                atomic(atomic + number, value.substring(0, value.indexOf('(')), value.substring(value.indexOf('(')), Timing.AFTER);
            }
        }
        // A program's own synchronizer on AbstractQueuedSynchronizer (Scala's Await, through its CompletionLatch): the
        // JDK's acquire and release loops call the subclass's tryAcquire*/tryRelease*, whose calls of the protected
        // state accessors javac names on the subclass; their state is volatile, as the atomics' value
        String aqs = "java/util/concurrent/locks/AbstractQueued";
        synchronizerState(aqs + "Synchronizer", "I");
        synchronizerState(aqs + "LongSynchronizer", "J");
    }

    /**
     * A synchronizer's state accessors (owner: AbstractQueuedSynchronizer or its long twin; {@code v} the state's type):
     * getState a volatile read, setState a volatile write, compareAndSetState both, at (the synchronizer's id,
     * {@code SyntheticOffsets.SYNCHRONIZER_STATE}), not at the atomics' offset 0, which a subclass's own field may have.
     */
    private static void synchronizerState(String owner, String v) {
        String probes = "dev/wholetrace/agent/runtime/SyncAtomics";
        OWNED.put(owner + ".getState()" + v, new SyncCall("getState", "()" + v, Timing.AFTER, "stateRead", null, false, probes, 0, null));
        OWNED.put(owner + ".setState(" + v + ")V", new SyncCall("setState", "(" + v + ")V", Timing.BEFORE, "stateWrite", null, false, probes, 0,
                null));
        OWNED.put(owner + ".compareAndSetState(" + v + v + ")Z", new SyncCall("compareAndSetState", "(" + v + v + ")Z", Timing.AROUND,
                "stateWrite", null, false, probes, 0, "stateRead"));
    }

    /** The accessors of an atomic {@code owner} of values {@code v} ({@code unary}, {@code binary}: its update functions, if numeric or reference). */
    private static void atomics(String owner, String v, String unary, String binary) {
        // an element's index comes first; a field updater's object
        String i = owner.endsWith("Array") ? "I" : owner.endsWith("FieldUpdater") ? OBJECT : "";
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
        if (owner.endsWith("FieldUpdater")) { // the field it names, learnt where it was made (SyncFieldHandles)
            if (!UPDATER_METHODS.contains(name)) return; // the updaters have no acquire/release/opaque variants
            OWNED.put(owner + "." + name + desc, new SyncCall(name, desc, timing, timing == Timing.AFTER ? "read" : "write", null, false,
                    "dev/wholetrace/agent/runtime/SyncFieldHandles", 1, timing == Timing.AROUND ? "read" : null));
            return;
        }
        boolean element = owner.endsWith("Array");
        String write = element ? "elementWrite" : "write";
        String read = element ? "elementRead" : "read";
        String probe = timing == Timing.AFTER ? read : write;
        OWNED.put(owner + "." + name + desc, new SyncCall(name, desc, timing, probe, null, false, "dev/wholetrace/agent/runtime/SyncAtomics",
                element ? 1 : 0, timing == Timing.AROUND ? read : null));
    }

    private static void add(Family family, String name, String desc, Timing timing, String probe) {
        CALLS.put(name + desc, new SyncCall(name, desc, timing, probe, family, true));
    }

    private static void own(String owner, String name, String desc, String helper) {
        OWNED.put(owner + "." + name + desc, new SyncCall(name, desc, Timing.REPLACE, helper, Family.CONDITION, false));
    }

    /** The name + descriptor of every owned row; initialized after the tables above (textual order). */
    private static final Set<String> OWNED_METHODS = ownedMethods();

    private static Set<String> ownedMethods() {
        Set<String> methods = new HashSet<>();
        for (String key : OWNED.keySet()) methods.add(key.substring(key.indexOf('.') + 1));
        return methods;
    }

    private SyncCallTable() {}

    /** The row for a call instruction: by owner first, then (not for a static call) by name and descriptor on any owner. */
    static SyncCall ofCall(String owner, String name, String desc, boolean isStatic) {
        SyncCall call = OWNED.get(owner + "." + name + desc);
        return call != null || isStatic ? call : CALLS.get(name + desc);
    }

    /** Whether some owner's row names {@code name desc}: a call on another owner may inherit it. */
    static boolean ownedAnywhere(String name, String desc) {
        return OWNED_METHODS.contains(name + desc);
    }

    /**
     * Whether {@code call} is a call-site model of a hand-over the JDK hooks record themselves: the
     * fork/join models ({@code fork}, {@code join} of an application task type, {@code
     * ForkJoinPool.execute/submit/invoke} of a task, a CountedCompleter's completing calls) and the
     * CompletableFuture stage wrappers ({@code thenApply}, …, {@code allOf}: the "staged" rows). They
     * are the fallback for when the JDK's classes are not hooked, left out otherwise (they would
     * record the same edges twice). {@code ForkJoinTask.join()} through the JDK types stays: it is
     * also the join of a Runnable or Callable an ExecutorService submit wrapped.
     */
    static boolean coveredByJdkHooks(SyncCall call) {
        return call.owner().equals(SyncCall.SYNC_TASKS) && FORK_JOIN_PROBES.contains(call.probe())
                || call.owner().equals("dev/wholetrace/agent/runtime/SyncCompleters")
                || call.timing() == Timing.HAND_OFF && "staged".equals(call.probe());
    }

    private static final Set<String> FORK_JOIN_PROBES = Set.of("forking", "forkJoined", "forkingTo");

    /** The row for a method reference to {@code owner.name desc}, when references to it are bridged. */
    static SyncCall ofReference(String owner, String name, String desc) {
        SyncCall call = OWNED.get(owner + "." + name + desc);
        if (call == null) call = CALLS.get(name + desc);
        return call != null && call.bridged() && call.family().owners.contains(owner) ? call : null;
    }

    /**
     * Every probe the tables name, as {owner of the call or "" for any, name + descriptor of the
     * call, probe owner, probe name, probe descriptor}: for a test that each one exists.
     */
    static List<String[]> probes() {
        List<String[]> out = new ArrayList<>();
        for (Map<String, SyncCall> table : List.of(CALLS, OWNED)) {
            for (Map.Entry<String, SyncCall> e : table.entrySet()) {
                SyncCall c = e.getValue();
                if (c.timing() == Timing.REPLACE) continue;
                String owner = table == OWNED ? e.getKey().substring(0, e.getKey().indexOf('.')) : "";
                if (c.timing() == Timing.HAND_OFF) {
                    boolean isStatic = c.family() == Family.COMPLETABLE_FUTURE; // runAsync, supplyAsync
                    String handOff = SyncCall.handOffDesc(Type.getArgumentTypes(c.desc())[0], isStatic);
                    out.add(new String[] {owner, c.name() + c.desc(), SYNC_TASKS, "handOff", handOff});
                    if (c.probe() != null) out.add(new String[] {owner, c.name() + c.desc(), SYNC_TASKS, c.probe(), SyncCall.HANDED_OFF});
                    continue;
                }
                if (c.timing() != Timing.AFTER) out.add(new String[] {owner, c.name() + c.desc(), c.owner(), c.probe(), c.beforeDesc()});
                if (c.timing() != Timing.BEFORE) {
                    out.add(new String[] {owner, c.name() + c.desc(), c.owner(), c.afterProbe(), c.afterDesc()});
                }
            }
        }
        return out;
    }
}
