package dev.wholetrace.recorder;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Thread methods newer than the build's JDK 17, asked through method handles: {@code isVirtual}
 * (JDK 21) and the final {@code threadId} (JDK 19).
 */
public final class VirtualThreads {
    private static final MethodHandle IS_VIRTUAL = handle("isVirtual", boolean.class);
    private static final MethodHandle THREAD_ID = handle("threadId", long.class);
    /** JDK 17–18: reads {@code Thread.tid} (the field getId() returns), or null where that fails. */
    private static final MethodHandle TID = THREAD_ID != null ? null : tidReader();

    private VirtualThreads() {}

    /** Whether {@code t} is a virtual thread (JDK 21+; false before). */
    public static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) return false;
        try {
            return (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            return false;
        }
    }

    /**
     * {@code Thread.threadId()}, which a subclass cannot override, where the JDK has it; on JDK 17 the
     * field it reads ({@link #tidReader}), not {@code getId()}, which a program's Thread subclass may override.
     */
    @SuppressWarnings("deprecation")
    static long threadId(Thread t) {
        if (THREAD_ID == null) {
            if (TID == null) return t.getId();
            try {
                return (long) TID.invokeExact(t);
            } catch (Throwable e) {
                throw new IllegalStateException("reading Thread.tid failed", e);
            }
        }
        try {
            return (long) THREAD_ID.invokeExact(t);
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.threadId() failed", e);
        }
    }

    /**
     * Whether {@link #threadId} reads the id without calling {@code getId()} (always from JDK 19; on JDK 17
     * unless {@link #tidReader} failed): only then may a probe ask it for a thread of a program's class,
     * whose {@code getId()} override would run instrumented code inside the probe.
     */
    public static boolean threadIdWithoutGetId() {
        return THREAD_ID != null || TID != null;
    }

    /**
     * Before JDK 19 a program's Thread subclass may override getId() (its own numbering, or code the agent
     * instruments: a probe running while the thread registers stopped the recording). Its value is the
     * private field {@code tid}, which {@code sun.misc.Unsafe} (jdk.unsupported, no warning before JDK 24;
     * this runs only before JDK 19) reads without opening java.lang: {@code (Thread t) -> unsafe.getLong(t,
     * offset)}. Null if any step fails (then getId(), as before): jdk.unsupported is not in the boot layer when the
     * main class is in a named module or under --limit-modules without it, and a security manager may deny the
     * reflection (docs/agent.md, "Not modelled").
     */
    private static MethodHandle tidReader() {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            java.lang.reflect.Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            Object unsafe = theUnsafe.get(null);
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle offsetOf = lookup.findVirtual(unsafeClass, "objectFieldOffset", MethodType.methodType(long.class, java.lang.reflect.Field.class));
            long offset = (long) offsetOf.invoke(unsafe, Thread.class.getDeclaredField("tid"));
            MethodHandle getLong = lookup.findVirtual(unsafeClass, "getLong", MethodType.methodType(long.class, Object.class, long.class));
            MethodHandle read = MethodHandles.insertArguments(getLong.bindTo(unsafe), 1, offset); // (Object) long
            MethodHandle tid = read.asType(MethodType.methodType(long.class, Thread.class));
            Thread self = Thread.currentThread(); // a check that tid is what Thread.getId() returns, on a thread that does not override it
            boolean own = self.getClass().getMethod("getId").getDeclaringClass() == Thread.class;
            return !own || (long) tid.invokeExact(self) == self.getId() ? tid : null;
        } catch (Throwable e) {
            return null;
        }
    }

    /** {@code Thread}'s public no-argument method {@code name} returning {@code type}, or null on a JDK without it. */
    private static MethodHandle handle(String name, Class<?> type) {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, name, MethodType.methodType(type));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
