package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.TraceRecorder;

/**
 * Class initialization (JLS 12.4.2): the end of a class's {@code <clinit>} is a release on the
 * class object (the id a static synchronized method's monitor gets), and each other thread's first
 * static access to the class afterwards an acquire of it. Classes are numbered by slot (one per
 * class name, assigned by the instrumenter). Per slot the runtime keeps the end that was recorded
 * ({@link RuntimeState#classInitEnds}); per thread, its {@link ThreadState} marks the slots the
 * thread has used — or initialized itself, which needs no use — so after the first use an access
 * costs a table read and a bit test.
 */
public final class ClassInitProbes {
    /** An end recorded into {@code recorder} on the class object with id {@code classId}. */
    record End(TraceRecorder recorder, long classId) {}

    private static final StackWalker CALLERS = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private ClassInitProbes() {}

    /** Before a return of {@code c}'s {@code <clinit>}: the class is initialized. */
    public static void ended(Class<?> c, int slot, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null || c == null) return;
        try {
            end(r, c, slot, site);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** {@link #ended} in a class file older than Java 5 (no class constants): the caller is the class. */
    public static void endedInCaller(int slot, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            end(r, CALLERS.getCallerClass(), slot, site); // must be called here: one frame up is <clinit>
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    private static void end(TraceRecorder r, Class<?> c, int slot, int site) {
        RuntimeState state = RuntimeState.get();
        long id = state.objects.of(c);
        ThreadState.handle(r).sync(SyncKind.CLASS_INIT_END, site, id, 0);
        HeapProbes.firstClassUse(r, slot); // the initializing thread has nothing to acquire
        state.classInitEnds.set(slot, new End(r, id));
    }

    /**
     * After a GETSTATIC/PUTSTATIC of a static field of the class with {@code slot}: the calling
     * thread's first use acquires the class's end. The access has waited for the initialization, so
     * a class whose end is not in the table now never records one (initialized before recording, or
     * by uninstrumented code) — except in the initializing thread itself, inside its initializer.
     */
    public static void used(int slot, int site) {
        End end = RuntimeState.get().classInitEnds.get(slot);
        if (end == null) return;
        TraceRecorder r = Probes.recorder();
        if (r == null || end.recorder != r) return;
        try {
            ThreadState s = ThreadState.of(r);
            if (s.firstClassUse(slot)) s.handle.sync(SyncKind.CLASS_INIT_USE, site, end.classId, 0);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }
}
