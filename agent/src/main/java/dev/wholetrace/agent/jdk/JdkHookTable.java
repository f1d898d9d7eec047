package dev.wholetrace.agent.jdk;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;

/**
 * Which JDK classes get hooks and what each of their methods gets (docs/agent.md, "Hand-overs
 * inside the JDK"): data, applied by {@link JdkClassHooks}. Methods are matched by name and by the
 * shape of their descriptor (a reference parameter, a reference or boolean result), not by exact
 * descriptor, so erasures such as DelayQueue's {@code Delayed} match too; only methods a class
 * declares itself are hooked (an inherited {@code add} reaches a hooked {@code offer}). Every point
 * is public API (or, for the maps, the one private put/get each public method goes through; for
 * fork/join, ForkJoinTask.doExec, the one method that runs a task's exec()), the same on JDK 17 and 25.
 */
final class JdkHookTable {
    /** What to insert into a method. */
    enum Kind {
        /** At entry: release on the first reference parameter (the element). */
        RELEASE_ELEMENT,
        /** Before each reference return: acquire on the result (nothing for null). */
        ACQUIRE_RESULT,
        /** Before each reference return: acquire on each element of the returned array (toArray). */
        ACQUIRE_ARRAY,
        /** At entry: release on each element of the collection parameter, a JDK collection (addAll). */
        RELEASE_ALL,
        /** Before each int return: acquire on the first reference parameter if the result is not negative (indexOf). */
        ACQUIRE_ELEMENT_IF_FOUND,
        /** Before each boolean return: acquire on the first reference parameter if the result is true. */
        ACQUIRE_ELEMENT_IF_TRUE,
        /** Before each {@code Collection.add(Object)} call inside the method (drainTo): acquire on the element. */
        ACQUIRE_ADDED,
        /** Before each {@code Flow.Subscriber.onNext(Object)} call inside the method: acquire on the item. */
        ACQUIRE_ITEM,
        /**
         * SubmissionPublisher's consume(), one run of a subscriber's signals: acquire on the subscription
         * (the previous run's release) and on its subscriber (subscribe's release) at entry, release on
         * the subscription before each compare-and-set of its control word (the one that ends the run).
         */
        SUBSCRIPTION_RUN,
        /**
         * At entry: release on {@code this} executor's quiescence, which awaitTermination, isTerminated and close
         * acquire. ThreadPerTaskExecutor.taskComplete: a task's thread has finished its task. ThreadPoolExecutor's
         * decrementWorkerCount and compareAndDecrementWorkerCount: a worker is leaving the pool (getTask's exits,
         * processWorkerExit after a task threw, a failed addWorker), after every task it ran; the pool terminates
         * only once the count is zero, so one release per worker orders all its tasks before termination.
         */
        POOL_WORK_ENDED,
        /**
         * After each {@code terminated()} call inside the method (ThreadPoolExecutor.tryTerminate: the hook a
         * program overrides, run once the last worker has left and before the state awaitTermination waits for):
         * release on {@code this} executor's quiescence, as {@link #POOL_WORK_ENDED}.
         */
        POOL_TERMINATED_RAN,
        /**
         * Right after the queue's lock is taken in ScheduledThreadPoolExecutor$DelayedWorkQueue.offer(Runnable), which every
         * schedule and every periodic run putting its task back (reExecutePeriodic) goes through: a release on the
         * queue's quiescence, inside the lock, so that its ticket is in the lock's order ({@link #SCHEDULED_QUEUE_WALKED}).
         */
        SCHEDULED_QUEUED,
        /**
         * Right after the queue's lock is taken in DelayedWorkQueue.toArray() (shutdown's walk of the queue, onShutdown): an
         * acquire on the queue's quiescence, inside the lock: ordered after every offer that took the lock before, and
         * after none that took it later (a periodic run still under way when shutdown walked the queue).
         */
        SCHEDULED_QUEUE_WALKED,
        /**
         * Before each {@code Thread.start()} (JDK 21+: {@code SharedThreadContainer.start(thread)}) call of the method:
         * a fork of the thread, as at a call site of the program
         * (ThreadPoolExecutor.addWorker: a worker runs the program's beforeExecute and its first task, which main
         * hands it through no queue).
         */
        THREAD_STARTS,
        /**
         * Before the native-start call of ThreadPerTaskExecutor.start(thread) (JDK 21+: {@code JavaLangAccess.start(thread,
         * container)}, reached only while the executor runs): a fork of the thread, argument 1. A platform thread's fork is
         * Thread.start's own (start0's hook); a virtual thread's start never reaches it, so without this one
         * {@code newVirtualThreadPerTaskExecutor()}'s threads had no fork at all (their tasks' hand-overs still ordered
         * what the tasks ran). Where the method throws, the fork is closed if the thread never ran (a virtual thread
         * its scheduler rejected).
         */
        THREAD_PER_TASK_START,
        /**
         * At entry of VirtualThread.park() and parkNanos(long) (JDK 21+), on the virtual thread about to unmount: not a
         * synchronization, but where its recording buffer, if grown large, is handed over and replaced by a small one,
         * so that thousands of parked virtual threads do not each hold one (ThreadRecorder.parking).
         */
        VIRTUAL_PARK,
        /**
         * Around each {@code start0()} call of the method (Thread.start; JDK 21+ also Thread.start(container)), the
         * native start, under the thread's monitor after the check that it is new: a fork of {@code this} before it,
         * the start's end after it, and, where the method throws, a fork closed if the thread never ran. Every start
         * of a platform thread, the JDK's own (an HTTP server's dispatcher, a fork/join pool's workers) included.
         */
        THREAD_START0,
        /**
         * At entry: release on the first reference parameter if it is a ForkJoinTask (ForkJoinPool.execute(Runnable),
         * submit(Runnable): a task that is also a Runnable is run as it is, through doExec, which acquires it).
         */
        RELEASE_IF_TASK,
        /**
         * Before every return: acquire on {@code this} executor's quiescence (a close() that returns only once the
         * executor has terminated; not the common pool's, which close leaves running).
         */
        CLOSED,
        /**
         * At entry: a fork of the Thread argument into {@code this} flock, as Thread.start at a call site records
         * (ThreadFlock.start: a StructuredTaskScope starts each subtask's thread inside the JDK, where no call site
         * is instrumented); the flock remembers the thread for {@link #FLOCK_JOINED_IF_TRUE} and {@link #FLOCK_CLOSED}.
         */
        FLOCK_START,
        /** Before every {@code ireturn}: if true (every thread has left), a join of each thread forked into {@code this} flock. */
        FLOCK_JOINED_IF_TRUE,
        /** Before every return (close waits until every thread has left): a join of each thread forked into {@code this} flock. */
        FLOCK_CLOSED,
        /**
         * At entry: release on {@code this} flock (ThreadFlock.wakeup: a StructuredTaskScope's cancellation, made by the
         * subtask whose completion the joiner answered with true, or the timeout, wakes the owner's join through a volatile
         * permit that awaitAll reads; session 48).
         */
        FLOCK_WAKEUP,
        /** Before every return of awaitAll, whatever it returns: acquire on {@code this} flock ({@link #FLOCK_WAKEUP}'s release). */
        FLOCK_AWAITED,
        /**
         * Before each {@code PUTFIELD result} of a StructuredTaskScope subtask (its run, once the task returned or threw):
         * release on the subtask, whose volatile result the owner's Subtask.get/state/exception and the joiners read.
         */
        SUBTASK_RESULT_SET,
        /** After each {@code GETFIELD result} of a subtask: acquire on the subtask if the result is set (not null). */
        SUBTASK_RESULT_READ,
        /**
         * After the first {@code GETFIELD generation} of CyclicBarrier.dowait ({@code final Generation g = generation;}, under the
         * barrier's lock, which every trip and reset replaces it under): the generation the await belongs to, numbered per
         * barrier for the episode of its pass (runtime/SyncBarrierEpisodes). Not a hand-over: the await's call site records that.
         */
        BARRIER_GENERATION_READ,
        /** Before each {@code TimerTask.run()} call inside the method (the timer thread's loop): acquire on the task. */
        ACQUIRE_TIMER_TASK,
        /** Before each {@code Consumer.accept(Object)} call inside the method (forEach): acquire on the element. */
        ACQUIRE_ACCEPTED,
        /**
         * At entry: release on this map's entry for the key (parameter 1; parameter 2 is the value when it is a reference).
         * In ConcurrentHashMap right after the method computed the key's hash instead (all its key hooks take that hash),
         * and only when parameter 2 is not null (replaceNode removes when it is).
         */
        KEY_RELEASE,
        /** Before each reference return: acquire on this map's entry for the key (parameter 1) if the result is not null. */
        KEY_ACQUIRE_RESULT,
        /** Before each boolean return: acquire on this map's entry for the key if true. */
        KEY_ACQUIRE_IF_TRUE,
        /**
         * Before each {@code Object.equals} call inside the method (the key, parameter 1, compared with a key the map
         * holds, whose node the map reached through its volatile table): acquire on this map's node for the key, whatever
         * {@code equals} answers (ConcurrentHashMap's lookups and updates; session 45, Jackson's type cache).
         */
        KEY_COMPARED,
        /** Before each creation of a {@code ConcurrentHashMap$Node} in the method (the key's insertion): release on the map's node for the key. */
        KEY_INSERTED,
        /** Before each boolean return: if true, acquire on the entry of each key holding the value (parameter 1; containsValue). */
        VALUE_ACQUIRE_IF_TRUE,
        /**
         * After the construction of the operation's root task (ConcurrentHashMap's bulk operations): that task belongs
         * to this map, for {@link #BULK_NODE}, whose task has no map of its own.
         */
        BULK_ROOT,
        /**
         * Before the return of a node of a bulk operation's walk (ConcurrentHashMap$BulkTask.advance, whose caller, the
         * task's compute, hands that node's key, value or entry to the program's function): acquire on the node's key
         * entry of the map the task's root belongs to ({@link #BULK_ROOT}).
         */
        BULK_NODE,
        /** Before each reference return: acquire on the entry of the returned key (ConcurrentSkipListMap navigation). */
        RETURNED_KEY,
        /** Before each reference return: acquire on the entry of the returned entry's key (ConcurrentSkipListMap navigation). */
        RETURNED_ENTRY,
        /** Around each {@code Function.apply}/{@code BiFunction.apply} call (compute, merge): acquire before, release after, on the key's entry. */
        KEY_FUNCTION,
        /** Before each {@code BiConsumer.accept(key, value)} call inside the method (forEach): acquire on the key's entry. */
        KEY_ACCEPTED,
        /** Before each reference return of a ConcurrentHashMap iterator's next(): acquire on the returned node's key entry. */
        ITERATOR_KEY,
        /** The same for a ConcurrentSkipListMap iterator (its map is the outer instance). */
        SKIP_LIST_ITERATOR_KEY,
        /** The same for an iterator of a ConcurrentSkipListMap's sub-map view (the view's backing map). */
        SUB_MAP_ITERATOR_KEY,
        /** Before each {@code Consumer.accept} call of a ConcurrentHashMap view's forEach: acquire on the traversed node's key entry. */
        VIEW_ACCEPTED,
        /** Every MONITORENTER (lock after) and MONITOREXIT (unlock before): a synchronized wrapper's mutex. */
        MONITORS,
        /** A synchronized instance method: lock of {@code this} at entry, unlock before every return and on the exceptional exit. */
        SYNCHRONIZED_METHOD,
        /**
         * The whole method is JDK-internal work: hooks are off from its entry to its exit, normal or
         * exceptional (ClassLoader.loadClass: the loaders' lock and package maps order threads that load
         * the same class, which would hide the program's races around a first use; every hooked class's
         * static initializer).
         */
        JDK_INTERNAL,
        /**
         * Calls of {@code Constructor.newInstance} that run the program's code inside JDK-internal work: hooks are on
         * again during each call (ForkJoinPool's initializer instantiates the program's common-pool thread factory and
         * exception handler, named by system properties: their hand-overs are the program's).
         */
        PROGRAM_CALLBACK,
        /**
         * At entry: release on {@code this} (ForkJoinTask.fork: the forker's work before the task's run;
         * FutureTask.set and setException: the computation before the state write get() waits for).
         */
        RELEASE_THIS,
        /**
         * Acquire on {@code this} at entry and release on it (and a worker's pool quiescence) before the
         * calls that record the task's completion (ForkJoinTask.doExec: one run of exec()).
         */
        TASK_RUN,
        /** Before every return: acquire on {@code this}; when it throws, the same if the task completed (ForkJoinTask.join, invoke, get, quietlyJoin, quietlyInvoke). */
        ACQUIRE_THIS_AT_RETURN,
        /**
         * FutureTask.get (both): before every return, acquire on {@code this}; when it throws an
         * ExecutionException (the computation threw: it completed), the same; not after a cancellation,
         * a timeout or an interrupt.
         */
        FUTURE_TASK_GET,
        /**
         * FutureTask.isDone: before it returns true, acquire on {@code this} if the state it read is a completion's
         * (set or setException won: COMPLETING, NORMAL, EXCEPTIONAL), not a cancellation's.
         */
        FUTURE_TASK_DONE,
        /** The same on the first reference parameter (ForkJoinPool.invoke(task)). */
        ACQUIRE_ELEMENT_AT_RETURN,
        /** Static invokeAll: on return and when it throws, acquire on each of its tasks that completed. */
        INVOKE_ALL,
        /** Static helpQuiesce, quiesceCommonPool: before every return, acquire on the pool's quiescence. */
        QUIESCED,
        /** ForkJoinPool.awaitQuiescence: before each boolean return, acquire on this pool's quiescence if true. */
        QUIESCED_IF_TRUE,
        /**
         * A CountedCompleter's completing call: release on a completer before each CAS of its pending
         * count and acquire after it (a read-modify-write), release before quietlyComplete; acquire on a
         * completer before its onCompletion.
         */
        COMPLETION,
        /** At entry: release on {@code this} (ServerSocket.close: an accept that fails because of it acquires it). */
        SOCKET_CLOSING,
        /**
         * Where the method throws a SocketException: acquire on {@code this} (ServerSocket.accept: the socket was closed, by a
         * close that synchronized with this accept inside the JDK; not after a timeout, a SocketTimeoutException).
         */
        ACCEPT_THREW,
        /** At entry: acquire on {@code this} (a CompletableFuture asynchronous task's run: what its hand-over to the executor published). */
        ACQUIRE_THIS,
        /**
         * At entry of CompletableFuture.tryPushStack(c): release on {@code this} future's stack of dependents if c is a
         * dependent (a UniCompletion or an AnyOf; not a Signaller or a CoCompletion).
         */
        FUTURE_PUSHED,
        /**
         * At entry of a dependent's tryFire(mode): acquire on its source's stack (and its second source's), where its
         * registration released; on the dependent itself in ASYNC mode (run by its executor, which it was handed to).
         */
        DEPENDENT_FIRES,
        /** Before each {@code Executor.execute(Runnable)} call: release on the task handed over (a CompletableFuture dependent or async task). */
        RELEASE_EXECUTED,
        /** At entry of a CompletableFuture's compare-and-set of its result: release on {@code this} if its result is still null. */
        FUTURE_COMPLETING,
        /** Before each {@code PUTFIELD CompletableFuture.result}: release on the future written. */
        FUTURE_WRITE,
        /** After each read of a CompletableFuture's result: acquire on the future read if it is complete (join, get, isDone, …). */
        FUTURE_READ,
        /** After each read of a CompletableFuture's result that is kept in a local (used, not only tested): acquire on it if complete. */
        FUTURE_READ_USED,
        /** A kept read of anyOf's relay: its source, acquired by the relay's compare-and-set only if that wins. */
        FUTURE_READ_RELAY,
        /** The first two kept reads are a two-source stage's: acquire on both after the second, when it is complete too. */
        FUTURE_READ_BOTH
    }

