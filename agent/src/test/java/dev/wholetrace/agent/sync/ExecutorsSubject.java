package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/** Executors, futures and CompletableFuture hand-offs, run instrumented by {@link ExecutorsTest}. */
public final class ExecutorsSubject {
    private ExecutorsSubject() {}

    /** Worker threads named {@code prefix-0}, {@code prefix-1}, …: the test finds them by name. */
    static ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> new Thread(r, prefix + "-" + n.getAndIncrement());
    }

    static void stop(ExecutorService pool) throws InterruptedException {
        pool.shutdown();
        if (!pool.awaitTermination(1, TimeUnit.MINUTES)) throw new IllegalStateException("pool did not stop");
    }

    /**
     * A fixed pool of 3 runs {@code tasks} tasks, handed over by submit(Callable), submit(Runnable)
     * and execute(FutureTask) in turn; each writes its slot of a shared array (no other sync) and
     * the name of its worker. The caller gets every future in order and reads the slots. Returns the
     * workers' names, then the sum of the slots.
     */
    public static List<Object> pool(int tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3, named("worker"));
        int[] slots = new int[tasks];
        String[] workers = new String[tasks];
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            int task = i;
            Runnable body = () -> {
                slots[task] = task * task;
                workers[task] = Thread.currentThread().getName();
            };
            switch (i % 3) {
                case 0 -> futures.add(pool.submit(() -> {
                    body.run();
                    return task;
                }));
                case 1 -> futures.add(pool.submit(body));
                default -> {
                    FutureTask<Object> f = new FutureTask<>(body, null);
                    pool.execute(f);
                    futures.add(f);
                }
            }
        }
        for (Future<?> f : futures) f.get();
        int sum = 0;
        for (int s : slots) sum += s;
        stop(pool);
        List<Object> out = new ArrayList<>(List.of(workers));
        out.add(sum);
        return out;
    }

    /**
     * Main submits one Callable and hands its future to two threads of their own ("joiner-0" and
     * "joiner-1"), which each lock 20,000 new objects first (each gets an object id: the agent's id
     * table is rebuilt several times after the submit, and the joiners never met the future) and then
     * get() it. Returns what each got.
     */
    public static List<Object> otherJoiners() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(named("task"));
        Future<Integer> future = pool.submit(() -> 7);
        Object[] got = new Object[2];
        Thread[] joiners = new Thread[got.length];
        for (int j = 0; j < joiners.length; j++) {
            int me = j;
            joiners[j] = new Thread(() -> {
                for (int i = 0; i < 20_000; i++) {
                    synchronized (new Object()) {
                        Thread.onSpinWait();
                    }
                }
                try {
                    got[me] = future.get();
                } catch (Exception e) {
                    got[me] = e;
                }
            }, "joiner-" + j);
            joiners[j].start();
        }
        for (Thread t : joiners) t.join();
        stop(pool);
        return List.of(got);
    }

    /** A task that throws: get ends with ExecutionException, which is returned. */
    public static ExecutionException failing() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(named("failing"));
        Future<Integer> f = pool.submit(() -> {
            if (pool != null) throw new IllegalStateException("boom");
            return 1;
        });
        try {
            f.get();
            throw new AssertionError("no exception");
        } catch (ExecutionException e) {
            return e;
        } finally {
            stop(pool);
        }
    }

    /**
     * A timed get that times out (the task waits for a latch the caller opens after): no join; then
     * the untimed get. Returns whether the first timed out and the value.
     */
    public static List<Object> timedOut() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(named("slow"));
        CountDownLatch open = new CountDownLatch(1);
        Future<String> f = pool.submit(() -> {
            open.await();
            return "done";
        });
        List<Object> out = new ArrayList<>();
        try {
            f.get(1, TimeUnit.MILLISECONDS);
            out.add(false);
        } catch (TimeoutException e) {
            out.add(true);
        }
        open.countDown();
        out.add(f.get(1, TimeUnit.MINUTES));
        stop(pool);
        return out;
    }

    /** invokeAll of {@code tasks} callables on a pool of 2, then a get of each future. Returns the workers and values. */
    public static List<Object> invokeAll(int tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2, named("all"));
        String[] workers = new String[tasks];
        List<Callable<Integer>> callables = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            int task = i;
            callables.add(() -> {
                workers[task] = Thread.currentThread().getName();
                return task * 10;
            });
        }
        List<Future<Integer>> futures = pool.invokeAll(callables);
        List<Object> out = new ArrayList<>(List.of(workers));
        for (Future<Integer> f : futures) out.add(f.get());
        out.add(pool.invokeAny(callables.subList(0, 1)));
        stop(pool);
        return out;
    }

    /**
     * CompletableFuture: supplyAsync on the common pool then join; supplyAsync on a pool then get;
     * runAsync on a pool then join; getNow of a completed future; a supplier that throws, joined.
     * Returns the values and the join's exception's cause message.
     */
    public static List<Object> completable() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(named("cf"));
        List<Object> out = new ArrayList<>();
        int[] slot = new int[1];
        out.add(CompletableFuture.supplyAsync(() -> 6 * 7).join());
        CompletableFuture<String> onPool = CompletableFuture.supplyAsync(() -> Thread.currentThread().getName(), pool);
        out.add(onPool.get());
        CompletableFuture.runAsync(() -> slot[0] = 5, pool).join();
        out.add(slot[0]);
        out.add(onPool.getNow("absent"));
        try {
            CompletableFuture.supplyAsync(() -> {
                if (slot[0] == 5) throw new IllegalArgumentException("bad supply");
                return 0;
            }, pool).join();
        } catch (CompletionException e) {
            out.add(e.getCause().getMessage());
        }
        stop(pool);
        return out;
    }

    /** A class with an execute(Runnable) method that is no Executor: the task it gets is the program's. */
    static final class Dispatcher {
        Runnable last;

        void execute(Runnable r) {
            last = r;
            r.run();
        }
    }

    /** Returns whether the dispatcher got the task itself. */
    public static boolean notAnExecutor() {
        Dispatcher d = new Dispatcher();
        int[] ran = new int[1];
        Runnable task = () -> ran[0]++;
        d.execute(task);
        return d.last == task && ran[0] == 1;
    }

    /** A Serializable task (session 48: Hazelcast's IExecutorService serializes each task it is given). */
    static final class Echo implements Callable<Object>, java.io.Serializable {
        private static final long serialVersionUID = 1L;
        final String text;

        Echo(String text) {
            this.text = text;
        }

        @Override
        public Object call() {
            return text + "!";
        }
    }

    /** An executor of the program that runs a serialized copy of each Callable, as a distributed one does. */
    static final class CopyingExecutor extends java.util.concurrent.AbstractExecutorService {
        @Override
        public <T> Future<T> submit(Callable<T> task) {
            try {
                java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
                    out.writeObject(task); // throws NotSerializableException for a task that is not
                }
                try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
                    @SuppressWarnings("unchecked")
                    Callable<T> copy = (Callable<T>) in.readObject();
                    return CompletableFuture.completedFuture(copy.call());
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void execute(Runnable command) {
            command.run();
        }

        @Override
        public void shutdown() {}

        @Override
        public List<Runnable> shutdownNow() {
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }

    /**
     * A Serializable task given to the program's copying executor (handed over as it is: a wrapper cannot be
     * serialized) and one given to a JDK pool (wrapped as any task). Returns both results.
     */
    public static List<Object> serializedTasks() throws Exception {
        ExecutorService copying = new CopyingExecutor();
        ExecutorService pool = Executors.newSingleThreadExecutor(named("serial"));
        List<Object> out = new ArrayList<>();
        out.add(copying.submit(new Echo("copy")).get());
        out.add(pool.submit(new Echo("pool")).get());
        stop(pool);
        return out;
    }

    /** Method references: pool::execute, pool::submit, CompletableFuture::join. Returns the values. */
    public static List<Object> references() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(named("ref"));
        List<Object> out = new ArrayList<>();
        CountDownLatch ran = new CountDownLatch(1);
        Consumer<Runnable> execute = pool::execute;
        execute.accept(ran::countDown);
        ran.await();
        Function<Callable<Integer>, Future<Integer>> submit = pool::submit;
        out.add(submit.apply(() -> 1).get());
        List<CompletableFuture<Integer>> cfs = List.of(CompletableFuture.supplyAsync(() -> 2, pool));
        cfs.stream().map(CompletableFuture::join).forEach(out::add);
        stop(pool);
        return out;
    }

    /**
     * A single-thread pool busy with a task that waits for a latch, a second task queued behind it:
     * shutdownNow returns the second task itself. Returns that, and whether the first was interrupted.
     */
    public static List<Object> shutdownNow() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(named("stopped"));
        CountDownLatch never = new CountDownLatch(1);
        boolean[] interrupted = new boolean[1];
        Runnable second = () -> { };
        pool.execute(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                interrupted[0] = true;
            }
        });
        pool.execute(second);
        List<Runnable> left = pool.shutdownNow();
        if (!pool.awaitTermination(1, TimeUnit.MINUTES)) throw new IllegalStateException("pool did not stop");
        return List.of(left.size() == 1 && left.get(0) == second, interrupted[0]);
    }

    /**
     * schedule(Callable) then get; scheduleAtFixedRate of a task that counts a latch down, until it
     * ran 3 times, then cancelled: its get ends with CancellationException. Returns the value and
     * whether the get was cancelled.
     */
    public static List<Object> scheduled() throws Exception {
        ScheduledExecutorService pool = Executors.newSingleThreadScheduledExecutor(named("timer"));
        List<Object> out = new ArrayList<>();
        out.add(pool.schedule(() -> "later", 1, TimeUnit.MILLISECONDS).get());
        CountDownLatch three = new CountDownLatch(3);
        ScheduledFuture<?> periodic = pool.scheduleAtFixedRate(three::countDown, 0, 1, TimeUnit.MILLISECONDS);
        three.await();
        periodic.cancel(false);
        try {
            periodic.get();
            out.add(false);
        } catch (CancellationException e) {
            out.add(true);
        }
        stop(pool);
        return out;
    }
}
