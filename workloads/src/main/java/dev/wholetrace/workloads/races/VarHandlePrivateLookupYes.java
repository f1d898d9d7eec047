package dev.wholetrace.workloads.races;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The hand-over of VarHandlePrivateLookupNo bypassed: the producer writes {@code mask} after its
 * {@code P_INDEX.setRelease}; the consumer spins on {@code P_INDEX.getVolatile} and reads it. Race
 * on {@code mask}.
 */
public final class VarHandlePrivateLookupYes {
    public static final String[] RACES = {"VarHandlePrivateLookupYes.mask"};

    /** Holds the index, as Caffeine's padded field classes do. */
    static final class Fields {
        long producerIndex;
    }

    static final VarHandle P_INDEX;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Fields.class, MethodHandles.lookup());
            P_INDEX = lookup.findVarHandle(Fields.class, "producerIndex", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static long mask;

    public static void main(String[] args) throws Exception {
        Fields q = new Fields();
        Thread producer = new Thread(() -> {
            P_INDEX.setRelease(q, 1L);
            mask = 1;
        });
        long[] seen = {0};
        Thread consumer = new Thread(() -> {
            while ((long) P_INDEX.getVolatile(q) == 0) Thread.yield();
            seen[0] = mask; // 0 or 1
        });
        consumer.start();
        producer.start();
        producer.join();
        consumer.join();
        if (seen[0] != 0 && seen[0] != 1) throw new AssertionError();
        System.out.println("done");
    }
}