    private static final String JUC = "java/util/concurrent/";

    /** Queues, deques and transfer queues: element hand-overs. */
    private static final Set<String> QUEUES = Set.of(
            JUC + "ArrayBlockingQueue", JUC + "LinkedBlockingQueue", JUC + "LinkedBlockingDeque", JUC + "PriorityBlockingQueue",
            JUC + "DelayQueue", JUC + "SynchronousQueue", JUC + "LinkedTransferQueue", JUC + "ConcurrentLinkedQueue",
            JUC + "ConcurrentLinkedDeque");
    private static final Set<String> PUTS = Set.of("put", "offer", "add", "transfer", "tryTransfer", "putFirst", "putLast",
            "offerFirst", "offerLast", "addFirst", "addLast", "push");
    private static final Set<String> TAKES = Set.of("take", "poll", "remove", "removeFirst", "removeLast", "pollFirst", "pollLast",
            "takeFirst", "takeLast", "pop", "peek", "peekFirst", "peekLast", "element", "getFirst", "getLast");
    private static final Set<String> REMOVES = Set.of("remove", "removeFirstOccurrence", "removeLastOccurrence", "contains");
    /** The queues' iterators (next() returns an element; names of JDK 17 and 25, a missing one is never loaded). */
    private static final Set<String> QUEUE_ITERATORS = Set.of(JUC + "ArrayBlockingQueue$Itr", JUC + "LinkedBlockingQueue$Itr",
            JUC + "LinkedBlockingDeque$AbstractItr", JUC + "PriorityBlockingQueue$Itr", JUC + "DelayQueue$Itr", JUC + "LinkedTransferQueue$Itr",
            JUC + "ConcurrentLinkedQueue$Itr", JUC + "ConcurrentLinkedDeque$AbstractItr");

