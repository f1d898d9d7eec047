package dev.wholetrace.synthetic;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A small multithreaded program instrumented by hand, the way the JVM agent instruments code:
 * red-black successive over-relaxation (TreadMarks' SOR) on an n × n grid. Each thread owns a band
 * of rows; the two colours are separated by a {@link CyclicBarrier}; after each sweep every thread
 * adds its residual to a shared total under a {@link ReentrantLock}. The computation is real (the
 * residual is checked by the tests), and every block, grid access, lock and barrier goes to the
 * recorder, so this is a built-in trace for the demo, the benchmarks and the tests until the agent
 * records real programs.
 */
public final class RedBlackSor {
    // Block ids.
    static final int B_THREAD = 0, B_SWEEP = 1, B_ROW = 2, B_CELL = 3, B_REDUCE = 4, B_DONE = 5, B_MAIN = 6;
    // Instruction ids: the four neighbour loads, the store, the residual load and store; sync sites.
    static final int I_UP = 10, I_DOWN = 11, I_LEFT = 12, I_RIGHT = 13, I_STORE = 14, I_SUM_LOAD = 15, I_SUM_STORE = 16;
    static final int S_LOCK = 20, S_UNLOCK = 21, S_BARRIER = 22, S_FORK = 23, S_JOIN = 24;
    static final long GRID = 1, TOTAL = 2, LOCK = 3, BARRIER = 4;
    private static final String CLASS = "dev.wholetrace.synthetic.RedBlackSor";

    private final int n;
    private final int threads;
    private final int iterations;
    private final double[] grid;
    private final ReentrantLock lock = new ReentrantLock();
    private double total;

    public RedBlackSor(int threads, int n, int iterations) {
        if (threads < 1 || n < 3 || iterations < 1) throw new IllegalArgumentException("need threads >= 1, n >= 3, iterations >= 1");
        this.n = n;
        this.threads = threads;
        this.iterations = iterations;
        this.grid = new double[n * n];
        for (int j = 0; j < n; j++) grid[j] = 1.0; // hot top edge, cold elsewhere
    }

    /** Defines the program's blocks and instructions in the recorder's code map. */
    public static void defineCode(TraceRecorder rec) {
        String[][] blocks = {
            {"worker", "begin: compute band"}, {"worker", "sweep: colour loop"}, {"worker", "row: column loop head"},
            {"worker", "cell: 4 loads, relax, 1 store"}, {"worker", "reduce: lock, total += residual, unlock"},
            {"worker", "done"}, {"run", "fork workers, join"}};
        for (int b = 0; b < blocks.length; b++) rec.defineBlock(new CodeEntry(b, CLASS, blocks[b][0], "()V", 60 + b, 0, blocks[b][1]));
        String[][] ins = {{"10", "DALOAD grid[i-1][j]"}, {"11", "DALOAD grid[i+1][j]"}, {"12", "DALOAD grid[i][j-1]"},
            {"13", "DALOAD grid[i][j+1]"}, {"14", "DASTORE grid[i][j]"}, {"15", "GETFIELD total"}, {"16", "PUTFIELD total"},
            {"20", "ReentrantLock.lock"}, {"21", "ReentrantLock.unlock"}, {"22", "CyclicBarrier.await"},
            {"23", "Thread.start"}, {"24", "Thread.join"}};
        for (String[] i : ins) {
            int id = Integer.parseInt(i[0]);
            boolean inRun = id == S_FORK || id == S_JOIN; // the main thread forks and joins; workers do the rest
            rec.defineInstruction(new CodeEntry(id, CLASS, inRun ? "run" : "worker", inRun ? "(Ldev/wholetrace/recorder/TraceRecorder;)D" : "()V",
                    inRun ? 90 : 70, id, i[1]));
        }
    }

    /** Runs the program on real threads, recording into {@code rec}; returns the final residual. */
    public double run(TraceRecorder rec) throws InterruptedException {
        defineCode(rec);
        ThreadRecorder main = rec.thread();
        main.block(B_MAIN);
        CyclicBarrier barrier = new CyclicBarrier(threads);
        Thread[] workers = new Thread[threads];
        long[] objects = new long[threads];
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers[t] = new Thread(() -> {
                try {
                    worker(rec.beginThread("sor-" + id, objects[id], false), id, barrier);
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }, "sor-" + t);
            objects[t] = TraceRecorder.defaultThreadObject(workers[t]);
            main.fork(S_FORK, objects[t]);
            workers[t].start();
        }
        for (int t = 0; t < threads; t++) {
            workers[t].join();
            main.join(S_JOIN, objects[t]);
        }
        if (failure[0] != null) throw new IllegalStateException("worker failed", failure[0]);
        return total;
    }

    private void worker(ThreadRecorder rec, int id, CyclicBarrier barrier) throws InterruptedException, BrokenBarrierException {
        rec.block(B_THREAD);
        int rows = n - 2;
        int lo = 1 + rows * id / threads;
        int hi = 1 + rows * (id + 1) / threads;
        long episode = 0;
        for (int it = 0; it < iterations; it++) {
            double residual = 0;
            for (int colour = 0; colour < 2; colour++) {
                rec.block(B_SWEEP);
                for (int i = lo; i < hi; i++) {
                    rec.block(B_ROW);
                    for (int j = 1 + (i + colour) % 2; j < n - 1; j += 2) {
                        rec.block(B_CELL);
                        int c = i * n + j;
                        rec.load(I_UP, cell(c - n));
                        rec.load(I_DOWN, cell(c + n));
                        rec.load(I_LEFT, cell(c - 1));
                        rec.load(I_RIGHT, cell(c + 1));
                        double v = 0.25 * (grid[c - n] + grid[c + n] + grid[c - 1] + grid[c + 1]);
                        residual += Math.abs(v - grid[c]);
                        rec.store(I_STORE, cell(c));
                        grid[c] = v;
                    }
                }
                barrier.await();
                rec.barrier(S_BARRIER, BARRIER, episode++);
            }
            rec.block(B_REDUCE);
            lock.lock();
            try {
                rec.lock(S_LOCK, LOCK);
                rec.load(I_SUM_LOAD, Addresses.of(TOTAL, 0));
                rec.store(I_SUM_STORE, Addresses.of(TOTAL, 0));
                total += residual;
                rec.unlock(S_UNLOCK, LOCK);
            } finally {
                lock.unlock();
            }
            barrier.await();
            rec.barrier(S_BARRIER, BARRIER, episode++);
        }
        rec.block(B_DONE);
        rec.end();
    }

    private static long cell(int index) {
        return Addresses.of(GRID, 8L * index);
    }

    public double[] grid() {
        return grid;
    }
}
