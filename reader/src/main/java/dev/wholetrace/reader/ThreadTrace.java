package dev.wholetrace.reader;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.format.wtrace.ThreadSymbols;
import dev.wholetrace.format.wtrace.TraceSections;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

/**
 * One thread of a loaded trace: its chunks' WPPs, address streams and sync operations. Events are
 * numbered from 0 per thread, and so are the thread's sync operations; {@link #segment} gives
 * random access by sync operation through the sync counts, expanding only what it returns.
 *
 * <p>Of each piece the view keeps its event and sync counts and where its sections are in the
 * file; its grammars are a {@link Piece}, decoded when it is read ({@link #piece}: from the
 * trace's byte-bounded {@link PieceCache}, else from the file again), so that what a loaded trace
 * holds does not grow with its grammars (docs/reading-memory.md). Iterators hold the piece they
 * are in: a pass over the thread decodes each piece at most once.
 */
public final class ThreadTrace {
    private final ThreadInfo info;
    private final ThreadSymbols symbols;
    private final PieceLoader loader;
    private int pieceCount;
    private int[] chunkOf = new int[1];
    /** Per piece, its sections in the file (what {@link PieceLoader} decodes it from again). */
    private List<?>[] sections = new List<?>[1];
    private long[] eventsBefore = new long[1]; // per piece, plus the total at the end
    private long[] syncBefore = new long[1];
    /**
     * Per piece, the hash of its operations in S_synch, for pieces the open pass did not decode (a lazily
     * opened trace: {@link ParallelTrace#openLazily}); null otherwise.
     */
    private long[] opsHash;
    /** Per piece not decoded yet, its SYMBOLS section's payload from the lazy open pass (what a count reads of it); null once decoded. */
    private byte[][] symbolsOf;
    /** Pieces 0..decoded-1 have been decoded and checked once (all of them, unless the trace was opened lazily). */
    private volatile int decoded;
    /** The WPP this view reads (a per-thread stream kind that carries sync counts). */
    private final StreamKind view;
    /** Whether the view's loads and stores take their addresses from the address streams (the control WPP). */
    private final boolean control;
    private SyncOrder order;

    /** @param symbols the thread's trace-wide tables; {@code loader} gives its pieces after the open pass */
    ThreadTrace(ThreadInfo info, ThreadSymbols symbols, StreamKind view, PieceLoader loader) {
        this.info = info;
        this.symbols = symbols;
        this.loader = loader;
        this.view = view;
        this.control = view == StreamKinds.CONTROL;
    }

    /** The sync order, where the thread's sync operations are (set once the whole file is read). */
    void syncOrder(SyncOrder order) {
        this.order = order;
    }

    /**
     * Appends the thread's part of chunk {@code chunk}, just decoded, which holds {@code syncOps} of
     * its sync operations. Of it the view keeps its counts and where its sections are; the
     * decoded grammars go to the trace's piece cache, which keeps them while its budget allows.
     */
    void add(int chunk, TraceSections.Decoded piece, long syncOps) {
        if (opsHash != null) throw new IllegalStateException("thread " + info.index() + " was opened lazily");
        int n = append(chunk, piece.sections(), piece.chunk().grammar(view).length(), syncOps); // the DOR view of ALL has no blocks
        decoded = pieceCount;
        loader.opened(info.index(), n, piece);
    }

    /**
     * Appends the thread's part of chunk {@code chunk} as a lazy open pass leaves it, CRC-checked and not
     * decoded: its counts and sections; {@link #piece} decodes and checks it when it is first read.
     */
    void add(int chunk, TraceSections.Pending piece, long syncOps) {
        if (decoded != 0) throw new IllegalStateException("thread " + info.index() + " was not opened lazily");
        int n = append(chunk, piece.sections(), piece.events(), syncOps);
        if (opsHash == null) {
            opsHash = new long[chunkOf.length];
            symbolsOf = new byte[chunkOf.length][];
        }
        if (opsHash.length < chunkOf.length) {
            opsHash = Arrays.copyOf(opsHash, chunkOf.length);
            symbolsOf = Arrays.copyOf(symbolsOf, chunkOf.length);
        }
        opsHash[n] = piece.opsHash();
        symbolsOf[n] = piece.symbols();
    }