    /** Concurrent maps: hand-overs through a key's entry. */
    private static final String CHM = JUC + "ConcurrentHashMap";
    private static final String CSLM = JUC + "ConcurrentSkipListMap";
    private static final Set<String> MAP_FUNCTIONS = Set.of("compute", "computeIfAbsent", "computeIfPresent", "merge");
    /** ConcurrentSkipListMap's methods that return what a key's entry held, and that update it. */
    private static final Set<String> MAP_READS = Set.of("get", "doGet", "put", "putIfAbsent", "replace", "remove");
    private static final Set<String> MAP_WRITES = Set.of("doPut", "replace");
    /** ConcurrentHashMap's methods that update a key's entry (replaceNode: when given a value), and that return what it held. */
    private static final Set<String> CHM_UPDATES = Set.of("putVal", "replaceNode", "merge");
    private static final Set<String> CHM_RETRIEVALS = Set.of("get", "putVal", "replaceNode", "computeIfAbsent");
    /** ConcurrentHashMap's methods that call the key's equals on the keys of a bin (all but TreeBin's and a resize's find). */
    private static final Set<String> MAP_COMPARES = Set.of("get", "putVal", "replaceNode", "computeIfAbsent", "computeIfPresent", "compute",
            "merge");
    /** ConcurrentHashMap's methods that insert a key (create its node; a resize's copies are the same keys' nodes). */
    private static final Set<String> MAP_INSERTS = Set.of("putVal", "computeIfAbsent", "compute", "merge");
    private static final Set<String> MAP_ITERATORS = Set.of(JUC + "ConcurrentHashMap$KeyIterator", JUC + "ConcurrentHashMap$ValueIterator",
            JUC + "ConcurrentHashMap$EntryIterator");

    private static final Set<String> MAP_VIEWS = Set.of(JUC + "ConcurrentHashMap$KeySetView", JUC + "ConcurrentHashMap$ValuesView",
            JUC + "ConcurrentHashMap$EntrySetView");
    private static final Set<String> SKIP_LIST_ITERATORS = Set.of(JUC + "ConcurrentSkipListMap$KeyIterator",
            JUC + "ConcurrentSkipListMap$ValueIterator", JUC + "ConcurrentSkipListMap$EntryIterator");
    private static final String SUB_MAP = JUC + "ConcurrentSkipListMap$SubMap";
    private static final Set<String> SUB_MAP_ITERATORS = Set.of(SUB_MAP + "$SubMapKeyIterator", SUB_MAP + "$SubMapValueIterator",
            SUB_MAP + "$SubMapEntryIterator");
    /** ConcurrentSkipListMap's (and its sub-maps') navigation: what returns a key, and what returns an entry. */
    private static final Set<String> NAV_KEYS = Set.of("firstKey", "lastKey", "ceilingKey", "floorKey", "higherKey", "lowerKey");
    private static final Set<String> NAV_ENTRIES = Set.of("firstEntry", "lastEntry", "ceilingEntry", "floorEntry", "higherEntry", "lowerEntry",
            "pollFirstEntry", "pollLastEntry");
    /** ConcurrentHashMap's bulk operations with a parallelism threshold (their first parameter, a long). */
    private static final Set<String> BULK_PREFIXES = Set.of("forEach", "search", "reduce");
    /** The base class of their tasks, whose advance() yields the nodes of the walk, one at a time. */
    private static final String BULK_TASK = CHM + "$BulkTask";

