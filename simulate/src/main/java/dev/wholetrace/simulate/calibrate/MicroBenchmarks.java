package dev.wholetrace.simulate.calibrate;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The calibration's micro-benchmarks. Each compute kernel is one counted loop whose body is
 * dominated by one group of instruction classes; {@link Calibration} reads this class's own
 * bytecode with the graph generator to know how many instructions of each class one iteration
 * runs, so the fit uses the same counting as the graphs it serves. Results go to {@link #sink}
 * so the JIT cannot drop the loops.
 */
public final class MicroBenchmarks {
    static volatile long sink;
    private final int[] ints = new int[4096];
    private final double[] doubles = new double[4096];
    private int field;
    private final Object monitor = new Object();
    private final ReentrantLock lock = new ReentrantLock();

    /** The entry the graph generator starts from: calls every kernel once. */
    public static void main(String[] args) {
        MicroBenchmarks b = new MicroBenchmarks();
        sink = b.intLoop(10) + (long) b.fpLoop(10) + b.arrayLoop(10) + b.fieldLoop(10) + b.monitorLoop(10) + b.lockLoop(10);
    }

    long intLoop(int n) {
        long a = 1, c = 7;
        for (int i = 0; i < n; i++) {
            a = a * 31 + (i ^ c);
            c = (c << 1) - a + i;
        }
        return a + c;
    }

    double fpLoop(int n) {
        double a = 1.0, c = 0.5;
        for (int i = 0; i < n; i++) {
            a = a * 0.999 + c * 1.0001;
            c = c * 0.998 - a * 0.0001;
        }
        return a + c;
    }

    long arrayLoop(int n) {
        int[] x = ints;
        long s = 0;
        for (int i = 0; i < n; i++) {
            int k = i & 4095;
            x[k] = x[k] + x[(k + 1) & 4095];
            s += x[k];
        }
        return s;
    }

    long fieldLoop(int n) {
        for (int i = 0; i < n; i++) {
            field = field + i;
            doubles[i & 4095] = field;
        }
        return field;
    }

    long monitorLoop(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            synchronized (monitor) {
                s += i;
            }
        }
        return s;
    }

    long lockLoop(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            lock.lock();
            try {
                s += i;
            } finally {
                lock.unlock();
            }
        }
        return s;
    }

    /** Nanoseconds to start and join a thread that does nothing. */
    static double threadStartJoin(int n) throws InterruptedException {
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> sink++);
            t.start();
            t.join();
        }
        return (System.nanoTime() - t0) / (double) n;
    }

    /** Nanoseconds per await of two threads meeting at a barrier {@code n} times. */
    static double barrierAwait(int n) throws Exception {
        CyclicBarrier b = new CyclicBarrier(2);
        Thread other = new Thread(() -> {
            try {
                for (int i = 0; i < n; i++) b.await();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        other.start();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) b.await();
        other.join();
        return (System.nanoTime() - t0) / (double) n / 2;
    }

    /** Nanoseconds from one thread's unpark of another to that thread running (a ping-pong's half). */
    static double handover(int n) throws InterruptedException {
        Thread main = Thread.currentThread();
        int[] turn = new int[1];
        Object gate = new Object();
        Thread other = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                synchronized (gate) {
                    while (turn[0] != 1) {
                        try {
                            gate.wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    turn[0] = 0;
                    gate.notifyAll();
                }
            }
        });
        other.start();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            synchronized (gate) {
                turn[0] = 1;
                gate.notifyAll();
                while (turn[0] != 0) gate.wait();
            }
        }
        other.join();
        LockSupport.unpark(main);
        return (System.nanoTime() - t0) / (double) n / 2;
    }
}
