package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Semaphore;

/**
 * An ExecutorCompletionService whose executor runs each task in the submitting thread (main) and returns only
 * once a consumer thread has taken and read its result: so the consumer's {@code take().get()} always comes before
 * main's {@code submit} has returned the future, before the agent's call-site probe after the submit has remembered
 * which submission that future is (session 44's question about {@code SyncTasks.submitted}). Each task writes its
 * own element of {@code parts}; the consumer reads the element whose index the future gave it. No race.
 */
public final class CompletionServiceEarlyTakeNo {
    public static final String[] RACES = {};

    static int[] parts;

    public static void main(String[] args) throws Exception {
        parts = new int[3];
        Semaphore taken = new Semaphore(0);
        ExecutorCompletionService<Integer> service = new ExecutorCompletionService<>(task -> {
            task.run();
            taken.acquireUninterruptibly(); // the consumer has the result before submit returns
        });
        int[] sum = new int[1];
        Thread consumer = new Thread(() -> {
            try {
                for (int i = 0; i < parts.length; i++) {
                    sum[0] += parts[service.take().get()];
                    taken.release();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "consumer");
        consumer.start();
        for (int i = 0; i < parts.length; i++) {
            int index = i;
            service.submit(() -> {
                parts[index] = index + 1;
                return index;
            });
        }
        consumer.join();
        System.out.println("sum=" + sum[0]);
    }
}
