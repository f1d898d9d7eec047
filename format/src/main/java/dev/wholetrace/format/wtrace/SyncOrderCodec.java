package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.model.util.LongMinHeap;
import java.util.Arrays;
import java.util.List;

/**
 * The SYNC_ORDER section's payload: a chunk's part of S_synch (docs/trace-format.md, "SYNC_ORDER").
 *
 * <p>From version 4 the operations are stored by column, each coded against a prediction, so
 * that the usual operation costs two bytes before the codec (version 3 spent about 20, and on a
 * Guava driver with three threads taking striped locks kept about 8 after xz):
 * <ul>
 * <li>the order: per operation, in S_synch order, its thread, and whether its ticket follows the
 *     previous one's (else the ticket delta follows);
 * <li>then each thread's own operations, in that thread's order: one header byte saying whether
 *     the kind and site are the ones that followed the previous operation's kind and site the
 *     last time (a thread's code takes the same locks at the same sites again and again, where
 *     the global interleaving does not), which of the thread's recently used objects the
 *     operation's object is (move to front: an unlock after its lock, a volatile read after the
 *     write of the same field, a stripe taken again), and whether an aux value follows; what
 *     the header does not predict follows it.
 * </ul>
 *
 * <p>Versions 1–3 stored one row per operation in ticket order; they are still read.
 */
final class SyncOrderCodec {
    /** Objects each thread remembers, most recent first: header codes 1..RECENT are hits. */
    static final int RECENT = 31;
    /** Header bits: the object code (0 a miss, a delta follows; else 1 + index among the recent ones), */
    private static final int OBJECT_MASK = 0x1F;
    /** the kind and site differ from the prediction (they follow), */
    private static final int KIND_SITE_FOLLOWS = 0x20;
    /** an aux value other than 0 follows. Seven bits in all: one varint byte. */
    private static final int AUX_FOLLOWS = 0x40;
    /** The first version with the columns above. */
    static final int COLUMNS_SINCE = 4;

    private SyncOrderCodec() {}

    /** The payload of a chunk with the given thread chunks, in the current format version. */
    static byte[] encode(List<ThreadChunk> threadChunks) {
        int n = 0;
        int columns = 0;
        for (ThreadChunk p : threadChunks) {
            n += p.syncCount();
            if (p.syncCount() > 0) columns = Math.max(columns, p.thread() + 1);
        }
        VarIntWriter order = new VarIntWriter(n + 16);
        writeOrder(threadChunks, order);
        VarIntWriter[] perThread = new VarIntWriter[columns];
        int bytes = order.size() + 64;
        for (ThreadChunk p : threadChunks) {
            if (p.syncCount() == 0) continue;
            // The order column interleaves a thread's operations by ticket: one column per thread.
            if (perThread[p.thread()] != null) throw new IllegalArgumentException("two thread chunks of thread " + p.thread() + " in one chunk");
            perThread[p.thread()] = p.sync().column();
            bytes += p.sync().column().size() + 5;
        }
        VarIntWriter none = new VarIntWriter(16);
        VarIntWriter w = new VarIntWriter(bytes);
        w.writeVarLong(n);
        w.writeBlock(order);
        w.writeVarLong(columns);
        for (VarIntWriter column : perThread) w.writeBlock(column == null ? none : column);
        return w.toByteArray();
    }

