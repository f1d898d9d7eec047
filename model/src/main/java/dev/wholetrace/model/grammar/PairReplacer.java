package dev.wholetrace.model.grammar;

import java.util.Arrays;

/**
 * Offline grammar construction by replacing the most frequent digram first: the engine behind
 * {@link RePairGrammar} (Larsson and Moffat's Re-Pair: only the sequence is searched, rules stay
 * binary) and {@link EnhancedSequiturGrammar} (frequency-ordered SEQUITUR, extended-wpp §4: rule
 * bodies are searched too, a digram that makes up a whole rule body reuses that rule, and a rule
 * left with one use is inlined, so that digram uniqueness and rule utility hold at the end).
 *
 * <p><b>Layout.</b> The input is the sequence: node {@code p < n} is its slot {@code p}, held in
 * the caller's buffer (no copy). A replaced slot becomes a hole; the first and the last hole of a
 * run of holes keep the indexes of the live slots around the run in their (then unused)
 * occurrence links, so walking past holes is O(1) (Larsson and Moffat's trick). Rule bodies are
 * doubly linked circular lists of body nodes (ids {@code >= n}) through one guard per rule. Every
 * node starting a counted digram is in that digram's doubly linked occurrence list. So the
 * sequence costs 12 bytes per input symbol (symbol, two occurrence links); a digram costs a
 * record (key, frequency, list head and tail, two queue links) and its index slot.
 *
 * <p><b>Priority queue.</b> Digrams occurring at least twice sit in buckets by frequency
 * {@code 2 .. sqrt(n)-1}; more frequent ones share one list that is scanned (it holds at most
 * sqrt(n) digrams, and at most sqrt(n) of them can ever be taken), so the whole run is linear.
 *
 * <p><b>Runs.</b> A digram {@code ss} is counted as the number of non-overlapping occurrences,
 * the sum of {@code floor(L/2)} over its runs {@code s^L}; its list holds every (overlapping)
 * occurrence, and a run is replaced greedily from its left end, as SEQUITUR does.
 */
final class PairReplacer {
    static final int NONE = -1;
    private static final int NOT_LISTED = -2;
    private static final int HOLE = Integer.MIN_VALUE;
    private static final int GUARD = Integer.MIN_VALUE + 1;
    private static final int FREE = Integer.MIN_VALUE + 2;

    private final boolean enhanced;
    private final int n;
    // Sequence slots [0, n).
    private final int[] seq;
    private int[] seqNext;
    private int[] seqPrev;
    // Body nodes, id - n.
    private int[] bSym = new int[64];
    private int[] bNext = new int[64];
    private int[] bPrev = new int[64];
    private int[] bOccNext = new int[64];
    private int[] bOccPrev = new int[64];
    private int bodyTop;
    private int freeBody = NONE;
    // Rules; rule 0 is the sequence. ruleGuard NONE: dead (inlined).
    private int[] ruleGuard = new int[16];
    private int[] ruleUses = new int[16];
    private int ruleTop = 1;
    // Digrams.
    private final DigramTable index;
    private long[] pairKey = new long[64];
    private int[] pairFreq = new int[64];
    private int[] pairHead = new int[64];
    private int[] pairTail = new int[64];
    private int[] queueNext = new int[64];
    private int[] queuePrev = new int[64];
    private int pairTop;
    private int freePair = NONE;
    private final int high;
    private final int[] bucket;
    private int top;
    private int current = NONE;
    // Length of the run of cacheSym ending at cacheNode (walks of long runs are done once).
    private int cacheNode = NONE;
    private int cacheSym;
    private int cacheLen;
    private long peakBytes;

    /**
     * @param input    the sequence in {@code input[0, n)}; overwritten
     * @param enhanced frequency-ordered SEQUITUR instead of Re-Pair
     */
    PairReplacer(int[] input, int n, boolean enhanced) {
        this.seq = input;
        this.n = n;
        this.enhanced = enhanced;
        seqNext = new int[n];
        seqPrev = new int[n];
        Arrays.fill(seqPrev, NOT_LISTED);
        high = Math.max(3, (int) Math.sqrt(n));
        bucket = new int[high + 1];
        Arrays.fill(bucket, NONE);
        index = new DigramTable(16); // grows with the digrams actually live: most traces have few
    }

