package dev.wholetrace.analysis.race;

import dev.wholetrace.model.event.Addresses;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Every access progression of a trace: thread, segment, instruction, write, first address, stride,
 * count. A progression never crosses objects (one that would is split), so sorting by first
 * address groups each object's progressions, in address order.
 *
 * <p>Why two tables: a loop repeats the same accesses in segment after segment (a counter loaded
 * and stored under a lock, once per critical section), so the rows are mostly the same few
 * progressions in different segments. A row is therefore a segment and the index of its <em>shape</em>
 * (thread, instruction, write, first, stride, count), each shape stored once: 6 bytes per row
 * while segments fit in an int and there are at most 65,536 shapes (a long segment, an int shape
 * beyond), where one row of seven columns took 41;
 * rows live in fixed pages, so growing never holds two copies of them.
 * Rows keep the order they were added in; {@link #byFirstAddress} orders them stably by first
 * address, exactly as a stable sort of the rows would.
 *
 * <p>A single access (count 1) is a <em>point</em>, stored apart in 12 bytes (address, site) and
 * found again only through a small direct-mapped cache of recent points, not the shapes' hash
 * table: on irregular programs (Mp3d's scattered cell accesses) nearly every row is a point seen
 * a few times far apart, and the hash probe for it, two cache misses in tables of tens of MB, was
 * the largest cost of reading. A point that repeats nearby (a counter under a lock, once per
 * critical section) hits the cache and is stored once, as before; one that the cache forgot is
 * stored again, which changes no row. A row's reference is a shape's index·2 or a point's
 * index·2 + 1.
 *
 * <p>Merging repeats ({@link #merging()}, what the detector uses): a loop that reads the same
 * block again and again within one segment (LU re-reads a row of its pivot block for every row it
 * updates; Water a molecule's fields for every partner) gives the same progression many times, and
 * each was a row: LU's 19.8 M accesses were 1.03 M rows, most of them copies. Merged, a progression
 * added again in the same segment (the same shape or point, so the same thread and instruction)
 * adds one to its row's <em>multiplicity</em> instead of a row, found without a probe: each shape
 * remembers the row it was added as last, and each entry of the points' cache the row its point
 * was. A race between two rows counts their common addresses times both multiplicities, exactly
 * the pairs the copies gave, so the report does not change; only the rows the sweep walks do
 * (LU 1.03 M → 0.21 M, Water 0.51 M → 0.06 M). Multiplicities live in pages of their own,
 * made only for pages that hold a repeated row (Mp3d's scattered points have none).
 */
final class AccessTable implements SegmentAccesses.Sink {
    /** A stride above a cache line's worth of bytes, over a span above a page: expanded (see {@link #accesses}). */
    static final long SPARSE_STRIDE = 64;
    static final long WIDE_SPAN = 4096;

    /** Rows, in pages of {@link #PAGE} (no row is ever copied to grow: millions of them). */
    int size;
    private static final int PAGE_BITS = 16;
    private static final int PAGE = 1 << PAGE_BITS;
    private static final int PAGE_MASK = PAGE - 1;
    private int pages;
    /** Every row's shape index while they fit in a char (2 bytes a row), then {@link #wideShape}. */
    private char[][] shape = new char[16][];
    private int[][] wideShape;
    private int[][] segment = new int[16][];
    /** Every row's segment once one does not fit in an int (then {@link #segment} is dropped). */
    private long[][] wideSegment;
    /**
     * Per page, each row's multiplicity - 1, or null: every row of the page added once (see
     * {@link #merging()}). A char: 2 bytes a row of a page that has any repeat (Mp3d: a few repeats
     * in every page); a row added more than 65,536 times in a segment goes on in a row of its own.
     */
    private char[][] extra = new char[16][];
    /** Whether a progression added again in the same segment raises its row's multiplicity (else: a row of its own). */
    private final boolean merge;
    /** Progressions added, merged ones included. */
    private long added;
    /** Accesses added (each progression's count, merged ones too), summed as they come: a pass over the rows cost Mp3d a row-sized walk of random reads. */
    private long accessCount;

    /** Sites: (thread, instruction, write), each once; few, so looking one up stays in the cache. */
    private int sites;
    private int[] siteThread = new int[64];
    private int[] siteInstruction = new int[64];
    private boolean[] siteWrite = new boolean[64];
    /**
     * Whether a site's rows were <em>carried</em> into this table from an earlier part of the
     * execution (RaceDetector checks a trace part by part): they were compared with each other
     * there already, so two carried rows are not compared again ({@link #carried}). A carried row
     * and a new one of the same thread and instruction are of two sites.
     */
    private boolean[] siteCarried = new boolean[64];
    /** Rows are being added as carried ones ({@link #carry}). */
    private boolean carrying;
    /** Open addressing over the sites: site + 1, 0 empty. */
    private int[] siteSlots = new int[128];
    /** Per site, its (instruction, write) as a dense index, and per index its instruction and kind: made by {@link #sortByFirstAddress}. */
    private int[] siteKind = new int[0];
    private int[] kindInstruction = new int[0];
    private boolean[] kindWrite = new boolean[0];
    /** The site looked up last: a segment's progressions come instruction by instruction. */
    private int lastSite = -1;

    /**
     * Shapes, each once, as records of {@link #RECORD} longs: first, stride, count, site, side by
     * side so that checking a shape (a hash hit) or reading it in the sweep touches one cache line.
     */
    private int shapes;
    private static final int RECORD = 4;
    private long[] rec = new long[RECORD * 256];
    /**
     * Per shape, the shape its site gave next the last time (-1: none yet), and per site the shape
     * it gave last: a loop's instruction repeats its progressions in the same order segment after
     * segment (each phase of FFT or LU between two barriers), so the shape that followed last time
     * is checked first, in the cache, before a probe of the hash table misses it. Dropped with the slots.
     */
    private int[] nextShape = new int[256];
    private int[] siteLast = new int[64];
    /** Per shape, the row it was added as last (-1: none), for merging repeats. Dropped with the slots. */
    private int[] shapeRow = new int[256];
    /**
     * Open addressing over the shapes, two ints a slot: the hash's high half (whose low bits are
     * the home slot) and shape index + 1 (0 empty), side by side so that a probe touches one cache
     * line and a shape's columns only when the hashes agree (millions of shapes, most looked up
     * once: Mp3d's scattered cell accesses). Dropped once the rows are sorted.
     */
    private int[] slots = new int[2 * 1024];

    /** Points: single accesses, each its address and site (see the class comment). */
    private int points;
    private long[] pointFirst = new long[256];
    private int[] pointSite = new int[256];
    /** Recent points by (site, address), direct-mapped: 16,384 entries, 256 KiB, in the L2 cache. Dropped once sorted. */
    private static final int CACHE_BITS = 14;
    private long[] cacheFirst = new long[1 << CACHE_BITS];
    private int[] cacheSite = new int[1 << CACHE_BITS];
    /** Point index + 1 (0: empty). */
    private int[] cachePoint = new int[1 << CACHE_BITS];
    /** The row the cached point was added as last, for merging repeats. */
    private int[] cacheRow = new int[1 << CACHE_BITS];
    /** The cache entry {@link #pointOf} used last. */
    private int cacheAt;

    /** A table that keeps every progression added as a row of its own. */
    AccessTable() {
        this(false);
    }

    private AccessTable(boolean merge) {
        this.merge = merge;
    }

    /** A table that merges a progression added again in the same segment into its row (see the class comment). */
    static AccessTable merging() {
        return new AccessTable(true);
    }

    @Override
    public void accesses(int t, long seg, int instr, boolean w, long a, long s, long n) {
        if (s < 0) { // ascending: the sweep orders by lowest address
            a += (n - 1) * s;
            s = -s;
        }
        if (n == 1 || s == 0) {
            add(t, seg, instr, w, a, n == 1 ? 0 : s, n);
            return;
        }
        if (keptWhole(a, s, n)) {
            add(t, seg, instr, w, a, s, n);
            return;
        }
        for (long i = 0; i < n; i++) add(t, seg, instr, w, a + i * s, 0, 1);
    }

    /**
     * Whether a progression (ascending, stride s &gt; 0, n &gt; 1) is one row: unless it crosses objects
     * (a column walk over row arrays) or is sparse and wide (a transpose's strided stores), since such
     * a progression would stay open in the sweep across most of its object and meet every other
     * progression there; its addresses are then rows one by one.
     */
    private static boolean keptWhole(long a, long s, long n) {
        long last = a + (n - 1) * s;
        return Addresses.object(a) == Addresses.object(last) && !(s > SPARSE_STRIDE && last - a > WIDE_SPAN);
    }

    /** The rows {@link #accesses} adds for this progression in a table that merges nothing. */
    static long rowsOf(long a, long s, long n) {
        if (s < 0) {
            a += (n - 1) * s;
            s = -s;
        }
        return n == 1 || s == 0 || keptWhole(a, s, n) ? 1 : n;
    }

    private void add(int t, long seg, int instr, boolean w, long a, long s, long n) {
        if (slots == null) throw new IllegalStateException("rows added after they were sorted");
        int page = size >>> PAGE_BITS, at = size & PAGE_MASK;
        if (!carrying) { // what was read from the trace, once
            added++;
            accessCount += n;
        }
        int sk = siteOf(t, instr, w);
        int k = n == 1 ? pointOf(sk, a) << 1 | 1 : shapeOf(sk, a, s, n) << 1;
        if (merge) {
            int row = (k & 1) != 0 ? cacheRow[cacheAt] : shapeRow[k >>> 1];
            // the same shape or point (so thread and instruction) in the same segment: once more
            if (row >= 0 && row < size && shape(row) == k && segment(row) == seg && repeat(row)) return;
            if ((k & 1) != 0) cacheRow[cacheAt] = size;
            else shapeRow[k >>> 1] = size;
        }
        if (at == 0) newPage(page); // only for a row that is added: a merged one adds no row, and no page
        if (wideShape == null && k > Character.MAX_VALUE) widenShapes();
        if (wideShape != null) wideShape[page][at] = k;
        else shape[page][at] = (char) k;
        if (wideSegment == null && seg != (int) seg) widen();
        if (wideSegment != null) wideSegment[page][at] = seg;
        else segment[page][at] = (int) seg;
        size++;
    }

    /** Row {@code row} added once more, unless its multiplicity is at its limit (then the caller adds a row). */
    private boolean repeat(int row) {
        int page = row >>> PAGE_BITS;
        char[] e = extra[page];
        if (e == null) e = extra[page] = new char[PAGE];
        if (e[row & PAGE_MASK] == Character.MAX_VALUE) return false;
        e[row & PAGE_MASK]++;
        return true;
    }

    private int siteOf(int t, int instr, boolean w) {
        int last = lastSite;
        boolean c = carrying;
        if (last >= 0 && siteInstruction[last] == instr && siteThread[last] == t && siteWrite[last] == w && siteCarried[last] == c) return last;
        int mask = siteSlots.length - 1;
        for (int at = siteHome(t, instr, w, c, mask); ; at = (at + 1) & mask) {
            int k = siteSlots[at] - 1;
            if (k < 0) {
                k = newSite(t, instr, w);
                siteSlots[at] = k + 1;
                if (2 * sites > siteSlots.length) rehashSites();
                return lastSite = k;
            }
            if (siteInstruction[k] == instr && siteThread[k] == t && siteWrite[k] == w && siteCarried[k] == c) return lastSite = k;
        }
    }

    private static int siteHome(int t, int instr, boolean w, boolean carried, int mask) {
        long h = ((long) t * 0x1_0000_0001L + instr) * 4 + (w ? 1 : 0) + (carried ? 2 : 0);
        return (int) ((h * 0x9E37_79B9_7F4A_7C15L) >>> 40) & mask;
    }

    private int newSite(int t, int instr, boolean w) {
        if (sites == siteThread.length) {
            int c = sites * 2;
            siteLast = Arrays.copyOf(siteLast, c);
            siteThread = Arrays.copyOf(siteThread, c);
            siteInstruction = Arrays.copyOf(siteInstruction, c);
            siteWrite = Arrays.copyOf(siteWrite, c);
            siteCarried = Arrays.copyOf(siteCarried, c);
        }
        siteCarried[sites] = carrying;
        siteLast[sites] = -1;
        siteThread[sites] = t;
        siteInstruction[sites] = instr;
        siteWrite[sites] = w;
        return sites++;
    }

    private void rehashSites() {
        int[] old = siteSlots;
        siteSlots = new int[old.length * 2];
        int mask = siteSlots.length - 1;
        for (int v : old) {
            if (v == 0) continue;
            int k = v - 1;
            int at = siteHome(siteThread[k], siteInstruction[k], siteWrite[k], siteCarried[k], mask);
            while (siteSlots[at] != 0) at = (at + 1) & mask;
            siteSlots[at] = v;
        }
    }

    private int shapeOf(int sk, long a, long s, long n) {
        int prev = siteLast[sk];
        if (prev >= 0) {
            int c = nextShape[prev];
            int r = RECORD * c;
            if (c >= 0 && rec[r] == a && rec[r + 1] == s && rec[r + 2] == n && rec[r + 3] == sk) return siteLast[sk] = c;
        }
        int k = lookUp(sk, a, s, n);
        if (prev >= 0) nextShape[prev] = k;
        return siteLast[sk] = k;
    }

    /** The point (site, a): the cached one if the cache still holds it, else a new one. */
    private int pointOf(int sk, long a) {
        long h = (a + sk * 0xC2B2_AE3D_27D4_EB4FL) * 0x9E37_79B9_7F4A_7C15L;
        int at = (int) (h >>> (64 - CACHE_BITS));
        int p = cachePoint[at] - 1;
        cacheAt = at;
        if (p >= 0 && cacheFirst[at] == a && cacheSite[at] == sk) return p;
        if (points == pointFirst.length) {
            pointFirst = Arrays.copyOf(pointFirst, 2 * points);
            pointSite = Arrays.copyOf(pointSite, 2 * points);
        }
        pointFirst[points] = a;
        pointSite[points] = sk;
        cacheFirst[at] = a;
        cacheSite[at] = sk;
        cachePoint[at] = points + 1;
        cacheRow[at] = -1;
        return points++;
    }

    private int lookUp(int sk, long a, long s, long n) {
        int hash = hash(sk, a, s, n);
        int mask = (slots.length >>> 1) - 1;
        for (int at = hash & mask; ; at = (at + 1) & mask) {
            int k = slots[2 * at + 1] - 1;
            if (k < 0) {
                k = newShape(sk, a, s, n);
                slots[2 * at] = hash;
                slots[2 * at + 1] = k + 1;
                if (4L * shapes > slots.length) rehash(); // at most half the slots used
                return k;
            }
            int r = RECORD * k;
            if (slots[2 * at] == hash && rec[r] == a && rec[r + 3] == sk && rec[r + 1] == s && rec[r + 2] == n) return k;
        }
    }

    /**
     * The high half of a 64-bit mix of the shape (SplitMix64's finalizer: every input bit moves
     * every output bit; a plain multiplicative hash left the strided addresses of one array in long
     * runs of neighbouring slots, and linear probing walked them); its low bits pick the home slot.
     */
    private static int hash(int sk, long a, long s, long n) {
        long h = a + 0x9E37_79B9_7F4A_7C15L * (s + 0x9E37_79B9_7F4A_7C15L * (n + 0x9E37_79B9_7F4A_7C15L * sk));
        h = (h ^ (h >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        h = (h ^ (h >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return (int) ((h ^ (h >>> 31)) >>> 32);
    }

    private int newShape(int sk, long a, long s, long n) {
        int r = RECORD * shapes;
        if (r == rec.length) rec = Arrays.copyOf(rec, 2 * r);
        if (shapes == nextShape.length) {
            nextShape = Arrays.copyOf(nextShape, 2 * shapes);
            shapeRow = Arrays.copyOf(shapeRow, 2 * shapes);
        }
        nextShape[shapes] = -1;
        shapeRow[shapes] = -1;
        rec[r] = a;
        rec[r + 1] = s;
        rec[r + 2] = n;
        rec[r + 3] = sk;
        return shapes++;
    }

    /** Doubles the slots, from the hashes they keep (no shape column is read). */
    private void rehash() {
        int[] old = slots;
        slots = new int[old.length * 2];
        int mask = (slots.length >>> 1) - 1;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i + 1] == 0) continue;
            int at = old[i] & mask;
            while (slots[2 * at + 1] != 0) at = (at + 1) & mask;
            slots[2 * at] = old[i];
            slots[2 * at + 1] = old[i + 1];
        }
    }

    private void newPage(int page) {
        if (page == segment().length) {
            if (wideShape != null) wideShape = Arrays.copyOf(wideShape, page * 2);
            else shape = Arrays.copyOf(shape, page * 2);
            if (wideSegment != null) wideSegment = Arrays.copyOf(wideSegment, page * 2);
            else segment = Arrays.copyOf(segment, page * 2);
            extra = Arrays.copyOf(extra, page * 2);
        }
        if (wideShape != null) wideShape[page] = new int[PAGE];
        else shape[page] = new char[PAGE];
        if (wideSegment != null) wideSegment[page] = new long[PAGE];
        else segment[page] = new int[PAGE];
        pages++;
    }

    /** The segment column's page array, whichever width it has. */
    private Object[] segment() {
        return wideSegment != null ? wideSegment : segment;
    }

    private void widen() {
        wideSegment = new long[segment.length][];
        for (int p = 0; p < pages; p++) {
            wideSegment[p] = new long[PAGE];
            for (int k = 0; k < PAGE; k++) wideSegment[p][k] = segment[p][k];
            segment[p] = null; // one page held twice at a time, not the column
        }
        segment = null;
    }

    /** More than a char's worth of shapes: every row's shape index becomes an int. */
    private void widenShapes() {
        wideShape = new int[shape.length][];
        for (int p = 0; p < pages; p++) {
            wideShape[p] = new int[PAGE];
            for (int k = 0; k < PAGE; k++) wideShape[p][k] = shape[p][k];
            shape[p] = null;
        }
        shape = null;
    }

    /** Row i's reference: a shape's index·2, or a point's index·2 + 1. */
    private int shape(int i) {
        return wideShape != null ? wideShape[i >>> PAGE_BITS][i & PAGE_MASK] : shape[i >>> PAGE_BITS][i & PAGE_MASK];
    }

    private int site(int ref) {
        return (ref & 1) != 0 ? pointSite[ref >>> 1] : (int) rec[RECORD * (ref >>> 1) + 3];
    }

    int thread(int i) {
        return siteThread[site(shape(i))];
    }

    long segment(int i) {
        return wideSegment != null ? wideSegment[i >>> PAGE_BITS][i & PAGE_MASK] : segment[i >>> PAGE_BITS][i & PAGE_MASK];
    }

    int instruction(int i) {
        return siteInstruction[site(shape(i))];
    }

    /**
     * Row i's instruction and kind as a dense index ({@link #kinds} of them, made when the rows are
     * sorted): the sweep counts its open progressions by it (one per instruction and kind, not per
     * thread: thousands of threads running one task's code share them).
     */
    int kind(int i) {
        return siteKind[site(shape(i))];
    }

    /** Distinct (instruction, write) pairs among the rows: the range of {@link #kind}. */
    int kinds() {
        return kindInstruction.length;
    }

    /** The instruction of a {@link #kind}. */
    int kindInstruction(int k) {
        return kindInstruction[k];
    }

    /** Whether a {@link #kind} writes. */
    boolean kindWrites(int k) {
        return kindWrite[k];
    }

    boolean write(int i) {
        return siteWrite[site(shape(i))];
    }

    /** Whether row i was carried into this table from an earlier part (see {@link #siteCarried}). */
    boolean carried(int i) {
        return siteCarried[site(shape(i))];
    }

    /** Row i's stride (0 for a single access). */
    long stride(int i) {
        int ref = shape(i);
        return (ref & 1) != 0 ? 0 : rec[RECORD * (ref >>> 1) + 1];
    }

    /**
     * Adds a row carried from an earlier part, {@code multiplicity} times: counted in neither
     * {@link #accesses} nor {@link #added} (they were read once, in that part).
     */
    void carry(int t, long seg, int instr, boolean w, long a, long s, long n, long multiplicity) {
        carrying = true;
        for (long k = 0; k < multiplicity; k++) add(t, seg, instr, w, a, s, n);
        carrying = false;
    }

    long first(int i) {
        int ref = shape(i);
        return (ref & 1) != 0 ? pointFirst[ref >>> 1] : rec[RECORD * (ref >>> 1)];
    }

    long count(int i) {
        int ref = shape(i);
        return (ref & 1) != 0 ? 1 : rec[RECORD * (ref >>> 1) + 2];
    }

    /** How many times row i's progression was added in its segment (1 unless {@link #merging()}). */
    long multiplicity(int i) {
        char[] e = extra[i >>> PAGE_BITS];
        return e == null ? 1 : 1L + e[i & PAGE_MASK];
    }

    /** Accesses in all: every row's count times its multiplicity. */
    long accesses() {
        return accessCount;
    }

    /** Progressions added, each merged one counted too: what was read from the trace. */
    long added() {
        return added;
    }

    long last(int i) {
        int ref = shape(i);
        if ((ref & 1) != 0) return pointFirst[ref >>> 1];
        int r = RECORD * (ref >>> 1);
        return rec[r] + (rec[r + 2] - 1) * rec[r + 1];
    }

    /** Records the rows refer to: distinct (thread, instruction, write, first, stride, count) progressions, and points. */
    int shapes() {
        return shapes + points;
    }

    /**
     * Puts the rows in order of first address, rows of equal first address in the order they were
     * added (a stable sort), and ends the adding (the hash tables are dropped): from then on row i
     * is the i-th in address order, so the sweep reads the rows front to back. The shapes are
     * renumbered in order of first address too, so the rows' shapes are read front to back as well.
     * The rows are counted into their places page by page, each old page dropped once read: the
     * rows are never held twice, and no order array is kept.
     */
    void sortByFirstAddress() {
        numberKinds();
        slots = null;
        siteSlots = null;
        nextShape = null;
        siteLast = null;
        shapeRow = null;
        cacheFirst = null;
        cacheSite = null;
        cachePoint = null;
        cacheRow = null;
        int records = shapes + points;
        long[] keys = new long[records];
        int[] byFirst = new int[records];
        for (int k = 0; k < shapes; k++) {
            keys[k] = rec[RECORD * k];
            byFirst[k] = k << 1;
        }
        for (int p = 0; p < points; p++) {
            keys[shapes + p] = pointFirst[p];
            byFirst[shapes + p] = p << 1 | 1;
        }
        sort(keys, byFirst);
        // per old reference (shape index·2 or point index·2 + 1): the rank of its first address among
        // the distinct ones (high half) and its new reference, shapes and points each renumbered in
        // address order (low half): one read per row below, not two
        long[] renumberedShape = new long[shapes];
        long[] renumberedPoint = new long[points];
        int[] shapeOrder = new int[shapes];
        int[] pointOrder = new int[points];
        int distinct = 0, ns = 0, np = 0;
        for (int q = 0; q < records; q++) {
            if (q > 0 && keys[q] != keys[q - 1]) distinct++;
            int ref = byFirst[q];
            if ((ref & 1) != 0) {
                renumberedPoint[ref >>> 1] = (long) distinct << 32 | (np << 1 | 1);
                pointOrder[np++] = ref >>> 1;
            } else {
                renumberedShape[ref >>> 1] = (long) distinct << 32 | (ns << 1);
                shapeOrder[ns++] = ref >>> 1;
            }
        }
        keys = null;
        byFirst = null;
        rec = permute(rec, shapeOrder);
        shapeOrder = null;
        long[] sortedFirst = new long[points];
        int[] sortedSite = new int[points];
        for (int p = 0; p < points; p++) {
            sortedFirst[p] = pointFirst[pointOrder[p]];
            sortedSite[p] = pointSite[pointOrder[p]];
        }
        pointFirst = sortedFirst;
        pointSite = sortedSite;
        pointOrder = null;
        int[] start = new int[distinct + 2];
        for (int i = 0; i < size; i++) {
            int ref = shape(i);
            start[(int) (((ref & 1) != 0 ? renumberedPoint[ref >>> 1] : renumberedShape[ref >>> 1]) >>> 32) + 1]++;
        }
        for (int r = 0; r <= distinct; r++) start[r + 1] += start[r];
        char[][] oldShape = shape;
        int[][] oldWideShape = wideShape;
        int[][] oldSegment = segment;
        long[][] oldWideSegment = wideSegment;
        char[][] oldExtra = extra;
        extra = new char[oldExtra.length][];
        shape = oldShape == null ? null : new char[oldShape.length][];
        wideShape = oldWideShape == null ? null : new int[oldWideShape.length][];
        segment = oldSegment == null ? null : new int[oldSegment.length][];
        wideSegment = oldWideSegment == null ? null : new long[oldWideSegment.length][];
        int rows = size, filled = pages;
        size = 0;
        pages = 0;
        for (int p = 0; p < filled; p++) newPage(p); // the sorted rows' pages, as many as before
        size = rows;
        for (int p = 0; p < filled; p++) {
            int n = Math.min(PAGE, rows - (p << PAGE_BITS));
            for (int at = 0; at < n; at++) {
                int ref = oldShape != null ? oldShape[p][at] : oldWideShape[p][at];
                long r = (ref & 1) != 0 ? renumberedPoint[ref >>> 1] : renumberedShape[ref >>> 1];
                int k = (int) r;
                int to = start[(int) (r >>> 32)]++;
                int tp = to >>> PAGE_BITS, ta = to & PAGE_MASK;
                if (shape != null) shape[tp][ta] = (char) k;
                else wideShape[tp][ta] = k;
                if (segment != null) segment[tp][ta] = oldSegment[p][at];
                else wideSegment[tp][ta] = oldWideSegment[p][at];
                if (oldExtra[p] != null && oldExtra[p][at] != 0) {
                    if (extra[tp] == null) extra[tp] = new char[PAGE];
                    extra[tp][ta] = oldExtra[p][at];
                }
            }
            oldExtra[p] = null;
            if (oldShape != null) oldShape[p] = null;
            else oldWideShape[p] = null;
            if (oldSegment != null) oldSegment[p] = null;
            else oldWideSegment[p] = null;
        }
    }

    /** Gives each distinct (instruction, write) of the sites a dense index, in order of first appearance. */
    private void numberKinds() {
        siteKind = new int[sites];
        java.util.Map<Long, Integer> index = new java.util.HashMap<>();
        for (int k = 0; k < sites; k++) {
            long key = (long) siteInstruction[k] << 1 | (siteWrite[k] ? 1 : 0);
            Integer known = index.putIfAbsent(key, index.size());
            siteKind[k] = known != null ? known : index.size() - 1;
        }
        kindInstruction = new int[index.size()];
        kindWrite = new boolean[index.size()];
        for (int k = 0; k < sites; k++) {
            kindInstruction[siteKind[k]] = siteInstruction[k];
            kindWrite[siteKind[k]] = siteWrite[k];
        }
    }

    /** The records in this order. */
    private static long[] permute(long[] records, int[] order) {
        long[] out = new long[RECORD * order.length];
        for (int p = 0; p < order.length; p++) System.arraycopy(records, RECORD * order[p], out, RECORD * p, RECORD);
        return out;
    }

    /** Bits per pass of {@link #sort}: 2,048 counters, in the L1 cache. */
    private static final int DIGIT_BITS = 11;

    /**
     * Sorts keys ascending (as signed longs), carrying order along, stably: a least-significant-digit
     * radix sort, {@link #DIGIT_BITS} bits a pass, skipping the digits every key shares (the high bits
     * of addresses in a few objects). Linear in the keys where a comparison sort took n·log n with a
     * branch that mispredicts on every other key (millions of shapes: a fifth of Mp3d's analysis).
     */
    static void sort(long[] keys, int[] order) {
        int n = keys.length;
        if (n < 2) return;
        long and = -1, or = 0;
        for (int i = 0; i < n; i++) {
            long k = keys[i] ^ Long.MIN_VALUE; // signed order as unsigned
            and &= k;
            or |= k;
        }
        long varying = and ^ or;
        long[] from = keys, to = null;
        int[] fromOrder = order, toOrder = null;
        int[] count = new int[1 << DIGIT_BITS];
        int mask = (1 << DIGIT_BITS) - 1;
        // each pass starts at the lowest bit that varies above the last one (addresses vary in the
        // offset's low bits and the object's, not between): Mp3d's keys sort in 4 passes, not 5
        for (int shift = Long.numberOfTrailingZeros(varying); shift < 64; shift = nextVarying(varying, shift + DIGIT_BITS)) {
            if (to == null) {
                to = new long[n];
                toOrder = new int[n];
            }
            Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) count[(int) ((from[i] ^ Long.MIN_VALUE) >>> shift) & mask]++;
            for (int d = 0, sum = 0; d <= mask; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int at = count[(int) ((from[i] ^ Long.MIN_VALUE) >>> shift) & mask]++;
                to[at] = from[i];
                toOrder[at] = fromOrder[i];
            }
            long[] k = from;
            from = to;
            to = k;
            int[] o = fromOrder;
            fromOrder = toOrder;
            toOrder = o;
        }
        if (from != keys) { // an odd number of passes: the sorted keys are in the scratch arrays
            System.arraycopy(from, 0, keys, 0, n);
            System.arraycopy(fromOrder, 0, order, 0, n);
        }
    }

    /** The lowest bit at or above {@code from} in which keys differ (64: none). */
    private static int nextVarying(long varying, int from) {
        return from >= 64 ? 64 : Long.numberOfTrailingZeros(varying >>> from << from);
    }

    /**
     * Pairs of accesses of progressions i and j to the same address, in O(log) whatever their
     * lengths: the common addresses of two arithmetic progressions are one arithmetic progression
     * (Chinese remainder theorem), or one address repeated when a stride is 0. {@code example[0]}
     * gets the first common address.
     */
    long commonAccesses(int i, int j, long[] example) {
        int p = shape(i), q = shape(j);
        long a, s, n, b, t, m;
        if ((p & 1) != 0) {
            a = pointFirst[p >>> 1];
            s = 0;
            n = 1;
        } else {
            p = RECORD * (p >>> 1);
            a = rec[p];
            s = rec[p + 1];
            n = rec[p + 2];
        }
        if ((q & 1) != 0) {
            b = pointFirst[q >>> 1];
            t = 0;
            m = 1;
        } else {
            q = RECORD * (q >>> 1);
            b = rec[q];
            t = rec[q + 1];
            m = rec[q + 2];
        }
        if (s == 0 && t == 0) return a == b ? found(example, a, n * m) : 0;
        if (s == 0) return holds(b, t, m, a) ? found(example, a, n) : 0;
        if (t == 0) return holds(a, s, n, b) ? found(example, b, m) : 0;
        long lo = Math.max(a, b), hi = Math.min(a + (n - 1) * s, b + (m - 1) * t);
        if (lo > hi) return 0;
        // x = a + s·k with s·k ≡ b - a (mod t): solvable iff gcd(s, t) divides b - a
        BigInteger bs = BigInteger.valueOf(s), bt = BigInteger.valueOf(t);
        BigInteger g = bs.gcd(bt);
        BigInteger diff = BigInteger.valueOf(b).subtract(BigInteger.valueOf(a));
        if (diff.mod(g).signum() != 0) return 0;
        BigInteger tg = bt.divide(g);
        BigInteger k = tg.equals(BigInteger.ONE) ? BigInteger.ZERO : diff.divide(g).mod(tg).multiply(bs.divide(g).modInverse(tg)).mod(tg);
        BigInteger lcm = bs.divide(g).multiply(bt);
        BigInteger x = BigInteger.valueOf(a).add(bs.multiply(k)); // the first solution at or after a
        BigInteger low = BigInteger.valueOf(lo);
        if (x.compareTo(low) < 0) x = x.add(low.subtract(x).add(lcm).subtract(BigInteger.ONE).divide(lcm).multiply(lcm));
        BigInteger high = BigInteger.valueOf(hi);
        if (x.compareTo(high) > 0) return 0;
        return found(example, x.longValueExact(), high.subtract(x).divide(lcm).longValueExact() + 1);
    }

    private static long found(long[] example, long address, long pairs) {
        example[0] = address;
        return pairs;
    }

    /** Whether the progression (first, stride > 0, count) holds address x. */
    private static boolean holds(long first, long stride, long count, long x) {
        long d = x - first;
        return d >= 0 && d % stride == 0 && d / stride < count;
    }
}
