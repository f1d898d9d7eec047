package dev.wholetrace.simulate.egraph.sample;

import dev.wholetrace.simulate.egraph.samplelib.Scores;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

/** A program written as Java developers write them: an async stage on a pool, a stream, a library call. */
public class Async {
    public static void main(String[] args) {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CompletableFuture<Integer> f = CompletableFuture.supplyAsync(() -> work(1000), pool);
        int s = IntStream.range(0, 4).map(i -> work(i)).sum(); // the stream runs this lambda: the graph cannot
        int x = new Scores().score(s);
        System.out.println(f.join() + s + x);
        pool.shutdown();
    }

    static int work(int n) {
        int t = 0;
        for (int i = 0; i < n; i++) t += i * i;
        return t;
    }
}