    /** Runs the replacement to its end and returns the rule bodies for {@link Grammar#fromRules}. */
    int[][] build() {
        for (int p = 0; p + 1 < n; p++) addOcc(p);
        int rec;
        while ((rec = pickMax()) != NONE) replaceAll(rec);
        peakBytes = Math.max(peakBytes, footprintBytes());
        return bodies();
    }

    /** Bytes the engine's arrays held at their largest (the arrays only grow). */
    long peakFootprintBytes() {
        return Math.max(peakBytes, footprintBytes());
    }

    private long footprintBytes() {
        return 4L * (seq.length + seqNext.length + seqPrev.length)
                + 4L * (bSym.length + bNext.length + bPrev.length + bOccNext.length + bOccPrev.length)
                + 4L * (ruleGuard.length + ruleUses.length)
                + 8L * pairKey.length + 4L * (pairFreq.length + pairHead.length + pairTail.length + queueNext.length + queuePrev.length)
                + 4L * bucket.length + index.footprintBytes();
    }

    // ---- one round: every occurrence of the most frequent digram becomes one rule ----

    private void replaceAll(int rec) {
        current = rec;
        queueRemove(rec);
        int a = (int) (pairKey[rec] >> 32);
        int b = (int) pairKey[rec];
        int reuse = enhanced ? wholeBodyRule(rec) : NONE;
        int reuseNode = reuse == NONE ? NONE : bodyFirst(reuse);
        if (reuseNode != NONE) unlink(rec, reuseNode);
        int x = reuse != NONE ? reuse : newRule(a, b);
        int xs = Grammar.ref(x);
        cacheNode = NONE;
        int replaced = 0;
        int p;
        while ((p = pairHead[rec]) != NONE) {
            if (a != b) {
                replaceAt(p, right(p), xs);
                replaced++;
                continue;
            }
            int q = p;
            for (int l = left(q); l != NONE && sym(l) == a; l = left(q)) q = l;
            while (q != NONE) {
                int r = right(q);
                if (r == NONE || sym(q) != a || sym(r) != a) break;
                replaceAt(q, r, xs);
                replaced++;
                q = right(q);
            }
        }
        ruleUses[x] += replaced;
        if (a < 0) ruleUses[-1 - a] -= replaced;
        if (b < 0) ruleUses[-1 - b] -= replaced;
        if (reuseNode != NONE) {
            append(rec, reuseNode);
            pairFreq[rec] = 1;
        } else {
            freePair(rec);
        }
        current = NONE;
        if (!enhanced) return;
        cacheNode = NONE;
        int first = bodyFirst(x);
        int second = right(first);
        boolean inlineA = a < 0 && ruleUses[-1 - a] == 1;
        boolean inlineB = b < 0 && ruleUses[-1 - b] == 1;
        if (inlineA) inline(first);
        if (inlineB) inline(second);
        // A new rule's own digram is counted here (it was kept out of the round it names);
        // an inlining above already counted the digrams at its seams.
        if (reuse == NONE && !inlineA && !inlineB) addOcc(first);
    }

    /** Replaces the digram at {@code p, r} by {@code xs}, keeping the neighbouring digrams counted. */
    private void replaceAt(int p, int r, int xs) {
        if (cacheSym == sym(p) || cacheSym == sym(r)) cacheNode = NONE; // that run is about to change
        int l = left(p);
        int rr = right(r);
        if (l != NONE) removeOcc(l);
        if (listed(p)) unlink(current, p); // the digram being replaced: its record is known
        if (rr != NONE) removeOcc(r);
        setSym(p, xs);
        deleteNode(r);
        if (l != NONE) addOcc(l);
        if (rr != NONE) addOcc(p);
    }

