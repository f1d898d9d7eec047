package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Semaphore;

/**
 * {@link CompletionServiceEarlyTakeNo}'s early take, with a read the take does not order: after taking the first
 * task's result (before main's submit of it has returned) and letting main go on, the consumer reads the second
 * task's element, which main's next submit writes meanwhile. Race on {@code parts[]}.
 */
public final class CompletionServiceEarlyTakeYes {
    public static final String[] RACES = {"CompletionServiceEarlyTakeYes.parts[]"};

    static int[] parts;

    public static void main(String[] args) throws Exception {
        parts = new int[2];
        Semaphore taken = new Semaphore(0);
        ExecutorCompletionService<Integer> service = new ExecutorCompletionService<>(task -> {
            task.run();
            taken.acquireUninterruptibly();
        });
        int[] seen = new int[1];
        Thread consumer = new Thread(() -> {
            try {
                seen[0] = parts[service.take().get()];
                taken.release();
                seen[0] += parts[1]; // the second task's element: its write is not ordered with this read
                service.take().get();
                taken.release();
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
        System.out.println("seen=" + (seen[0] > 0));
    }
}
