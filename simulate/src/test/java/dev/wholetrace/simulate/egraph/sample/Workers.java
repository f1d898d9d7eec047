package dev.wholetrace.simulate.egraph.sample;

import java.util.concurrent.CyclicBarrier;

/** A program the graph tests read: worker threads in barrier steps, a lock, a Thread subclass and a recursion. */
public final class Workers {
    private static final Object LOCK = new Object();
    private static long total;
    private final CyclicBarrier barrier;
    private final double[] data = new double[1024];

    Workers(int threads) {
        barrier = new CyclicBarrier(threads);
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        Workers w = new Workers(threads);
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            ts[t] = new Thread(() -> w.work(id));
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        Helper h = new Helper();
        h.start();
        h.join();
        System.out.println(total + " " + fib(10));
    }

    void work(int id) {
        try {
            for (int step = 0; step < 5; step++) {
                double s = 0;
                for (int i = id; i < data.length; i += 4) s += data[i] * 0.5;
                synchronized (LOCK) {
                    total += (long) s;
                }
                barrier.await();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static int fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    static final class Helper extends Thread {
        @Override
        public void run() {
            synchronized (LOCK) {
                total++;
            }
        }
    }
}
