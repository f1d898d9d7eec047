package dev.wholetrace.agent.jdk.bridge;

/**
 * What the hooks inside JDK classes call: static methods with primitive and object arguments only,
 * on the bootstrap class path (JDK classes cannot see the agent's loader), forwarding to the
 * {@link JdkSink} the agent installs. Nothing here allocates per call (one small state array per
 * thread, at its first hook; two weak references per ConcurrentHashMap bulk walk a thread takes part in).
 *
 * <p>Three guards keep the agent and the JDK's own work out. A per-thread reentrancy flag: while a
 * thread is inside the sink (or inside the agent's class transformer, {@link #enter()}), hooks it
 * runs into (the recorder's and the agent's own queues and maps) do nothing. Threads whose name
 * starts with {@code wholetrace-} (the recorder's compressor and writer threads, the shutdown hook)
 * and the carrier threads of virtual threads never record. And a per-thread depth of JDK-internal work ({@link #enterJdk()}: class loading)
 * during which hooks do nothing. A hook never lets a failure of the sink reach the program: it is not caught here, but the
 * sink catches everything (as every probe does).
 *
 * <p>No lambdas, no other classes: this class loads in the middle of whatever JDK code first runs
 * a hook.
 */
public final class JdkBridge {
    /** The sink, or null when not recording. */
    private static volatile JdkSink sink;
    /**
     * Per thread: [0] its guard, an int[3]: [0] 1 while inside the sink or the agent, [1] 1 for the
     * agent's own threads, [2] the depth of JDK-internal work (class loading); [1] the sink's own
     * state of the thread, which the sink keeps there ({@link JdkSink}) so that a hook looks its
     * thread up once, not once here and once in the sink; [2] while the thread walks a map for
     * {@link #keysOf}, the int[1] into which {@link #iteratorKey} leaves each node's hash, otherwise null; [3] the root
     * task of the last ConcurrentHashMap bulk walk the thread ran a node of and that walk's map, two weak references in
     * an Object[2] ({@link #bulkNode}), or null.
     */
    private static final ThreadLocal<Object[]> STATE = new ThreadLocal<>();

    private JdkBridge() {}

    /** Starts delivering hand-overs to {@code s}; null stops it. */
    public static void install(JdkSink s) {
        sink = s;
    }

    /**
     * Marks the calling thread as inside the agent until {@link #exit(boolean)}: hooks do nothing
     * meanwhile. Returns whether it was already inside (pass it to exit).
     */
    public static boolean enter() {
        int[] st = state();
        boolean was = st[0] != 0;
        st[0] = 1;
        return was;
    }

    public static void exit(boolean wasInside) {
        if (!wasInside) state()[0] = 0;
    }

    // ---- hooks: called from the JDK's own code ---------------------------------------------------

    /**
     * At the entry of JDK-internal work whose own use of the hooked collections is no hand-over of
     * the program (ClassLoader.loadClass: the loaders' lock and package maps): hooks do nothing until
     * the matching {@link #leaveJdk()}, which the hooked method calls on every exit, also when it throws.
     */
    public static void enterJdk() {
        state()[2]++;
    }

    public static void leaveJdk() {
        int[] st = state();
        if (st[2] > 0) st[2]--;
    }

    /**
     * Before a call of the program's code inside JDK-internal work (ForkJoinPool's initializer making the program's
     * common-pool thread factory): hooks record again during the call. Returns the depth for {@link #resumeJdk}.
     */
    public static int suspendJdk() {
        int[] st = state();
        int depth = st[2];
        st[2] = 0;
        return depth;
    }

    /** After the call {@link #suspendJdk} preceded returned: the JDK-internal work goes on. */
    public static void resumeJdk(int depth) {
        state()[2] = depth;
    }

    /** Before the put side of an element hand-over. */
    public static void release(Object element, int site) {
        element(true, element, site);
    }

    /**
     * At the entry of ForkJoinPool.execute(Runnable) and submit(Runnable): a release on the task if it is a
     * ForkJoinTask, which the pool runs as it is (doExec acquires it); any other Runnable is wrapped in a new task.
     */
    public static void releaseIfTask(Object task, int site) {
        if (task instanceof java.util.concurrent.ForkJoinTask<?>) element(true, task, site);
    }

    /** After the take side of an element hand-over obtained {@code element} (nothing for null). */
    public static void acquire(Object element, int site) {
        element(false, element, site);
    }

    private static void element(boolean release, Object element, int site) {
        JdkSink s = sink;
        if (s == null || element == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.element(st, release, element, site);
        } finally {
            leaveSink(st);
        }
    }

