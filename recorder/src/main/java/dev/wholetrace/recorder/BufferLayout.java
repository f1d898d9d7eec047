package dev.wholetrace.recorder;

/**
 * How events sit in a per-thread buffer of longs, between a program thread and its compressor.
 * The first long of an event carries a tag in its low byte:
 * <pre>
 *   block      [id &lt;&lt; 8 | BLOCK]
 *   load/store [instruction &lt;&lt; 8 | LOAD|STORE] [address]
 *   sync       [site &lt;&lt; 16 | kind &lt;&lt; 8 | SYNC] [object] [ticket] [aux]
 * </pre>
 */
final class BufferLayout {
    static final int BLOCK = 1;
    static final int LOAD = 2;
    static final int STORE = 3;
    static final int SYNC = 4;
    /** The most longs one event takes: a buffer with less room left is handed over first. */
    static final int MAX_EVENT_LONGS = 4;

    private BufferLayout() {}
}
