package dev.wholetrace.workloads.races;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * VarHandles made as Caffeine's queues make them: the index field lives in a class of its own
 * ({@link Fields}), the handles come from {@code MethodHandles.privateLookupIn(Fields.class, lookup())},
 * kept in a local, then {@code findVarHandle(Fields.class, "f", long.class)} stored in static
 * finals. A producer writes {@code buffer[0]} and {@code mask}, then {@code P_INDEX.setRelease};
 * the consumer spins on {@code P_INDEX.getVolatile} and reads them. No race.
 */
public final class VarHandlePrivateLookupNo {
    public static final String[] RACES = {};

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

    static long[] buffer;
    static long mask;

    public static void main(String[] args) throws Exception {
        Fields q = new Fields();
        buffer = new long[1];
        Thread producer = new Thread(() -> {
            buffer[0] = 7;
            mask = 1;
            P_INDEX.setRelease(q, 1L);
        });
        long[] seen = {0};
        Thread consumer = new Thread(() -> {
            while ((long) P_INDEX.getVolatile(q) == 0) Thread.yield();
            seen[0] = buffer[0] + mask;
        });
        consumer.start();
        producer.start();
        producer.join();
        consumer.join();
        System.out.println("seen=" + seen[0]);
    }
}
