package dev.wholetrace.simulate.egraph;

import java.util.Set;

/**
 * Instruction interpretation (§3.2 phase ii) for calls into the JDK: which library methods are
 * synchronization or communication between threads. The owner is the first class outside the
 * program on the receiver's superclass chain (a Thread subclass's start is Thread.start).
 */
final class SyncCatalog {
    private SyncCatalog() {}

    private static final Set<String> LOCKS = Set.of("java/util/concurrent/locks/Lock", "java/util/concurrent/locks/ReentrantLock",
            "java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock", "java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock",
            "java/util/concurrent/locks/StampedLock");
    private static final Set<String> EXECUTORS = Set.of("java/util/concurrent/Executor", "java/util/concurrent/ExecutorService",
            "java/util/concurrent/AbstractExecutorService", "java/util/concurrent/ThreadPoolExecutor", "java/util/concurrent/ForkJoinPool",
            "java/util/concurrent/ScheduledExecutorService", "java/util/concurrent/ScheduledThreadPoolExecutor",
            "java/util/concurrent/CompletionService", "java/util/concurrent/ExecutorCompletionService");
    private static final Set<String> FUTURES = Set.of("java/util/concurrent/Future", "java/util/concurrent/FutureTask",
            "java/util/concurrent/CompletableFuture", "java/util/concurrent/ForkJoinTask", "java/util/concurrent/RecursiveTask",
            "java/util/concurrent/RecursiveAction");

    /** The action of calling {@code owner.name}, or {@link Action#NONE}. */
    static Action of(String owner, String name) {
        if (owner.equals("java/lang/Thread")) {
            if (name.equals("start")) return Action.THREAD_START;
            if (name.equals("join")) return Action.THREAD_JOIN;
            return Action.NONE;
        }
        if (owner.equals("java/lang/Object")) {
            if (name.equals("wait")) return Action.WAIT;
            if (name.equals("notify") || name.equals("notifyAll")) return Action.NOTIFY;
            return Action.NONE;
        }
        if (LOCKS.contains(owner)) {
            if (name.equals("lock") || name.equals("lockInterruptibly") || name.equals("tryLock") || name.equals("writeLock") && owner.endsWith("StampedLock")) return Action.LOCK;
            if (name.equals("unlock") || name.equals("unlockWrite")) return Action.UNLOCK;
            return Action.NONE;
        }
        if (owner.equals("java/util/concurrent/CyclicBarrier") && name.equals("await")) return Action.BARRIER;
        if (owner.equals("java/util/concurrent/Phaser") && (name.equals("arriveAndAwaitAdvance") || name.equals("awaitAdvance"))) return Action.BARRIER;
        if (owner.equals("java/util/concurrent/CountDownLatch")) {
            if (name.equals("await")) return Action.LATCH_AWAIT;
            if (name.equals("countDown")) return Action.LATCH_COUNT_DOWN;
            return Action.NONE;
        }
        if (owner.startsWith("java/util/concurrent/") && (owner.contains("BlockingQueue") || owner.contains("BlockingDeque")
                || owner.endsWith("SynchronousQueue") || owner.endsWith("TransferQueue"))) {
            if (name.equals("put") || name.equals("offer") || name.equals("add") || name.equals("transfer")) return Action.QUEUE_PUT;
            if (name.equals("take") || name.equals("poll")) return Action.QUEUE_TAKE;
            return Action.NONE;
        }
        if (EXECUTORS.contains(owner) && (name.equals("submit") || name.equals("execute"))) return Action.SUBMIT;
        // an async stage's task runs on a pool thread (the common pool, or the executor passed)
        if (owner.equals("java/util/concurrent/CompletableFuture") && (name.equals("supplyAsync") || name.equals("runAsync"))) return Action.SUBMIT;
        if (FUTURES.contains(owner) && (name.equals("get") || name.equals("join"))) return Action.FUTURE_GET;
        return Action.NONE;
    }
}