    /**
     * Where a task's run ends, in ForkJoinTask.doExec: before it records the task's completion (the
     * status write a joiner waits for), a release on the task; on a pool's worker thread also on the
     * pool's quiescence, which {@link #quiesced} acquires.
     */
    public static void taskDone(Object task, int site) {
        JdkSink s = sink;
        if (s == null || task == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.element(st, true, task, site);
            if (Thread.currentThread() instanceof java.util.concurrent.ForkJoinWorkerThread w) s.quiescence(st, true, w.getPool(), site);
        } finally {
            leaveSink(st);
        }
    }

    /**
     * Where a ThreadPoolExecutor's worker leaves the pool (its worker count's decrement), or a ThreadPerTaskExecutor's
     * thread has run its task (taskComplete): a release on the pool's quiescence, which awaitTermination and
     * isTerminated acquire when they return true ({@link #quiescedIf}), and close ({@link #closed}).
     */
    public static void poolWorkEnded(Object pool, int site) {
        if (pool != null) quiescence(true, pool, site);
    }

    /**
     * In a ScheduledThreadPoolExecutor's queue's offer, its lock held: a release on the queue's quiescence (a schedule, or a
     * periodic run putting its task back after it ran), ordered as the lock orders it with a later walk of the queue.
     */
    public static void scheduledQueued(Object queue, int site) {
        if (queue != null) quiescence(true, queue, site);
    }

    /**
     * In the same queue's toArray, its lock held (shutdown walking the queue, onShutdown): an acquire on its quiescence,
     * after every run that put its task back before; a run still under way then puts it back later, unordered.
     */
    public static void scheduledQueueWalked(Object queue, int site) {
        if (queue != null) quiescence(false, queue, site);
    }

    /** At entry of VirtualThread.park and parkNanos, on the virtual thread about to unmount ({@link JdkSink#parking}). */
    public static void parking(int site) {
        JdkSink s = sink;
        if (s == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.parking(st);
        } finally {
            leaveSink(st);
        }
    }

