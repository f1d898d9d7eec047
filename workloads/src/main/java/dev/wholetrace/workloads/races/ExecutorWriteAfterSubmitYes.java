package dev.wholetrace.workloads.races;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Main changes the task's input after {@code submit}: the write before the submit is ordered
 * before the task, the one after it is not (a thread-pool task never runs on the submitter). Race
 * on {@code input}.
 */
public final class ExecutorWriteAfterSubmitYes {
    public static final String[] RACES = {"ExecutorWriteAfterSubmitYes.input"};

    static int input;

    public static void main(String[] args) throws Exception {
        input = 1;
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            Future<Integer> f = pool.submit(() -> input * 2);
            input = 5;
            int r = f.get(); // 2 or 10
            if (r != 2 && r != 10) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
