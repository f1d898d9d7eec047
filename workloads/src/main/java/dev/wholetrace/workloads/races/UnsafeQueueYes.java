package dev.wholetrace.workloads.races;

import sun.misc.Unsafe;

/**
 * {@link UnsafeQueueNo}'s hand-over bypassed: the producer stores the message (the program object) into its slot with
 * {@code putOrderedObject} and advances the index, and only then writes the message's {@code
 * payload}; the consumer takes the slot with {@code getObjectVolatile} and reads {@code payload}.
 * The write follows the release, so nothing orders it before the read. Race on {@code payload}.
 */
public final class UnsafeQueueYes {
    public static final String[] RACES = {"UnsafeQueueYes.payload"};

    static final Unsafe U = UnsafeQueueNo.unsafe();
    static final long P_INDEX = UnsafeQueueNo.offset(UnsafeQueueNo.Indices.class, "producerIndex", false);
    static final long BASE = U.arrayBaseOffset(Object[].class);
    static final long SCALE = U.arrayIndexScale(Object[].class);

    private int payload;

    public static void main(String[] args) throws Exception {
        UnsafeQueueNo.Queue q = new UnsafeQueueNo.Queue();
        UnsafeQueueYes m = new UnsafeQueueYes();
        Thread producer = new Thread(() -> {
            U.putOrderedObject(q.slots, BASE, m);
            U.putOrderedLong(q, P_INDEX, 1);
            m.payload = 42;
        });
        int[] seen = {0};
        Thread consumer = new Thread(() -> {
            while (U.getLongVolatile(q, P_INDEX) == 0) Thread.yield();
            seen[0] = ((UnsafeQueueYes) U.getObjectVolatile(q.slots, BASE)).payload;
        });
        consumer.start();
        producer.start();
        producer.join();
        consumer.join();
        System.out.println("seen=" + (seen[0] == 0 || seen[0] == 42));
    }
}
