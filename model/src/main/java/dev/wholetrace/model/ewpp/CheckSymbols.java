package dev.wholetrace.model.ewpp;

/**
 * The symbols of an eWPP's check stream (StreamKinds.CHECKS; docs/ewpp.md): the control-flow
 * signature of the shared disambiguation check routine (tallam-gupta §3.2) run at every load of
 * mode EWPP, one group per load, in the thread's load order. A symbol is a (tag, value) pair:
 * <ul>
 *   <li>{@link #OK}: the outcome the filtering phase predicted for a no-cost load (nothing else is
 *       needed to recover it; the interleaved eCF omits it, as the paper's no-cost loads have no
 *       check code);</li>
 *   <li>{@link #NONE}: the load read a value no traced store wrote (initial value, a store of
 *       uninstrumented code);</li>
 *   <li>{@link #LAST} d: the last instance of store instruction d before the load wrote it (the
 *       fixed-cost check's C_e.C_e^T);</li>
 *   <li>{@link #SEARCH} d, then {@link #B0}/{@link #B1} per step of the binary search over d's
 *       timestamp buffer, then {@link #END}: an earlier instance of d (the variable-cost check's
 *       C_e.B…E of Figure 13);</li>
 *   <li>{@link #NEW} before LAST/SEARCH: the dependence (d, load) was not exercised in the filtering
 *       phase: an explicit record, counted apart;</li>
 *   <li>{@link #BACK} value = k &lt;&lt; 32 | d: instead of SEARCH…END with {@code signature=distance}, the
 *       instance k before d's latest;</li>
 *   <li>{@link #CROSS} value = writer thread &lt;&lt; 40 | its store number (from 1): the last
 *       writer was another thread's store, recorded explicitly (the sync order then tells whether
 *       the two are ordered or race).</li>
 *   <li>{@link #EVICTED} value = the position of the store instance: its timestamp buffer had
 *       evicted it ({@link EwppCaps}, §3.4), so the check names it explicitly.</li>
 *   <li>{@link #CROSS_AT} (format 11): another thread's store, named by what decides the edge and
 *       its origin: the writer thread in the head's first half ({@link #crossAt}), the writer's
 *       store instruction, the writer's segment at the store and the load's own segment in the
 *       value ({@link #crossSource}); then {@link #XSTORE} value = {@link #cross}(writer, store
 *       number), the instance, for timestamps. Where a field does not fit its bits the check
 *       writes a {@link #CROSS} record instead.</li>
 * </ul>
 *
 * <p>From trace format 9 a group's head (OK, NONE, LAST, SEARCH, BACK, CROSS, EVICTED) also
 * names its load instruction: the symbol's first half is {@link #named}(tag, load) instead of
 * the bare tag, so a head is an edge's both ends and every edge is counted on the check grammar
 * alone (rule occurrences times terminals, docs/ewpp.md). The steps (B0, B1, END) and NEW stay
 * bare, shared by every load. Readers take the tag with {@link #tag} and the load with
 * {@link #load} (-1 for a bare symbol, as every symbol of an older trace is).
 */
public final class CheckSymbols {
    public static final int OK = 0;
    public static final int NONE = 1;
    public static final int LAST = 2;
    public static final int SEARCH = 3;
    public static final int B0 = 4;
    public static final int B1 = 5;
    public static final int END = 6;
    public static final int NEW = 7;
    public static final int CROSS = 8;
    /**
     * The distance signature (option {@code signature=distance}): value = k &lt;&lt; 32 | d, the instance
     * of store instruction d that is k before its latest (k ≥ 1). One symbol instead of a search's
     * bits: a loop that reads what an earlier iteration wrote repeats the same symbol.
     */
    public static final int BACK = 9;
    /**
     * The load read a store instance its timestamp buffer had evicted ({@link EwppCaps#buffer}):
     * value = the instance's position in the thread's trace, an explicit record (recovery finds the
     * store instruction at that position).
     */
    public static final int EVICTED = 10;
    /**
     * Format 11: the load read another thread's store; first half {@link #crossAt}(load, writer),
     * value {@link #crossSource}(store instruction, writer segment, reader segment). The origin
     * (cross-thread or racy) is a function of the symbol, so recovery counts these on the grammar
     * like LAST. Followed by {@link #XSTORE}.
     */
    public static final int CROSS_AT = 11;
    /** Format 11: after {@link #CROSS_AT}, value = {@link #cross}(writer, store number): the instance read (bare). */
    public static final int XSTORE = 12;

    /** Bits of the first half below its extra field (tag and load); the extra field (format 11, {@link #CROSS_AT}'s writer) is above. */
    public static final int EXTRA_SHIFT = 40;
    /** The largest extra field: the first half stays non-negative. */
    public static final long MAX_EXTRA = (1L << 23) - 1;
    /** 23, not 24: the value's bit 63 stays clear, so a value is never negative and -1 (no fit) is no value. */
    private static final int SOURCE_STORE_BITS = 23;
    private static final int SEGMENT_BITS = 20;
    private static final long SEGMENT_MASK = (1L << SEGMENT_BITS) - 1;

    /** Property of a trace (and agent option) naming the signature of older instances: "distance" (default) or "search". */
    public static final String SIGNATURE_PROPERTY = "ewpp.signature";

