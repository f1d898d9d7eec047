package dev.wholetrace.workloads.races;

/**
 * A worker stopped and waited for as Agrona's {@code AgentRunner.close()} does: main clears a volatile
 * {@code running} flag, then polls {@code isAlive()} and calls {@code join(ms)} only while the worker is still
 * alive, so a worker that has already ended is never joined. {@code isAlive()} returning false makes everything the
 * worker did happen-before (JLS 17.4.4, as a join), and main reads the worker's {@code total}. A second worker
 * is awaited by spinning on {@code isAlive()} alone. No race. Until session 44 the agent recorded nothing at
 * {@code isAlive()}, and the reads looked unordered whenever the worker ended before main's first poll.
 */
public final class ThreadIsAliveNo {
    public static final String[] RACES = {};

    static volatile boolean running = true;

    static final class Worker extends Thread {
        long total;

        @Override public void run() {
            for (int i = 0; i < 1_000; i++) total += i;
            while (running) Thread.onSpinWait();
        }
    }

    public static void main(String[] args) throws Exception {
        Worker closed = new Worker();
        Worker spun = new Worker();
        closed.start();
        spun.start();
        running = false;
        spun.join(); // the first worker ends meanwhile, mostly before main's first poll below
        while (closed.isAlive()) closed.join(10);
        long sum = closed.total;
        Worker polled = new Worker();
        polled.start();
        while (polled.isAlive()) Thread.onSpinWait();
        sum += polled.total + spun.total;
        System.out.println("sum=" + sum);
    }
}
