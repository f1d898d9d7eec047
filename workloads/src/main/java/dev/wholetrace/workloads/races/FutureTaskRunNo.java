package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * FutureTasks that no executor's submit made, run by whichever thread calls their {@code run()}:
 * (1) a plain Thread given a FutureTask as its Runnable, main reading what the computation wrote after
 * {@code get()} and before joining the thread; (2) the same with a computation that throws, read after
 * the {@code ExecutionException}; (3) Lucene's TaskExecutor idiom: FutureTasks made by main, a task handed
 * to {@code execute} that runs them one by one as an AtomicInteger hands out indices (main takes its share
 * too), then main {@code get()}s each and reads what each computation wrote. The FutureTask's completion
 * orders each (docs/agent.md, "Hand-overs inside the JDK"). No race.
 */
public final class FutureTaskRunNo {
    public static final String[] RACES = {};

    static int computed;
    static int beforeThrow;
    static final int[] slices = new int[8];

    public static void main(String[] args) throws Exception {
        FutureTask<Integer> task = new FutureTask<>(() -> {
            computed = 41;
            return 1;
        });
        Thread runner = new Thread(task);
        runner.start();
        int one = task.get();
        int seen = computed + one; // ordered by the task's completion, not by the join below
        runner.join();

        FutureTask<Integer> failing = new FutureTask<>(() -> {
            beforeThrow = 7;
            throw new IllegalStateException("boom");
        });
        Thread thrower = new Thread(failing);
        thrower.start();
        try {
            failing.get();
        } catch (ExecutionException expected) {
            seen += beforeThrow;
        }
        thrower.join();

        List<RunnableFuture<Integer>> futures = new ArrayList<>();
        for (int i = 0; i < slices.length; i++) {
            int slice = i;
            futures.add(new FutureTask<>(() -> {
                slices[slice] = slice * 10;
                return slice;
            }));
        }
        AtomicInteger next = new AtomicInteger();
        Runnable drain = () -> {
            int id;
            while ((id = next.getAndIncrement()) < futures.size()) futures.get(id).run();
        };
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            pool.execute(drain);
            pool.execute(drain);
            drain.run();
            int sum = 0;
            for (int i = 0; i < futures.size(); i++) sum += futures.get(i).get() + slices[i];
            System.out.println("seen=" + seen + " sum=" + sum);
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
