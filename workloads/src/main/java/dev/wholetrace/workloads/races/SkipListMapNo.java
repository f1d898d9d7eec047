package dev.wholetrace.workloads.races;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Workers record {@code Range}s in a {@code ConcurrentSkipListMap} ({@code merge} with a function
 * that widens a range in place, {@code computeIfAbsent}) and announce themselves in a {@code
 * ConcurrentHashMap.newKeySet()}; a reader waits until both announced ({@code contains}), then
 * reads the ranges with {@code get}, {@code forEach} and an {@code entrySet()} loop. Only the collections order the threads.
 * No race.
 */
public final class SkipListMapNo {
    public static final String[] RACES = {};

    static final class Range {
        int lo;
        int hi;

        Range(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        Range widen(Range o) {
            lo = Math.min(lo, o.lo);
            hi = Math.max(hi, o.hi);
            return this;
        }
    }

    static long total;

    public static void main(String[] args) throws Exception {
        ConcurrentSkipListMap<Integer, Range> ranges = new ConcurrentSkipListMap<>();
        Set<String> ready = ConcurrentHashMap.newKeySet();
        Thread w1 = new Thread(() -> {
            ranges.merge(1, new Range(0, 5), Range::widen);
            ranges.computeIfAbsent(2, k -> new Range(k, k)).hashCode();
            ready.add("w1");
        });
        Thread w2 = new Thread(() -> {
            ranges.merge(1, new Range(3, 9), Range::widen);
            ready.add("w2");
        });
        Thread reader = new Thread(() -> {
            while (!ready.contains("w1") || !ready.contains("w2")) Thread.onSpinWait();
            Range r = ranges.get(1);
            long[] sum = {r.hi - r.lo};
            ranges.forEach((k, v) -> sum[0] += v.lo);
            for (Map.Entry<Integer, Range> e : ranges.entrySet()) sum[0] += e.getValue().hi;
            total = sum[0];
        });
        w1.start();
        w2.start();
        reader.start();
        w1.join();
        w2.join();
        reader.join();
        System.out.println(total);
    }
}
