package dev.wholetrace.workloads.races;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * A CountedCompleter root that forks two leaves; each leaf sets the volatile {@code started},
 * writes its element of {@code out} and calls {@code tryComplete()}. Main waits for {@code
 * started} and reads {@code out} before joining the root. Race on {@code out[]}.
 */
public final class CountedCompleterYes {
    public static final String[] RACES = {"CountedCompleterYes.out[]"};

    static int[] out;
    static volatile boolean started;

    static final class Leaf extends CountedCompleter<Void> {
        private final int index;

        Leaf(CountedCompleter<?> parent, int index) {
            super(parent);
            this.index = index;
        }

        @Override
        public void compute() {
            started = true;
            out[index] = index + 1;
            tryComplete();
        }
    }

    static final class Root extends CountedCompleter<Void> {
        @Override
        public void compute() {
            setPendingCount(2);
            new Leaf(this, 0).fork();
            new Leaf(this, 1).fork();
            tryComplete();
        }
    }

    public static void main(String[] args) throws Exception {
        out = new int[2];
        started = false;
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            Root root = new Root();
            pool.execute(root);
            while (!started) Thread.yield();
            int seen = out[0] + out[1]; // 0 to 3
            root.join();
            if (seen < 0 || seen > 3) throw new AssertionError();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
