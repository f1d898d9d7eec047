package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code supplyAsync}, {@code runAsync} and {@code completeAsync} on every kind of executor: the program's own (a
 * new thread per task, which main never joins), a thread pool, the common pool, and from JDK 21 a virtual thread per
 * task; and {@code runAsync} of a task that is the program's own {@code RunnableFuture}, joined through its
 * {@code get()}. Main writes each input before the call and reads each result after {@code join()}, {@code get()},
 * {@code getNow} once {@code isDone()} said so, or the {@code CompletionException} of a supplier that threw.
 * With CompletableFuture hooked in the JDK these hand-overs have no call-site task events (docs/agent.md,
 * "CompletableFuture inside the JDK"): the task's release at {@code execute} and acquire at its run, and the future's
 * release at completion and acquire at the join, order them. No race.
 */
public final class CompletableFutureAsyncTasksNo {
    public static final String[] RACES = {};

    static int ownIn;
    static int ownOut;
    static int poolIn;
    static int poolOut;
    static int commonIn;
    static int completeIn;
    static int virtualIn;
    static int virtualOut;
    static int futureIn;
    static int pollIn;
    static int pollOut;
    static int throwIn;
    static int throwOut;

    /** The program's own future of a task: the call-site model still hands it over (its get() is not the JDK's). */
    static final class OwnFuture implements RunnableFuture<Integer> {
        private volatile boolean done;
        private int value;

        @Override
        public void run() {
            value = futureIn * 7;
            done = true;
        }

        @Override
        public Integer get() {
            while (!done) Thread.yield();
            return value;
        }

        @Override
        public Integer get(long timeout, TimeUnit unit) {
            return get();
        }

        @Override
        public boolean isDone() {
            return done;
        }

        @Override
        public boolean cancel(boolean interrupt) {
            return false;
        }

        @Override
        public boolean isCancelled() {
            return false;
        }
    }

    public static void main(String[] args) throws Exception {
        Executor own = task -> new Thread(task, "own").start();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            ownIn = 2;
            CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> {
                ownOut = ownIn + 1;
                return ownOut;
            }, own);
            poolIn = 3;
            CompletableFuture<Void> b = CompletableFuture.runAsync(() -> poolOut = poolIn * 10, pool);
            commonIn = 4;
            CompletableFuture<Integer> c = CompletableFuture.supplyAsync(() -> commonIn * commonIn);
            completeIn = 5;
            CompletableFuture<Integer> d = new CompletableFuture<Integer>().completeAsync(() -> completeIn + 100, pool);
            futureIn = 6;
            OwnFuture task = new OwnFuture();
            CompletableFuture<Void> e = CompletableFuture.runAsync(task, pool);
            int sum = a.join() + ownOut;
            b.get();
            sum += poolOut + c.join() + d.get() + task.get();
            e.join();
            pollIn = 9;
            CompletableFuture<Integer> g = CompletableFuture.supplyAsync(() -> {
                pollOut = pollIn * 3;
                return pollOut;
            }, pool);
            while (!g.isDone()) Thread.yield();
            sum += g.getNow(-1) + pollOut;
            throwIn = 10;
            CompletableFuture<Integer> h = CompletableFuture.supplyAsync(() -> {
                throwOut = throwIn + 1;
                throw new IllegalStateException("bad supply");
            }, pool);
            try {
                h.join();
            } catch (CompletionException thrown) {
                sum += throwOut;
            }
            sum += virtual();
            System.out.println("sum=" + sum);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** From JDK 21: supplyAsync on a virtual thread per task (looked up by reflection: the suite is compiled for 17); 0 before. */
    static int virtual() throws Exception {
        if (Runtime.version().feature() < 21) return 0;
        ExecutorService executor = VirtualExecutorCloseNo.newVirtualThreadPerTaskExecutor();
        try {
            virtualIn = 8;
            CompletableFuture<Integer> f = CompletableFuture.supplyAsync(() -> {
                virtualOut = virtualIn - 1;
                return virtualOut;
            }, executor);
            return f.join() + virtualOut - 14;
        } finally {
            ExecutorService.class.getMethod("close").invoke(executor);
        }
    }
}