    private int append(int chunk, List<Section> pieceSections, long events, long syncOps) {
        int n = pieceCount++;
        if (n + 2 > eventsBefore.length) { // grow by half: a thread may have a piece in thousands of chunks
            int capacity = n + 2 + (n >> 1);
            eventsBefore = Arrays.copyOf(eventsBefore, capacity);
            syncBefore = Arrays.copyOf(syncBefore, capacity);
            chunkOf = Arrays.copyOf(chunkOf, capacity);
            sections = Arrays.copyOf(sections, capacity);
        }
        chunkOf[n] = chunk;
        sections[n] = pieceSections;
        eventsBefore[n + 1] = eventsBefore[n] + events;
        syncBefore[n + 1] = syncBefore[n] + syncOps;
        return n;
    }

    /**
     * Decodes and checks, for the first time, every piece up to {@code p} not decoded yet (a lazily opened
     * trace): in order, since a piece's symbols extend the thread's trace-wide alphabets, which a later
     * piece is read with.
     */
    @SuppressWarnings("unchecked")
    private synchronized void decodeUpTo(int p) {
        for (int q = decoded; q <= p; q++) {
            loader.first(info.index(), q, chunkOf[q], (List<Section>) sections[q], symbols, syncCountOf(q), opsHash[q]);
            symbolsOf[q] = null;
            decoded = q + 1;
        }
    }

    /**
     * The check alphabet and stored check counts of piece {@code p} without decoding the rest of it, where it
     * was not decoded yet (a lazily opened eWPP); null where it was, or the file stores no check counts.
     */
    @SuppressWarnings("unchecked")
    TraceSections.Checks checksOnly(int p) {
        Objects.checkIndex(p, pieceCount);
        return p < decoded ? null : loader.checks(info.index(), chunkOf[p], (List<Section>) sections[p], symbolsOf[p]);
    }

    /**
     * Piece {@code p}, decoded: from the trace's piece cache, else read again from the file. A
     * reader holds it while it reads it (one decode per piece per pass).
     */
    @SuppressWarnings("unchecked")
    public Piece piece(int p) {
        Objects.checkIndex(p, pieceCount);
        if (p >= decoded) decodeUpTo(p);
        return loader.load(info.index(), p, chunkOf[p], (List<Section>) sections[p], symbols, syncCountOf(p));
    }

    /**
     * The WPP this view reads in piece {@code p}, with the alphabet it is read with. When that
     * alphabet is trace-wide (the control WPP; any WPP before format version 3) and the piece is
     * not cached, only the WPP's section is decoded: a fold over the WPPs alone (event counts)
     * then skips the address streams, most of a piece.
     */
    @SuppressWarnings("unchecked")
    Wpp wppOnly(int p) {
        Objects.checkIndex(p, pieceCount);
        if (p >= decoded || ThreadSymbols.perChunk(view, loader.version())) {
            Piece piece = piece(p);
            return new Wpp(piece.chunk().grammar(view), piece.symbols().of(view));
        }
        return new Wpp(loader.stream(info.index(), p, chunkOf[p], (List<Section>) sections[p], view), symbols.of(view));
    }

    /** A WPP and its alphabet. */
    record Wpp(Grammar grammar, Alphabet symbols) {}

    /** How many pieces the thread has: one per chunk in which it recorded events. */
    public int pieceCount() {
        return pieceCount;
    }

    public ThreadInfo info() {
        return info;
    }

    /**
     * The thread's trace-wide tables: the alphabets of the stream kinds kept per trace (all of
     * them before format version 3). A piece's own are in {@link Piece#symbols()}.
     */
    public ThreadSymbols symbols() {
        return symbols;
    }

    /** The stream kind (a WPP) this view reads: the mode's main WPP, or DATA for ALL's DOR view. */
    public StreamKind view() {
        return view;
    }

    /**
     * The thread's pieces: its thread chunks, one per chunk in which it recorded events, each
     * decoded when it is read ({@link #piece}; hold one rather than asking the list again).
     */
    public List<ThreadChunk> pieces() {
        return new AbstractList<>() {
            @Override
            public ThreadChunk get(int p) {
                return piece(p).chunk();
            }

            @Override
            public int size() {
                return pieceCount;
            }
        };
    }

