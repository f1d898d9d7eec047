package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.TraceRecorder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;


/**
 * Hand-offs of tasks to executors (docs/agent.md). Before a submitting call (Executor.execute,
 * ExecutorService.submit/invokeAll/invokeAny, ScheduledExecutorService.schedule*,
 * CompletableFuture.runAsync/supplyAsync) {@code handOff} records the submit and replaces the task
 * by a wrapper that records its begin and end on the worker; after the call, {@code submitted}
 * remembers which submission the returned future belongs to, so that a later Future.get (a
 * helper in SyncWait) can record the join. Each submission is an object of its own, with a fresh
 * id: the same task submitted twice is two hand-overs.
 *
 * <p>A task is left as it is (and nothing recorded) when the receiver is not an Executor (a method
 * of the same shape on another class), when it is already a wrapper (an executor of the program
 * that hands it on to another: one submission), when it is a ForkJoinTask (ForkJoinPool runs those
 * as they are), when it is Comparable (a priority queue of the executor would compare it), when
 * the receiver is a ThreadPoolExecutor whose tasks the JDK hooks hand over ({@link #poolTasksInJdk}) or when
 * it is Serializable and the executor is not the JDK's (a distributed executor serializes it).
 */
public final class SyncTasks {
    private SyncTasks() {}

    /**
     * Whether FutureTask is hooked inside the JDK (docs/agent.md, "FutureTask inside the JDK"): then the
     * JDK's own FutureTasks (a ThreadPoolExecutor's submit, a ScheduledFutureTask, an
     * ExecutorCompletionService's, one the program makes and hands to execute) release where their run
     * sets the outcome, after the task's end, and their get() acquires it: the call-site join would record
     * the same edge again (a sync operation a task) and, for a FutureTask handed to execute, wait for the
     * wrapper's end. A subclass the program defines keeps the call-site join: its get() may not reach
     * FutureTask's.
     */
    private static volatile boolean futureTasksJoinInJdk;

    /** Called once FutureTask's hooks are in place (JdkHooks: hooked as it loaded, or retransformed successfully). */
    public static void futureTasksJoinInJdk() {
        futureTasksJoinInJdk = true;
    }

    /**
     * Whether ThreadPoolExecutor is hooked inside the JDK (docs/agent.md, "Executors"): a pool whose queue is one of
     * the JDK's hooked queues then hands every task over without the call-site model. Its execute puts the task into
     * the queue (released there) and a worker takes it (acquired there), or starts a new worker with it (the worker's
     * fork); submit, invokeAll and invokeAny hand a JDK FutureTask to that execute, whose completion and get() the
     * FutureTask hooks order; the pool's termination is hooked. The call-site wrapper recorded the same edges again
     * (the queue's hooks leave the agent's own objects out), and the program saw it instead of its task:
     * remove(task) found nothing, getQueue() and a subclass's beforeExecute/afterExecute held the wrapper (session
     * 48). Set when the class's hooks are in place, as for FutureTask.
     */
    private static volatile boolean poolTasksInJdk;

    /** Called once ThreadPoolExecutor's hooks are in place (JdkHooks: hooked as it loaded, or retransformed successfully). */
    public static void poolTasksInJdk() {
        poolTasksInJdk = true;
    }

    /**
     * Binary names of the JDK queues whose hooks are in place: a class is told before any instance of it exists. An
     * array, not a concurrent set: the agent's own use of a hooked JDK collection would be recorded as the program's.
     */
    private static volatile String[] queuesInJdk = {};

    /** Called once a JDK queue's hooks are in place (JdkHooks), with its binary name. */
    public static synchronized void queueInJdk(String name) {
        String[] q = Arrays.copyOf(queuesInJdk, queuesInJdk.length + 1);
        q[q.length - 1] = name;
        queuesInJdk = q;
    }

