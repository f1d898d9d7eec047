package dev.wholetrace.simulate.egraph.sample;

import dev.wholetrace.simulate.egraph.samplelib.Scores;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/** A program written as Java developers write them: an async stage on a pool, streams, a library call. */
public class Async {
    public static void main(String[] args) {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CompletableFuture<Integer> f = CompletableFuture.supplyAsync(() -> work(1000), pool);
        int s = IntStream.range(0, 4).map(i -> work(i)).sum(); // a callback: the stream calls the lambda back
        IntUnaryOperator twice = i -> 2 * work(i);
        int u = IntStream.range(0, 2).map(twice).sum(); // handed over from a variable: not followed
        int x = new Scores().score(s);
        new Scores().each(3, i -> work(i)); // a library not given calls it back: not seen without --classpath
        long p = Stream.iterate(1, i -> i < 100, i -> i * 2).count() // a static call handed two lambdas, neither the last argument
                + LongStream.iterate(1L, v -> v * 3).limit(4).sum(); // a long argument below the lambda
        List<Integer> l = new ArrayList<>(List.of(3, 1, 2));
        l.sort(Comparator.comparing(i -> -i)); // comparing keeps its lambda for the comparator sort calls: not followed
        System.out.println(f.join() + s + u + x + l.get(0) + p);
        pool.shutdown();
    }

    static int work(int n) {
        int t = 0;
        for (int i = 0; i < n; i++) t += i * i;
        return t;
    }
}
