package dev.wholetrace.workloads.handover;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Recording cost of CompletableFuture's hooks (docs/agent.md, "Hand-overs inside the JDK"): 20,000
 * rounds of two {@code supplyAsync} tasks on a pool of two, each filling an object, combined with
 * {@code thenCombine}, then {@code thenApply} and {@code thenAccept}, and joined. Prints the sum.
 */
public final class FutureHandover {
    static final class Item {
        int a;
        int b;
    }

    private FutureHandover() {}

    static Item item(int i) {
        Item it = new Item();
        it.a = i;
        it.b = 2 * i;
        return it;
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        long[] sum = {0};
        try {
            for (int i = 0; i < n; i++) {
                int k = i;
                CompletableFuture<Item> x = CompletableFuture.supplyAsync(() -> item(k), pool);
                CompletableFuture<Item> y = CompletableFuture.supplyAsync(() -> item(k + 1), pool);
                x.thenCombine(y, (p, q) -> p.a + q.b).thenApply(v -> v * 2L).thenAccept(v -> sum[0] += v).join();
            }
        } finally {
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
        System.out.println(sum[0]);
    }
}