    /** Events of the thread (in this view) in its pieces before {@code piece}. */
    public long eventsBeforePiece(int piece) {
        return eventsBefore[piece];
    }

    /** The WPP this view reads in piece {@code piece}: the control WPP, or the data WPP for DOR and the DOR view of ALL. */
    public Grammar wpp(int piece) {
        return piece(piece).chunk().grammar(view);
    }

    /** The symbol table of the WPP this view reads, in piece {@code piece}. */
    public Alphabet viewSymbols(int piece) {
        return piece(piece).symbols().of(view);
    }

    public int chunkOf(int piece) {
        Objects.checkIndex(piece, pieceCount);
        return chunkOf[piece];
    }

    /** Events of the thread (in this view) in piece {@code piece}. */
    public long eventsOfPiece(int piece) {
        return eventsBefore[piece + 1] - eventsBefore[piece];
    }

    public long eventCount() {
        return eventsBefore[pieceCount];
    }

    /** Sync operations of the thread in piece {@code piece}. */
    public long syncCountOf(int piece) {
        return syncBefore[piece + 1] - syncBefore[piece];
    }

    /**
     * The kind &lt;&lt; 32 | site values of piece {@code piece}'s sync operations, in the thread's
     * order, read from the packed sync order: the pieces hold no sync arrays ({@link
     * ThreadChunk#sync()} is empty), so a check of the WPPs against S_synch reads them here.
     */
    public PrimitiveIterator.OfLong syncValues(int piece) {
        long n = syncCountOf(piece);
        SyncOperations ops = new SyncOperations(syncBefore[piece]);
        return new PrimitiveIterator.OfLong() {
            private long left = n;

            @Override
            public boolean hasNext() {
                return left > 0;
            }

            @Override
            public long nextLong() {
                if (left <= 0) throw new NoSuchElementException();
                left--;
                return ops.next().value;
            }
        };
    }

    public long syncCount() {
        return syncBefore[pieceCount];
    }

    /** Events of the thread recorded in chunks before {@code chunk}. */
    public long eventsBeforeChunk(int chunk) {
        int p = 0;
        while (p < pieceCount && chunkOf[p] < chunk) p++;
        return eventsBefore[p];
    }

    /** Every event of the thread, in order. */
    public Iterator<Event> events() {
        return new Concatenation(0, pieceCount - 1, 0, -1);
    }

    /**
     * The thread's events at positions {@code from} through {@code to} (both included, clipped to
     * the thread's length), expanding only those.
     */
    public Iterator<Event> events(long from, long to) {
        long last = Math.min(to, eventCount() - 1);
        if (from < 0 || from > last) return Collections.emptyIterator();
        int pf = pieceOfEvent(from);
        int pl = pieceOfEvent(last);
        return new Concatenation(pf, pl, from - eventsBefore[pf], last - eventsBefore[pl]);
    }

