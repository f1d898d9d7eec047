package dev.wholetrace.recorder;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A bounded single-producer, single-consumer ring of longs: lock-free and allocation-free. The
 * producer {@linkplain #offer writes} privately and {@linkplain #publish publishes} what it wrote
 * in one release (once a buffer, not once a value); the consumer {@linkplain #available sees} what
 * was published, {@linkplain #take takes} it and {@linkplain #release releases} the room in one
 * release too. Each side caches the other's index, so a value costs an array write or read and no
 * fence. Full means full: {@link #offer} refuses, and the caller waits (back-pressure), never drops.
 */
final class LongRing {
    private final long[] values;
    private final int mask;
    /** Written by the producer, read by the consumer: how many values were published. */
    private final AtomicLong published = new AtomicLong();
    /** Written by the consumer, read by the producer: how many values were taken. */
    private final AtomicLong released = new AtomicLong();
    // producer's own
    private long head;
    private long releasedSeen;
    // consumer's own
    private long tail;

    /** @param capacity a power of two */
    LongRing(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) throw new IllegalArgumentException("ring capacity " + capacity + " is not a power of two ≥ 2");
        values = new long[capacity];
        mask = capacity - 1;
    }

    // ---- producer ---------------------------------------------------------------------------

    /** Writes {@code v} (not yet visible to the consumer), or returns false if the ring is full. */
    boolean offer(long v) {
        long h = head;
        if (h - releasedSeen == values.length && h - (releasedSeen = released.get()) == values.length) return false;
        values[(int) h & mask] = v;
        head = h + 1;
        return true;
    }

    /** Whether the consumer has released room for another value (re-reads its index). */
    boolean hasRoom() {
        return head - (releasedSeen = released.get()) < values.length;
    }

    /** Makes every value offered so far visible to the consumer (a volatile write: a waking consumer's flag can be read after it). */
    void publish() {
        published.set(head);
    }

    // ---- consumer ---------------------------------------------------------------------------

    /** How many published values are waiting to be taken. */
    long available() {
        return published.get() - tail;
    }

    /** The next value; only after {@link #available} said there is one. */
    long take() {
        return values[(int) tail++ & mask];
    }

    /**
     * Hands the room of every value taken back to the producer, as a volatile write: a read of a
     * volatile after it (a producer's "I am waiting" flag) is not moved before it, so a producer
     * that announced itself and then saw no room is seen and woken.
     */
    void release() {
        released.set(tail);
    }
}
