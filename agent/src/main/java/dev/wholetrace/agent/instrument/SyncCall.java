package dev.wholetrace.agent.instrument;

import java.util.Set;
import org.objectweb.asm.Type;

/**
 * One row of the sync call table ({@link SyncCallTable}): a call the agent recognises, and its
 * probe in {@code owner} (for {@link Timing#REPLACE} its helper in SyncWait). The probe gets the
 * receiver, the result ({@link Timing#AFTER}), the call's first {@code passed} arguments (a stamp,
 * a phase, an index) and the site. {@link Timing#AROUND}: {@code probe} before the call and
 * {@code after} after it; {@link Timing#HAND_OFF}: {@code probe} after the call, if any.
 * {@code bridged}: a method reference to it (naming one of the {@code family}'s owners) is
 * bridged ({@link MethodReferenceBridges}).
 */
record SyncCall(String name, String desc, Timing timing, String probe, Family family, boolean bridged, String owner, int passed,
                String after) {
    static final String SYNC_PROBES = "dev/wholetrace/agent/runtime/SyncProbes";
    static final String SYNC_WAIT = "dev/wholetrace/agent/runtime/SyncWait";
    static final String SYNC_TASKS = "dev/wholetrace/agent/runtime/SyncTasks";
    static final String OBJECT = "Ljava/lang/Object;";
    /** The probe after a hand-off: (result, wrapper, site) returning the result. */
    static final String HANDED_OFF = "(" + OBJECT + OBJECT + "I)" + OBJECT;

    SyncCall(String name, String desc, Timing timing, String probe, Family family, boolean bridged) {
        this(name, desc, timing, probe, family, bridged, SYNC_PROBES, 0, null);
    }

    /** Where the probe of a recognised call goes. */
    enum Timing {
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

    /** The JDK types whose methods a family of calls are: a method reference is bridged only when it names one of them. */
    enum Family {
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

        final Set<String> owners;

        Family(String... owners) {
            this.owners = Set.of(owners);
        }
    }

    /** The descriptor of the probe before the call: (receiver, passed arguments, site)V. */
    String beforeDesc() {
        return "(" + OBJECT + passedDesc() + "I)V";
    }

    /** The descriptor of the probe after the call: (receiver, result, passed arguments, site) returning the result. */
    String afterDesc() {
        String result = Type.getReturnType(desc).getDescriptor();
        return "(" + OBJECT + (result.equals("V") ? "" : result) + passedDesc() + "I)" + result;
    }

    /** The probe after the call ({@code after} for AROUND). */
    String afterProbe() {
        return timing == Timing.AROUND ? after : probe;
    }

    private String passedDesc() {
        StringBuilder b = new StringBuilder();
        Type[] args = Type.getArgumentTypes(desc);
        for (int i = 0; i < passed; i++) b.append(args[i].getDescriptor());
        return b.toString();
    }

    /** SyncTasks.handOff's descriptor: (receiver, task, site) returning the task's replacement; no receiver for a static call. */
    static String handOffDesc(Type task, boolean isStatic) {
        String t = task.getDescriptor();
        return "(" + (isStatic ? "" : OBJECT) + t + "I)" + t;
    }
}
