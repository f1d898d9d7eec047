package dev.wholetrace.bench;

/**
 * The number of phrases of a symbol string's greedy LZ77 parse (each phrase the longest prefix of
 * the rest that starts at an earlier position, possibly overlapping it, or one new symbol): a lower
 * bound on the size of <em>every</em> grammar of the string. A grammar of m symbols (right-hand
 * sides, all rules) parses its string into at most m phrases, each a symbol or a copy of an earlier
 * occurrence (expand the first occurrence of every rule in the derivation tree, leave the later ones
 * as copies: Rytter 2003; Charikar et al. 2005, "the smallest grammar problem"). Those copies never
 * overlap their source (two occurrences of a rule are disjoint); the greedy parse counted here lets
 * a copy overlap it, so it is the shortest parse of the wider kind and at most as long as any
 * parse of the grammar's kind: still a lower bound, if a weaker one than the non-overlapping
 * parse's (a run of n equal symbols is 2 phrases here, of order log n without overlaps). So {@code
 * bench grammars} can say how far any grammar algorithm could at best get below SEQUITUR on a trace.
 *
 * <p>Built on a suffix array (prefix doubling with radix sorts, O(n log n)) and, for each position,
 * the nearest lexicographic neighbours at smaller positions (Kärkkäinen, Kempa and Puglisi's
 * "previous/next smaller value" parse), about 24 bytes per symbol: a bench tool, not a stage of
 * the pipeline.
 */
final class LzPhrases {
    private LzPhrases() {}

    /** Phrases of the greedy LZ77 parse of {@code s} (symbols ≥ 0). */
    static long count(int[] s) {
        int n = s.length;
        if (n == 0) return 0;
        int[] sa = suffixArray(s);
        int[] prev = new int[n];
        int[] next = new int[n];
        // For each suffix, the nearest suffixes before and after it in sorted order that start earlier in the text.
        int[] stack = new int[n];
        int top = -1;
        for (int j = 0; j < n; j++) {
            int p = sa[j];
            while (top >= 0 && stack[top] > p) next[stack[top--]] = p;
            prev[p] = top < 0 ? -1 : stack[top];
            stack[++top] = p;
        }
        while (top >= 0) next[stack[top--]] = -1;
        long phrases = 0;
        for (int i = 0; i < n; phrases++) {
            int l = Math.max(common(s, i, prev[i]), common(s, i, next[i]));
            i += Math.max(1, l);
        }
        return phrases;
    }

    /** Length of the common prefix of the suffixes at {@code i} and at the earlier {@code p} (0 when p is -1). */
    private static int common(int[] s, int i, int p) {
        if (p < 0) return 0;
        int l = 0;
        while (i + l < s.length && s[p + l] == s[i + l]) l++;
        return l;
    }

    /** The suffix array of {@code s}: suffix start positions in lexicographic order (a shorter suffix before its extensions). */
    static int[] suffixArray(int[] s) {
        int n = s.length;
        int max = 0;
        for (int v : s) {
            if (v < 0) throw new IllegalArgumentException("negative symbol " + v);
            max = Math.max(max, v);
        }
        int[] sa = new int[n];
        int[] rank = new int[n];
        int[] tmp = new int[n];
        int[] count = new int[Math.max(max + 1, n) + 1];
        for (int v : s) count[v]++;
        for (int v = 0, sum = 0; v <= max; v++) {
            int c = count[v];
            count[v] = sum;
            sum += c;
        }
        for (int i = 0; i < n; i++) sa[count[s[i]]++] = i;
        int classes = 0;
        for (int j = 0; j < n; j++) {
            if (j > 0 && s[sa[j]] != s[sa[j - 1]]) classes++;
            rank[sa[j]] = classes;
        }
        classes++;
        for (int k = 1; classes < n; k <<= 1) {
            // Order by the second key (rank at i + k; none sorts first), then stably by the first.
            int at = 0;
            for (int i = n - k; i < n; i++) tmp[at++] = i;
            for (int j = 0; j < n; j++) if (sa[j] >= k) tmp[at++] = sa[j] - k;
            java.util.Arrays.fill(count, 0, classes + 1, 0);
            for (int i = 0; i < n; i++) count[rank[i]]++;
            for (int c = 0, sum = 0; c < classes; c++) {
                int x = count[c];
                count[c] = sum;
                sum += x;
            }
            for (int j = 0; j < n; j++) sa[count[rank[tmp[j]]]++] = tmp[j];
            // New classes: equal pairs (rank[i], rank[i + k]) share one.
            tmp[sa[0]] = 0;
            int c = 0;
            for (int j = 1; j < n; j++) {
                int a = sa[j - 1];
                int b = sa[j];
                if (rank[a] != rank[b] || second(rank, a + k) != second(rank, b + k)) c++;
                tmp[b] = c;
            }
            int[] swap = rank;
            rank = tmp;
            tmp = swap;
            classes = c + 1;
        }
        return sa;
    }

    private static int second(int[] rank, int i) {
        return i < rank.length ? rank[i] : -1;
    }
}