    /**
     * A rule whose whole body is the digram (SEQUITUR reuses it rather than make a twin), or NONE.
     * Only the list's body occurrences, which come first ({@link #append}), are looked at: scanning
     * the sequence's occurrences too took a fifth of the build (JFR, docs/grammars.md).
     */
    private int wholeBodyRule(int rec) {
        for (int p = pairHead[rec]; p >= n; p = bOccNext[p - n]) {
            if (left(p) == NONE && right(right(p)) == NONE) return bOccNext[bPrev[p - n] - n];
        }
        return NONE;
    }

    /** Replaces the reference at body node {@code k} (to a rule used once) by that rule's body. */
    private void inline(int k) {
        cacheNode = NONE;
        int rule = -1 - sym(k);
        int lk = left(k);
        int rk = right(k);
        if (lk != NONE) removeOcc(lk);
        if (rk != NONE) removeOcc(k);
        int g = ruleGuard[rule];
        int first = bNext[g - n];
        int last = bPrev[g - n];
        int before = bPrev[k - n];
        int after = bNext[k - n];
        bNext[before - n] = first;
        bPrev[first - n] = before;
        bNext[last - n] = after;
        bPrev[after - n] = last;
        freeBodyNode(k);
        freeBodyNode(g);
        ruleGuard[rule] = NONE;
        ruleUses[rule] = 0;
        if (lk != NONE) addOcc(lk);
        if (rk != NONE) addOcc(last);
        cacheNode = NONE;
    }

    // ---- occurrences ----

    private boolean listed(int v) {
        return occPrev(v) != NOT_LISTED;
    }

    /** Counts the digram starting at {@code v} (v and its right neighbour are live and adjacent). */
    private void addOcc(int v) {
        int r = right(v);
        int a = sym(v);
        int b = sym(r);
        long key = DigramTable.key(a, b);
        int rec = index.get(key);
        if (rec == DigramTable.ABSENT) {
            rec = newPair(key);
            index.put(key, rec);
        }
        append(rec, v);
        int delta = 1;
        if (a == b) {
            int l1 = runLeft(v, a);
            int l2 = runRight(r, a);
            delta = l1 & l2 & 1;
            cacheNode = r;
            cacheSym = a;
            cacheLen = l1 + 1;
        }
        if (rec != current) setFreq(rec, pairFreq[rec] + delta);
    }

    /** Stops counting the digram starting at {@code v}, before either of its nodes changes. */
    private void removeOcc(int v) {
        if (!listed(v)) return;
        int r = right(v);
        int a = sym(v);
        int b = sym(r);
        int rec = index.get(DigramTable.key(a, b));
        unlink(rec, v);
        if (rec == current) return;
        int delta = 1;
        if (a == b) delta = runLeft(v, a) & runRight(r, a) & 1;
        if (pairHead[rec] == NONE) freePair(rec);
        else setFreq(rec, pairFreq[rec] - delta);
    }

    /**
     * Length of the run of {@code s} ending at {@code v} whose digrams are counted (a run is only
     * ever counted through its listed digrams, so the count is exact in whatever order digrams
     * are added and removed).
     */
    private int runLeft(int v, int s) {
        if (v == cacheNode && s == cacheSym) return cacheLen;
        int len = 1;
        for (int u = left(v); u != NONE && sym(u) == s && listed(u); u = left(u)) len++;
        return len;
    }

    /** Length of the counted run of {@code s} starting at {@code v}. */
    private int runRight(int v, int s) {
        int len = 1;
        for (int u = v; listed(u) && sym(right(u)) == s; u = right(u)) len++;
        return len;
    }

    /** Adds {@code v} to the occurrence list: a body node at the head, a sequence slot at the tail, so body nodes come first. */
    private void append(int rec, int v) {
        if (v >= n) {
            int h = pairHead[rec];
            bOccPrev[v - n] = NONE;
            bOccNext[v - n] = h;
            if (h == NONE) pairTail[rec] = v;
            else setOccPrev(h, v);
            pairHead[rec] = v;
            return;
        }
        int t = pairTail[rec];
        setOccPrev(v, t);
        setOccNext(v, NONE);
        if (t == NONE) pairHead[rec] = v;
        else setOccNext(t, v);
        pairTail[rec] = v;
    }

