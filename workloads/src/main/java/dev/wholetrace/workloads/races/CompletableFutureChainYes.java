package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A chain of asynchronous stages on a thread pool ({@code thenApplyAsync}, {@code
 * thenAcceptAsync}: they never run on main); the last stage writes {@code result}, and main reads
 * it before joining that stage (it joins only later). Race on {@code result}.
 */
public final class CompletableFutureChainYes {
    public static final String[] RACES = {"CompletableFutureChainYes.result"};

    static int result;

    public static void main(String[] args) throws Exception {
        result = 0;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Void> last = CompletableFuture.supplyAsync(() -> 20, pool)
                    .thenApplyAsync(x -> x + 1, pool)
                    .thenAcceptAsync(x -> result = x, pool);
            int r = result; // 0 or 21
            last.join();
            if (r != 0 && r != 21) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
