package dev.wholetrace.workloads.races;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/**
 * A root task handed to {@code ForkJoinPool.execute} runs two parts with {@code invokeAll}; each
 * part sets the volatile {@code started} and then writes its element of {@code out}. Main waits
 * for {@code started} (so the parts run on a worker, not on main) and reads {@code out} before it
 * joins the root. The parts' writes come after the volatile write main synchronizes with: race on
 * {@code out[]}.
 */
public final class ForkJoinInvokeAllYes {
    public static final String[] RACES = {"ForkJoinInvokeAllYes.out[]"};

    static int[] out;
    static volatile boolean started;

    static final class Part extends RecursiveAction {
        private final int index;

        Part(int index) {
            this.index = index;
        }

        @Override
        protected void compute() {
            started = true;
            out[index] = index + 1;
        }
    }

    static final class Root extends RecursiveAction {
        @Override
        protected void compute() {
            ForkJoinTask.invokeAll(new Part(0), new Part(1));
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
            if (seen < 0 || seen > 3) throw new AssertionError();
            root.join();
        } finally {
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        System.out.println("done");
    }
}
