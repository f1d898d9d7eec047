package dev.wholetrace.workloads.handover;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Thousands of virtual threads taking turns at a pool of four objects, as tasks borrow connections
 * from a pool: each takes one from an {@code ArrayBlockingQueue}, uses it and puts it back. The
 * recorder's queues fill at once (every new thread registers with a compressor), so the run
 * exercises back-pressure while the virtual-thread scheduler's carriers are busy: the case that
 * hung one run in three when carriers recorded (docs/agent.md, "Virtual threads"). Needs JDK 21+
 * (compiled for 17: the executor is found by reflection). Prints the tasks, the sum of their results
 * and the pool's uses, the same on every run.
 */
public final class VirtualThreadPool {
    private VirtualThreadPool() {}

    public static void main(String[] args) throws Exception {
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        BlockingQueue<int[]> pool = new ArrayBlockingQueue<>(4);
        for (int i = 0; i < 4; i++) pool.add(new int[1]);
        ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        List<Future<Integer>> results = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            int id = i;
            results.add(executor.submit(() -> {
                int[] uses = pool.take();
                try {
                    uses[0]++;
                    return id % 7;
                } finally {
                    pool.put(uses);
                }
            }));
        }
        long sum = 0;
        for (Future<Integer> f : results) sum += f.get();
        executor.shutdown();
        executor.awaitTermination(1, TimeUnit.MINUTES);
        int uses = 0;
        for (int[] u : pool) uses += u[0];
        System.out.println("tasks=" + tasks + " sum=" + sum + " uses=" + uses);
    }
}
