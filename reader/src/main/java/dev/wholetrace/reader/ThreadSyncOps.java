package dev.wholetrace.reader;

import dev.wholetrace.format.io.FormatException;
import java.util.Arrays;

/**
 * One thread's sync operations, packed: per operation the ticket's distance from the thread's
 * previous ticket, the kind and site ({@code SymbolTag.syncValue}), the object and the aux as
 * differences from the previous operation's, all as varints (about 5 bytes an operation where a
 * thread loops over the same few locks). Every {@link #BLOCK}-th operation is indexed (its byte
 * offset and the state before it), so operation m is found by decoding at most {@link #BLOCK}
 * operations, and a {@link Reader} walks them in order.
 *
 * <p>Why not four longs per operation (what the file's decoder hands over): 32 bytes an operation
 * made a trace of 10 M sync operations need more heap than its whole analysis.
 */
final class ThreadSyncOps {
    /** Operations per index entry. */
    static final int BLOCK = 64;

    private final PackedBytes bytes;
    private long count;
    private long lastTicket = -1;
    private long lastObject;
    private long lastAux;
    // per block: where it starts and the state before its first operation
    private int[] blockOffset = new int[4];
    private long[] blockTicket = new long[4];
    private long[] blockObject = new long[4];
    private long[] blockAux = new long[4];

    ThreadSyncOps() {
        this(PageSpill.NONE);
    }

    ThreadSyncOps(PageSpill spill) {
        this.bytes = new PackedBytes(spill);
    }

    /** Appends the thread's next operation; tickets must increase. */
    void append(long ticket, long value, long object, long aux, int thread) throws FormatException {
        if (ticket <= lastTicket) {
            throw new FormatException("corrupted trace: thread " + thread + " has ticket " + ticket + " after " + lastTicket);
        }
        if (count % BLOCK == 0) {
            int b = (int) (count / BLOCK);
            if (b == blockOffset.length) {
                int n = b + (b >> 1) + 1;
                blockOffset = Arrays.copyOf(blockOffset, n);
                blockTicket = Arrays.copyOf(blockTicket, n);
                blockObject = Arrays.copyOf(blockObject, n);
                blockAux = Arrays.copyOf(blockAux, n);
            }
            blockOffset[b] = bytes.size();
            blockTicket[b] = lastTicket;
            blockObject[b] = lastObject;
            blockAux[b] = lastAux;
        }
        bytes.writeVarLong(ticket - Math.max(lastTicket, 0));
        bytes.writeVarLong(value >>> 32); // the kind
        bytes.writeSignedVarLong((int) value); // the site
        bytes.writeSignedVarLong(object - lastObject);
        bytes.writeSignedVarLong(aux - lastAux);
        lastTicket = ticket;
        lastObject = object;
        lastAux = aux;
        count++;
    }

    long count() {
        return count;
    }

    /** Bytes held (for the memory accounting in docs/reading-memory.md). */
    long residentBytes() {
        return bytes.capacity() + 28L * blockOffset.length;
    }

    /** Releases the slack of the growable arrays (after the last append). */
    void trim() {
        bytes.trim();
        int n = (int) ((count + BLOCK - 1) / BLOCK);
        blockOffset = Arrays.copyOf(blockOffset, n);
        blockTicket = Arrays.copyOf(blockTicket, n);
        blockObject = Arrays.copyOf(blockObject, n);
        blockAux = Arrays.copyOf(blockAux, n);
    }

    /** The first operation whose ticket is at least {@code ticket} ({@link #count()} if none is). */
    long lowerBound(long ticket) {
        int blocks = (int) ((count + BLOCK - 1) / BLOCK);
        if (blocks == 0 || firstTicketOf(0) >= ticket) return 0;
        int lo = 0, hi = blocks - 1; // the last block whose first ticket is below ticket
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (firstTicketOf(mid) < ticket) lo = mid;
            else hi = mid - 1;
        }
        Reader r = reader((long) lo * BLOCK);
        while (r.hasNext()) {
            long m = r.position();
            r.next();
            if (r.ticket >= ticket) return m;
        }
        return count;
    }

    private long firstTicketOf(int block) {
        return Math.max(blockTicket[block], 0) + bytes.peekVarLong(blockOffset[block]);
    }

    /** A reader whose {@link Reader#next} returns operation m first. */
    Reader reader(long m) {
        if (m < 0 || m > count) throw new IndexOutOfBoundsException("sync operation " + m + " of a thread with " + count);
        Reader r = new Reader();
        r.seek(m);
        return r;
    }

    /** Walks the operations in order; the fields describe the last one {@link #next} read. */
    final class Reader {
        private final PackedBytes.Reader in = bytes.reader(0);
        private long next; // number of the operation next() reads
        long ticket;
        long value;
        long object;
        long aux;

        void seek(long m) {
            int b = (int) (m / BLOCK);
            if (m == count && m % BLOCK == 0) { // at the end, on a block boundary: nothing to decode
                in.seek(bytes.size());
                next = m;
                ticket = lastTicket;
                object = lastObject;
                aux = lastAux;
                return;
            }
            in.seek(blockOffset[b]);
            next = (long) b * BLOCK;
            ticket = Math.max(blockTicket[b], 0);
            object = blockObject[b];
            aux = blockAux[b];
            while (next < m) next();
        }

        boolean hasNext() {
            return next < count;
        }

        /** The number of the operation the next call to {@link #next} reads. */
        long position() {
            return next;
        }

        void next() {
            if (next >= count) throw new IllegalStateException("past the thread's " + count + " sync operations");
            ticket += in.varLong();
            long kind = in.varLong();
            long site = in.signedVarLong();
            value = kind << 32 | site & 0xFFFF_FFFFL;
            object += in.signedVarLong();
            aux += in.signedVarLong();
            next++;
        }
    }
}