    private void unlink(int rec, int v) {
        int pv = occPrev(v);
        int nx = occNext(v);
        if (pv == NONE) pairHead[rec] = nx;
        else setOccNext(pv, nx);
        if (nx == NONE) pairTail[rec] = pv;
        else setOccPrev(nx, pv);
        setOccPrev(v, NOT_LISTED);
    }

    // ---- digram records and the bucket queue ----

    private int newPair(long key) {
        int rec;
        if (freePair != NONE) {
            rec = freePair;
            freePair = queueNext[rec];
        } else {
            if (pairTop == pairKey.length) growPairs();
            rec = pairTop++;
        }
        pairKey[rec] = key;
        pairFreq[rec] = 0;
        pairHead[rec] = NONE;
        pairTail[rec] = NONE;
        queueNext[rec] = NONE;
        queuePrev[rec] = NONE;
        return rec;
    }

    private void freePair(int rec) {
        if (rec != current && pairFreq[rec] >= 2) queueRemove(rec);
        index.removeIfMapsTo(pairKey[rec], rec);
        pairFreq[rec] = 0;
        queueNext[rec] = freePair;
        freePair = rec;
    }

    private void growPairs() {
        int cap = pairKey.length * 2;
        peakBytes = Math.max(peakBytes, footprintBytes() + 28L * cap);
        pairKey = Arrays.copyOf(pairKey, cap);
        pairFreq = Arrays.copyOf(pairFreq, cap);
        pairHead = Arrays.copyOf(pairHead, cap);
        pairTail = Arrays.copyOf(pairTail, cap);
        queueNext = Arrays.copyOf(queueNext, cap);
        queuePrev = Arrays.copyOf(queuePrev, cap);
    }

    private void setFreq(int rec, int f) {
        int old = pairFreq[rec];
        if (old == f) return;
        if (old >= 2) queueRemove(rec);
        pairFreq[rec] = f;
        if (f >= 2) queueInsert(rec);
    }

    private void queueInsert(int rec) {
        int k = Math.min(pairFreq[rec], high);
        int h = bucket[k];
        queueNext[rec] = h;
        queuePrev[rec] = NONE;
        if (h != NONE) queuePrev[h] = rec;
        bucket[k] = rec;
        if (k < high && k > top) top = k;
    }

    private void queueRemove(int rec) {
        int pv = queuePrev[rec];
        int nx = queueNext[rec];
        if (pv == NONE) bucket[Math.min(pairFreq[rec], high)] = nx;
        else queueNext[pv] = nx;
        if (nx != NONE) queuePrev[nx] = pv;
    }

    /** The digram of highest frequency (at least 2), or NONE. */
    private int pickMax() {
        int best = NONE;
        for (int r = bucket[high]; r != NONE; r = queueNext[r]) {
            if (best == NONE || pairFreq[r] > pairFreq[best]) best = r;
        }
        if (best != NONE) return best;
        while (top >= 2 && bucket[top] == NONE) top--;
        return top >= 2 ? bucket[top] : NONE;
    }

    // ---- rules and nodes ----

    private int newRule(int a, int b) {
        if (ruleTop == ruleGuard.length) {
            ruleGuard = Arrays.copyOf(ruleGuard, ruleTop * 2);
            ruleUses = Arrays.copyOf(ruleUses, ruleTop * 2);
        }
        int r = ruleTop++;
        int g = newBodyNode(GUARD);
        int x = newBodyNode(a);
        int y = newBodyNode(b);
        bNext[g - n] = x;
        bPrev[x - n] = g;
        bNext[x - n] = y;
        bPrev[y - n] = x;
        bNext[y - n] = g;
        bPrev[g - n] = y;
        bOccNext[g - n] = r; // a guard is never in an occurrence list: its link names its rule
        ruleGuard[r] = g;
        ruleUses[r] = 0;
        if (a < 0) ruleUses[-1 - a]++;
        if (b < 0) ruleUses[-1 - b]++;
        return r;
    }

    private int bodyFirst(int rule) {
        return bNext[ruleGuard[rule] - n];
    }

