package dev.wholetrace.workloads.races;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Two workers count words into shared {@code Tally} objects with {@code compute} (the tally's plain
 * field is changed inside the remapping function, which the map runs atomically per key), publish
 * a {@code Summary} with {@code putIfAbsent} and say they are done with {@code merge}. A reader
 * thread waits until both are done (a {@code get} that sees the value), then reads every tally with
 * {@code forEach} and the summaries through {@code values()} (a loop, and its {@code forEach}). Only the map orders the threads
 * (the reader does not join the workers). No race.
 */
public final class ConcurrentHashMapNo {
    public static final String[] RACES = {};

    static final class Tally {
        int count;
    }

    static final class Summary {
        int words;
    }

    static long total;

    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<String, Tally> tallies = new ConcurrentHashMap<>();
        ConcurrentHashMap<String, Summary> summaries = new ConcurrentHashMap<>();
        ConcurrentHashMap<String, Integer> done = new ConcurrentHashMap<>();
        List<String> words = List.of("a", "b", "a", "c", "b", "a");
        List<Thread> workers = IntStream.range(0, 2).mapToObj(w -> new Thread(() -> {
            words.forEach(word -> tallies.compute(word, (k, t) -> {
                Tally tally = t == null ? new Tally() : t;
                tally.count++;
                return tally;
            }));
            Summary s = new Summary();
            s.words = words.size();
            summaries.putIfAbsent("worker" + w, s);
            done.merge("done", 1, Integer::sum);
        })).collect(Collectors.toList());
        Thread reader = new Thread(() -> {
            while (done.getOrDefault("done", 0) < 2) Thread.onSpinWait();
            long[] sum = {0};
            tallies.forEach((word, tally) -> sum[0] += tally.count);
            for (Summary s : summaries.values()) sum[0] += s.words;
            summaries.values().forEach(s -> sum[0] += s.words);
            total = sum[0];
        });
        workers.forEach(Thread::start);
        reader.start();
        for (Thread t : workers) t.join();
        reader.join();
        System.out.println(total);
    }
}
