package dev.wholetrace.workloads.races;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * A hand-over through {@code sun.misc.Unsafe}, as Netty's JCTools queues make them: the producer
 * fills a message, stores it into a slot with {@code putOrderedObject} (a release of the slot), then
 * advances the producer index with {@code putOrderedLong} and, once, raises a static flag by {@code
 * compareAndSwapInt} on {@code staticFieldBase}; the consumer spins on {@code getLongVolatile} of
 * the index, takes the slot with {@code getObjectVolatile} and reads the message, then checks the
 * flag with {@code getIntVolatile}. Offsets come from {@code objectFieldOffset}/{@code
 * staticFieldOffset}, array offsets from the JVM's base and scale. No race.
 */
public final class UnsafeQueueNo {
    public static final String[] RACES = {};

    static final Unsafe U = unsafe();
    static final long P_INDEX = offset(Indices.class, "producerIndex", false);
    static final long STARTED = offset(UnsafeQueueNo.class, "started", true);
    static final long BASE = U.arrayBaseOffset(Object[].class);
    static final long SCALE = U.arrayIndexScale(Object[].class);
    static volatile int started;

    /** The index lives in a class of its own, as JCTools' padded field classes do. */
    static class Indices {
        volatile long producerIndex;
    }

    /** The queue: a subclass, so the index is found through the object's superclass. */
    static final class Queue extends Indices {
        final Object[] slots = new Object[8];
    }

    static final class Message {
        int payload;
        String text;
    }

    public static void main(String[] args) throws Exception {
        Queue q = new Queue();
        int n = q.slots.length;
        Thread producer = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                Message m = new Message();
                m.payload = i * 7;
                m.text = "m" + i;
                U.putOrderedObject(q.slots, BASE + i * SCALE, m);
                U.putOrderedLong(q, P_INDEX, i + 1);
                if (i == 0) U.compareAndSwapInt(U.staticFieldBase(field(UnsafeQueueNo.class, "started")), STARTED, 0, 1);
            }
        });
        long[] sum = {0};
        Thread consumer = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                while (U.getLongVolatile(q, P_INDEX) <= i) Thread.yield();
                Message m = (Message) U.getObjectVolatile(q.slots, BASE + i * SCALE);
                sum[0] += m.payload + m.text.length();
            }
            sum[0] += U.getIntVolatile(U.staticFieldBase(field(UnsafeQueueNo.class, "started")), STARTED);
        });
        consumer.start();
        producer.start();
        producer.join();
        consumer.join();
        System.out.println("sum=" + sum[0]);
    }

    static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static Field field(Class<?> c, String name) {
        try {
            return c.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    static long offset(Class<?> c, String name, boolean isStatic) {
        Field f = field(c, name);
        return isStatic ? U.staticFieldOffset(f) : U.objectFieldOffset(f);
    }
}
