package dev.wholetrace.recorder;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Whether a thread is virtual, asked through a method handle: Thread.isVirtual is JDK 21, the build targets 17. */
final class VirtualThreads {
    private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

    private VirtualThreads() {}

    static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) return false;
        try {
            return (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            return false;
        }
    }

    private static MethodHandle isVirtualHandle() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (ReflectiveOperationException e) {
            return null; // JDK 17: no virtual threads
        }
    }
}
