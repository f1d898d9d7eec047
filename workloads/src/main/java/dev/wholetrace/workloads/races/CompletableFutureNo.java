package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;

/**
 * CompletableFuture hand-overs on the common pool: main writes the input before {@code
 * supplyAsync} and {@code runAsync}; the suppliers read it, the runnable writes {@code log}; main
 * reads the results after {@code join()} and {@code log} after {@code get()}. No dependent stages
 * (thenApply and friends run inside the JDK and are not modelled). No race.
 */
public final class CompletableFutureNo {
    public static final String[] RACES = {};

    static int input;
    static int log;

    public static void main(String[] args) throws Exception {
        input = 6;
        log = 0;
        CompletableFuture<Integer> square = CompletableFuture.supplyAsync(() -> input * input);
        CompletableFuture<Void> logged = CompletableFuture.runAsync(() -> log = input + 100);
        int s = square.join();
        logged.get();
        System.out.println("square=" + s + " log=" + log);
    }
}
