package dev.wholetrace.workloads.races;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * A registrar thread configures {@code Listener} objects and registers them in a {@code
 * CopyOnWriteArrayList} and a {@code CopyOnWriteArraySet}; a dispatcher thread waits until all are
 * registered and calls them, through {@code forEach} with a method reference and an enhanced for
 * loop. Each listener's fields are read only after the list handed it over. No race.
 */
public final class CopyOnWriteListNo {
    public static final String[] RACES = {};

    static final class Listener {
        int weight;

        int fire() {
            return weight;
        }
    }

    static long total;

    public static void main(String[] args) throws Exception {
        List<Listener> listeners = new CopyOnWriteArrayList<>();
        CopyOnWriteArraySet<Listener> extra = new CopyOnWriteArraySet<>();
        Thread registrar = new Thread(() -> {
            for (int i = 1; i <= 3; i++) {
                Listener l = new Listener();
                l.weight = i;
                listeners.add(l);
            }
            Listener x = new Listener();
            x.weight = 10;
            extra.add(x);
        });
        Thread dispatcher = new Thread(() -> {
            while (listeners.size() < 3 || extra.isEmpty()) Thread.onSpinWait();
            long[] sum = {0};
            listeners.forEach(l -> sum[0] += l.fire());
            for (Listener l : extra) sum[0] += l.fire();
            total = sum[0] + listeners.get(0).weight;
        });
        registrar.start();
        dispatcher.start();
        registrar.join();
        dispatcher.join();
        System.out.println(total);
    }
}