    /** Classes whose synchronized methods are their documented monitor: the JDK is not instrumented, so they are hooked here. */
    private static final Set<String> SYNCHRONIZED_CLASSES = Set.of("java/util/Vector", "java/util/Hashtable", "java/lang/StringBuffer");
    /** Their inner classes that synchronize on the outer object with synchronized blocks (Vector's iterators). */
    private static final Set<String> SYNCHRONIZED_BLOCKS = Set.of("java/util/Vector$Itr", "java/util/Vector$ListItr");

    private static final String COW_LIST = JUC + "CopyOnWriteArrayList";
    private static final String COW_ITERATOR = JUC + "CopyOnWriteArrayList$COWIterator";
    private static final String EXCHANGER = JUC + "Exchanger";
    /** CyclicBarrier: dowait, the one method every await goes through, the same on JDK 17 and 25 ({@link Kind#BARRIER_GENERATION_READ}). */
    private static final String CYCLIC_BARRIER = JUC + "CyclicBarrier";

    /** Collections.synchronized* wrappers: their mutex is a monitor like any other. */
    private static final Set<String> WRAPPERS = Set.of("java/util/Collections$SynchronizedCollection", "java/util/Collections$SynchronizedSet",
            "java/util/Collections$SynchronizedSortedSet", "java/util/Collections$SynchronizedNavigableSet",
            "java/util/Collections$SynchronizedList", "java/util/Collections$SynchronizedRandomAccessList",
            "java/util/Collections$SynchronizedMap", "java/util/Collections$SynchronizedSortedMap",
            "java/util/Collections$SynchronizedNavigableMap");

    /** Fork/join: a task's fork, run and join, the pool's entry points, a CountedCompleter's completions. */
    private static final String FJ_TASK = JUC + "ForkJoinTask";
    private static final String FJ_POOL = JUC + "ForkJoinPool";
    private static final String COMPLETER = JUC + "CountedCompleter";
    private static final Set<String> TASK_JOINS = Set.of("join", "invoke", "get", "quietlyJoin", "quietlyInvoke", "quietlyJoinUninterruptibly");
    private static final Set<String> COMPLETIONS = Set.of("tryComplete", "propagateCompletion", "complete", "quietlyCompleteRoot",
            "firstComplete", "nextComplete");
    private static final String TASK_PARAM = "(Ljava/util/concurrent/ForkJoinTask;)";

    /**
     * CompletableFuture: a completion is released where its result is set and acquired where the JDK
     * reads a source's result to run or complete a dependent, or returns it to the program. The
     * dependents' classes (each one's {@code tryFire} reads its source(s)): one-source and either-of
     * completions, and the two-source ones, which read both.
     */
    private static final String FUTURE = JUC + "CompletableFuture";
    private static final Set<String> FUTURE_DEPENDENTS = Set.of(FUTURE + "$UniApply", FUTURE + "$UniAccept", FUTURE + "$UniRun",
            FUTURE + "$UniWhenComplete", FUTURE + "$UniHandle", FUTURE + "$UniExceptionally", FUTURE + "$UniComposeExceptionally",
            FUTURE + "$UniRelay", FUTURE + "$UniCompose", FUTURE + "$OrApply", FUTURE + "$OrAccept", FUTURE + "$OrRun", FUTURE + "$AnyOf");
    /** The asynchronous tasks (supplyAsync, runAsync, completeAsync) and the dependents' base, whose claim() hands a dependent to its executor. */
    private static final Set<String> FUTURE_TASKS = Set.of(FUTURE + "$AsyncSupply", FUTURE + "$AsyncRun");
    private static final String FUTURE_UNI = FUTURE + "$UniCompletion";
    private static final Set<String> FUTURE_BOTH_DEPENDENTS = Set.of(FUTURE + "$BiApply", FUTURE + "$BiAccept", FUTURE + "$BiRun",
            FUTURE + "$BiRelay");
    /** The either-of dependents: two sources (a BiCompletion's {@code snd}), pushed on either, like the two-source ones. */
    private static final Set<String> FUTURE_EITHER_DEPENDENTS = Set.of(FUTURE + "$OrApply", FUTURE + "$OrAccept", FUTURE + "$OrRun");

    /** Whether {@code owner} is a dependent with a second source ({@code snd}), whose tryFire acquires both sources' stacks. */
    static boolean hasSecondSource(String owner) {
        return FUTURE_BOTH_DEPENDENTS.contains(owner) || FUTURE_EITHER_DEPENDENTS.contains(owner);
    }

    /** The compare-and-sets of the result (every complete, completeExceptionally, cancel and dependent's completion). */
    private static final Set<String> FUTURE_CASES = Set.of("internalComplete", "completeNull", "completeValue", "completeThrowable",
            "completeRelay");
    /** Where the program obtains a result or learns that there is one (and the two waits join and get go through). */
    private static final Set<String> FUTURE_RESULTS = Set.of("join", "get", "getNow", "isDone", "resultNow", "exceptionNow", "state",
            "isCompletedExceptionally", "isCancelled", "waitingGet", "timedGet");
    /** Where a stage is made on a source that may be complete (then run or relayed at once), and anyOf/copies relaying one. */
    private static final Set<String> FUTURE_STAGES = Set.of("uniApplyStage", "uniAcceptStage", "uniRunStage", "uniWhenCompleteStage",
            "uniHandleStage", "uniExceptionallyStage", "uniComposeStage", "uniComposeExceptionallyStage", "uniCopyStage",
            "uniAsMinimalStage", "orApplyStage", "orAcceptStage", "orRunStage", "anyOf");
    private static final Set<String> FUTURE_BOTH_STAGES = Set.of("biApplyStage", "biAcceptStage", "biRunStage", "andTree");

    /**
     * FutureTask (and the JDK's and the program's subclasses: ScheduledFutureTask, an
     * ExecutorCompletionService's futures, Lucene's TaskExecutor tasks): "actions taken by the
     * asynchronous computation happen-before actions following the corresponding Future.get() in
     * another thread", whoever runs it — an executor, a plain Thread given the task, or any thread
     * calling run() on it.
     */
    static final String FUTURE_TASK = JUC + "FutureTask";
    private static final String OBJECT = "Ljava/lang/Object;";

    /**
     * java.util.Timer: every schedule method goes through the private {@code sched(task, time, period)},
     * and the timer's thread runs each task from {@code TimerThread.mainLoop} (JDK 17 and 25), both
     * under the timer's queue lock, which the program never sees.
     */
    private static final String TIMER = "java/util/Timer";
    private static final String TIMER_THREAD = "java/util/TimerThread";

