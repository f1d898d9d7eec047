package dev.wholetrace.workloads.handover;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Recording cost of the JDK hooks (docs/agent.md, "Hand-overs inside the JDK"): a producer hands
 * 200,000 objects, each filled before the put, through an {@code ArrayBlockingQueue} to a consumer
 * that reads them after the take. Prints the sum.
 */
public final class QueueHandover {
    static final class Item {
        int a;
        int b;
    }

    private QueueHandover() {}

    public static void main(String[] args) throws Exception {
        int n = 200_000;
        BlockingQueue<Item> q = new ArrayBlockingQueue<>(1024);
        Thread p = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                Item it = new Item();
                it.a = i;
                it.b = 2 * i;
                try {
                    q.put(it);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        long[] s = {0};
        Thread c = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                try {
                    Item it = q.take();
                    s[0] += it.a + it.b;
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        p.start();
        c.start();
        p.join();
        c.join();
        System.out.println(s[0]);
    }
}
