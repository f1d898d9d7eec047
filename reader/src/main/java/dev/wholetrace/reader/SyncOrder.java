package dev.wholetrace.reader;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.util.LongMinHeap;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * S_synch: every sync operation of every thread in one total order, the order in which they took
 * their tickets inside the critical section (parallel-wpp-compression §2.1). Entry i is the
 * {@code op(i)}-th sync operation of thread {@code thread(i)}, which links it to that thread's WPP
 * through the sync counts. A barrier episode appears once per participant; {@link #firstOfEpisode}
 * marks the entry where the episode stands in the order (the first participant to leave it).
 *
 * <p>Resident form (docs/reading-memory.md): no object per operation. Each thread's operations are
 * packed by {@link ThreadSyncOps} (kind, site, object, aux, ticket as varint differences); the
 * order itself is one packed stream of (ticket difference, thread, barrier flags) with an index
 * every {@link #BLOCK} entries; a barrier episode's participants are one linked list in two int
 * arrays. About 8 bytes per operation in total where the old arrays and maps took ~90.
 *
 * <p>Sequential passes use a {@link Cursor} (O(1) per entry). The index accessors ({@code
 * thread(i)}, {@code kind(i)}, …) work on any entry: each decodes at most {@link #BLOCK} entries of
 * the order and {@link ThreadSyncOps#BLOCK} of the thread, and consecutive indices are served by an
 * internal cursor; they are synchronized, so the order may be read from several threads.
 */
public final class SyncOrder {
    /** Entries per index entry of the order. */
    static final int BLOCK = 128;

    private final ThreadSyncOps[] threads;
    private final PackedBytes order;
    private final int size;
    private final int[] blockOffset;
    private final long[] blockTicket; // the ticket before the block's first entry (0 for the first)
    private final int[] blockEpisodes; // episodes begun before the block
    // barrier episodes: participants as linked lists, in S_synch order
    private final int episodes;
    private final int[] episodeHead;
    private final int[] episodeSize;
    private final int[] participant;
    private final int[] nextParticipant;
    private Cursor cache; // serves the index accessors; guarded by this

    private SyncOrder(Builder b) throws FormatException {
        this.threads = b.threads;
        for (ThreadSyncOps t : threads) t.trim();
        Merge m = new Merge(b.threads, b.spill);
        m.run();
        this.order = m.out;
        order.trim();
        b.spill.close(); // everything is written: the mappings need no descriptor
        this.size = m.size;
        this.blockOffset = Arrays.copyOf(m.blockOffset, m.blocks);
        this.blockTicket = Arrays.copyOf(m.blockTicket, m.blocks);
        this.blockEpisodes = Arrays.copyOf(m.blockEpisodes, m.blocks);
        this.episodes = m.episodes;
        this.episodeHead = Arrays.copyOf(m.episodeHead, m.episodes);
        this.episodeSize = Arrays.copyOf(m.episodeSize, m.episodes);
        this.participant = Arrays.copyOf(m.participant, m.participants);
        this.nextParticipant = Arrays.copyOf(m.nextParticipant, m.participants);
    }

    /**
     * Collects each thread's sync operations in its own order (tickets increasing), then merges
     * them into S_synch. What the reader does chunk by chunk; tests build orders with it too.
     */
    public static final class Builder {
        private ThreadSyncOps[] threads;
        private final PageSpill spill;

        /** An order kept on the heap. */
        public Builder(int threads) {
            this(threads, PageSpill.NONE);
        }

        /** An order whose packed pages beyond {@code spill}'s heap share are moved to a mapped temporary file. */
        Builder(int threads, PageSpill spill) {
            this.spill = spill;
            this.threads = new ThreadSyncOps[threads];
            for (int t = 0; t < threads; t++) this.threads[t] = new ThreadSyncOps(spill);
        }

        /** Makes room for threads up to {@code threads} - 1 (a later chunk declared more). */
        public Builder threads(int threads) {
            int n = this.threads.length;
            if (threads <= n) return this;
            this.threads = Arrays.copyOf(this.threads, threads);
            for (int t = n; t < threads; t++) this.threads[t] = new ThreadSyncOps(spill);
            return this;
        }

        /** Thread t's next operation: {@code value} is {@link SymbolTag#syncValue}(kind, site). */
        public Builder add(int t, long ticket, long value, long object, long aux) throws FormatException {
            threads[t].append(ticket, value, object, aux, t);
            return this;
        }

        ThreadSyncOps thread(int t) {
            return threads[t];
        }

        public SyncOrder build() throws FormatException {
            return new SyncOrder(this);
        }
    }

    public int size() {
        return size;
    }

    /** Number of threads the order was built for. */
    public int threadCount() {
        return threads.length;
    }

    /** Sync operations of thread t. */
    public long count(int t) {
        return threads[t].count();
    }

    /** Thread t's operations, read in order from operation m on (for the event cursors). */
    ThreadSyncOps.Reader threadReader(int t, long m) {
        return threads[t].reader(m);
    }

    /** The ticket of thread t's m-th sync operation. */
    public long ticketOf(int t, long m) {
        ThreadSyncOps.Reader r = threads[t].reader(m);
        r.next();
        return r.ticket;
    }

    public synchronized long ticket(int i) {
        return at(i).ticket;
    }

    public synchronized int thread(int i) {
        return at(i).thread;
    }

    /** Index of this operation among its thread's sync operations. */
    public synchronized long op(int i) {
        return at(i).op;
    }

    public synchronized SyncKind kind(int i) {
        return at(i).kind();
    }

    public synchronized int site(int i) {
        return at(i).site();
    }

    public synchronized long object(int i) {
        return at(i).object;
    }

    public synchronized long aux(int i) {
        return at(i).aux;
    }

    /** Whether entry i is a barrier whose episode has no earlier entry in the order. */
    public synchronized boolean firstOfEpisode(int i) {
        return at(i).first;
    }

    /** The barrier episode of entry i (numbered from 0 in the order of their first entries), or -1 if it is no barrier. */
    public synchronized int episode(int i) {
        return at(i).episode;
    }

    /** The threads that pass barrier episode e, in S_synch order (a view: nothing is copied). */
    public List<Integer> participants(int e) {
        int n = episodeSize[e];
        int head = episodeHead[e];
        return new AbstractList<>() {
            private int at = head; // walking cache: participants are read in order
            private int atIndex;

            @Override
            public Integer get(int k) {
                if (k < 0 || k >= n) throw new IndexOutOfBoundsException(k);
                if (k < atIndex) {
                    at = head;
                    atIndex = 0;
                }
                while (atIndex < k) {
                    at = nextParticipant[at];
                    atIndex++;
                }
                return participant[at];
            }

            @Override
            public int size() {
                return n;
            }
        };
    }

    /** How many threads pass barrier episode e. */
    public int episodeSize(int e) {
        return episodeSize[e];
    }

    /** Barrier episodes: each is kept once per participant, the first of them marked. */
    public long barrierEpisodes() {
        return episodes;
    }

    /** The entry with this ticket, or -1. */
    public synchronized int indexOfTicket(long t) {
        if (size == 0) return -1;
        int lo = 0, hi = blockOffset.length - 1; // the last block whose tickets start below t
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (blockTicket[mid] < t) lo = mid;
            else hi = mid - 1;
        }
        Cursor c = new Cursor(lo * BLOCK);
        while (c.index + 1 < size && c.index + 1 < (lo + 1) * BLOCK) {
            c.step(false); // tickets only: no thread is followed
            if (c.ticket == t) return c.index;
            if (c.ticket > t) return -1;
        }
        return -1;
    }

    /** Bytes the order holds (its packed streams and indexes, the threads' packed operations). */
    public long residentBytes() {
        long n = order.capacity() + 16L * blockOffset.length + 8L * episodes + 8L * participant.length;
        for (ThreadSyncOps t : threads) n += t.residentBytes();
        return n;
    }

    /** A cursor before entry 0: {@link Cursor#next} reads the entries in order. */
    public Cursor cursor() {
        return new Cursor(0);
    }

    private Cursor at(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException("entry " + i + " of an order of " + size);
        Cursor c = cache;
        if (c != null && c.index == i) return c;
        if (c == null || c.index > i || i - c.index > BLOCK) c = cache = new Cursor(i);
        while (c.index < i) c.next();
        return c;
    }

    /**
     * Reads the order entry by entry; the fields describe the entry read last ({@link #index()}).
     * A thread's operations are followed with a reader of its own, positioned the first time the
     * thread appears, so a cursor costs O(1) per entry and O(threads seen) memory.
     */
    public final class Cursor {
        private int index = -1;
        private final long startTicket;
        private final PackedBytes.Reader in = order.reader(0);
        private int episodesBefore;
        private ThreadSyncOps.Reader[] readers; // per thread, made when the cursor first reads an operation
        private long ticket;
        private int thread;
        private long op;
        private long value;
        private long object;
        private long aux;
        private boolean first;
        private int episode = -1;

        private Cursor(int i) {
            int b = i / BLOCK;
            if (size == 0) {
                startTicket = Long.MIN_VALUE;
                return;
            }
            if (b == blockOffset.length) b--; // i == size on a block boundary
            in.seek(blockOffset[b]);
            ticket = blockTicket[b];
            episodesBefore = blockEpisodes[b];
            index = b * BLOCK - 1;
            while (index + 1 < i) step(false);
            startTicket = i == 0 ? Long.MIN_VALUE : ticket + 1;
        }

        /** Whether there is an entry after the current one. */
        public boolean hasNext() {
            return index + 1 < size;
        }

        /** Moves to the next entry. */
        public Cursor next() {
            if (!hasNext()) throw new IllegalStateException("past the end of the sync order (" + size + " entries)");
            step(true);
            return this;
        }

        private void step(boolean full) {
            ticket += in.varLong();
            long tf = in.varLong();
            thread = (int) (tf >>> 2);
            boolean barrier = (tf & 2) != 0;
            first = (tf & 1) != 0;
            if (!barrier) episode = -1;
            else if (first) episode = episodesBefore++;
            else episode = episodesBefore - 1 - (int) in.varLong();
            index++;
            if (!full) return;
            if (readers == null) readers = new ThreadSyncOps.Reader[threads.length];
            ThreadSyncOps.Reader r = readers[thread];
            if (r == null) {
                ThreadSyncOps ops = threads[thread];
                r = readers[thread] = ops.reader(ops.lowerBound(startTicket)); // its first entry at or after the start
            }
            op = r.position();
            r.next();
            value = r.value;
            object = r.object;
            aux = r.aux;
        }

        public int index() {
            return index;
        }

        public long ticket() {
            return ticket;
        }

        public int thread() {
            return thread;
        }

        /** Index of this operation among its thread's sync operations. */
        public long op() {
            return op;
        }

        public SyncKind kind() {
            return SyncKind.byOrdinal(SymbolTag.syncKindOrdinal(value));
        }

        public int site() {
            return SymbolTag.syncSite(value);
        }

        public long object() {
            return object;
        }

        public long aux() {
            return aux;
        }

        /** Whether this is a barrier whose episode has no earlier entry in the order. */
        public boolean firstOfEpisode() {
            return first;
        }

        /** This barrier's episode (see {@link SyncOrder#participants}), or -1 if it is no barrier. */
        public int episode() {
            return episode;
        }
    }

    /**
     * The k-way merge of the threads' packed operations into the packed order; assigns barrier
     * episodes. An episode is (object, aux); the last {@link #OPEN_EPISODES} episodes of each
     * barrier object are looked up, which is exact whenever a barrier's episodes do not interleave
     * in S_synch by more than that (a cyclic barrier's never do: nobody passes episode k+1 before
     * every participant passed, and recorded, episode k).
     *
     * <p>A participant arrived before anyone left, so its operations before its pass come before the
     * episode's first entry ({@code StdEvents} and the race detectors rely on it: they take an
     * episode's clocks at its first entry). A pass of a thread that did something at or after that
     * entry (or passed the episode already) cannot belong to it: it begins a new episode of the same
     * (object, aux), later passes of that aux joining the newest. Valid recordings give such passes:
     * agents before session 50 named a CyclicBarrier's episode by the thread's own count of passes
     * ({@code SyncBarrierEpisodes}), which is the generation only if every party takes part in every
     * generation, so a {@code CyclicBarrier(1)}, or two groups of threads that await one barrier in
     * turn, name two generations alike; today's agent records the barrier's real generation and falls
     * back to that count only for an await its JDK hook did not see. (A damaged order that says the
     * same, CliFuzzTest seed 197976, is then read so too, which keeps the invariant above.)
     */
    private static final class Merge {
        static final int OPEN_EPISODES = 8;
        final ThreadSyncOps[] threads;
        final PackedBytes out;
        int size;
        int blocks;
        int[] blockOffset = new int[16];
        long[] blockTicket = new long[16];
        int[] blockEpisodes = new int[16];
        int episodes;
        int[] episodeHead = new int[16];
        int[] episodeTail = new int[16];
        int[] episodeSize = new int[16];
        /** Per episode, the index of its first entry in the order. */
        int[] episodeFirst = new int[16];
        /** Per thread, the index of its last entry merged so far (-1 before its first). */
        int[] lastEntry;
        int participants;
        int[] participant = new int[16];
        int[] nextParticipant = new int[16];
        /** Per barrier object: a ring of its last episodes as (aux, episode) pairs. */
        final Map<Long, long[]> open = new HashMap<>();

        Merge(ThreadSyncOps[] threads, PageSpill spill) {
            this.threads = threads;
            this.out = new PackedBytes(spill);
        }

        void run() throws FormatException {
            long total = 0;
            for (ThreadSyncOps t : threads) total += t.count();
            if (total > Integer.MAX_VALUE - 8) throw new FormatException("the trace has more than 2^31 sync operations");
            ThreadSyncOps.Reader[] readers = new ThreadSyncOps.Reader[threads.length];
            lastEntry = new int[threads.length];
            Arrays.fill(lastEntry, -1);
            LongMinHeap heap = new LongMinHeap();
            for (int t = 0; t < threads.length; t++) {
                if (threads[t].count() == 0) continue;
                readers[t] = threads[t].reader(0);
                readers[t].next();
                heap.push(t, readers[t].ticket);
            }
            long last = 0;
            while (!heap.isEmpty()) {
                int t = heap.pop();
                ThreadSyncOps.Reader r = readers[t];
                if (size > 0 && r.ticket <= last) throw new FormatException("corrupted trace: ticket " + r.ticket + " used twice or out of order");
                if (size % BLOCK == 0) block(last);
                out.writeVarLong(r.ticket - last);
                last = r.ticket;
                if (SymbolTag.syncKindOrdinal(r.value) == SyncKind.BARRIER.ordinal()) barrier(t, r.object, r.aux);
                else out.writeVarLong((long) t << 2);
                lastEntry[t] = size;
                size++;
                if (r.hasNext()) {
                    r.next();
                    heap.push(t, r.ticket);
                }
            }
        }

        private void block(long ticketBefore) {
            if (blocks == blockOffset.length) {
                int n = blocks * 2;
                blockOffset = Arrays.copyOf(blockOffset, n);
                blockTicket = Arrays.copyOf(blockTicket, n);
                blockEpisodes = Arrays.copyOf(blockEpisodes, n);
            }
            blockOffset[blocks] = out.size();
            blockTicket[blocks] = ticketBefore;
            blockEpisodes[blocks] = episodes;
            blocks++;
        }

        private void barrier(int t, long object, long aux) {
            long[] ring = open.computeIfAbsent(object, k -> {
                long[] r = new long[2 * OPEN_EPISODES + 1]; // (aux, episode) pairs, then the next slot to reuse
                Arrays.fill(r, -1);
                r[2 * OPEN_EPISODES] = 0;
                return r;
            });
            int e = -1;
            for (int k = 0; k < 2 * OPEN_EPISODES; k += 2) {
                if (ring[k + 1] >= 0 && ring[k] == aux) e = Math.max(e, (int) ring[k + 1]); // the newest of that aux
            }
            if (e >= 0 && lastEntry[t] >= episodeFirst[e]) e = -1; // a later generation named alike: see the class comment
            if (e < 0) {
                e = newEpisode();
                int slot = (int) ring[2 * OPEN_EPISODES]; // the object's oldest episode makes room
                ring[2 * OPEN_EPISODES] = (slot + 2) % (2 * OPEN_EPISODES);
                ring[slot] = aux;
                ring[slot + 1] = e;
                out.writeVarLong((long) t << 2 | 3);
            } else {
                out.writeVarLong((long) t << 2 | 2);
                out.writeVarLong(episodes - 1 - e);
            }
            addParticipant(e, t);
        }

        private int newEpisode() {
            if (episodes == episodeHead.length) {
                int n = episodes * 2;
                episodeHead = Arrays.copyOf(episodeHead, n);
                episodeTail = Arrays.copyOf(episodeTail, n);
                episodeSize = Arrays.copyOf(episodeSize, n);
                episodeFirst = Arrays.copyOf(episodeFirst, n);
            }
            episodeHead[episodes] = -1;
            episodeFirst[episodes] = size;
            return episodes++;
        }

        private void addParticipant(int e, int t) {
            if (participants == participant.length) {
                int n = participants * 2;
                participant = Arrays.copyOf(participant, n);
                nextParticipant = Arrays.copyOf(nextParticipant, n);
            }
            participant[participants] = t;
            nextParticipant[participants] = -1;
            if (episodeHead[e] < 0) episodeHead[e] = participants;
            else nextParticipant[episodeTail[e]] = participants;
            episodeTail[e] = participants;
            episodeSize[e]++;
            participants++;
        }
    }
}
