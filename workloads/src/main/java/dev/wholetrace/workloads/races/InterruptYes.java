package dev.wholetrace.workloads.races;

/**
 * The write comes after the interrupt: main interrupts the poller and then writes {@code data};
 * the poller spins on {@code isInterrupted()} and reads {@code data}. The interrupt orders only
 * what main did before it. Race on {@code data}.
 */
public final class InterruptYes {
    public static final String[] RACES = {"InterruptYes.data"};

    static int data;

    public static void main(String[] args) throws Exception {
        data = 0;
        Thread poller = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) Thread.yield();
            int d = data; // 0 or 7
            if (d != 0 && d != 7) throw new AssertionError();
        });
        poller.start();
        poller.interrupt();
        data = 7;
        poller.join();
        System.out.println("done");
    }
}
