package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;

/**
 * A task runs in one pool while the caller waits for the quiescence of another (empty) pool, then
 * reads what the task wrote: quiescence orders only the tasks of the pool it is of. The caller then
 * waits for the first pool's termination (no documented hand-over) so that the task always runs.
 * Race on {@code result}.
 */
public final class ForkJoinQuiesceYes {
    public static final String[] RACES = {"ForkJoinQuiesceYes.result"};

    static int result;

    public static void main(String[] args) throws Exception {
        ForkJoinPool busy = new ForkJoinPool(1);
        ForkJoinPool idle = new ForkJoinPool(1);
        busy.execute(ForkJoinTask.adapt(() -> result = 7));
        idle.awaitQuiescence(10, TimeUnit.SECONDS);
        int seen = result; // races with the task's write
        busy.shutdown();
        busy.awaitTermination(10, TimeUnit.SECONDS);
        idle.shutdown();
        System.out.println(seen == 0 || seen == 7 ? "done" : "?");
    }
}
