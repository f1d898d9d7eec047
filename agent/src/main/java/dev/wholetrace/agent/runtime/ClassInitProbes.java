package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.recorder.TraceRecorder;

/**
 * Class initialization (JLS 12.4.2): the end of a class's {@code <clinit>} is a release on the
 * class's initialization ({@link #initObject}), and each other thread's first static access to the
 * class afterwards an acquire of it. Not on the class object itself, whose monitor the class's
 * {@code static synchronized} methods hold: a thread's first use would then acquire every earlier
 * unlock of that monitor by other threads too, an order the JVM does not promise (a race between a
 * {@code synchronized} instance method and a {@code static synchronized} one was hidden whenever the
 * static one's thread had run before the other's first use: SyncStaticVsInstanceYes, 3 runs in 60). Classes are numbered by slot (one per
 * class name, assigned by the instrumenter). Per slot the runtime keeps the end that was recorded
 * ({@link RuntimeState#classInitEnds}); per thread, its {@link ThreadState} marks the slots the
 * thread has used — or initialized itself, which needs no use — so after the first use an access
 * costs a table read and a bit test.
 */
public final class ClassInitProbes {
    /** An end recorded into {@code recorder} on the class's initialization, sync object {@code classId} ({@link #initObject}). */
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
        long id = initObject(state.objects.of(c));
        ThreadState.handle(r).sync(SyncKind.CLASS_INIT_END, site, id, 0);
        HeapProbes.firstClassUse(r, slot); // the initializing thread has nothing to acquire
        state.classInitEnds.set(slot, new End(r, id));
    }

    /**
     * The sync object of the initialization of the class whose object has id {@code classId}: an
     * address no field has (the largest offset of the class object), so it is neither the class's
     * monitor nor any variable.
     */
    static long initObject(long classId) {
        return Addresses.of(classId, Addresses.MAX_OFFSET);
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
