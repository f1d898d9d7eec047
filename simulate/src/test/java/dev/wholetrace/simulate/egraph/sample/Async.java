package dev.wholetrace.simulate.egraph.sample;

import dev.wholetrace.simulate.egraph.samplelib.Scores;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;

/** A program written as Java developers write them: an async stage on a pool, streams, a library call. */
public class Async {
    public static void main(String[] args) {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CompletableFuture<Integer> f = CompletableFuture.supplyAsync(() -> work(1000), pool);
        int s = IntStream.range(0, 4).map(i -> work(i)).sum(); // a callback: the stream calls the lambda back
        IntUnaryOperator twice = i -> 2 * work(i);
        int u = IntStream.range(0, 2).map(twice).sum(); // handed over from a variable: not followed
        int x = new Scores().score(s);
        System.out.println(f.join() + s + u + x);
        pool.shutdown();
    }

    static int work(int n) {
        int t = 0;
        for (int i = 0; i < n; i++) t += i * i;
        return t;
    }
}
