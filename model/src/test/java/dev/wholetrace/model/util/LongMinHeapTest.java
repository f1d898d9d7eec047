package dev.wholetrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class LongMinHeapTest {

    /**
     * A merge of sorted sequences of distinct keys that keeps the sequence it took the last key
     * from out of the heap while its next key is the smallest, and swaps it with the heap's top
     * otherwise (as the sync order's writer does), yields every key once, in order.
     */
    @Property(tries = 200)
    void mergingByReplaceTopGivesTheKeysInOrder(@ForAll @IntRange(min = 1, max = 9) int sequences, @ForAll long seed) {
        Random random = new Random(seed);
        List<List<Long>> lists = new ArrayList<>();
        for (int s = 0; s < sequences; s++) lists.add(new ArrayList<>());
        int total = random.nextInt(300);
        for (long key = 0; key < total; key++) {
            if (random.nextInt(4) == 0) key += random.nextInt(5); // gaps, as after dropped tickets
            lists.get(random.nextInt(sequences)).add(key);
        }
        int[] next = new int[sequences];
        LongMinHeap heap = new LongMinHeap();
        for (int s = 0; s < sequences; s++) if (!lists.get(s).isEmpty()) heap.push(s, lists.get(s).get(next[s]++));
        List<Long> merged = new ArrayList<>();
        if (!heap.isEmpty()) {
            long top = heap.minKey();
            int s = heap.pop();
            while (true) {
                merged.add(top);
                if (next[s] < lists.get(s).size()) {
                    long key = lists.get(s).get(next[s]++);
                    if (!heap.isEmpty() && heap.minKey() < key) {
                        top = heap.minKey();
                        s = heap.replaceTop(s, key);
                    } else {
                        top = key;
                    }
                } else if (!heap.isEmpty()) {
                    top = heap.minKey();
                    s = heap.pop();
                } else {
                    break;
                }
            }
        }
        List<Long> expected = new ArrayList<>();
        lists.forEach(expected::addAll);
        expected.sort(null);
        assertThat(merged).isEqualTo(expected);
    }

    @Property(tries = 100)
    void popGivesTheSmallestFirst(@ForAll long seed) {
        Random random = new Random(seed);
        LongMinHeap heap = new LongMinHeap();
        List<Long> keys = new ArrayList<>();
        for (int i = 0; i < random.nextInt(100); i++) {
            long k = random.nextInt(1000);
            keys.add(k);
            heap.push(i, k);
        }
        keys.sort(null);
        for (long k : keys) {
            assertThat(heap.minKey()).isEqualTo(k);
            heap.pop();
        }
        assertThat(heap.isEmpty()).isTrue();
    }
}
