package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Dependents registered by threads other than the one that completes their source, each reading what its registering
 * thread wrote just before registering it (docs/agent.md, "CompletableFuture inside the JDK": a registration released on
 * the source's stack of dependents, acquired where a dependent fires). The completer waits for the registrations
 * without recording anything ({@code getNumberOfDependents()} reads the stack, no hook), so only the stack orders them:
 * <ul>
 * <li>two dependents of one source registered by two threads, in both orders (the stack fires the last first);</li>
 * <li>two dependents of a dependent, which the completion's loop moves to the first source's stack before it fires them;</li>
 * <li>{@code thenCombine} on two pending sources (fired from the second's stack through its co-completion), on a
 * complete and a pending one (pushed on the pending one only), and {@code applyToEither} (fired from the second's
 * stack);</li>
 * <li>dependents registered after their source completed: run by the registering thread (the result it read orders it
 * after the completer) and by a pool ({@code thenApplyAsync}: handed to its executor).</li>
 * </ul>
 * Main reads every output after joining the threads and the dependents. No race.
 */
public final class CompletableFutureDependentsNo {
    public static final String[] RACES = {};

    static int inA;
    static int inB;
    static int inNestedA;
    static int inNestedB;
    static int inBoth;
    static int inHalf;
    static int inEither;
    static int beforeCompletion;
    static int inAsync;
    static int sum;

    /** Completes {@code source} once it has {@code dependents} registered, on a thread of its own. */
    static Thread completer(CompletableFuture<Integer> source, int dependents, int value) {
        Thread t = new Thread(() -> {
            while (source.getNumberOfDependents() < dependents) Thread.onSpinWait();
            source.complete(value);
        }, "completer");
        t.start();
        return t;
    }

    /** Starts a thread that waits for {@code before} dependents of {@code source}, then runs {@code registration}. */
    static Thread registrar(CompletableFuture<Integer> source, int before, Runnable registration) {
        Thread t = new Thread(() -> {
            while (source.getNumberOfDependents() < before) Thread.onSpinWait();
            registration.run();
        }, "registrar");
        t.start();
        return t;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        sum = 0; // run more than once in one JVM by the suite's test
        for (int order = 0; order < 2; order++) {
            CompletableFuture<Integer> source = new CompletableFuture<>();
            CompletableFuture<Integer>[] out = new CompletableFuture[2];
            Thread c = completer(source, 2, 1);
            Thread a = registrar(source, order, () -> {
                inA = 10;
                out[0] = source.thenApply(x -> x + inA);
            });
            Thread b = registrar(source, 1 - order, () -> {
                inB = 20;
                out[1] = source.thenApply(x -> x + inB);
            });
            a.join();
            b.join();
            c.join();
            sum += out[0].join() + out[1].join();
        }

        CompletableFuture<Integer> root = new CompletableFuture<>();
        CompletableFuture<Integer> middle = root.thenApply(x -> x + 1);
        CompletableFuture<Integer>[] nested = new CompletableFuture[2];
        Thread rc = new Thread(() -> {
            while (middle.getNumberOfDependents() < 2) Thread.onSpinWait();
            root.complete(1); // fires middle, then moves one of middle's dependents to root's stack before it fires it
        }, "completer");
        rc.start();
        Thread na = registrar(middle, 0, () -> {
            inNestedA = 100;
            nested[0] = middle.thenApply(x -> x + inNestedA);
        });
        Thread nb = registrar(middle, 1, () -> {
            inNestedB = 200;
            nested[1] = middle.thenApply(x -> x + inNestedB);
        });
        na.join();
        nb.join();
        rc.join();
        sum += nested[0].join() + nested[1].join();

        CompletableFuture<Integer> first = new CompletableFuture<>();
        CompletableFuture<Integer> second = new CompletableFuture<>();
        CompletableFuture<Integer> third = new CompletableFuture<>();
        CompletableFuture<Integer> fourth = new CompletableFuture<>();
        CompletableFuture<Integer> fifth = new CompletableFuture<>();
        CompletableFuture<Integer>[] combined = new CompletableFuture[3];
        // first is completed once the two-source dependent is pushed on it, second once its co-completion is pushed
        // and first's stack is empty again (first completed): the dependent fires from second's stack, through the
        // co-completion. The dependent on a complete source and third is pushed on third only; the either-of one on
        // fourth, and fires from fifth's stack. No completer is ordered after the registering thread but by the stacks.
        Thread fc = completer(first, 1, 1);
        Thread sc = new Thread(() -> {
            while (second.getNumberOfDependents() < 1 || first.getNumberOfDependents() > 0) Thread.onSpinWait();
            second.complete(2);
        }, "completer");
        sc.start();
        Thread tc = completer(third, 1, 3);
        Thread ec = completer(fifth, 1, 4);
        Thread r = registrar(first, 0, () -> {
            inBoth = 1000;
            combined[0] = first.thenCombine(second, (x, y) -> x + y + inBoth);
            inHalf = 2000;
            combined[1] = CompletableFuture.completedFuture(5).thenCombine(third, (x, y) -> x + y + inHalf);
            inEither = 3000;
            combined[2] = fourth.applyToEither(fifth, y -> y + inEither);
        });
        r.join();
        fc.join();
        sc.join();
        tc.join();
        ec.join();
        sum += combined[0].join() + combined[1].join() + combined[2].join();

        CompletableFuture<Integer> done = new CompletableFuture<>();
        Thread dc = new Thread(() -> {
            beforeCompletion = 7;
            done.complete(3);
        }, "completer");
        dc.start();
        while (!done.isDone()) Thread.onSpinWait();
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            CompletableFuture<Integer> inline = done.thenApply(x -> x + beforeCompletion);
            inAsync = 5000;
            CompletableFuture<Integer> async = done.thenApplyAsync(x -> x + inAsync, pool);
            sum += inline.join() + async.join();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        dc.join();
        System.out.println("sum=" + sum);
    }
}
