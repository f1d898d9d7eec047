package dev.wholetrace.workloads.races;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * Polling {@code isDone()} instead of calling {@code get()}: main reads what a computation wrote once
 * its future says it is done, for (1) a JDK FutureTask run by a plain Thread, (2) a FutureTask subclass of
 * the program (as libraries make them to hook {@code done()}) handed to an executor's {@code execute},
 * (3) the future an executor's {@code submit} returned, (4) a FutureTask whose computation wrote, then threw
 * (setException: its state, EXCEPTIONAL, is a completion's, below CANCELLED). FutureTask.isDone() is {@code state != NEW},
 * a volatile read of the state that the completing compare-and-set in {@code set} wrote after the
 * computation ran: that read synchronizes-with the write (JLS 17.4.4), so each computation's writes
 * happen-before main's reads. No race.
 */
public final class FutureTaskIsDoneNo {
    public static final String[] RACES = {};

    static int computed;
    static int subclassed;
    static int submitted;
    static int failed;

    /** A program's own FutureTask, as a library makes one to be told of completion. */
    static final class Tracked<V> extends FutureTask<V> {
        Tracked(Callable<V> computation) {
            super(computation);
        }

        @Override
        protected void done() {
            // nothing: the subclass only has to be the program's, not the JDK's
        }
    }

    public static void main(String[] args) throws Exception {
        computed = 0;
        subclassed = 0;
        submitted = 0;
        failed = 0;
        FutureTask<Integer> task = new FutureTask<>(() -> {
            computed = 41;
            return 1;
        });
        Thread runner = new Thread(task);
        runner.start();
        while (!task.isDone()) Thread.yield();
        int seen = computed; // ordered by isDone's read of the completed state, not by the join below

        Tracked<Integer> own = new Tracked<>(() -> {
            subclassed = 5;
            return 2;
        });
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            pool.execute(own);
            Future<?> future = pool.submit(() -> {
                submitted = 7;
            });
            while (!own.isDone() || !future.isDone()) Thread.yield();
            seen += subclassed + submitted;
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        FutureTask<Integer> throwing = new FutureTask<>(() -> {
            failed = 3;
            throw new IllegalStateException("planned");
        });
        Thread thrower = new Thread(throwing);
        thrower.start();
        while (!throwing.isDone()) Thread.yield();
        seen += failed; // ordered as after a completion: setException releases as set does
        runner.join();
        thrower.join();
        System.out.println("seen=" + seen);
    }
}
