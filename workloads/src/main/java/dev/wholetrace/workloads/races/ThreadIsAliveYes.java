package dev.wholetrace.workloads.races;

/**
 * {@link ThreadIsAliveNo}'s polling, with main reading {@code early}, which the worker writes first, while the
 * worker may still run: before its first {@code isAlive()}, ordered with nothing. Race on {@code early} ({@code total},
 * read after {@code isAlive()} returned false, stays ordered).
 */
public final class ThreadIsAliveYes {
    public static final String[] RACES = {"ThreadIsAliveYes.early"};

    static int early;

    static final class Worker extends Thread {
        long total;

        @Override public void run() {
            early = 1;
            for (int i = 0; i < 1_000; i++) total += i;
        }
    }

    public static void main(String[] args) throws Exception {
        Worker w = new Worker();
        w.start();
        int seen = early; // 0 or 1
        while (w.isAlive()) Thread.onSpinWait();
        if (seen > 1) throw new AssertionError("early=" + seen);
        System.out.println("sum=" + w.total);
    }
}