    /** Before JDK code (a pool's addWorker) calls {@code thread.start()}: a fork of it, which the thread's begin acquires. */
    public static void threadStarting(Object thread, int site) {
        JdkSink s = sink;
        if (s == null || !(thread instanceof Thread t)) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.threadStart(st, t, site);
        } finally {
            leaveSink(st);
        }
    }

    /**
     * Where JDK code that {@link #threadStarting} forked {@code thread} for (ThreadPerTaskExecutor.start) threw {@code
     * thrown}: the fork is closed if the thread never ran (a virtual thread its scheduler rejected).
     */
    public static void threadStartingThrew(Throwable thrown, Object thread, int site) {
        JdkSink s = sink;
        if (s == null || !(thread instanceof Thread t)) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.threadStartFailed(st, t, thrown, site);
        } finally {
            leaveSink(st);
        }
    }

    /**
     * Inside Thread.start, right before its native start of {@code thread} (under its monitor, after the check that
     * it is new): a fork of it, which its begin acquires, whoever called start: the program, a pool's addWorker, an
     * HTTP server starting its dispatcher, a fork/join pool starting a worker. Not for the agent's own threads and
     * the carriers of virtual threads, which record nothing.
     */
    public static void threadStart0(Object thread, int site) {
        JdkSink s = sink;
        if (s == null || !(thread instanceof Thread t) || isAgentOrCarrier(t)) return;
        Object[] st = enterSinkForStart();
        if (st == null) return;
        try {
            s.startingInStart(st, t, site);
        } finally {
            leaveSink(st);
        }
    }

    /** After that native start returned: the start is over ({@link JdkSink#startEnded}). */
    public static void threadStart0Returned(Object thread, int site) {
        threadStartEnded(null, thread, site);
    }

    /** When Thread.start throws {@code thrown} (before or after its native start): the fork closed if it started nothing. */
    public static void threadStartThrew(Throwable thrown, Object thread, int site) {
        threadStartEnded(thrown, thread, site);
    }

    private static void threadStartEnded(Throwable thrown, Object thread, int site) {
        JdkSink s = sink;
        if (s == null || !(thread instanceof Thread t) || isAgentOrCarrier(t)) return;
        Object[] st = enterSinkForStart();
        if (st == null) return;
        try {
            s.startEnded(st, t, thrown, site);
        } finally {
            leaveSink(st);
        }
    }

    /**
     * Before a thread flock starts {@code thread} for the program (ThreadFlock.start, under
     * StructuredTaskScope.fork): a fork of it, which the thread's begin acquires.
     */
    public static void flockStarting(Object flock, Object thread, int site) {
        JdkSink s = sink;
        if (s == null || flock == null || !(thread instanceof Thread t)) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.flockStart(st, flock, t, site);
        } finally {
            leaveSink(st);
        }
    }

    /**
     * When ThreadFlock.start(thread) throws {@code thrown} (the flock shut down, a caller outside it, a thread
     * started before), after {@link #flockStarting}: the fork is closed if the thread never ran.
     */
    public static void flockStartFailed(Throwable thrown, Object flock, Object thread, int site) {
        JdkSink s = sink;
        if (s == null || flock == null || !(thread instanceof Thread t)) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.flockStartFailed(st, flock, t, thrown, site);
        } finally {
            leaveSink(st);
        }
    }

    /** After ThreadFlock.awaitAll returned {@code allDone}: {@link #flockJoined} if true (not after a timeout or wakeup). */
    public static void flockJoinedIf(boolean allDone, Object flock, int site) {
        if (allDone) flockJoined(flock, site);
    }

    /**
     * After a StructuredTaskScope subtask's volatile result was read ({@code value}; Subtask.get, state, exception,
     * the joiners' reads): an acquire on the subtask if it is set, whose run released it before setting it.
     */
    public static void acquireIfSet(Object value, Object subtask, int site) {
        if (value != null) element(false, subtask, site);
    }

    /**
     * In CyclicBarrier.dowait, right after it read {@code generation} under {@code barrier}'s lock: the sink numbers
     * the generation, the episode of the await's pass (no hand-over is recorded here).
     */
    public static void barrierGeneration(Object generation, Object barrier, int site) {
        JdkSink s = sink;
        if (s == null || generation == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.barrierGeneration(st, barrier, generation);
        } finally {
            leaveSink(st);
        }
    }

    /** Where a thread flock found every thread it started terminated (awaitAll, close): a join of each. */
    public static void flockJoined(Object flock, int site) {
        JdkSink s = sink;
        if (s == null || flock == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.flockJoined(st, flock, site);
        } finally {
            leaveSink(st);
        }
    }

    /**
     * When a join of {@code task} (join, invoke, get, ForkJoinPool.invoke, invokeAll) throws or
     * returns: an acquire on it if it completed, normally or exceptionally (its run's end
     * happens-before the join's return or throw), not when it was cancelled or the wait was
     * interrupted before it completed.
     */
    public static void joinThrew(Object task, int site) {
        if (task instanceof java.util.concurrent.ForkJoinTask<?> t && t.isDone() && !t.isCancelled()) acquire(task, site);
    }

    /**
     * When FutureTask.get (or resultNow, exceptionNow) throws {@code thrown}: an acquire on the future
     * if the computation completed by throwing (ExecutionException; exceptionNow's
     * IllegalStateException says there was no exception to return, so nothing), not after a
     * cancellation, a timeout or an interrupt. The exception's type decides, not isDone(): a subclass
     * may override that, and program code must not run inside a hook.
     */
    public static void futureGetThrew(Throwable thrown, Object future, int site) {
        if (thrown instanceof java.util.concurrent.ExecutionException) acquire(future, site);
    }

    /**
     * When ServerSocket.accept throws {@code thrown}: an acquire on the socket if it is a SocketException, what a close
     * (its release) makes a blocked or later accept throw once the two have synchronized inside the JDK; not a timeout
     * (SocketTimeoutException is no SocketException) nor any other failure of the call.
     */
    public static void acceptThrew(Throwable thrown, Object serverSocket, int site) {
        if (thrown instanceof java.net.SocketException) acquire(serverSocket, site);
    }

    /**
     * Before FutureTask.isDone returns {@code done}: an acquire on the future if true because its computation
     * completed ({@code state}, read after isDone's own read, below {@code cancelled}: set or setException won
     * the state's compare-and-set, after their release), not when a cancellation made it done. isDone's
     * volatile read of the state synchronizes-with that compare-and-set (JLS 17.4.4), so the computation's
     * actions happen-before what follows isDone returning true, as they do after get.
     */
    public static void futureDoneIf(boolean done, int state, int cancelled, Object future, int site) {
        if (done && state < cancelled) acquire(future, site);
    }

    /**
     * When ForkJoinTask.invokeAll returns or throws: {@link #joinThrew} of each of its tasks ({@code
     * tasks} is a task, an array of tasks or a collection of them; a collection only when it is a JDK
     * class, whose iteration runs no program code).
     */
    public static void joinedAll(Object tasks, int site) {
        if (sink == null || tasks == null) return;
        if (tasks instanceof java.util.concurrent.ForkJoinTask) {
            joinThrew(tasks, site);
        } else if (tasks instanceof Object[] array) {
            for (Object t : array) joinThrew(t, site);
        } else if (tasks instanceof java.util.Collection<?> c && c.getClass().getClassLoader() == null) {
            for (Object t : c) joinThrew(t, site);
        }
    }

    /**
     * After helpQuiesce (pool null: the pool of the calling worker, or the common pool for another
     * thread), ForkJoinPool.quiesceCommonPool or a successful awaitQuiescence: an acquire of the
     * pool's quiescence, which every task run by one of its workers released.
     */
    public static void quiesced(Object pool, int site) {
        if (sink == null) return; // not recording: no need to find the pool (or start the common pool)
        Object p = pool != null ? pool : Thread.currentThread() instanceof java.util.concurrent.ForkJoinWorkerThread w ? w.getPool()
                : java.util.concurrent.ForkJoinPool.commonPool();
        quiescence(false, p, site);
    }

    /** A release or acquire of {@code pool}'s quiescence. */
    private static void quiescence(boolean release, Object pool, int site) {
        JdkSink s = sink;
        if (s == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.quiescence(st, release, pool, site);
        } finally {
            leaveSink(st);
        }
    }

    /** After ForkJoinPool.awaitQuiescence returned {@code quiescent}: {@link #quiesced} if true (not after a timeout). */
    public static void quiescedIf(boolean quiescent, Object pool, int site) {
        if (quiescent && pool != null) quiesced(pool, site);
    }

    /**
     * Before an executor's close() returns: it waited for termination, so an acquire of its quiescence;
     * not for the common pool, whose close() returns at once and leaves it running.
     */
    public static void closed(Object pool, int site) {
        if (pool != null && !(pool instanceof java.util.concurrent.ForkJoinPool p && p == java.util.concurrent.ForkJoinPool.commonPool())) {
            quiescence(false, pool, site);
        }
    }

    /**
     * Before addAll of a collection into a hooked one (CopyOnWriteArrayList, ConcurrentLinkedQueue/Deque,
     * the blocking queues): a release of each element, when {@code elements} is a JDK collection (its
     * iteration runs no program code; the JDK's addAll iterates it too).
     */
    public static void releaseAll(Object elements, int site) {
        if (sink == null || !(elements instanceof java.util.Collection<?> c) || c.getClass().getClassLoader() != null) return;
        for (Object e : c) release(e, site);
    }

    /** Before toArray returns {@code array}: an acquire of each element in it (nulls are none). */
    public static void acquireAll(Object array, int site) {
        if (sink == null || !(array instanceof Object[] a)) return;
        for (Object e : a) acquire(e, site);
    }

    /** After indexOf/lastIndexOf returned {@code index}: an acquire of {@code element} if it was found. */
    public static void acquireIfFound(int index, Object element, int site) {
        if (index >= 0) acquire(element, site);
    }

    /**
     * After ConcurrentHashMap.containsValue returned {@code found}: an acquire of the entry of each key
     * that now holds {@code value} (compared as the map does, with equals, for strings and boxed primitives,
     * whose equals runs no program code; by identity otherwise).
     */
    public static void valueAcquireIf(boolean found, Object map, Object value, int site) {
        if (!found || sink == null || !(map instanceof java.util.concurrent.ConcurrentHashMap<?, ?> m) || value == null) return;
        keysOf(m, value, site);
    }

    /**
     * The map of each ConcurrentHashMap bulk operation's root task that may still run, weakly (the entry goes with the
     * task): the tasks of the walk hold the map's table, not the map, whose id a key's address needs, and a resize
     * sends them through newer tables. The tasks are the JDK's own (identity hashCode and equals: no program code
     * runs). Made with this class, at install, not in the middle of a hook.
     */
    private static final java.util.WeakHashMap<Object, Object> BULK_ROOTS = new java.util.WeakHashMap<>();

    /**
     * After a ConcurrentHashMap bulk operation (forEach, search, reduce with a parallelism threshold) built its root task
     * (one entry allocated per operation, not per node).
     */
    public static void bulkRoot(Object task, Object map, int site) {
        if (sink == null) return;
        synchronized (BULK_ROOTS) {
            BULK_ROOTS.put(task, map);
        }
    }

    /**
     * Before a bulk operation's task hands the node of {@code key} to the program's function (the next step of its
     * walk, {@code hash} the node's own): an acquire of that key's entry in the map of the task's root. A key put
     * while the walk runs is handed over as one present at its start (before session 47 the operation acquired every
     * key present at its entry, and missed the others: ConcurrentHashMapBulkWalkNo).
     */
    public static void bulkNode(Object task, Object key, Object value, int hash, int site) {
        if (sink == null || value == null || !(task instanceof java.util.concurrent.CountedCompleter<?> c)) return;
        Object[] t = thread();
        Object root = c.getRoot();
        // the thread's last walk's root and map, weakly (a thread runs the nodes of one task's walk in a row): the
        // global lock and the weak map's lookup once per task a thread runs, not once per node
        Object[] last = (Object[]) t[3];
        Object map;
        if (last != null && ((java.lang.ref.WeakReference<?>) last[0]).get() == root) {
            map = ((java.lang.ref.WeakReference<?>) last[1]).get();
        } else {
            synchronized (BULK_ROOTS) {
                map = BULK_ROOTS.get(root);
            }
            t[3] = new Object[] {new java.lang.ref.WeakReference<>(root), new java.lang.ref.WeakReference<>(map)};
        }
        keyHashed(t, false, map, key, hash, value, site);
    }

    /**
     * An acquire of the entry of each key of {@code m} that holds {@code value} (containsValue). The keys' hashes are the
     * map's own: the walk runs the map's entry iterator, whose hook ({@link #iteratorKey}) leaves the returned node's hash
     * in the thread's state instead of recording, so the keys' hashCode (program code) never runs.
     * A key whose hash that hook did not report is left out (a missed hand-over), never handed over at a wrong address.
     */
    private static void keysOf(java.util.concurrent.ConcurrentHashMap<?, ?> m, Object value, int site) {
        boolean byEquals = plainValue(value.getClass());
        Object[] st = enterSink(); // the walk's other hooks are off meanwhile
        if (st == null) return;
        int[] hash = new int[1];
        java.util.ArrayList<Object> keys = new java.util.ArrayList<>();
        int[] hashes = new int[8];
        st[2] = hash;
        try {
            for (java.util.Iterator<? extends java.util.Map.Entry<?, ?>> it = m.entrySet().iterator(); it.hasNext(); ) {
                hash[0] = -1; // the map's hashes are never negative: still -1 after next(), its hook did not run (not placed)
                java.util.Map.Entry<?, ?> e = it.next();
                Object v = e.getValue();
                if (hash[0] < 0 || v != value && !(byEquals && value.equals(v))) continue;
                if (keys.size() == hashes.length) hashes = java.util.Arrays.copyOf(hashes, 2 * hashes.length);
                hashes[keys.size()] = hash[0];
                keys.add(e.getKey());
            }
        } finally {
            st[2] = null;
            leaveSink(st);
        }
        for (int i = 0; i < keys.size(); i++) keyHashed(false, m, keys.get(i), hashes[i], value, site);
    }

    /**
     * Whether {@code c}'s equals and hashCode read only its own state: a String or a boxed primitive. Not every JDK
     * class: a list's equals calls its elements', an Optional's its value's, which may be the program's (code that
     * must run as often under the agent as without it).
     */
    private static boolean plainValue(Class<?> c) {
        return c == String.class || c == Integer.class || c == Long.class || c == Short.class || c == Byte.class
                || c == Character.class || c == Boolean.class || c == Float.class || c == Double.class;
    }

    /**
     * Before a ConcurrentSkipListMap navigation method (firstKey, ceilingEntry, pollFirstEntry, …, and
     * those of its sub-map views) returns {@code result}: an acquire of the entry of the key returned
     * ({@code entry}: the result is a Map.Entry whose key it is). Nothing for null.
     */
    public static void keyAcquireReturned(Object result, Object map, boolean entry, int site) {
        if (result == null) return;
        if (!entry) {
            key(false, map, result, null, site);
        } else if (result instanceof java.util.AbstractMap.SimpleImmutableEntry<?, ?> e) { // what the map returns: a JDK class
            key(false, map, e.getKey(), e.getValue(), site);
        }
    }

    /**
     * Completions under way, by stripe of the future's identity hash: marked at the entry of a
     * compare-and-set of a result ({@link #futureCompleting}), cleared after its release is recorded
     * (or it failed). An acquire waits for its stripe to clear, so the winner's release, recorded
     * after its compare-and-set succeeded, comes before any acquire of the value it set; a loser
     * records nothing. One array for the JVM: no allocation per completion.
     */
    private static final java.util.concurrent.atomic.AtomicIntegerArray COMPLETING = new java.util.concurrent.atomic.AtomicIntegerArray(64);

    /** At the entry of a CompletableFuture's compare-and-set of its result (completeValue, completeRelay, internalComplete, …). */
    public static void futureCompleting(Object future, Object current, int site) {
        if (sink != null && future != null) COMPLETING.incrementAndGet(System.identityHashCode(future) & 63);
    }

    /** Per thread: the source an anyOf relay read ({@link #futureRelaySource}), acquired only if its relay wins. */
    private static final ThreadLocal<Object[]> RELAYED = new ThreadLocal<>();

    /**
     * After anyOf's relay (AnyOf.tryFire) read its source's result: the source is acquired by the
     * relay's compare-and-set only if that sets the anyOf's result (the winner); a relay that finds it
     * already set acquires nothing (the anyOf is ordered after the winner only).
     */
    public static void futureRelaySource(Object result, Object future, int site) {
        if (sink == null) return;
        Object[] r = RELAYED.get();
        if (r == null) RELAYED.set(r = new Object[1]);
        r[0] = result != null ? future : null;
    }

    /** Before that compare-and-set method returns {@code won}: the release of the future's completion if it set the result. */
    public static void futureCompleted(boolean won, Object future, int site) {
        if (future == null) return;
        int stripe = System.identityHashCode(future) & 63;
        try {
            Object[] r = sink == null ? null : RELAYED.get();
            Object source = r == null ? null : r[0];
            if (source != null) r[0] = null;
            if (won && source != null) future(false, source, site);
            if (won) future(true, future, site);
        } finally {
            if (COMPLETING.get(stripe) > 0) COMPLETING.decrementAndGet(stripe);
        }
    }

    /** Waits (briefly, bounded: a completion that never reached its exit must not hang the program) until no completion of {@code future}'s stripe is under way. */
    private static void awaitCompletions(Object future) {
        int stripe = System.identityHashCode(future) & 63;
        for (int i = 0; COMPLETING.get(stripe) > 0 && i < 20_000; i++) {
            if (i < 1_000) Thread.onSpinWait();
            else Thread.yield();
        }
    }

    /** Before a CompletableFuture's result field is written (obtrude*, a stage completed inline): a release of {@code future}'s completion. */
    public static void futureWrite(Object future, Object value, int site) {
        future(true, future, site);
    }

    /**
     * After CompletableFuture code read {@code future}'s result ({@code result}) to use it (to run a
     * dependent's action or complete it, or to return it from join/get): an acquire of its completion
     * if it is complete.
     */
    public static void futureAcquire(Object result, Object future, int site) {
        if (result == null || sink == null) return;
        awaitCompletions(future);
        future(false, future, site);
    }

    /**
     * After a two-source stage read its second source's result ({@code result}; the second is read
     * only after the first was found complete): when it is complete too, an acquire of both
     * completions; nothing otherwise (the stage does not run now, and the first stays unacquired).
     */
    public static void futureAcquireBoth(Object result, Object second, Object first, int site) {
        if (result == null || sink == null) return;
        awaitCompletions(first);
        awaitCompletions(second);
        future(false, first, site);
        future(false, second, site);
    }

    /**
     * At the entry of CompletableFuture.tryPushStack(c): a release of {@code future}'s stack of dependents when
     * {@code dependent} (c is a dependent whose tryFire acquires that stack, {@link #dependentFires}): what the
     * registering thread did before reaches whoever pops c and runs it, through the stack's compare-and-sets. Not
     * for a Signaller (a waiting join, which acquires the result it read) or a CoCompletion (the second source's
     * entry of a two-source dependent, pushed after the dependent itself was pushed on its first source, whose
     * release it would repeat). A push that fails and is never retried (the source completed meanwhile) has
     * released all the same: a conservative approximation (docs/agent.md).
     */
    public static void futurePushed(Object future, boolean dependent, int site) {
        if (dependent) dependents(true, future, null, site);
    }

    /**
     * At the entry of a dependent's tryFire({@code mode}): run by an executor (mode ASYNC, 1), an acquire of the
     * dependent itself, which its hand-over to the executor released ({@link #release} before Executor.execute);
     * otherwise (SYNC, the registering thread; NESTED, the thread that popped it from a source's stack) an acquire
     * of its sources' stacks ({@code src}, and {@code snd} for a two-source or either-of dependent, which may have been
     * pushed on either), where its registration released. Nothing for a null source (the dependent already fired).
     * The dependent gets no id here, where until session 48 its registration released on its own id: a first
     * meeting in the object-id table per dependent (docs/results/overhead-profile.md, "Session 48 (cf)").
     */
    public static void dependentFires(Object dependent, int mode, Object src, Object snd, int site) {
        if (mode == 1) {
            element(false, dependent, site);
        } else if (src != null || snd != null) {
            dependents(false, src, snd, site);
        }
    }

    /** A release or acquire of the stacks of {@code a} and {@code b} (either may be null). */
    private static void dependents(boolean release, Object a, Object b, int site) {
        JdkSink s = sink;
        if (s == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            if (a != null) s.dependents(st, release, a, site);
            if (b != null) s.dependents(st, release, b, site);
        } finally {
            leaveSink(st);
        }
    }

    private static void future(boolean release, Object future, int site) {
        JdkSink s = sink;
        if (s == null || future == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.future(st, release, future, site);
        } finally {
            leaveSink(st);
        }
    }

    /** After a removal that returned {@code removed}: an acquire of {@code element} if it did remove it. */
    public static void acquireIf(boolean removed, Object element, int site) {
        if (removed) acquire(element, site);
    }

    /** Before an update of {@code map}'s entry for {@code key} (with {@code value}, or null when not known). */
    public static void keyRelease(Object map, Object key, Object value, int site) {
        key(true, map, key, value, site);
    }

    /**
     * After a retrieval from {@code map}'s entry for {@code key} that reported {@code value} (nothing
     * for null). The value comes first: the hook duplicates the method's result on the stack.
     */
    public static void keyAcquire(Object value, Object map, Object key, int site) {
        if (value != null) key(false, map, key, value, site);
    }

    /** After a retrieval that returned true (containsKey, a conditional replace or remove). */
    public static void keyAcquireIf(boolean found, Object map, Object key, int site) {
        if (found) key(false, map, key, null, site);
    }

    /** Before a compute/merge function runs on {@code key}'s entry: what the last update published. */
    public static void keyAcquireAlways(Object map, Object key, int site) {
        key(false, map, key, null, site);
    }

    // ConcurrentHashMap's hooks: {@code hash} is the map's own (spread(key.hashCode()), a local of the hooked method or a
    // node's hash field), so that the agent never runs the key's hashCode, program code, a second time

    /** Before an update of {@code map}'s entry for {@code key} with {@code value}; nothing when it is null (replaceNode's removals). */
    public static void keyUpdating(Object map, Object key, int hash, Object value, int site) {
        if (value != null) keyHashed(true, map, key, hash, value, site);
    }

    /** After a retrieval from {@code map}'s entry for {@code key} that reported {@code value} (nothing for null; the value comes first). */
    public static void keyRetrieved(Object value, Object map, Object key, int hash, int site) {
        if (value != null) keyHashed(false, map, key, hash, value, site);
    }

    /**
     * Before a ConcurrentHashMap iterator's next() returns {@code value}, the node of {@code key}: {@link #keyRetrieved},
     * or, while the thread walks the map for {@link #keysOf}, only the node's hash left in its state.
     */
    public static void iteratorKey(Object value, Object map, Object key, int hash, int site) {
        if (sink == null) return;
        Object[] t = thread(); // once: the walk's slot and the sink's guard are in the same state
        if (t[2] instanceof int[] walk) {
            walk[0] = hash;
            return;
        }
        if (value != null) keyHashed(t, false, map, key, hash, value, site);
    }

    /** Before a compute/merge function runs on {@code key}'s entry: what the last update published. */
    public static void keyFunctionRuns(Object map, Object key, int hash, int site) {
        keyHashed(false, map, key, hash, null, site);
    }

    /** After a compute/merge function ran on {@code key}'s entry: what it did, for the next retrieval. */
    public static void keyFunctionRan(Object map, Object key, int hash, int site) {
        keyHashed(true, map, key, hash, null, site);
    }

    /**
     * Before the map calls {@code key.equals} on a key it holds (a lookup or an update that reached that key's node):
     * what the insertion of that node published ({@link #keyInserted}), whatever equals answers; not what a later
     * update of the key did, which the lookup reads only after equals (a key its owner changed after the put: review
     * of session 45). Strings and boxed ints and longs are left out: their equals reads nothing the trace records, and
     * a lookup that finds one acquires at its return.
     */
    public static void keyCompared(Object map, Object key, int hash, int site) {
        if (comparedKey(key)) keyNode(false, map, key, hash, site);
    }

    /** Before the map creates the node of {@code key} (its insertion): what {@link #keyCompared} acquires. */
    public static void keyInserted(Object map, Object key, int hash, int site) {
        if (comparedKey(key)) keyNode(true, map, key, hash, site);
    }

    /** Whether {@code key}'s equals may read what the trace records (not null, a String, an Integer or a Long). */
    private static boolean comparedKey(Object key) {
        if (key == null) return false;
        Class<?> c = key.getClass();
        return c != String.class && c != Integer.class && c != Long.class;
    }

    private static void keyNode(boolean release, Object map, Object key, int hash, int site) {
        JdkSink s = sink;
        if (s == null || map == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.keyNode(st, release, map, key, addressHash(key, hash), site);
        } finally {
            leaveSink(st);
        }
    }

    private static void keyHashed(boolean release, Object map, Object key, int hash, Object value, int site) {
        keyHashed(thread(), release, map, key, hash, value, site);
    }

    /** {@link #keyHashed(boolean, Object, Object, int, Object, int)} for a hook that has looked its thread's state up already. */
    private static void keyHashed(Object[] t, boolean release, Object map, Object key, int hash, Object value, int site) {
        JdkSink s = sink;
        if (s == null || map == null || key == null) return;
        Object[] st = enterSink(t);
        if (st == null) return;
        try {
            s.keyHashed(st, release, map, key, addressHash(key, hash), value, site);
        } finally {
            leaveSink(st);
        }
    }

    /**
     * The hash a ConcurrentHashMap key's addresses take: for a String or a boxed primitive its own hashCode, JDK code
     * that reads only the key (the map has computed it already), which keeps apart keys whose hashCodes the map's
     * {@code spread} folds together (0 and 0x80008000: ConcurrentHashMapFoldedHashYes); for any other key the map's
     * {@code spread} hash, as the program's hashCode must not run again. Equal keys are of one class, so every hook
     * of a key takes the same one.
     */
    private static int addressHash(Object key, int spread) {
        return key != null && plainValue(key.getClass()) ? key.hashCode() : spread;
    }

    /** ConcurrentSkipListMap's hooks: that map computes no hash, the sink hashes the key (docs/agent.md). */
    private static void key(boolean release, Object map, Object key, Object value, int site) {
        JdkSink s = sink;
        if (s == null || map == null || key == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.key(st, release, map, key, value, site);
        } finally {
            leaveSink(st);
        }
    }

    /** After a MONITORENTER (or a synchronized method's entry) in a hooked JDK class. */
    public static void monitorEnter(Object monitor, int site) {
        monitor(true, monitor, site);
    }

    /** Before a MONITOREXIT (or a synchronized method's exit) in a hooked JDK class. */
    public static void monitorExit(Object monitor, int site) {
        monitor(false, monitor, site);
    }

    /**
     * The thread's state ({@link #STATE}), its guard marked as inside the sink, or null when this
     * thread must not record now (already inside the sink or a transformer, or in JDK-internal
     * work); the caller ends it with {@link #leaveSink} when done.
     */
    private static Object[] enterSink() {
        return enterSink(thread());
    }

    /** {@link #enterSink()} with the thread's state {@code t} looked up already. */
    private static Object[] enterSink(Object[] t) {
        int[] st = (int[]) t[0];
        if (st[0] != 0 || st[1] != 0 || st[2] != 0) return null;
        st[0] = 1;
        return t;
    }

    /**
     * {@link #enterSink()} for Thread.start's hooks, also during JDK-internal work (a loader's findClass starting a
     * thread): that depth keeps the loaders' own maps out, but a start orders its thread after the starter whoever
     * starts it (JLS 17.4.5), and once Thread is hooked no call site records the fork instead.
     */
    private static Object[] enterSinkForStart() {
        Object[] t = thread();
        int[] st = (int[]) t[0];
        if (st[0] != 0 || st[1] != 0) return null;
        st[0] = 1;
        return t;
    }

    /** Ends what {@link #enterSink()} began. */
    private static void leaveSink(Object[] t) {
        ((int[]) t[0])[0] = 0;
    }

    private static void monitor(boolean enter, Object monitor, int site) {
        JdkSink s = sink;
        if (s == null || monitor == null) return;
        Object[] st = enterSink();
        if (st == null) return;
        try {
            s.monitor(st, enter, monitor, site);
        } finally {
            leaveSink(st);
        }
    }

    private static int[] state() {
        return (int[]) thread()[0];
    }

    /**
     * The agent's own threads, and the carrier threads of virtual threads: a carrier runs only the
     * JDK's scheduling of virtual threads (each continuation is a ForkJoinTask of the scheduler's
     * pool, whose doExec is hooked), no program code, so its hand-overs are none of the program's.
     * Recording them also made a carrier wait for the compressors when their queues were full: with
     * every carrier waiting, a virtual thread that was handed a queue's lock while unmounted could
     * never run to release it, and the compressors, waiting for that lock, never emptied the queues
     * (3,000 virtual threads taking turns at a pool of four: 1 run in 3 hung for good).
     */
    private static boolean isAgentOrCarrier(Thread t) {
        return t.getName().startsWith("wholetrace-") || t.getClass().getName().equals("jdk.internal.misc.CarrierThread");
    }

    private static Object[] thread() {
        Object[] t = STATE.get();
        if (t == null) {
            int[] st = new int[3];
            st[1] = isAgentOrCarrier(Thread.currentThread()) ? 1 : 0;
            t = new Object[] {st, null, null, null};
            STATE.set(t);
        }
        return t;
    }
}