    /**
     * SubmissionPublisher, the JDK's Flow.Publisher: "actions in a thread prior to publishing an item
     * happen-before actions subsequent to the access of that item by each subscriber", and a
     * subscription's signals are strictly ordered, whichever executor thread runs each batch of them.
     */
    private static final String PUBLISHER = JUC + "SubmissionPublisher";
    private static final String SUBSCRIPTION = PUBLISHER + "$BufferedSubscription";

    /**
     * ThreadPoolExecutor (and ScheduledThreadPoolExecutor, and the executors Executors wraps around it):
     * awaitTermination returning true means every task has run and every worker has left, through the
     * pool's main lock; the idiom {@code shutdown(); awaitTermination(…); read what the tasks wrote} relies
     * on that order.
     */
    static final String THREAD_POOL = JUC + "ThreadPoolExecutor";
    /**
     * Its scheduled subclass's queue: periodic runs and shutdown meet there, under its lock (docs/agent.md, "Pool
     * termination"): a run puts its task back with offer, shutdown walks the queue with toArray.
     */
    private static final String SCHEDULED_QUEUE = JUC + "ScheduledThreadPoolExecutor$DelayedWorkQueue";

    /**
     * The thread-per-task executors of JDK 21+ ({@code Executors.newVirtualThreadPerTaskExecutor()},
     * {@code newThreadPerTaskExecutor(factory)}): the same termination idiom, and above all
     * try-with-resources, whose close() waits for every task's thread; each thread reports its task's
     * end through {@code taskComplete} before termination is signalled.
     */
    private static final String THREAD_PER_TASK = JUC + "ThreadPerTaskExecutor";

    /**
     * The thread flock under every StructuredTaskScope (JDK 21+, a preview API; JDK 17 has none): {@code fork}
     * starts the subtask's thread through {@code start(thread)}; {@code join} waits in {@code awaitAll}, the
     * scope's close in {@code close}, both until every thread has terminated, so a subtask's result and
     * everything it wrote are ordered before what the owner does after join (Subtask.get), and before the next
     * scope's forks: a join of each of its threads, as Thread.join records. (The count's decrement that wakes the
     * owner runs on a virtual thread's carrier, after the thread terminated: no release of the thread's.)
     */
    private static final String THREAD_FLOCK = "jdk/internal/misc/ThreadFlock";
    /**
     * A StructuredTaskScope's subtask (JDK 25; 21 to 24 name it StructuredTaskScope$SubtaskImpl, not hooked): it sets its
     * volatile {@code result} after the task returned or threw, unless the scope was cancelled; the owner reads it after
     * a join that a cancellation may have ended while other subtasks still run (Joiner.allUntil, anySuccessfulResultOrThrow),
     * so what a finished subtask did is ordered by its result, not by its thread's end.
     */
    private static final String SUBTASK = JUC + "StructuredTaskScopeImpl$SubtaskImpl";

    /**
     * java.lang.Thread: every start of a platform thread goes through its native start0, called by Thread.start (and
     * on JDK 21+ by start(container), which executors' and thread flocks' starts use); a virtual thread's start is
     * its own class's and never reaches it.
     */
    static final String THREAD = "java/lang/Thread";

    /**
     * java.net.ServerSocket: close() makes a blocked or later accept() throw a SocketException, and the two synchronize
     * inside the JDK (its close lock, the socket implementation's state lock; JDK 17 and 25): an acceptor thread stopped
     * by closing its socket sees what the closing thread did before (OkHttp's MockWebServer). Only ServerSocket's own
     * methods: a subclass that overrides them (the NIO channel's adaptor, an SSL server socket) is not covered.
     */
    private static final String SERVER_SOCKET = "java/net/ServerSocket";

    /**
     * java.lang.VirtualThread (JDK 21+): park() and parkNanos(long) are where a virtual thread unmounts from its carrier
     * to wait (LockSupport.park, Thread.sleep, blocking I/O all go through them; on JDK 24+ a monitor wait does not).
     */
    private static final String VIRTUAL_THREAD = "java/lang/VirtualThread";

    /** Class loading, the JVM's way in (it calls loadClass(String) on the loader); its maps are no hand-overs of the program. */
    private static final String CLASS_LOADER = "java/lang/ClassLoader";

    private JdkHookTable() {}

    /** Every class that gets hooks (internal names). */
    static List<String> classes() {
        List<String> all = new ArrayList<>(QUEUES);
        all.addAll(List.of(CHM, CSLM, BULK_TASK));
        all.addAll(MAP_ITERATORS);
        all.addAll(MAP_VIEWS);
        all.addAll(SKIP_LIST_ITERATORS);
        all.addAll(List.of(COW_LIST, COW_ITERATOR, EXCHANGER));
        all.addAll(WRAPPERS);
        all.add(CLASS_LOADER);
        all.addAll(QUEUE_ITERATORS);
        all.add(SUB_MAP);
        all.addAll(SUB_MAP_ITERATORS);
        all.addAll(SYNCHRONIZED_CLASSES);
        all.addAll(SYNCHRONIZED_BLOCKS);
        all.addAll(List.of(FJ_TASK, FJ_POOL, COMPLETER));
        all.add(FUTURE);
        all.addAll(FUTURE_DEPENDENTS);
        all.addAll(FUTURE_BOTH_DEPENDENTS);
        all.addAll(FUTURE_TASKS);
        all.add(FUTURE_UNI);
        all.add(FUTURE_TASK);
        all.addAll(List.of(TIMER, TIMER_THREAD, PUBLISHER, SUBSCRIPTION, THREAD_POOL, THREAD_PER_TASK, THREAD_FLOCK, THREAD, SERVER_SOCKET, VIRTUAL_THREAD));
        all.add(SUBTASK);
        all.add(SCHEDULED_QUEUE);
        all.add(CYCLIC_BARRIER);
        return all;
    }

    /**
     * The top-level classes whose hooks record what the call-site fork/join and CompletableFuture-stage models
     * record (InstrumentationContext.hookedInJdk); their nested classes load after them, hooked as they load.
     */
    static List<String> handOverClasses() {
        return List.of(FJ_TASK, FJ_POOL, COMPLETER, FUTURE);
    }

    /** Whether {@code owner} (internal name) is one of the blocking and concurrent queues hooked above. */
    static boolean isQueue(String owner) {
        return QUEUES.contains(owner);
    }

    /** Whether {@code owner} (internal name) gets hooks: asked at every class load. */
    static boolean hooks(String owner) {
        return Hooked.ALL.contains(owner);
    }

    /** {@link #classes()} as a set, made once (a holder: after every constant above is set). */
    private static final class Hooked {
        static final Set<String> ALL = Set.copyOf(classes());
    }