    /** Whether a queue class's hooks are in place: asked once a class, when a pool with such a queue first hands a task over. */
    private static final ClassValue<Boolean> JDK_QUEUE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return Arrays.asList(queuesInJdk).contains(type.getName());
        }
    };

    /**
     * The ThreadPoolExecutor classes whose submitting methods and queue are the JDK's own: ThreadPoolExecutor itself
     * and subclasses of it that do not declare execute, submit, invokeAll, invokeAny, newTaskFor or getQueue; not
     * ScheduledThreadPoolExecutor, whose execute queues a task of its own in a queue that is not hooked so.
     */
    private static final ClassValue<Boolean> JDK_POOL = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                for (Class<?> c = type; c != ThreadPoolExecutor.class; c = c.getSuperclass()) {
                    if (c == ScheduledThreadPoolExecutor.class) return false;
                    for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                        if (SUBMITTING.contains(m.getName())) return false;
                    }
                }
                return true;
            } catch (Throwable e) { // a class its methods name cannot be loaded: keep the call-site model
                return false;
            }
        }
    };

    private static final Set<String> SUBMITTING = Set.of("execute", "submit", "invokeAll", "invokeAny", "newTaskFor", "getQueue");

    /** Whether the JDK hooks hand {@code executor}'s tasks over ({@link #poolTasksInJdk}): no wrapper, no call-site events. */
    private static boolean poolInJdk(Object executor) {
        return poolTasksInJdk && futureTasksJoinInJdk && executor instanceof ThreadPoolExecutor pool && JDK_POOL.get(pool.getClass())
                && JDK_QUEUE.get(pool.getQueue().getClass());
    }

    /**
     * Whether CompletableFuture is hooked inside the JDK (docs/agent.md, "CompletableFuture inside the JDK"): then
     * a {@code supplyAsync}/{@code runAsync} hands its task over through the hooks' own edges (the AsyncSupply or
     * AsyncRun released where the JDK calls {@code execute}, acquired where it runs; the future released where the
     * task's result completes it, acquired where {@code join}/{@code get} return it), so the call-site task events
     * (submit, begin, end, join) would record the same edges again, with a submission, a wrapper and a fresh id per
     * call. Set with the context's {@code hookedInJdk}, once the hooks are known to be in place.
     */
    private static volatile boolean completableFuturesInJdk;

    /** Called once CompletableFuture's hooks are in place (JdkHooks.install, with InstrumentationContext.hookedInJdk). */
    public static void completableFuturesInJdk() {
        completableFuturesInJdk = true;
    }

    /**
     * Whether the call-site model of {@code supplyAsync}/{@code runAsync} is left to the JDK hooks for {@code task}:
     * not for a task that is itself a Future whose get() the hooks do not cover (a program's own RunnableFuture): the
     * program joins it through its get(), not through the CompletableFuture, so only the call-site model orders the
     * task's end before that get() returns, as it does for the same task handed to {@code execute}.
     */
    private static boolean asyncTaskInJdk(Object task) {
        return completableFuturesInJdk && !(task instanceof Future && !joinsInJdk(task));
    }

    /** Whether {@code future}'s get() is a join the JDK hooks record ({@link #futureTasksJoinInJdk}). */
    private static boolean joinsInJdk(Object future) {
        return futureTasksJoinInJdk && future instanceof FutureTask && future.getClass().getClassLoader() == null;
    }

    // ---- before the submitting call: the task becomes a wrapper -----------------------------------

    /** Executor.execute, ExecutorService.submit(Runnable[, result]), schedule*(Runnable, …). */
    public static Runnable handOff(Object executor, Runnable task, int site) {
        if (SyncStageWrappers.wraps(executor, task)) return new SyncStageWrappers.OfRunnable(executor, task, site); // thenRun
        return executes(executor) && !leftAsIs(executor, task) ? wrap(task, site) : task;
    }

    /** A CompletableFuture stage's action (thenApply, exceptionally, …; SyncStages): its wrapper. */
    public static Function<?, ?> handOff(Object source, Function<?, ?> action, int site) {
        return SyncStageWrappers.wraps(source, action) ? new SyncStageWrappers.OfFunction<>(source, action, site) : action;
    }

    public static Consumer<?> handOff(Object source, Consumer<?> action, int site) {
        return SyncStageWrappers.wraps(source, action) ? new SyncStageWrappers.OfConsumer<>(source, action, site) : action;
    }

    public static BiFunction<?, ?, ?> handOff(Object source, BiFunction<?, ?, ?> action, int site) {
        return SyncStageWrappers.wraps(source, action) ? new SyncStageWrappers.OfBiFunction<>(source, action, site) : action;
    }

    public static BiConsumer<?, ?> handOff(Object source, BiConsumer<?, ?> action, int site) {
        return SyncStageWrappers.wraps(source, action) ? new SyncStageWrappers.OfBiConsumer<>(source, action, site) : action;
    }

    /** CompletableFuture.allOf(sources): nothing to wrap; the sources are mapped to its result after the call ({@link #staged}). */
    public static CompletableFuture<?>[] handOff(CompletableFuture<?>[] sources, int site) {
        return sources;
    }

    /** After a stage call returned {@code stage}: its completion is what {@code wrapped} (the action's wrapper, allOf's sources) releases. */
    public static Object staged(Object stage, Object wrapped, int site) {
        return SyncStages.staged(stage, wrapped, site);
    }

    /**
     * Whether the receiver runs the tasks handed to it: an Executor, or an ExecutorCompletionService
     * (its submit wraps the task in a FutureTask, which take() and poll() return: the future the
     * submit returned, so its get() is the join).
     */
    private static boolean executes(Object receiver) {
        return receiver instanceof Executor || receiver instanceof ExecutorCompletionService;
    }

    /** ExecutorService.submit(Callable), ScheduledExecutorService.schedule(Callable, …). */
    public static Callable<?> handOff(Object executor, Callable<?> task, int site) {
        if (!executes(executor) || !wraps(task) || leftAsIs(executor, task)) return task;
        try {
            return new SyncTaskWrappers.OfCallable<>(submit(task, site), task);
        } catch (Throwable e) {
            Probes.fail(e);
            return task;
        }
    }

    /** invokeAll, invokeAny: a list of wrapped tasks, in the collection's order (null elements stay null). */
    public static Collection<?> handOff(Object executor, Collection<? extends Callable<?>> tasks, int site) {
        if (!(executor instanceof Executor) || tasks == null || Probes.recorder() == null || poolInJdk(executor)) return tasks;
        List<Callable<?>> wrapped = new ArrayList<>(tasks.size());
        for (Callable<?> task : tasks) wrapped.add(handOff(executor, task, site));
        return wrapped;
    }

    /** CompletableFuture.runAsync(Runnable[, Executor]): the task as it is when the JDK hooks record the hand-over ({@link #asyncTaskInJdk}). */
    public static Runnable handOff(Runnable task, int site) {
        return asyncTaskInJdk(task) ? task : wrap(task, site);
    }

    /** A Runnable handed to an executor (execute, submit, runAsync): its wrapper, after the submit. */
    private static Runnable wrap(Runnable task, int site) {
        if (!wraps(task)) return task;
        try {
            SyncTask submission = submit(task, site);
            return task instanceof Future ? new SyncTaskWrappers.OfRunnableFuture<>(submission, task)
                    : new SyncTaskWrappers.OfRunnable(submission, task);
        } catch (Throwable e) {
            Probes.fail(e);
            return task;
        }
    }

    /** CompletableFuture.supplyAsync(Supplier[, Executor]): the task as it is when the JDK hooks record the hand-over ({@link #asyncTaskInJdk}). */
    public static Supplier<?> handOff(Supplier<?> task, int site) {
        if (!wraps(task) || asyncTaskInJdk(task)) return task;
        try {
            return new SyncTaskWrappers.OfSupplier<>(submit(task, site), task);
        } catch (Throwable e) {
            Probes.fail(e);
            return task;
        }
    }

    /** Whether {@code task} goes to {@code executor} as it is: the JDK hooks hand it over, or the executor may copy it. */
    private static boolean leftAsIs(Object executor, Object task) {
        return poolInJdk(executor) || distributed(executor, task);
    }

    /**
     * Whether {@code task} may be serialized by {@code executor} to run a copy, and so must be handed over as it is: a
     * Serializable task given to an executor that is not the JDK's (a distributed one: Hazelcast's IExecutorService
     * serializes every task, and failed on the wrapper, which is not Serializable; session 48). The copy is not the
     * object handed over, so the call-site model has nothing to say about it; what the executor does inside is the
     * program's code, recorded as such.
     */
    private static boolean distributed(Object executor, Object task) {
        return task instanceof java.io.Serializable && executor.getClass().getClassLoader() != null;
    }

    private static boolean wraps(Object task) {
        return task != null && Probes.recorder() != null && !(task instanceof SyncTaskWrappers.Wrapper) && !(task instanceof ForkJoinTask)
                && !(task instanceof Comparable);
    }

    /** Records the submit of a new submission; a task that is itself a Future is remembered as its own. */
    private static SyncTask submit(Object task, int site) {
        SyncTask submission = new SyncTask(RuntimeState.get().objects.fresh(), site);
        TraceRecorder r = Probes.recorder();
        if (r == null) return submission;
        ThreadState s = ThreadState.of(r);
        if (task instanceof Future && !joinsInJdk(task)) s.entry(task).submission = submission;
        s.handle.sync(SyncKind.TASK_SUBMIT, site, submission.id, 0);
        return submission;
    }

    // ---- after it: futures ------------------------------------------------------------------------

    /**
     * After a submitting call returned {@code future}: remembers the submission of {@code wrapped},
     * the task handed to the call, for a join on the future. Returns {@code future}.
     */
    public static Object submitted(Object future, Object wrapped, int site) {
        if (future == null || !(wrapped instanceof SyncTaskWrappers.Wrapper w) || joinsInJdk(future)) return future;
        try {
            remember(future, w.task());
        } catch (Throwable e) {
            Probes.fail(e);
        }
        return future;
    }

    /**
     * After invokeAll returned {@code futures}, one per task of {@code wrapped} in its order: every
     * task that completed (not cancelled: the timed invokeAll cancels the others, which may still
     * be running) is joined here, and its future remembered. Returns {@code futures}.
     */
    public static Object invokedAll(Object futures, Object wrapped, int site) {
        if (!(futures instanceof List<?> fs) || !(wrapped instanceof List<?> ws) || Probes.recorder() == null) return futures;
        try {
            for (int i = 0; i < fs.size() && i < ws.size(); i++) {
                if (!(fs.get(i) instanceof Future<?> f) || !(ws.get(i) instanceof SyncTaskWrappers.Wrapper w)) continue;
                // invokeAll's own get() of a future (a JDK FutureTask's join, recorded inside the JDK) skips one
                // that was already done: joined here
                if (!joinsInJdk(f)) remember(f, w.task());
                if (f.isDone() && !f.isCancelled()) w.task().join(site);
            }
        } catch (Throwable e) {
            Probes.fail(e);
        }
        return futures;
    }

    /** A join of the submission {@code future} belongs to, if the agent saw it submitted and it ended. */
    static void joined(Object future, int site) {
        if (Probes.recorder() == null || future == null || joinsInJdk(future)) return;
        try {
            SyncTask task = submissionOf(future);
            if (task != null) task.join(site);
            SyncStages.completed(future, site); // a CompletableFuture stage: what completed it
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /**
     * Remembers that {@code future} (the one a submit returned, or a task that is a Future) belongs to
     * {@code task}: kept with the future's id entry, which lives as long as the future does.
     */
    private static void remember(Object future, SyncTask task) {
        TraceRecorder r = Probes.recorder();
        if (r != null) ThreadState.of(r).entry(future).submission = task;
    }

    /** The submission {@code future} belongs to, or null (a future nobody submitted gets no id for asking). */
    private static SyncTask submissionOf(Object future) {
        TraceRecorder r = Probes.recorder();
        ObjectIds.Entry e = r == null ? null : ThreadState.of(r).existingEntry(future);
        return e == null ? null : e.submission;
    }

    // ---- fork/join tasks --------------------------------------------------------------------------

    /**
     * Before ForkJoinTask.fork(): a submission of the task itself (it is not wrapped: a pool runs a
     * ForkJoinTask as it is). Its run is the task's compute(), whose entry and exits the instrumenter
     * probes ({@link #computing}, {@link #computed}); join() and get() are joins of it.
     */
    public static void forking(Object task, int site) {
        if (!(task instanceof ForkJoinTask) || Probes.recorder() == null) return;
        try {
            submit(task, site);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** Before ForkJoinPool.execute(task), submit(task) or invoke(task): a submission of the task itself. */
    public static void forkingTo(Object pool, ForkJoinTask<?> task, int site) {
        if (pool instanceof ForkJoinPool) forking(task, site);
    }

    /** After ForkJoinPool.invoke(task) returned (the task is done): a join. Returns the task's result. */
    public static Object forkInvoked(Object pool, Object result, ForkJoinTask<?> task, int site) {
        if (pool instanceof ForkJoinPool) {
            joined(task, site);
            SyncCompleters.joined(task, site);
        }
        return result;
    }

    /** After join() of a fork/join task whose static type is an application class. Returns the result. */
    public static Object forkJoined(Object task, Object result, int site) {
        if (task instanceof ForkJoinTask) {
            joined(task, site);
            SyncCompleters.joined(task, site);
        }
        return result;
    }

    /** At the entry of a fork/join task's compute(): the run of a forked task begins (nothing for a task nobody forked). */
    public static void computing(Object task, int site) {
        SyncTask submission = forked(task);
        if (submission != null) submission.begin();
    }

    /** At every exit of a fork/join task's compute(), also by an exception. */
    public static void computed(Object task, int site) {
        SyncTask submission = forked(task);
        if (submission != null) submission.end();
    }

    private static SyncTask forked(Object task) {
        if (Probes.recorder() == null || task == null) return null;
        try {
            return submissionOf(task);
        } catch (Throwable e) {
            Probes.fail(e);
            return null;
        }
    }

    /**
     * After ExecutorService.shutdownNow(): the tasks that never ran are the program's, not their
     * wrappers. A list that cannot be changed is left as it is.
     */
    static void unwrap(List<Object> tasks) {
        for (int i = 0; i < tasks.size(); i++) {
            if (tasks.get(i) instanceof SyncTaskWrappers.Wrapper w) {
                try {
                    tasks.set(i, w.delegate());
                } catch (UnsupportedOperationException e) {
                    return;
                }
            }
        }
    }
}
