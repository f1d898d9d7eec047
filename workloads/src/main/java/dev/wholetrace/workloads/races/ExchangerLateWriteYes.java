package dev.wholetrace.workloads.races;

import java.util.concurrent.Exchanger;

/**
 * Two threads exchange tokens; one writes {@code shared} after its exchange, the other reads it
 * after its own. The exchange orders each side's actions before it with the other's after it, not
 * the write after. Race on {@code shared}.
 */
public final class ExchangerLateWriteYes {
    public static final String[] RACES = {"ExchangerLateWriteYes.shared"};

    static int shared;

    public static void main(String[] args) throws Exception {
        Exchanger<String> exchanger = new Exchanger<>();
        Thread a = new Thread(() -> {
            try {
                exchanger.exchange("a");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            shared = 1;
        });
        Thread b = new Thread(() -> {
            try {
                exchanger.exchange("b");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            int s = shared; // 0 or 1
            if (s != 0 && s != 1) throw new AssertionError();
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
