package dev.wholetrace.workloads.races;

/**
 * A chain of joins: worker 2 joins worker 1 and then reads its result; main joins only worker 2
 * and reads both results (worker 1's through the chain: happens-before is transitive). No race.
 */
public final class JoinChainNo {
    public static final String[] RACES = {};

    static int first;
    static int second;

    public static void main(String[] args) throws Exception {
        first = 0;
        second = 0;
        Thread a = new Thread(() -> first = 10);
        Thread b = new Thread(() -> {
            try {
                a.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            second = first + 1;
        });
        a.start();
        b.start();
        b.join();
        System.out.println("first=" + first + " second=" + second);
    }
}