    /**
     * The hooks of method {@code name}{@code desc} of {@code owner} with access flags {@code access};
     * empty when none. Constructors get none, static methods only ForkJoinTask's invokeAll and the
     * quiescence waits.
     */
    static List<Kind> of(String owner, String name, String desc, int access) {
        List<Kind> kinds = new ArrayList<>(2);
        if (name.equals("<clinit>")) {
            // A hooked class's initializer is the JDK's own work, which may run on a program thread inside one of its sync
            // calls (ForkJoinPool's, in the first Condition.await: its System.getProperty reads and method-handle lookups
            // use hooked maps): no hand-over of the program (docs/agent.md, "The agent leaves the JDK's settings to the program")
            kinds.add(Kind.JDK_INTERNAL);
            return kinds;
        }
        if (owner.equals(FJ_POOL) && (name.equals("<init>") && desc.equals("(B)V") || name.equals("newInstanceFromSystemProperty"))) {
            // the common pool's constructor (JDK 25) or its helper (JDK 17), inside ForkJoinPool's initializer
            kinds.add(Kind.PROGRAM_CALLBACK);
            return kinds;
        }
        boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
        if (WRAPPERS.contains(owner) || SYNCHRONIZED_BLOCKS.contains(owner)) {
            kinds.add(Kind.MONITORS);
            return kinds;
        }
        if (SYNCHRONIZED_CLASSES.contains(owner)) {
            if (!isStatic && (access & Opcodes.ACC_SYNCHRONIZED) != 0) kinds.add(Kind.SYNCHRONIZED_METHOD);
            kinds.add(Kind.MONITORS); // synchronized blocks, if any (a synchronized(this) inside)
            return kinds;
        }
        if (isStatic && owner.equals(FJ_TASK)) {
            if (name.equals("invokeAll") && desc.endsWith("V") || name.equals("invokeAll") && desc.equals("(Ljava/util/Collection;)Ljava/util/Collection;")) {
                kinds.add(Kind.INVOKE_ALL);
            }
            if (name.equals("helpQuiesce") && desc.equals("()V")) kinds.add(Kind.QUIESCED);
            return kinds;
        }
        if (isStatic && owner.equals(FJ_POOL) && name.equals("quiesceCommonPool") && desc.equals("()V")) {
            kinds.add(Kind.QUIESCED);
            return kinds;
        }
        if (owner.startsWith(FUTURE) && !name.startsWith("<")) return futureKinds(owner, name, isStatic, kinds);
        if (isStatic || name.startsWith("<")) return kinds;
        if (owner.equals(CLASS_LOADER)) {
            if (name.equals("loadClass") && desc.equals("(Ljava/lang/String;)Ljava/lang/Class;")) kinds.add(Kind.JDK_INTERNAL);
            return kinds;
        }
        boolean refParam = firstReferenceParameter(desc) > 0;
        boolean refResult = desc.endsWith(";") && desc.charAt(desc.indexOf(')') + 1) == 'L';
        boolean boolResult = desc.endsWith(")Z");
        boolean noArgs = desc.startsWith("()");
        if (QUEUES.contains(owner)) {
            if (PUTS.contains(name) && refParam) kinds.add(Kind.RELEASE_ELEMENT);
            if (TAKES.contains(name) && refResult && (noArgs || name.equals("poll") || name.startsWith("poll"))) kinds.add(Kind.ACQUIRE_RESULT);
            if (REMOVES.contains(name) && boolResult && desc.startsWith("(Ljava/lang/Object;)")) kinds.add(Kind.ACQUIRE_ELEMENT_IF_TRUE);
            if (name.equals("drainTo")) kinds.add(Kind.ACQUIRE_ADDED);
            if (name.startsWith("forEach")) kinds.add(Kind.ACQUIRE_ACCEPTED); // forEach, and the forEachFrom it delegates to
            if (name.equals("toArray") && desc.endsWith(")[Ljava/lang/Object;")) kinds.add(Kind.ACQUIRE_ARRAY);
            if (name.equals("addAll") && desc.equals("(Ljava/util/Collection;)Z")) kinds.add(Kind.RELEASE_ALL);
        } else if (QUEUE_ITERATORS.contains(owner)) {
            if (name.equals("next") && noArgs && refResult) kinds.add(Kind.ACQUIRE_RESULT);
        } else if (owner.equals(CHM)) {
            // The key hooks sit where the map computed the key's hash (putVal, replaceNode, get, compute*, merge), whose
            // hash they take instead of running the key's hashCode (program code) again: put, putIfAbsent, a key set's
            // add and putAll delegate to putVal, replace and remove to replaceNode (which is given a null value to remove).
            // compute* publish what their function did (KEY_FUNCTION's release after it); only merge can store a value
            // without calling the function (an absent key), and only computeIfAbsent can return a value another thread
            // stored without calling it (a present key): the other entry and exit hooks would be recorded for nothing.
            if (CHM_UPDATES.contains(name)) kinds.add(Kind.KEY_RELEASE);
            if (MAP_FUNCTIONS.contains(name)) kinds.add(Kind.KEY_FUNCTION);
            if (CHM_RETRIEVALS.contains(name) && refResult) kinds.add(Kind.KEY_ACQUIRE_RESULT);
            if (MAP_COMPARES.contains(name)) kinds.add(Kind.KEY_COMPARED);
            if (MAP_INSERTS.contains(name)) kinds.add(Kind.KEY_INSERTED);
            if (name.equals("forEach") && desc.equals("(Ljava/util/function/BiConsumer;)V")) kinds.add(Kind.KEY_ACCEPTED);
            if (name.equals("containsValue") && boolResult) kinds.add(Kind.VALUE_ACQUIRE_IF_TRUE);
            if (desc.startsWith("(J") && BULK_PREFIXES.stream().anyMatch(name::startsWith)) kinds.add(Kind.BULK_ROOT);
        } else if (owner.equals(CSLM)) {
            if (MAP_WRITES.contains(name) && refParam || name.equals("merge")) kinds.add(Kind.KEY_RELEASE);
            if (MAP_FUNCTIONS.contains(name)) kinds.add(Kind.KEY_FUNCTION);
            if ((MAP_READS.contains(name) || name.equals("computeIfAbsent")) && refResult && !noArgs) kinds.add(Kind.KEY_ACQUIRE_RESULT);
            if ((name.equals("replace") || name.equals("remove")) && boolResult) kinds.add(Kind.KEY_ACQUIRE_IF_TRUE);
            if (name.equals("forEach") && desc.equals("(Ljava/util/function/BiConsumer;)V")) kinds.add(Kind.KEY_ACCEPTED);
            navigation(name, refResult, kinds);
        } else if (owner.equals(SUB_MAP)) {
            navigation(name, refResult, kinds);
        } else if (SUB_MAP_ITERATORS.contains(owner)) {
            if (name.equals("next") && noArgs && refResult) kinds.add(Kind.SUB_MAP_ITERATOR_KEY);
        } else if (owner.equals(BULK_TASK)) {
            if (name.equals("advance") && noArgs && refResult) kinds.add(Kind.BULK_NODE);
        } else if (MAP_ITERATORS.contains(owner)) {
            if (name.equals("next") && noArgs && refResult) kinds.add(Kind.ITERATOR_KEY);
        } else if (SKIP_LIST_ITERATORS.contains(owner)) {
            if (name.equals("next") && noArgs && refResult) kinds.add(Kind.SKIP_LIST_ITERATOR_KEY);
        } else if (MAP_VIEWS.contains(owner)) {
            if (name.equals("forEach") && desc.equals("(Ljava/util/function/Consumer;)V")) kinds.add(Kind.VIEW_ACCEPTED);
        } else if (owner.equals(COW_LIST)) {
            if ((name.equals("add") || name.equals("addIfAbsent") || name.equals("set") || name.equals("addFirst") || name.equals("addLast"))
                    && refParam) {
                kinds.add(Kind.RELEASE_ELEMENT);
            }
            if ((name.equals("get") || name.equals("remove") && desc.startsWith("(I)") || name.equals("getFirst") || name.equals("getLast")
                    || name.equals("removeFirst") || name.equals("removeLast")) && refResult) {
                kinds.add(Kind.ACQUIRE_RESULT);
            }
            if (name.equals("forEach") && desc.equals("(Ljava/util/function/Consumer;)V")) kinds.add(Kind.ACQUIRE_ACCEPTED);
            if (name.equals("toArray") && desc.endsWith(")[Ljava/lang/Object;")) kinds.add(Kind.ACQUIRE_ARRAY);
            if ((name.equals("addAll") || name.equals("addAllAbsent")) && desc.endsWith("Ljava/util/Collection;)Z")
                    || name.equals("addAll") && desc.equals("(ILjava/util/Collection;)Z")) {
                kinds.add(Kind.RELEASE_ALL);
            }
            if (name.equals("contains") && boolResult && desc.startsWith("(Ljava/lang/Object;)")) kinds.add(Kind.ACQUIRE_ELEMENT_IF_TRUE);
            if ((name.equals("indexOf") || name.equals("lastIndexOf")) && desc.equals("(Ljava/lang/Object;)I")) {
                kinds.add(Kind.ACQUIRE_ELEMENT_IF_FOUND);
            }
        } else if (owner.equals(COW_ITERATOR)) {
            if ((name.equals("next") || name.equals("previous")) && noArgs && refResult) kinds.add(Kind.ACQUIRE_RESULT);
        } else if (owner.equals(FJ_TASK)) {
            if (name.equals("fork") && noArgs) kinds.add(Kind.RELEASE_THIS);
            if (name.equals("doExec") && noArgs) kinds.add(Kind.TASK_RUN);
            // the untimed joins, and the timed quietlyJoin(Uninterruptibly) (JDK 19+: true when done; acquiring also
            // after a timeout is conservative: it pairs only with completions descendants already made)
            if (TASK_JOINS.contains(name) && (noArgs || name.startsWith("quietlyJoin"))) kinds.add(Kind.ACQUIRE_THIS_AT_RETURN);
        } else if (owner.equals(FJ_POOL)) {
            if ((name.equals("execute") || name.equals("submit") || name.equals("invoke")) && desc.startsWith(TASK_PARAM)) {
                kinds.add(Kind.RELEASE_ELEMENT);
            }
            // JDK 19+: lazySubmit, and externalSubmit once public (on JDK 17 a private step of execute and submit)
            if ((name.equals("lazySubmit") || name.equals("externalSubmit") && (access & Opcodes.ACC_PUBLIC) != 0) && desc.startsWith(TASK_PARAM)) {
                kinds.add(Kind.RELEASE_ELEMENT);
            }
            if ((name.equals("execute") || name.equals("submit")) && desc.startsWith("(Ljava/lang/Runnable;)")) kinds.add(Kind.RELEASE_IF_TASK);
            if (name.equals("invoke") && desc.startsWith(TASK_PARAM)) kinds.add(Kind.ACQUIRE_ELEMENT_AT_RETURN);
            if ((name.equals("awaitQuiescence") || name.equals("awaitTermination")) && boolResult) kinds.add(Kind.QUIESCED_IF_TRUE);
            terminationKinds(name, desc, kinds);
        } else if (owner.equals(COMPLETER)) {
            if (COMPLETIONS.contains(name)) kinds.add(Kind.COMPLETION);
            if ((name.equals("firstComplete") || name.equals("nextComplete")) && noArgs && refResult) kinds.add(Kind.ACQUIRE_RESULT);
        } else if (owner.equals(FUTURE_TASK)) {
            // set/setException: every completion of a run (and a subclass's own set); resultNow/exceptionNow
            // (JDK 19+) retrieve the outcome as get does, and throw when there is none
            if (name.equals("set") && desc.equals("(" + OBJECT + ")V") || name.equals("setException") && desc.equals("(Ljava/lang/Throwable;)V")) {
                kinds.add(Kind.RELEASE_THIS);
            }
            if (name.equals("get")) kinds.add(Kind.FUTURE_TASK_GET);
            if ((name.equals("resultNow") || name.equals("exceptionNow")) && noArgs) kinds.add(Kind.FUTURE_TASK_GET);
            // isDone reads the volatile state that set's compare-and-set wrote: true after a completion is an acquire of it
            if (name.equals("isDone") && desc.equals("()Z")) kinds.add(Kind.FUTURE_TASK_DONE);
        } else if (owner.equals(THREAD_POOL)) {
            if (name.equals("decrementWorkerCount") && desc.equals("()V") || name.equals("compareAndDecrementWorkerCount") && desc.equals("(I)Z")) {
                kinds.add(Kind.POOL_WORK_ENDED);
            }
            if (name.equals("tryTerminate") && desc.equals("()V")) kinds.add(Kind.POOL_TERMINATED_RAN);
            if (name.equals("addWorker")) kinds.add(Kind.THREAD_STARTS);
            if (name.equals("awaitTermination") && boolResult) kinds.add(Kind.QUIESCED_IF_TRUE);
            terminationKinds(name, desc, kinds);
        } else if (owner.equals(SCHEDULED_QUEUE)) {
            if (name.equals("offer") && desc.equals("(Ljava/lang/Runnable;)Z")) kinds.add(Kind.SCHEDULED_QUEUED);
            if (name.equals("toArray") && desc.equals("()[Ljava/lang/Object;")) kinds.add(Kind.SCHEDULED_QUEUE_WALKED);
        } else if (owner.equals(THREAD_PER_TASK)) {
            if (name.equals("taskComplete") && desc.equals("(Ljava/lang/Thread;)V")) kinds.add(Kind.POOL_WORK_ENDED);
            if (name.equals("start") && desc.equals("(Ljava/lang/Thread;)V")) kinds.add(Kind.THREAD_PER_TASK_START);
            if (name.equals("awaitTermination") && boolResult) kinds.add(Kind.QUIESCED_IF_TRUE);
            terminationKinds(name, desc, kinds);
        } else if (owner.equals(THREAD)) {
            if (name.equals("start")) kinds.add(Kind.THREAD_START0); // the methods that call start0 get the hook
        } else if (owner.equals(VIRTUAL_THREAD)) {
            if (name.equals("park") && desc.equals("()V") || name.equals("parkNanos") && desc.equals("(J)V")) kinds.add(Kind.VIRTUAL_PARK);
        } else if (owner.equals(THREAD_FLOCK)) {
            if (name.equals("start") && desc.equals("(Ljava/lang/Thread;)Ljava/lang/Thread;")) kinds.add(Kind.FLOCK_START);
            if (name.equals("awaitAll") && boolResult) kinds.add(Kind.FLOCK_JOINED_IF_TRUE);
            if (name.equals("close") && desc.equals("()V")) kinds.add(Kind.FLOCK_CLOSED);
            if (name.equals("wakeup") && desc.equals("()V")) kinds.add(Kind.FLOCK_WAKEUP);
            if (name.equals("awaitAll") && boolResult) kinds.add(Kind.FLOCK_AWAITED);
        } else if (owner.equals(SUBTASK)) {
            if (name.equals("run") && desc.equals("()V")) kinds.add(Kind.SUBTASK_RESULT_SET);
            if ((name.equals("get") || name.equals("state") || name.equals("exception")) && noArgs) kinds.add(Kind.SUBTASK_RESULT_READ);
        } else if (owner.equals(PUBLISHER)) {
            if (name.equals("subscribe") && desc.equals("(Ljava/util/concurrent/Flow$Subscriber;)V")) kinds.add(Kind.RELEASE_ELEMENT);
        } else if (owner.equals(SUBSCRIPTION)) {
            // offer: every submit and offer; retryOffer: the publisher's retry of a saturated subscription, after
            // its wait and after an onDrop handler that asked for it (program code, which must be released too)
            if (name.equals("offer") && desc.equals("(" + OBJECT + "Z)I") || name.equals("retryOffer") && desc.equals("(" + OBJECT + ")I")) {
                kinds.add(Kind.RELEASE_ELEMENT);
            }
            if (name.equals("consumeNext")) kinds.add(Kind.ACQUIRE_ITEM);
            if (name.equals("consume") && noArgs) kinds.add(Kind.SUBSCRIPTION_RUN);
        } else if (owner.equals(TIMER)) {
            if (name.equals("sched") && desc.equals("(Ljava/util/TimerTask;JJ)V")) kinds.add(Kind.RELEASE_ELEMENT);
        } else if (owner.equals(TIMER_THREAD)) {
            if (name.equals("mainLoop") && desc.equals("()V")) kinds.add(Kind.ACQUIRE_TIMER_TASK);
        } else if (owner.equals(SERVER_SOCKET)) {
            if (name.equals("close") && desc.equals("()V")) kinds.add(Kind.SOCKET_CLOSING);
            if (name.equals("accept") && desc.equals("()Ljava/net/Socket;")) kinds.add(Kind.ACCEPT_THREW);
        } else if (owner.equals(CYCLIC_BARRIER)) {
            if (name.equals("dowait") && desc.equals("(ZJ)I")) kinds.add(Kind.BARRIER_GENERATION_READ);
        } else if (owner.equals(EXCHANGER)) {
            if (name.equals("exchange")) {
                kinds.add(Kind.RELEASE_ELEMENT);
                kinds.add(Kind.ACQUIRE_RESULT);
            }
        }
        return kinds;
    }

