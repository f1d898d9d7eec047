package dev.wholetrace.workloads.races;

/**
 * Thread.interrupt as a hand-over (JLS 17.4.4: the interrupt synchronizes-with the point where any
 * thread determines that the thread was interrupted): main writes {@code forPoller}, then
 * interrupts the poller, which spins on {@code isInterrupted()} and reads it; main writes {@code
 * forSleeper}, then interrupts the sleeper, which reads it in its InterruptedException handler;
 * main writes {@code forChecker} and interrupts a thread spinning on {@code Thread.interrupted()}.
 * No race.
 */
public final class InterruptNo {
    public static final String[] RACES = {};

    static int forPoller;
    static int forSleeper;
    static int forChecker;

    public static void main(String[] args) throws Exception {
        forPoller = 0;
        forSleeper = 0;
        forChecker = 0;
        int[] got = new int[3];
        Thread poller = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) Thread.yield();
            got[0] = forPoller;
        });
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                got[1] = forSleeper;
            }
        });
        Thread checker = new Thread(() -> {
            while (!Thread.interrupted()) Thread.yield();
            got[2] = forChecker;
        });
        poller.start();
        sleeper.start();
        checker.start();
        forPoller = 1;
        poller.interrupt();
        forSleeper = 2;
        sleeper.interrupt();
        forChecker = 3;
        checker.interrupt();
        poller.join();
        sleeper.join();
        checker.join();
        System.out.println("got=" + got[0] + got[1] + got[2]);
    }
}