    private int newBodyNode(int s) {
        int v;
        if (freeBody != NONE) {
            v = freeBody;
            freeBody = bNext[v - n];
        } else {
            if (bodyTop == bSym.length) growBody();
            v = n + bodyTop++;
        }
        bSym[v - n] = s;
        bOccPrev[v - n] = NOT_LISTED;
        bOccNext[v - n] = NONE;
        return v;
    }

    private void freeBodyNode(int v) {
        bSym[v - n] = FREE;
        bOccPrev[v - n] = NOT_LISTED;
        bNext[v - n] = freeBody;
        freeBody = v;
    }

    private void growBody() {
        int cap = bSym.length * 2;
        peakBytes = Math.max(peakBytes, footprintBytes() + 20L * cap);
        bSym = Arrays.copyOf(bSym, cap);
        bNext = Arrays.copyOf(bNext, cap);
        bPrev = Arrays.copyOf(bPrev, cap);
        bOccNext = Arrays.copyOf(bOccNext, cap);
        bOccPrev = Arrays.copyOf(bOccPrev, cap);
    }

    /** Removes node {@code r}, whose digrams are no longer counted. */
    private void deleteNode(int r) {
        if (r >= n) {
            int pv = bPrev[r - n];
            int nx = bNext[r - n];
            bNext[pv - n] = nx;
            bPrev[nx - n] = pv;
            freeBodyNode(r);
            return;
        }
        // A hole: merge with the runs of holes around it; their ends keep the live neighbours.
        int s = r > 0 && seq[r - 1] == HOLE ? seqPrev[r - 1] + 1 : r;
        int e = r + 1 < n && seq[r + 1] == HOLE ? seqNext[r + 1] - 1 : r;
        seq[r] = HOLE;
        seqNext[s] = e + 1;
        seqPrev[e] = s - 1;
    }

    private int left(int v) {
        if (v >= n) {
            int u = bPrev[v - n];
            return bSym[u - n] == GUARD ? NONE : u;
        }
        int u = v - 1;
        if (u >= 0 && seq[u] == HOLE) u = seqPrev[u];
        return u < 0 ? NONE : u;
    }

    private int right(int v) {
        if (v >= n) {
            int u = bNext[v - n];
            return bSym[u - n] == GUARD ? NONE : u;
        }
        int u = v + 1;
        if (u < n && seq[u] == HOLE) u = seqNext[u];
        return u >= n ? NONE : u;
    }

    private int sym(int v) {
        return v < n ? seq[v] : bSym[v - n];
    }

    private void setSym(int v, int s) {
        if (v < n) seq[v] = s;
        else bSym[v - n] = s;
    }

    private int occNext(int v) {
        return v < n ? seqNext[v] : bOccNext[v - n];
    }

    private int occPrev(int v) {
        return v < n ? seqPrev[v] : bOccPrev[v - n];
    }

    private void setOccNext(int v, int x) {
        if (v < n) seqNext[v] = x;
        else bOccNext[v - n] = x;
    }

    private void setOccPrev(int v, int x) {
        if (v < n) seqPrev[v] = x;
        else bOccPrev[v - n] = x;
    }

    // ---- result ----

    private int[][] bodies() {
        int[][] out = new int[ruleTop][];
        int len = 0;
        int first = n == 0 ? NONE : seq[0] == HOLE ? (seqNext[0] >= n ? NONE : seqNext[0]) : 0;
        for (int v = first; v != NONE; v = right(v)) len++;
        int[] start = new int[len];
        int i = 0;
        for (int v = first; v != NONE; v = right(v)) start[i++] = seq[v];
        out[0] = start;
        for (int r = 1; r < ruleTop; r++) {
            int g = ruleGuard[r];
            if (g == NONE) {
                out[r] = new int[0];
                continue;
            }
            int k = 0;
            for (int v = bNext[g - n]; v != g; v = bNext[v - n]) k++;
            int[] body = new int[k];
            k = 0;
            for (int v = bNext[g - n]; v != g; v = bNext[v - n]) body[k++] = bSym[v - n];
            out[r] = body;
        }
        return out;
    }
}