    /**
     * Merges the threads' operations (each in ticket order already) into the order column: per
     * operation varint thread &lt;&lt; 1 | (ticket delta ≠ 1), and the delta when it is not 1.
     * The merge ran per operation on the writer thread, a heap's pop and push each (70 % of the
     * writer's samples on a Guava driver that synchronizes every other block, overhead-profile.md,
     * session 37). Tickets come from one counter, so a chunk's are nearly all those of a range:
     * then each thread's tickets are put in a table by ticket and the table is read in order,
     * with no comparison per operation; a chunk whose tickets are spread wider than
     * {@link #DENSE_RANGE} per operation (a thread that kept its operations out of the chunks
     * between) is merged through the heap.
     */
    private static void writeOrder(List<ThreadChunk> threadChunks, VarIntWriter order) {
        int n = 0;
        long first = Long.MAX_VALUE;
        long last = -1;
        for (ThreadChunk p : threadChunks) {
            if (p.syncCount() == 0) continue;
            n += p.syncCount();
            last = Math.max(last, p.sync().lastTicket());
        }
        if (n == 0) return;
        long[] threadFlag = new long[threadChunks.size()]; // the order column's thread << 1, by position in the list
        VarIntReader[] tickets = new VarIntReader[threadChunks.size()];
        long[] ticket = new long[threadChunks.size()];
        try {
            for (int pi = 0; pi < threadChunks.size(); pi++) {
                ThreadChunk p = threadChunks.get(pi);
                if (p.syncCount() == 0) continue;
                threadFlag[pi] = (long) p.thread() << 1;
                tickets[pi] = p.sync().tickets();
                ticket[pi] = tickets[pi].readVarLong("ticket");
                first = Math.min(first, ticket[pi]);
            }
            if (last - first < (long) DENSE_RANGE * n) {
                mergeByTable(threadChunks, tickets, ticket, threadFlag, first, last, n, order);
            } else {
                mergeByHeap(threadChunks, tickets, ticket, threadFlag, order);
            }
        } catch (FormatException e) {
            throw new IllegalStateException("the tickets this process wrote do not read back", e);
        }
    }

    /** A chunk's tickets span at most this many per operation for {@link #mergeByTable}. */
    private static final int DENSE_RANGE = 4;
    /** Tickets {@link #mergeByTable} places at a time: its table's length (256 KB, whatever the chunk's size). */
    private static final int WINDOW = 1 << 16;

    /**
     * {@link #writeOrder} through a table by ticket, window by window of {@link #WINDOW} tickets
     * from {@code first} to {@code last}: each thread's tickets of the window are put at their
     * places (1 + the thread's position in the list, 0 for a ticket of no operation here), then
     * the window is read in order.
     */
    private static void mergeByTable(List<ThreadChunk> threadChunks, VarIntReader[] tickets, long[] ticket, long[] threadFlag, long first, long last,
                                     int n, VarIntWriter order) throws FormatException {
        int[] owner = new int[(int) Math.min(WINDOW, last - first + 1)];
        int[] left = new int[threadChunks.size()]; // operations not yet placed, the one at ticket[pi] included
        for (int pi = 0; pi < left.length; pi++) if (tickets[pi] != null) left[pi] = threadChunks.get(pi).syncCount();
        long lastTicket = 0;
        int written = 0;
        for (long start = first; start <= last; start += owner.length) {
            long end = start + owner.length;
            for (int pi = 0; pi < left.length; pi++) {
                int l = left[pi];
                if (l == 0) continue;
                VarIntReader in = tickets[pi];
                long t = ticket[pi];
                while (t < end) {
                    owner[(int) (t - start)] = pi + 1;
                    if (--l == 0) break;
                    t += in.readVarLong("ticket increase");
                }
                ticket[pi] = t;
                left[pi] = l;
            }
            int used = (int) Math.min(owner.length, last - start + 1);
            for (int i = 0; i < used; i++) {
                int o = owner[i];
                if (o == 0) continue;
                owner[i] = 0;
                writeStep(order, threadFlag[o - 1], start + i - lastTicket);
                lastTicket = start + i;
                written++;
            }
        }
        if (written != n) throw new IllegalStateException("two operations of one chunk have the same ticket");
    }

    /** One operation of the order column: its thread (as thread &lt;&lt; 1), whether the ticket delta is not 1, and then the delta. */
    private static void writeStep(VarIntWriter order, long threadFlag, long delta) {
        order.writeVarLong(threadFlag | (delta == 1 ? 0 : 1));
        if (delta != 1) order.writeVarLong(delta);
    }

