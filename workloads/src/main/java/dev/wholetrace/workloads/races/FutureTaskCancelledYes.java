package dev.wholetrace.workloads.races;

import java.util.concurrent.FutureTask;

/**
 * {@code isDone()} true because the future was cancelled orders nothing the computation did: main
 * waits until the computation has written {@code data} (spinning on the plain {@code started}: that
 * spin is itself a race), cancels the future, which interrupts the computation, gives it time to finish
 * (a sleep, no hand-over), and reads {@code data} once {@code isDone()} says true, before joining the
 * runner. The computation then returns normally, and its {@code set} finds the future cancelled: only a
 * completion is an acquire at isDone, so {@code data} races. Races on {@code started} and {@code data}.
 */
public final class FutureTaskCancelledYes {
    public static final String[] RACES = {"FutureTaskCancelledYes.started", "FutureTaskCancelledYes.data"};

    static int data;
    static boolean started;

    public static void main(String[] args) throws Exception {
        data = 0;
        started = false;
        FutureTask<Integer> task = new FutureTask<>(() -> {
            data = 42;
            started = true;
            while (!Thread.currentThread().isInterrupted()) Thread.yield();
            return 1;
        });
        Thread runner = new Thread(task);
        runner.start();
        while (!started) Thread.yield();
        task.cancel(true);
        Thread.sleep(20); // the computation sees the interrupt and its set() runs first, on most schedules
        while (!task.isDone()) Thread.yield();
        int seen = data;
        runner.join();
        System.out.println("cancelled=" + task.isCancelled() + " data=" + seen);
    }
}
