package dev.wholetrace.workloads.handover;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Recording cost of the JDK hooks (docs/agent.md, "Hand-overs inside the JDK"), a program that
 * lives in a concurrent map: four threads make 250,000 {@code merge}/{@code get} calls each (and a
 * {@code put} every eighth) on 1,000 keys of one {@code ConcurrentHashMap}. Prints the map's size.
 */
public final class MapHandover {
    private MapHandover() {}

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<Integer, Integer> m = new ConcurrentHashMap<>();
        Thread[] ts = new Thread[4];
        for (int t = 0; t < 4; t++) {
            int id = t;
            ts[t] = new Thread(() -> {
                for (int i = 0; i < 250_000; i++) {
                    int k = (i * 31 + id) % 1000;
                    m.merge(k, 1, Integer::sum);
                    Integer v = m.get(k);
                    if ((i & 7) == 0) m.put(k + 1000, v);
                }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println(m.size());
    }
}