    /**
     * {@link #writeOrder} through a heap of the threads by next ticket. The thread that took the
     * last operation stays out of the heap while its next ticket is below every other thread's
     * (tickets are unique), and otherwise changes places with the heap's smallest in one pass.
     */
    private static void mergeByHeap(List<ThreadChunk> threadChunks, VarIntReader[] tickets, long[] ticket, long[] threadFlag, VarIntWriter order)
            throws FormatException {
        int[] left = new int[threadChunks.size()];
        LongMinHeap heap = new LongMinHeap();
        for (int pi = 0; pi < threadChunks.size(); pi++) {
            if (tickets[pi] == null) continue;
            left[pi] = threadChunks.get(pi).syncCount() - 1;
            heap.push(pi, ticket[pi]);
        }
        long lastTicket = 0;
        int pi = heap.pop();
        while (true) {
            writeStep(order, threadFlag[pi], ticket[pi] - lastTicket);
            lastTicket = ticket[pi];
            if (left[pi]-- > 0) {
                ticket[pi] += tickets[pi].readVarLong("ticket increase");
                if (!heap.isEmpty() && heap.minKey() < ticket[pi]) pi = heap.replaceTop(pi, ticket[pi]);
            } else if (!heap.isEmpty()) {
                pi = heap.pop();
            } else {
                return;
            }
        }
    }

    /**
     * Appends one operation to a thread's column: a header byte, then what it did not predict
     * ({@code recent} and {@code next} are the thread's prediction state in this chunk).
     */
    static void writeOperation(VarIntWriter out, RecentObjects recent, NextKindSite next, long value, long object, long aux) {
        int kind = SymbolTag.syncKindOrdinal(value);
        int site = SymbolTag.syncSite(value);
        long kindSite = (long) kind << 32 | site & 0xFFFF_FFFFL; // as the reader rebuilds it
        int hit = recent.indexOf(object);
        boolean kindSiteFollows = next.predict() != kindSite;
        out.writeVarLong((hit + 1) | (kindSiteFollows ? KIND_SITE_FOLLOWS : 0) | (aux != 0 ? AUX_FOLLOWS : 0));
        if (hit < 0) out.writeSignedVarLong(object - recent.latest());
        if (kindSiteFollows) {
            out.writeVarLong(kind);
            out.writeSignedVarLong(site);
        }
        if (aux != 0) out.writeSignedVarLong(aux);
        recent.use(object, hit);
        next.saw(kindSite);
    }

    /**
     * Streams a SYNC_ORDER payload of format {@code version} into {@code sink}, one operation at a
     * time in S_synch order; returns each thread's operation count and ops hash.
     */
    static ChunkCodec.SyncTotals decode(int version, VarIntReader in, int threadCount, TraceSections.SyncSink sink) throws FormatException {
        return version >= COLUMNS_SINCE ? decodeColumns(in, threadCount, sink) : decodeRows(in, threadCount, sink);
    }

