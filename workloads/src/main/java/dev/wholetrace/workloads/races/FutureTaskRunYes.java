package dev.wholetrace.workloads.races;

import java.util.concurrent.FutureTask;

/**
 * A thread runs a FutureTask and then writes {@code after}; main reads {@code after} once {@code get()}
 * returned, before joining the thread. The task's completion orders only what the computation did, not
 * what its runner does after {@code run()} returns. Race on {@code after}.
 */
public final class FutureTaskRunYes {
    public static final String[] RACES = {"FutureTaskRunYes.after"};

    static int computed;
    static int after;

    public static void main(String[] args) throws Exception {
        FutureTask<Integer> task = new FutureTask<>(() -> {
            computed = 5;
            return 1;
        });
        Thread runner = new Thread(() -> {
            task.run();
            after = 9;
        });
        runner.start();
        int r = task.get() + computed;
        int a = after; // 0 or 9
        runner.join();
        if (a != 0 && a != 9) throw new AssertionError();
        System.out.println("r=" + r);
    }
}
