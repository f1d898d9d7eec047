package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;

/**
 * Registering a dependent publishes what the registering thread did before, not after: main registers two dependents
 * on a source another thread completes once both are registered (seen without recording anything:
 * {@code getNumberOfDependents()}); the first reads {@code early}, written before the registrations, the second
 * {@code late}, which main writes right after registering it. The completing thread, which runs both, is ordered
 * after the registrations only (docs/agent.md, "CompletableFuture inside the JDK"). Race on {@code late}.
 */
public final class CompletableFutureDependentsYes {
    public static final String[] RACES = {"CompletableFutureDependentsYes.late"};

    static int early;
    static int late;

    public static void main(String[] args) throws Exception {
        CompletableFuture<Integer> source = new CompletableFuture<>();
        Thread completer = new Thread(() -> {
            while (source.getNumberOfDependents() < 2) Thread.onSpinWait();
            source.complete(1);
        }, "completer");
        completer.start();
        early = 3;
        CompletableFuture<Integer> first = source.thenApply(x -> x + early);
        CompletableFuture<Integer> second = source.thenApply(x -> x + late);
        late = 5;
        completer.join();
        System.out.println("sum=" + (first.join() + second.join()));
    }
}
