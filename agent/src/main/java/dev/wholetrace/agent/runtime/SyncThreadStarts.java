package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.recorder.VirtualThreads;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.UndeclaredThrowableException;

/**
 * Thread starts whose fork is recorded before the thread runs (docs/agent.md, "Threads whose start
 * failed"): the program's {@code Thread.start()} calls, and a thread flock's {@code start(thread)}. A fork
 * is recorded only for a thread not started yet: starting one again throws IllegalThreadStateException
 * and starts nothing, and its fork would have handed the caller's past to whoever joins the thread. A
 * start that throws after its fork may have started nothing: a virtual thread whose scheduler rejected
 * it or whose container refused it (it is terminated then, never having run), a platform thread whose
 * native thread could not be made or whose overridden {@code start()} threw before {@code super.start()}
 * (still new). Such a thread has no actions, so its join orders nothing (JLS 17.4.5): the forker records its
 * end on its behalf and its own join of it at once (the fork closed, ordering nothing new), and every later
 * join of it records nothing, where it would have handed the forker's past to the joiner.
 *
 * <p>Once java.lang.Thread carries its JDK hook ({@link #platformStartsInJdk}), every start of a platform thread
 * records its fork there, inside Thread.start, whoever calls it: the program, or JDK code (a pool's new worker, an
 * HTTP server's dispatcher, a fork/join pool's workers). The call-site models then leave platform threads to it
 * ({@link #forkedInStart}) and keep virtual threads, whose start does not go through Thread.start.
 */
public final class SyncThreadStarts {
    private SyncThreadStarts() {}

    /** Whether Thread.start's hook is in place (docs/agent.md, "Threads whose start failed, and threads the JDK starts"). */
    private static volatile boolean platformStartsInJdk;

    /** Called once java.lang.Thread's hooks are in place (JdkHooks: retransformed successfully). */
    public static void platformStartsInJdk() {
        platformStartsInJdk = true;
    }

    /**
     * Whether the fork of {@code t}'s start is recorded inside Thread.start ({@link #startingInStart}): a platform
     * thread once Thread is hooked. Then no call site records it: it would be recorded twice.
     */
    static boolean forkedInStart(Thread t) {
        return platformStartsInJdk && !VirtualThreads.isVirtual(t);
    }

    /**
     * The program's {@code thread.start()}: the call, with the fork before it and a start that failed closed. For a
     * thread of a JDK class (Thread itself, a virtual thread), the check that it is new, the fork and the start run
     * under the thread's monitor, the one Thread.start takes itself (a virtual thread's start takes none, and runs no
     * program code): of two threads starting it at once, only the one whose start runs it records a fork, where the
     * loser's fork (its start throws IllegalThreadStateException) had handed its past to the thread. A program's
     * subclass may override start() with code that waits for another thread, so its starts take no monitor.
     */
    public static void start(Object thread, int site) {
        Thread t = (Thread) thread;
        if (t != null && forkedInStart(t)) {
            startOnly(t, site);
        } else if (t != null && t.getClass().getClassLoader() == null) {
            synchronized (t) {
                forkAndStart(t, site);
            }
        } else {
            forkAndStart(t, site);
        }
    }

    /**
     * Replaces the program's {@code Thread.startVirtualThread(task)} (JDK 21+): the thread made as {@code
     * Thread.ofVirtual().unstarted(task)} (what the JDK's method makes), then started as by {@link #start}, so that
     * its fork comes before it runs. A virtual thread's start does not go through Thread.start, so without this
     * call-site model it had no fork at all and everything its task read of the starter's was a false race.
     */
    public static Thread startVirtualThread(Runnable task, int site) {
        return startBuilt(Builders.ofVirtual(), task, site);
    }

    /**
     * Replaces the program's {@code builder.start(task)} of a JDK {@code Thread.Builder} (JDK 21+, virtual or
     * platform): {@code builder.unstarted(task)}, which is what the JDK's start does first, then {@link #start}. A
     * builder of the program's own is called as it is (its own start's calls are instrumented where they are).
     */
    public static Thread startBuilt(Object builder, Runnable task, int site) {
        if (builder != null && builder.getClass().getClassLoader() != null) return (Thread) Builders.call(Builders.START, builder, task);
        Thread t = (Thread) Builders.call(Builders.UNSTARTED, builder, task);
        start(t, site);
        return t;
    }

    /** Thread.Builder's methods, found on first use: the agent is compiled for JDK 17, which has no builders. */
    private static final class Builders {
        static final MethodHandle OF_VIRTUAL;
        static final MethodHandle UNSTARTED;
        static final MethodHandle START;