    private static ChunkCodec.SyncTotals decodeColumns(VarIntReader in, int threadCount, TraceSections.SyncSink sink) throws FormatException {
        int n = in.readCount("operation count", in.remaining() / 2); // an operation takes at least 2 bytes
        VarIntReader order = in.readBlock("thread order");
        int columns = in.readCount("thread column count", threadCount);
        VarIntReader[] perThread = new VarIntReader[columns];
        RecentObjects[] recent = new RecentObjects[columns];
        NextKindSite[] next = new NextKindSite[columns];
        // A thread's prediction state is made at its first operation: a chunk of a trace with
        // thousands of threads, one of which synchronizes, holds one thread's state, not thousands.
        for (int t = 0; t < columns; t++) perThread[t] = in.readBlock("sync operations of thread " + t);
        in.expectEnd();
        long[] counts = new long[threadCount];
        long[] hashes = new long[threadCount];
        long ticket = 0;
        for (int i = 0; i < n; i++) {
            long threadAndFlag = order.readVarLong("thread");
            if (threadAndFlag < 0 || threadAndFlag >>> 1 >= columns) throw order.corrupt("thread " + (threadAndFlag >>> 1) + " out of range [0, " + (columns - 1) + "]");
            int t = (int) (threadAndFlag >>> 1);
            long delta = (threadAndFlag & 1) == 0 ? 1 : order.readVarLong("ticket delta");
            ticket = nextTicket(ticket, delta, i, order);
            VarIntReader ops = perThread[t];
            if (recent[t] == null) {
                recent[t] = new RecentObjects();
                next[t] = new NextKindSite();
            }
            int header = ops.readCount("operation header", OBJECT_MASK | KIND_SITE_FOLLOWS | AUX_FOLLOWS);
            int code = header & OBJECT_MASK;
            long object;
            if (code == 0) {
                object = recent[t].latest() + ops.readSignedVarLong("object delta");
            } else if (code > recent[t].size()) {
                throw ops.corrupt("object " + code + " of " + recent[t].size() + " recent ones");
            } else {
                object = recent[t].get(code - 1);
            }
            long value = next[t].predict();
            if ((header & KIND_SITE_FOLLOWS) != 0) {
                int kind = ops.readCount("kind", Integer.MAX_VALUE);
                if (SyncKind.byOrdinal(kind) == null) throw ops.corrupt("unknown sync kind " + kind);
                int site = (int) ops.readSignedVarLong("site");
                value = (long) kind << 32 | site & 0xFFFF_FFFFL;
            } else if (value < 0) {
                throw ops.corrupt("operation " + counts[t] + " of thread " + t + " has no kind and site to repeat");
            }
            long aux = (header & AUX_FOLLOWS) != 0 ? ops.readSignedVarLong("aux") : 0;
            recent[t].use(object, code - 1);
            next[t].saw(value);
            emit(counts, hashes, sink, t, ticket, value, object, aux);
        }
        order.expectEnd();
        for (VarIntReader ops : perThread) ops.expectEnd();
        return new ChunkCodec.SyncTotals(counts, hashes);
    }

    /** Versions 1–3: n rows in ticket order (ticket delta, thread, kind, site, object delta from the previous row, aux). */
    private static ChunkCodec.SyncTotals decodeRows(VarIntReader in, int threadCount, TraceSections.SyncSink sink) throws FormatException {
        int n = in.readCount("operation count", in.remaining() / 6); // an operation takes at least 6 bytes
        long[] counts = new long[threadCount];
        long[] hashes = new long[threadCount];
        long ticket = 0;
        long object = 0;
        for (int i = 0; i < n; i++) {
            ticket = nextTicket(ticket, in.readVarLong("ticket"), i, in);
            int t = in.readCount("thread", threadCount - 1L);
            int kind = in.readCount("kind", Integer.MAX_VALUE);
            if (SyncKind.byOrdinal(kind) == null) throw in.corrupt("unknown sync kind " + kind);
            int site = (int) in.readSignedVarLong("site");
            object += in.readSignedVarLong("object");
            long value = (long) kind << 32 | site & 0xFFFF_FFFFL;
            long aux = in.readSignedVarLong("aux");
            emit(counts, hashes, sink, t, ticket, value, object, aux);
        }
        in.expectEnd();
        return new ChunkCodec.SyncTotals(counts, hashes);
    }

    /** The ticket after {@code ticket}: {@code delta} is at least 1, or 0 for the very first operation (tickets start at 0). */
    private static long nextTicket(long ticket, long delta, int i, VarIntReader in) throws FormatException {
        if (delta < 0 || i > 0 && delta == 0) throw in.corrupt("ticket delta " + delta + " after ticket " + ticket + " (tickets increase)");
        return ticket + delta;
    }

    /** Hands one decoded operation to the sink, counting it and hashing its kind and site for the thread chunk checks. */
    private static void emit(long[] counts, long[] hashes, TraceSections.SyncSink sink, int t, long ticket, long kindSite, long object, long aux)
            throws FormatException {
        counts[t]++;
        hashes[t] = ThreadChunkChecks.opsHashStep(hashes[t], kindSite);
        sink.add(t, ticket, kindSite, object, aux);
    }

