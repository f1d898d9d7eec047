import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.*;
import java.util.stream.*;

public class Shop {
    record Order(int id, String sku, int qty, double price) {}
    static final Map<String, LongAdder> sold = new ConcurrentHashMap<>();
    static final ReadWriteLock lock = new ReentrantReadWriteLock();
    static final Map<String, Double> prices = new HashMap<>();
    static int orderCount; // planted: unsynchronised counter
    static volatile boolean open = true;

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        lock.writeLock().lock();
        try { for (int i = 0; i < 20; i++) prices.put("sku" + i, 1.0 + i); } finally { lock.writeLock().unlock(); }
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<CompletableFuture<Double>> fs = IntStream.range(0, n).mapToObj(i ->
            CompletableFuture.supplyAsync(() -> new Order(i, "sku" + (i % 20), 1 + i % 3, 0), pool)
                .thenApply(o -> { lock.readLock().lock(); try { return new Order(o.id(), o.sku(), o.qty(), prices.get(o.sku())); } finally { lock.readLock().unlock(); } })
                .thenApply(o -> { sold.computeIfAbsent(o.sku(), k -> new LongAdder()).add(o.qty()); orderCount++; return o.qty() * o.price(); }))
            .collect(Collectors.toList());
        double revenue = fs.stream().map(CompletableFuture::join).mapToDouble(Double::doubleValue).sum();
        double par = IntStream.range(0, 10000).parallel().mapToDouble(i -> Math.sqrt(i)).sum();
        pool.shutdown(); pool.awaitTermination(10, TimeUnit.SECONDS);
        open = false;
        long units = sold.values().stream().mapToLong(LongAdder::sum).sum();
        System.out.printf("revenue=%.1f units=%d skus=%d par=%.3f%n", revenue, units, sold.size(), par);
    }
}
