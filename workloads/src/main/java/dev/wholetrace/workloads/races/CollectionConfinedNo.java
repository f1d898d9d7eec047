package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.List;

/**
 * Each thread fills a list of its own; main merges them after joining both (the join orders the
 * workers' adds before its reads). No race: the collection model works per collection object.
 */
public final class CollectionConfinedNo {
    public static final String[] RACES = {};

    static final class Worker extends Thread {
        final List<Integer> mine = new ArrayList<>();

        @Override
        public void run() {
            for (int i = 0; i < 100; i++) mine.add(i);
        }
    }

    public static void main(String[] args) throws Exception {
        Worker a = new Worker();
        Worker b = new Worker();
        a.start();
        b.start();
        a.join();
        b.join();
        List<Integer> all = new ArrayList<>(a.mine);
        all.addAll(b.mine);
        System.out.println("size=" + all.size());
    }
}