    /**
     * A thread's most recently used sync objects, most recent first (move to front, at most
     * {@link #RECENT}). A program with a few more hot objects than that (a Guava driver: 23 map
     * keys, 8 lock stripes and a monitor) misses on most of its operations, and each miss scanned
     * all {@link #RECENT} entries (7 % of the compressors' samples, overhead-profile.md, session
     * 37). A counting filter of the objects present answers most misses without the scan: a slot
     * per hash of the object counts the present objects that hash there, so a slot at 0 proves a
     * miss; one above 0 may be another object's, and the scan decides. The indices, and so the
     * bytes, are those of the plain scan.
     */
    static final class RecentObjects {
        /** Filter slots: a power of two, 8 × {@link #RECENT}, so a miss finds its slot taken about one time in 8. */
        private static final int FILTER_SLOTS = 256;
        private final long[] objects = new long[RECENT];
        private final byte[] present = new byte[FILTER_SLOTS];
        private int size;

        int indexOf(long object) {
            if (present[slot(object)] == 0) return -1;
            for (int i = 0; i < size; i++) {
                if (objects[i] == object) return i;
            }
            return -1;
        }

        int size() {
            return size;
        }

        long get(int i) {
            return objects[i];
        }

        /** The most recent object, 0 before the first: what a miss's delta is taken from. */
        long latest() {
            return size == 0 ? 0 : objects[0];
        }

        /** Moves {@code object}, found at {@code index} or new ({@code -1}), to the front. */
        void use(long object, int index) {
            int from = index >= 0 ? index : Math.min(size, RECENT - 1);
            if (index < 0) {
                if (size == RECENT) present[slot(objects[RECENT - 1])]--; // the least recent one drops out
                present[slot(object)]++;
            }
            System.arraycopy(objects, 0, objects, 1, from);
            objects[0] = object;
            if (index < 0 && size < RECENT) size++;
        }

        /** The object's filter slot: its bits mixed (ids and addresses differ mostly in their low and middle bits). */
        private static int slot(long object) {
            long h = object * 0x9E37_79B9_7F4A_7C15L;
            return (int) (h >>> 56) & (FILTER_SLOTS - 1);
        }
    }

    /**
     * A thread's order-1 prediction of its next kind and site: the one that followed the previous
     * operation's kind and site the last time. Values are kind &lt;&lt; 32 | site, never negative;
     * -1 is "none".
     */
    static final class NextKindSite {
        private static final long NONE = -1;
        /** The kinds and sites seen, as dense ids (bounded by the program's code). */
        private final Alphabet seen = new Alphabet();
        /** By id: the kind and site that followed it last time, or NONE. */
        private long[] next = filled(16);
        /**
         * By id: the id of {@code next[id]} (meaningless where that is NONE). A loop's operations
         * follow their prediction, so the next id comes from here without a hash lookup in
         * {@link #seen} (profiled: that lookup was a fifth of the compressors' time on Guava).
         */
        private int[] nextId = new int[16];
        private int previous = -1;

        /** The kind and site that followed the previous one last time, or -1. */
        long predict() {
            return previous < 0 ? NONE : next[previous];
        }

        void saw(long kindSite) {
            int id;
            if (previous >= 0) {
                id = next[previous] == kindSite ? nextId[previous] : seen.idOf(kindSite);
                next[previous] = kindSite;
                nextId[previous] = id;
            } else {
                id = seen.idOf(kindSite);
            }
            previous = id;
            if (previous >= next.length) {
                int old = next.length;
                int grown = Math.max(2 * old, previous + 1);
                next = Arrays.copyOf(next, grown);
                nextId = Arrays.copyOf(nextId, grown);
                Arrays.fill(next, old, next.length, NONE);
            }
        }

        private static long[] filled(int n) {
            long[] a = new long[n];
            Arrays.fill(a, NONE);
            return a;
        }
    }
}
