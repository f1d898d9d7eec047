package dev.wholetrace.workloads.races;

import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;

/**
 * A FutureTask subclass of the program overriding {@code isDone()}: it says done as soon as the computation has
 * begun (its plain flag {@code begun}), and asks FutureTask's isDone only otherwise. The computation writes
 * {@code data}, sets {@code begun}, and waits for main's volatile {@code read} before it returns, so the future
 * cannot complete before main's poll: main reads {@code data} after the override said true, without FutureTask's
 * isDone having seen a completion (the agent's acquire is in FutureTask's isDone, not in an override of it).
 * Main's volatile write orders main before the computation's end, not the computation's write before main's
 * read. Races on {@code begun} and {@code data}.
 */
public final class FutureTaskOwnIsDoneYes {
    public static final String[] RACES = {"FutureTaskOwnIsDoneYes.begun", "FutureTaskOwnIsDoneYes.data"};

    static int data;
    static boolean begun;
    static volatile boolean read;

    /** Done, for this program, once the computation began. */
    static final class Eager<V> extends FutureTask<V> {
        Eager(Callable<V> computation) {
            super(computation);
        }

        @Override
        public boolean isDone() {
            return begun || super.isDone();
        }
    }

    public static void main(String[] args) throws Exception {
        data = 0;
        begun = false;
        read = false;
        Eager<Integer> task = new Eager<>(() -> {
            data = 42;
            begun = true;
            while (!read) Thread.yield();
            return 1;
        });
        Thread runner = new Thread(task);
        runner.start();
        while (!task.isDone()) Thread.yield();
        int seen = data;
        read = true;
        runner.join();
        System.out.println("data=" + (seen == 0 || seen == 42));
    }
}
