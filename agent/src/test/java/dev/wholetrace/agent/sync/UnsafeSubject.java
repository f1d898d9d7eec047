package dev.wholetrace.agent.sync;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import sun.misc.Unsafe;

/** {@code sun.misc.Unsafe} accesses, run instrumented by {@link UnsafeTest}; each step in program order. */
public class UnsafeSubject {
    static volatile int flag;
    volatile int state;
    volatile Object ref;
    volatile long count;

    /** Inherits {@code state}: the offset is found through the superclass. */
    static final class Child extends UnsafeSubject {}

    private UnsafeSubject() {}

    /**
     * On one object: CAS, volatile get, ordered put, a plain get and a direct volatile read of {@code
     * state}; getAndSet of {@code ref}; on a static: a volatile get through {@code staticFieldBase}
     * and a direct read; on arrays: an ordered put of {@code long[2]}, a volatile get of {@code
     * Object[3]}, then a misaligned offset and one past the end; an offset never handed out. Returns
     * the values read.
     */
    public static List<Object> accesses() throws Exception {
        Unsafe u = unsafe();
        long state = u.objectFieldOffset(UnsafeSubject.class.getDeclaredField("state"));
        long ref = u.objectFieldOffset(UnsafeSubject.class.getDeclaredField("ref"));
        Field flagField = UnsafeSubject.class.getDeclaredField("flag");
        long flagOffset = u.staticFieldOffset(flagField);
        Object flagBase = u.staticFieldBase(flagField);
        UnsafeSubject s = new Child();
        List<Object> seen = new ArrayList<>();
        seen.add(u.compareAndSwapInt(s, state, 0, 1)); // 1, 2: write, read of s.state
        seen.add(u.getIntVolatile(s, state)); // 3: read
        u.putOrderedInt(s, state, 2); // 4: write
        seen.add(u.getInt(s, state)); // plain: nothing
        seen.add(s.state); // 5: the direct read, same address
        seen.add(u.getAndSetObject(s, ref, "x")); // 6, 7: write, read of s.ref
        long count = u.objectFieldOffset(UnsafeSubject.class.getDeclaredField("count"));
        seen.add(u.compareAndSwapLong(s, count, 0L, 5L)); // write, read of s.count: two-slot arguments
        seen.add(u.getAndAddLong(s, count, 2L)); // write, read: a long result under the probe
        u.putIntVolatile(s, state, 3); // write of s.state
        seen.add(s.count); // read of s.count
        seen.add(u.getIntVolatile(flagBase, flagOffset)); // 8: read of the static
        seen.add(flag); // 9: the direct read, same address
        long[] longs = new long[4];
        Object[] objects = {"a", "b", "c", "d"};
        u.putOrderedLong(longs, Unsafe.ARRAY_LONG_BASE_OFFSET + 2L * Unsafe.ARRAY_LONG_INDEX_SCALE, 5); // 10: write of longs[2]
        seen.add(u.getObjectVolatile(objects, Unsafe.ARRAY_OBJECT_BASE_OFFSET + 3L * Unsafe.ARRAY_OBJECT_INDEX_SCALE)); // 11: read of objects[3]
        // recorded as nothing, and their values not kept (they read padding and the object header):
        u.getIntVolatile(longs, Unsafe.ARRAY_LONG_BASE_OFFSET + 4); // half a long
        u.getByteVolatile(new byte[2], Unsafe.ARRAY_BYTE_BASE_OFFSET + 2L); // past the end, in the array's padding
        u.getIntVolatile(s, 4); // an offset no objectFieldOffset returned
        return seen;
    }

    private static Unsafe unsafe() throws ReflectiveOperationException {
        Field f = Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return (Unsafe) f.get(null);
    }
}