    /**
     * Whether a recording with {@link #SIGNATURE_PROPERTY} {@code property} (null: not given) signs an older instance
     * by its distance ({@link #BACK}). The default since session 50: the search's B0/B1 steps run over a buffer that
     * grows with the run, so their path changes from one loop iteration to the next and the check grammar grows with
     * the run (sor 1.03 → 3.16 × WPP + compressed AT from 1 to 16 times the steps, 72 % of it the steps), where the
     * distance of a repeating access repeats. {@code search} keeps the paper's signature.
     */
    public static boolean distanceSignature(String property) {
        return !"search".equals(property);
    }

    public static long back(int store, long distance) {
        return distance << 32 | store & 0xFFFF_FFFFL;
    }

    /** Store numbers of one thread fit 40 bits. */
    public static final int STORE_BITS = 40;

    private CheckSymbols() {}

    public static long cross(int thread, long storeNumber) {
        return (long) thread << STORE_BITS | storeNumber;
    }

    public static int crossThread(long value) {
        return (int) (value >>> STORE_BITS);
    }

    public static long crossStore(long value) {
        return value & ((1L << STORE_BITS) - 1);
    }

    /** Bits of a named symbol's first half below its load (the tag's). */
    public static final int TAG_BITS = 8;

    /**
     * The largest load field (load + 1) of a named symbol: load ids are non-negative ints, so a
     * field above 2^31 would decode to a negative id (and 2^32 to -1, a bare symbol).
     */
    public static final long MAX_LOAD_FIELD = 1L << 31;

    /** The first half of a head symbol of load instruction {@code load} (format 9); {@code load} must be an instruction id (≥ 0). */
    public static long named(int tag, int load) {
        if (load < 0) throw new IllegalArgumentException("load instruction id " + load + " is negative");
        return ((long) load + 1) << TAG_BITS | tag;
    }

    /** The tag of a check symbol's first half, named or bare. */
    public static int tag(long first) {
        return (int) (first & ((1 << TAG_BITS) - 1));
    }

    /** The load instruction a head names, or -1 if the symbol is bare (a step, NEW, or any symbol of a trace before format 9). */
    public static int load(long first) {
        return (int) ((first >>> TAG_BITS & 0xFFFF_FFFFL) - 1);
    }

    /** The extra field of a first half (format 11: a {@link #CROSS_AT}'s writer thread; 0 elsewhere). */
    public static long extra(long first) {
        return first >>> EXTRA_SHIFT;
    }

    /** The first half of a {@link #CROSS_AT} head: load {@code load} read a store of thread {@code writer}. */
    public static long crossAt(int load, int writer) {
        if (writer < 0 || writer > MAX_EXTRA) throw new IllegalArgumentException("writer thread " + writer + " out of range");
        return (long) writer << EXTRA_SHIFT | named(CROSS_AT, load);
    }

    /**
     * The value of a {@link #CROSS_AT} head: store instruction {@code store}, the writer's segment
     * at the store (its sync operations before it) and the reader's at the load; -1 if one does
     * not fit (23, 20 and 20 bits): the check then writes a {@link #CROSS} record.
     */
    public static long crossSource(int store, long writerSegment, long readerSegment) {
        if (store < 0 || store >>> SOURCE_STORE_BITS != 0 || writerSegment < 0 || writerSegment > SEGMENT_MASK || readerSegment < 0 || readerSegment > SEGMENT_MASK) return -1;
        return (long) store << 2 * SEGMENT_BITS | writerSegment << SEGMENT_BITS | readerSegment;
    }

    /** The store instruction of a {@link #CROSS_AT} value. */
    public static int sourceStore(long value) {
        return (int) (value >>> 2 * SEGMENT_BITS);
    }

    /** The writer's segment of a {@link #CROSS_AT} value. */
    public static long writerSegment(long value) {
        return value >>> SEGMENT_BITS & SEGMENT_MASK;
    }

    /** The reader's (the load's) segment of a {@link #CROSS_AT} value. */
    public static long readerSegment(long value) {
        return value & SEGMENT_MASK;
    }

    /** Whether a check symbol of {@code tag} starts a load's signature group and, from format 9, names its load (NEW is a prefix of the head that follows it). */
    public static boolean isHead(int tag) {
        return tag >= 0 && tag < Integer.SIZE && (HEADS >>> tag & 1) != 0;
    }

    /** The head tags as a bit set: {@link #isHead} is asked per symbol of alphabets of 10^5 symbols. */
    private static final int HEADS = 1 << OK | 1 << NONE | 1 << LAST | 1 << SEARCH | 1 << BACK | 1 << CROSS | 1 << EVICTED | 1 << CROSS_AT;

    /** Whether a check symbol of {@code tag} is always bare (B0, B1, END, NEW, XSTORE: never naming a load). */
    public static boolean isBare(long tag) {
        return known(tag) && !isHead((int) tag);
    }

    /** Whether {@code tag} is a check symbol's tag. */
    public static boolean known(long tag) {
        return tag >= OK && tag <= XSTORE;
    }

    /** The next step of the binary search both the check routine and the recovery run (lo, hi inclusive). */
    public static int mid(int lo, int hi) {
        return (lo + hi) >>> 1;
    }
}