    /** The piece holding the thread's event at {@code position}. */
    public int pieceOfEvent(long position) {
        int lo = 0;
        int hi = pieceCount - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (eventsBefore[mid] <= position) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    /** The ticket (place in the sync order) of the thread's m-th sync operation. */
    public long ticket(long m) {
        pieceOfSync(m); // checks the range
        return order.ticketOf(info.index(), m);
    }

    /** Position of the m-th sync operation among the thread's events. */
    public long syncPosition(long m) {
        int p = pieceOfSync(m);
        return eventsBefore[p] + counts(p).position(m - syncBefore[p]);
    }

    /**
     * The events from the thread's m-th through its n-th sync operation (both included), found
     * with Algorithm 1 and the lowest common rule of the two paths: only the part of the grammar
     * that lies between them is expanded.
     */
    public Iterator<Event> segment(long m, long n) {
        if (m < 0 || n >= syncCount() || m > n) {
            throw new IndexOutOfBoundsException("segment " + m + ".." + n + " outside the thread's " + syncCount()
                    + " sync operations (0.." + (syncCount() - 1) + ")");
        }
        int pm = pieceOfSync(m);
        int pn = pieceOfSync(n);
        long lm = m - syncBefore[pm];
        long ln = n - syncBefore[pn];
        if (pm == pn) {
            Piece piece = piece(pm);
            EdgeCounts.Span span = counts(piece).span(lm, ln);
            return cursor(pm, piece, grammar(piece).ruleExpander(span.rule(), span.fromInRule()), span.from(), lm,
                    span.to() - span.from() + 1);
        }
        long from = counts(pm).position(lm);
        long to = counts(pn).position(ln);
        return new Concatenation(pm, pn, from, to);
    }

    /** Where the segment from sync operation m to n lies: the LCA rule and positions (for reports). */
    public EdgeCounts.Span span(long m, long n) {
        int pm = pieceOfSync(m);
        if (pieceOfSync(n) != pm) return null;
        return counts(pm).span(m - syncBefore[pm], n - syncBefore[pm]);
    }

    private int pieceOfSync(long m) {
        if (m < 0 || m >= syncCount()) {
            throw new IndexOutOfBoundsException("sync operation " + m + " outside the thread's " + syncCount());
        }
        int lo = 0;
        int hi = pieceCount - 1;
        while (lo < hi) { // last piece with syncBefore <= m that holds sync ops
            int mid = (lo + hi + 1) >>> 1;
            if (syncBefore[mid] <= m) lo = mid;
            else hi = mid - 1;
        }
        while (syncBefore[lo + 1] <= m) lo++;
        return lo;
    }

    EdgeCounts counts(int piece) {
        return counts(piece(piece));
    }

    private EdgeCounts counts(Piece p) {
        return p.chunk().syncCounts(view);
    }

    private Grammar grammar(Piece p) {
        return p.chunk().grammar(view);
    }

    private Iterator<Event> cursor(int p, Piece piece, GrammarExpander expander, long start, long syncIndex, long limit) {
        EventCursor c = new EventCursor(piece, piece.symbols().of(view), piece.symbols().runs, control,
                expander, start, new SyncOperations(syncBefore[p] + syncIndex));
        return limit < 0 ? c : new Limited(c, limit);
    }

    /** Pieces first..last, from position {@code from} of the first to {@code to} of the last (-1: its end). */
    private final class Concatenation implements Iterator<Event> {
        private final int last;
        private final long to;
        private int piece;
        private Iterator<Event> current;

        Concatenation(int first, int last, long from, long to) {
            this.last = last;
            this.to = to;
            this.piece = first;
            if (first <= last) open(from);
        }

        private void open(long from) {
            Piece p = piece(piece); // held by the cursor until it is done: one decode per piece per pass
            Grammar g = grammar(p);
            long syncIndex = from == 0 ? 0 : counts(p).countBefore(from);
            long limit = piece == last && to >= 0 ? to - from + 1 : -1;
            current = cursor(piece, p, g.expander(from), from, syncIndex, limit);
        }

        @Override
        public boolean hasNext() {
            while (current != null && !current.hasNext()) {
                if (piece >= last) {
                    current = null;
                    break;
                }
                piece++;
                open(0);
            }
            return current != null;
        }

        @Override
        public Event next() {
            if (!hasNext()) throw new NoSuchElementException();
            return current.next();
        }
    }

    /** The thread's sync operations from one on, read from the sync order when a cursor reaches them. */
    final class SyncOperations {
        private final long first;
        private ThreadSyncOps.Reader reader;

        SyncOperations(long first) {
            this.first = first;
        }

        /** Moves to the next operation and returns the reader holding it. */
        ThreadSyncOps.Reader next() {
            if (reader == null) reader = order.threadReader(info.index(), first);
            reader.next();
            return reader;
        }
    }

    private static final class Limited implements Iterator<Event> {
        private final Iterator<Event> in;
        private long left;

        Limited(Iterator<Event> in, long left) {
            this.in = in;
            this.left = left;
        }

        @Override
        public boolean hasNext() {
            return left > 0 && in.hasNext();
        }

        @Override
        public Event next() {
            if (!hasNext()) throw new NoSuchElementException();
            left--;
            return in.next();
        }
    }
}
