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
        late = 0; // run more than once in one JVM by the suite's test
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
        int racy = second.join(); // 1 or 6
        if (racy != 1 && racy != 6) throw new AssertionError(racy);
        System.out.println("first=" + first.join());
    }
}
