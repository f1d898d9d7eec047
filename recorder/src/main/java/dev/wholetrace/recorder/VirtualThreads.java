package dev.wholetrace.recorder;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Thread methods newer than the build's JDK 17, asked through method handles: {@code isVirtual}
 * (JDK 21) and the final {@code threadId} (JDK 19).
 */
final class VirtualThreads {
    private static final MethodHandle IS_VIRTUAL = handle("isVirtual", boolean.class);
    private static final MethodHandle THREAD_ID = handle("threadId", long.class);

    private VirtualThreads() {}

    static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) return false;
        try {
            return (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            return false;
        }
    }

    /**
     * {@code Thread.threadId()}, which a subclass cannot override, where the JDK has it; on JDK 17
     * {@code getId()}, which a program's Thread subclass may override (docs/agent.md, "Not modelled").
     */
    @SuppressWarnings("deprecation")
    static long threadId(Thread t) {
        if (THREAD_ID == null) return t.getId();
        try {
            return (long) THREAD_ID.invokeExact(t);
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.threadId() failed", e);
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
