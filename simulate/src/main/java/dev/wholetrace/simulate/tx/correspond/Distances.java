package dev.wholetrace.simulate.tx.correspond;

import java.util.List;

/** Sequence distances of §9.4 for one divergent region. */
public final class Distances {
    private Distances() {}

    /** Positions that differ over the shorter length, plus the difference in length. */
    public static <T> long hamming(List<T> a, List<T> b) {
        int m = Math.min(a.size(), b.size());
        long d = Math.abs(a.size() - b.size());
        for (int i = 0; i < m; i++) if (!a.get(i).equals(b.get(i))) d++;
        return d;
    }

    /** The Levenshtein distance (unit insert, delete, substitute), two rows of memory. */
    public static <T> long levenshtein(List<T> a, List<T> b) {
        int[] prev = new int[b.size() + 1], cur = new int[b.size() + 1];
        for (int j = 0; j <= b.size(); j++) prev[j] = j;
        for (int i = 1; i <= a.size(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.size(); j++) {
                int sub = prev[j - 1] + (a.get(i - 1).equals(b.get(j - 1)) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.size()];
    }
}
