package dev.wholetrace.format.io;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * A stable sort of a list by an int key that does not go through {@code Arrays.sort(T[], Comparator)}.
 * The recorder sorts on its own threads while the program runs, and an object sort with a comparator
 * initializes {@code java.util.Arrays$LegacyMergeSort}, which reads {@code java.util.Arrays.useLegacyMergeSort}
 * once: done by the agent, before the program's {@code main} set that property, it took the setting away from
 * the program (docs/agent.md, "The agent leaves the JDK's settings to the program"). Each element's key and
 * position are packed into a long and sorted as primitives, which reads no property.
 */
public final class IntKeySort {
    private IntKeySort() {}

    /** Sorts {@code list} in place by {@code key}, increasing; elements with equal keys keep their order. */
    public static <T> void sort(List<T> list, ToIntFunction<? super T> key) {
        int n = list.size();
        if (n < 2) return;
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) packed[i] = (long) key.applyAsInt(list.get(i)) << 32 | i; // i < 2^31: never reaches the key
        Arrays.sort(packed);
        Object[] before = list.toArray();
        for (int i = 0; i < n; i++) {
            @SuppressWarnings("unchecked")
            T t = (T) before[(int) packed[i]];
            list.set(i, t);
        }
    }
}