    /**
     * An executor's other ways to learn that it terminated: isTerminated() returning true (polled, and
     * ExecutorService.close's first test, which then skips awaitTermination), and a close() of its own
     * that waits without awaitTermination (ForkJoinPool's, JDK 19+) or may skip it (ThreadPerTaskExecutor's).
     * ThreadPoolExecutor's close is ExecutorService's: isTerminated, then awaitTermination.
     */
    private static void terminationKinds(String name, String desc, List<Kind> kinds) {
        if (name.equals("isTerminated") && desc.equals("()Z")) kinds.add(Kind.QUIESCED_IF_TRUE);
        if (name.equals("close") && desc.equals("()V")) kinds.add(Kind.CLOSED);
    }

    /** ConcurrentSkipListMap's navigation methods, on the map or a sub-map view. */
    private static void navigation(String name, boolean refResult, List<Kind> kinds) {
        if (!refResult) return;
        if (NAV_KEYS.contains(name)) kinds.add(Kind.RETURNED_KEY);
        if (NAV_ENTRIES.contains(name)) kinds.add(Kind.RETURNED_ENTRY);
    }

    /** CompletableFuture's and its dependents' hooks (static methods too: anyOf, andTree, uniCopyStage). */
    private static List<Kind> futureKinds(String owner, String name, boolean isStatic, List<Kind> kinds) {
        if (FUTURE_DEPENDENTS.contains(owner) || FUTURE_BOTH_DEPENDENTS.contains(owner)) {
            if (name.equals("tryFire")) {
                kinds.add(Kind.DEPENDENT_FIRES);
                kinds.add(FUTURE_BOTH_DEPENDENTS.contains(owner) ? Kind.FUTURE_READ_BOTH
                        : owner.equals(FUTURE + "$AnyOf") ? Kind.FUTURE_READ_RELAY : Kind.FUTURE_READ_USED);
            }
            return kinds;
        }
        if (FUTURE_TASKS.contains(owner)) {
            if (name.equals("run") && !isStatic) kinds.add(Kind.ACQUIRE_THIS); // what the submitting thread did (RELEASE_EXECUTED)
            return kinds;
        }
        if (owner.equals(FUTURE_UNI)) {
            if (name.equals("claim")) kinds.add(Kind.RELEASE_EXECUTED); // an asynchronous dependent handed to its executor
            return kinds;
        }
        if (!owner.equals(FUTURE)) return kinds;
        kinds.add(Kind.RELEASE_EXECUTED); // a dependent or async task handed to an executor directly (the source was complete)
        if (name.equals("tryPushStack") && !isStatic) kinds.add(Kind.FUTURE_PUSHED); // a dependent registered: what the registering thread did before
        if (FUTURE_CASES.contains(name) && !isStatic) kinds.add(Kind.FUTURE_COMPLETING);
        if (FUTURE_RESULTS.contains(name) && !isStatic) kinds.add(Kind.FUTURE_READ);
        if (FUTURE_STAGES.contains(name)) kinds.add(Kind.FUTURE_READ_USED);
        if (FUTURE_BOTH_STAGES.contains(name)) kinds.add(Kind.FUTURE_READ_BOTH);
        kinds.add(Kind.FUTURE_WRITE); // obtrude*, and the stages completed inline: applies where the method writes the field
        return kinds;
    }

    /**
     * The local variable index of the first reference parameter of an instance method with
     * descriptor {@code desc} (this is 0), or -1 when it has none.
     */
    static int firstReferenceParameter(String desc) {
        int local = 1;
        for (int i = 1; desc.charAt(i) != ')'; i++) {
            char c = desc.charAt(i);
            if (c == 'L' || c == '[') return local;
            local += c == 'J' || c == 'D' ? 2 : 1;
        }
        return -1;
    }
}
