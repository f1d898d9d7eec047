package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;

/**
 * One thread's sync operations in one chunk, encoded as they arrive: each operation goes at once
 * into the thread's column of the chunk's SYNC_ORDER (a header byte and what it did not predict,
 * {@link SyncOrderCodec}), and its ticket into a list of ticket increases from which the order
 * column is merged at the cut. A recorder's worker thus keeps two to four bytes per operation
 * instead of four longs, and the writer only merges the tickets and copies the columns.
 *
 * <p>Not thread-safe: one worker appends; once handed to a {@link ThreadChunk} it is only read.
 */
public final class ThreadSyncColumn {
    /** No operations. */
    public static final ThreadSyncColumn NONE = new ThreadSyncColumn(16);

    private final VarIntWriter tickets;
    private final VarIntWriter column;
    private SyncOrderCodec.RecentObjects recent; // made at the first operation: most threads of a chunk have none
    private SyncOrderCodec.NextKindSite next;
    private int count;
    private long lastTicket = -1;

    /** Empty; {@code capacityBytes} sizes the buffers at first (they grow). */
    public ThreadSyncColumn(int capacityBytes) {
        tickets = new VarIntWriter(capacityBytes);
        column = new VarIntWriter(capacityBytes);
    }

    /**
     * From four longs per operation (ticket, kind &lt;&lt; 32 | site as {@link SymbolTag} packs it, object,
     * aux), in the thread's order.
     */
    public static ThreadSyncColumn of(long[] sync) {
        ThreadSyncColumn ops = new ThreadSyncColumn(sync.length);
        for (int i = 0; i + ThreadChunk.SYNC_LONGS <= sync.length; i += ThreadChunk.SYNC_LONGS) ops.add(sync[i], sync[i + 1], sync[i + 2], sync[i + 3]);
        return ops;
    }

    /**
     * Appends an operation: its ticket (greater than the thread's previous one), its kind and
     * site as {@link SymbolTag} packs them, its object and aux.
     */
    public void add(long ticket, long value, long object, long aux) {
        if (this == NONE) throw new UnsupportedOperationException("NONE holds no operations");
        if (ticket <= lastTicket) throw new IllegalArgumentException("ticket " + ticket + " does not follow the thread's previous one, " + lastTicket);
        tickets.writeVarLong(count == 0 ? ticket : ticket - lastTicket);
        lastTicket = ticket;
        if (recent == null) {
            recent = new SyncOrderCodec.RecentObjects();
            next = new SyncOrderCodec.NextKindSite();
        }
        SyncOrderCodec.writeOperation(column, recent, next, value, object, aux);
        count++;
    }

    public int count() {
        return count;
    }

    /** Bytes held (a measure of the chunk's memory). */
    public int bytes() {
        return tickets.size() + column.size();
    }

    /** The thread's last ticket in this chunk (-1 without operations). */
    long lastTicket() {
        return lastTicket;
    }

    /** The tickets, in order: the first absolute, then each one's increase over the previous. */
    VarIntReader tickets() {
        return tickets.reader("tickets");
    }

    /** The thread's column of the SYNC_ORDER payload. */
    VarIntWriter column() {
        return column;
    }
}