        static {
            try {
                Class<?> builder = Class.forName("java.lang.Thread$Builder");
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                OF_VIRTUAL = lookup.findStatic(Thread.class, "ofVirtual", MethodType.methodType(Class.forName("java.lang.Thread$Builder$OfVirtual")));
                UNSTARTED = lookup.findVirtual(builder, "unstarted", MethodType.methodType(Thread.class, Runnable.class));
                START = lookup.findVirtual(builder, "start", MethodType.methodType(Thread.class, Runnable.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        static Object ofVirtual() {
            return call(OF_VIRTUAL);
        }

        /** Calls {@code method}: what it throws reaches the program as the JDK's method would throw it. */
        static Object call(MethodHandle method, Object... arguments) {
            try {
                return method.invokeWithArguments(arguments);
            } catch (RuntimeException | Error e) {
                SyncFrames.scrub(e);
                throw e;
            } catch (Throwable e) { // none of the builders' methods declares a checked exception
                throw new UndeclaredThrowableException(e);
            }
        }
    }

    /**
     * The program's start of a thread whose fork Thread.start records itself: the call, with the program's site
     * left for that fork ({@link #startingInStart}).
     */
    private static void startOnly(Thread t, int site) {
        ThreadState s = null;
        Thread outer = null;
        int outerSite = 0;
        TraceRecorder r = Probes.recorder();
        if (r != null) {
            try {
                s = ThreadState.of(r);
                outer = s.startingAtSite; // a subclass's start() may start another thread first
                outerSite = s.startSite;
                s.startingAtSite = t;
                s.startSite = site;
            } catch (Throwable e) {
                Probes.fail(e);
                s = null;
            }
        }
        try {
            t.start();
        } catch (Throwable e) {
            SyncFrames.scrub(e);
            throw e;
        } finally {
            if (s != null) {
                s.startingAtSite = outer;
                s.startSite = outerSite;
            }
        }
    }

    private static void forkAndStart(Thread t, int site) {
        boolean forked = t != null && startable(t) && SyncProbes.forked(t, site);
        try {
            t.start();
        } catch (Throwable e) {
            if (forked) failed(null, t, e, site);
            SyncFrames.scrub(e);
            throw e;
        }
    }

    /**
     * Before JDK code starts {@code child} (a ThreadPoolExecutor's new worker, a thread flock's thread): a fork of it if
     * not started yet, with a JDK hook's thread array. Returns whether the fork was recorded.
     */
    static boolean startingInJdk(Object[] thread, Thread child, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null || !startable(child)) return false; // started before: this start throws, and starts nothing
        if (forkedInStart(child)) return false; // Thread.start records it (startingInStart)
        try {
            ThreadState.of(thread, r, child).handle.fork(site, TraceRecorder.defaultThreadObject(child));
            return true;
        } catch (Throwable e) {
            Probes.fail(e);
            return false;
        }
    }

    /**
     * Where JDK code's start of {@code child}, forked by {@link #startingInJdk}, threw {@code thrown}
     * (ThreadPerTaskExecutor.start): a virtual thread its scheduler rejected is terminated without having run, and its
     * fork is closed ({@link #failed}), where its join handed the forker's past to the joiner. A virtual thread still
     * new was not started by the call (the executor had shut down) and has no fork; a platform thread's start is
     * Thread.start's, whose hook closes its fork ({@link #startEnded}).
     */
    static void startingInJdkFailed(Object[] thread, Thread child, Throwable thrown, int site) {
        if (!VirtualThreads.isVirtual(child) || child.getState() != Thread.State.TERMINATED) return;
        failed(thread, child, thrown, site);
    }

    /**
     * Inside Thread.start (JDK 17) or Thread.start(container) (JDK 21+), under the thread's monitor, after the JDK's
     * own check that {@code child} is new and right before its native start: the fork, whoever started it. Two
     * threads starting one thread at once take the monitor in turn, and the second finds it started and throws
     * before reaching here: one fork. The calling thread remembers the start until {@link #startEnded}.
     */
    static void startingInStart(Object[] thread, Thread child, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            ThreadState s = ThreadState.of(thread, r, child);
            s.handle.fork(s.startingAtSite == child ? s.startSite : site, TraceRecorder.defaultThreadObject(child));
            s.starting = child;
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /**
     * Where that Thread.start ended: its native start returned ({@code thrown} null), or the method threw. If it
     * threw after {@link #startingInStart} recorded this start's fork, the fork is closed if the thread never ran
     * ({@link #failed}); a throw before it (the thread started already, a container that refused it) recorded nothing.
     */
    static void startEnded(Object[] thread, Thread child, Throwable thrown, int site) {
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            ThreadState s = ThreadState.of(thread, r, child);
            if (s.starting != child) return;
            s.starting = null;
            if (thrown != null) failed(thread, child, thrown, site);
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** Whether {@code t} may start: it has not been started (a start of it throws otherwise, and starts nothing). */
    static boolean startable(Thread t) {
        return t.getState() == Thread.State.NEW;
    }

    /**
     * After a start of {@code t}, whose fork was recorded, threw {@code thrown}: if it started nothing, the
     * forker's end and join of it, and later joins of it record nothing ({@link #neverStarted}). {@code
     * thread}: a JDK hook's thread array, or null at the program's call site.
     */
    static void failed(Object[] thread, Thread t, Throwable thrown, int site) {
        if (thrown instanceof IllegalThreadStateException) return; // another start won: the thread runs
        Thread.State state = t.getState();
        if (state != Thread.State.NEW && !(state == Thread.State.TERMINATED && VirtualThreads.isVirtual(t))) return; // it started
        TraceRecorder r = Probes.recorder();
        if (r == null) return;
        try {
            RuntimeState.get().neverStarted.put(t, Boolean.TRUE);
            ThreadRecorder forker = thread != null ? ThreadState.of(thread, r, t).handle : ThreadState.handle(r);
            forker.join(site, SyncProbes.endedOnItsBehalf(r, t));
        } catch (Throwable e) {
            Probes.fail(e);
        }
    }

    /** Whether {@code t} is a thread whose start failed after its fork ({@link #failed}): a join of it records nothing. */
    static boolean neverStarted(Thread t) {
        return RuntimeState.get().neverStarted.get(t) != null;
    }
}
