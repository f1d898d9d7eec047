package dev.wholetrace.workloads.races;

import java.util.Arrays;
import java.util.Comparator;

/**
 * {@code Arrays.parallelSort} with a comparator that reads the items' {@code key} (written by main
 * before the sort; 9,000 items, above the 8,192 the JDK sorts on the calling thread alone), then {@code
 * Arrays.parallelSetAll} whose generator reads main's {@code scale}. Main reads the sorted items
 * and the filled array after the calls returned. No race.
 */
public final class ParallelSortNo {
    public static final String[] RACES = {};

    static int scale;

    static final class Item {
        int key;

        Item(int key) {
            this.key = key;
        }
    }

    public static void main(String[] args) throws Exception {
        scale = 3;
        Item[] items = new Item[9_000];
        for (int i = 0; i < items.length; i++) items[i] = new Item((i * 7919) % items.length);
        Arrays.parallelSort(items, Comparator.comparingInt(item -> item.key));
        long[] scaled = new long[9_000];
        Arrays.parallelSetAll(scaled, i -> (long) i * scale);
        System.out.println("first=" + items[0].key + " last=" + items[items.length - 1].key + " scaled=" + scaled[8_999]);
    }
}
