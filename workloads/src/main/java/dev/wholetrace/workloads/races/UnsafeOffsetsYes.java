package dev.wholetrace.workloads.races;

import sun.misc.Unsafe;

/**
 * Two unrelated classes whose only field sits at the same Unsafe offset: the writer writes {@code
 * data}, releases {@link A#x} with {@code putOrderedLong}, then sets {@link B#y} with a plain {@code
 * putLong}; the reader spins on {@code getLongVolatile} of {@code b.y} and reads {@code data}. A
 * volatile read of a plain write synchronizes with nothing, and A's release is another variable, so
 * nothing orders the write of {@code data} before its read. Race on {@code data} — hidden if the
 * agent took an offset for the same field in every class, or a plain {@code putLong} for a release.
 */
public final class UnsafeOffsetsYes {
    public static final String[] RACES = {"UnsafeOffsetsYes.data"};

    static final Unsafe U = UnsafeQueueNo.unsafe();

    static final class A {
        volatile long x;
    }

    static final class B {
        volatile long y;
    }

    static final long AX = UnsafeQueueNo.offset(A.class, "x", false);
    static final long BY = UnsafeQueueNo.offset(B.class, "y", false);

    private int data;

    public static void main(String[] args) throws Exception {
        UnsafeOffsetsYes p = new UnsafeOffsetsYes();
        A a = new A();
        B b = new B();
        Thread writer = new Thread(() -> {
            p.data = 42;
            U.putOrderedLong(a, AX, 1);
            U.putLong(b, BY, 1);
        });
        int[] seen = {0};
        Thread reader = new Thread(() -> {
            while (U.getLongVolatile(b, BY) == 0) Thread.yield();
            seen[0] = p.data;
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("same offset: " + (AX == BY) + ", seen=" + (seen[0] == 0 || seen[0] == 42));
    }
}
