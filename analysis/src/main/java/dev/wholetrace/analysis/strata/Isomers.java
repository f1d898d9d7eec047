package dev.wholetrace.analysis.strata;

import dev.wholetrace.model.strata.SequenceTable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Isomeric paths, the strata paper's future work: ABCD and BCDA are rotational isomers (one loop
 * entered at another block), ACBD and ABCD simple isomers (the same blocks in another order). Per
 * path id, the smallest id of its family; a path alone is its own family. The same holds for the
 * strata of a layer, sequences of [id, tripcount] pairs: two strata that are rotations of one
 * another are one cycle of the layer below entered at another element.
 */
final class Isomers {
    private Isomers() {}

    /** Per path: the smallest id among the paths that are rotations of it. */
    static int[] rotationFamilies(SequenceTable paths) {
        return families(paths, true);
    }

    /** Per path: the smallest id among the paths with the same blocks in any order. */
    static int[] reorderingFamilies(SequenceTable paths) {
        return families(paths, false);
    }

    /** Per family name (an id that {@code family} maps to), how many ids it has; 0 for other ids. */
    static int[] sizes(int[] family) {
        int[] n = new int[family.length];
        for (int f : family) n[f]++;
        return n;
    }

    private static int[] families(SequenceTable paths, boolean rotations) {
        int[] family = new int[paths.size()];
        Map<Key, Integer> first = new HashMap<>();
        for (int id = 0; id < paths.size(); id++) {
            long[] s = paths.sequence(id);
            long[] canonical = rotations ? leastRotation(s) : sorted(s);
            Integer earlier = first.putIfAbsent(new Key(canonical), id); // ids ascend: the first is the smallest
            family[id] = earlier == null ? id : earlier;
        }
        return family;
    }

    private static long[] sorted(long[] s) {
        long[] c = s.clone();
        Arrays.sort(c);
        return c;
    }

    /** The lexicographically least rotation of {@code s} (Booth's algorithm, O(n)). */
    static long[] leastRotation(long[] s) {
        int n = s.length;
        if (n == 0) return s;
        int[] f = new int[2 * n];
        Arrays.fill(f, -1);
        int k = 0;
        for (int j = 1; j < 2 * n; j++) {
            long sj = s[j % n];
            int i = f[j - k - 1];
            while (i != -1 && sj != s[(k + i + 1) % n]) {
                if (sj < s[(k + i + 1) % n]) k = j - i - 1;
                i = f[i];
            }
            if (sj != s[(k + i + 1) % n]) { // i == -1
                if (sj < s[k % n]) k = j;
                f[j - k] = -1;
            } else {
                f[j - k] = i + 1;
            }
        }
        long[] r = new long[n];
        for (int i = 0; i < n; i++) r[i] = s[(k + i) % n];
        return r;
    }

    private record Key(long[] a) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(a, k.a);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(a);
        }
    }
}
