package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadSyncColumn;

/**
 * How events sit in a per-thread buffer of longs, between a program thread and its compressor.
 * The first long of an event carries a tag in its low byte:
 * <pre>
 *   block      [id &lt;&lt; 8 | BLOCK]
 *   load/store [instruction &lt;&lt; 8 | LOAD|STORE] [address]
 *   xload      [instruction &lt;&lt; 8 | XLOAD] [address] [writer] [source]   (mode EWPP: another thread wrote it last)
 *   sync       [site &lt;&lt; 16 | kind &lt;&lt; 8 | SYNC] [object] [ticket] [aux]
 *   run        [cycle &lt;&lt; 8 | RUN] [count]   (a counted loop's blocks: count of them, cycle's first onwards, LoopCycles)
 * </pre>
 * A run stands for {@code count} block events: every reader expands or counts it as such
 * ({@link #runCycle}, {@link #runCount}), so a buffer's events and the trace are those of one event per block.
 */
final class BufferLayout {
    static final int BLOCK = 1;
    static final int LOAD = 2;
    static final int STORE = 3;
    static final int SYNC = 4;
    /** Mode EWPP: a load whose last writer was another thread, [instruction &lt;&lt; 8 | XLOAD] [address] [writer] [source] (LastWriters.cross and .source). */
    static final int XLOAD = 5;
    /** A run of a counted loop's blocks, [cycle &lt;&lt; 8 | RUN] [count] ({@link LoopCycles}, {@link ThreadRecorder#loopRun}). */
    static final int RUN = 6;
    /** The most longs one event takes: a buffer with less room left is handed over first. */
    static final int MAX_EVENT_LONGS = 4;

    private BufferLayout() {}

    static int tag(long head) {
        return (int) head & 0xFF;
    }

    /** Whether the event starting with {@code head} is a block (one long): the readers' common case, tested first. */
    static boolean isBlock(long head) {
        return ((int) head & 0xFF) == BLOCK;
    }

    /** Longs the event starting with {@code head} takes: how far a reader skips it. */
    static int longs(long head) {
        return switch (tag(head)) {
            case BLOCK -> 1;
            case LOAD, STORE, RUN -> 2;
            case XLOAD, SYNC -> 4;
            default -> throw new IllegalStateException("corrupt event buffer: tag " + (head & 0xFF));
        };
    }

    /** The cycle of the run event starting with {@code head}: its blocks repeat from the first, {@link #runCount} of them in all. */
    static int[] runCycle(long head) {
        return LoopCycles.blocks((int) (head >>> 8));
    }

    /** How many blocks the run event at {@code buf[i]} stands for (at least 1). */
    static int runCount(long[] buf, int i) {
        return (int) buf[i + 1];
    }

    /** The block id of a block, the instruction id of a load/store. */
    static long id(long head) {
        return head >>> 8;
    }

    /** The symbol tag of a load/store (SymbolTag.LOAD or STORE). */
    static int accessTag(long head) {
        return tag(head) == STORE ? SymbolTag.STORE : SymbolTag.LOAD;
    }

    /** A sync operation's kind and site as a symbol value (SymbolTag.syncValue). */
    static long syncValue(long head) {
        return (head >>> 8 & 0xFF) << 32 | head >>> 16 & 0xFFFF_FFFFL;
    }

    /** Appends the sync event at {@code buf[i]} (its head's kind and site as {@code value}) to {@code column}: ticket, value, object, aux. */
    static void addSync(ThreadSyncColumn column, long[] buf, int i, long value) {
        column.add(buf[i + 2], value, buf[i + 1], buf[i + 3]);
    }
}
