package dev.wholetrace.agent.sync;

import dev.wholetrace.agent.InstrumentingLoader;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Runs a subject class instrumented (with its nested classes, in a loader of their own, so the
 * JVM verifies the instrumented bytecode) on the calling thread, records it, and reads back the
 * sync operations: per thread in program order, and S_synch across threads.
 */
final class Recording {
    /** The code run instrumented: gets the instrumented subject class, returns what the test wants. */
    interface Body {
        Object run(Class<?> subject) throws Exception;
    }

    /** One entry of S_synch, with its thread's name and its site's code-map text. */
    record Op(String thread, SyncKind kind, long object, long aux, String site) {
        @Override
        public String toString() {
            return thread + ":" + kind.label + "(" + object + (kind == SyncKind.BARRIER ? "#" + aux : "") + ")";
        }
    }

    final ParallelTrace trace;
    final Object result;

    Recording(ParallelTrace trace, Object result) {
        this.trace = trace;
        this.result = result;
    }

    static Recording of(Path file, Class<?> subject, Body body) throws Exception {
        return of(file, TraceMode.COR, subject, body);
    }

    /** In {@code mode}: CDR and ALL add the heap probes, which share the methods with the sync probes. */
    static Recording of(Path file, TraceMode mode, Class<?> subject, Body body) throws Exception {
        return of(file, mode, true, subject, body);
    }

    /** {@code checked} false: the subject is instrumented as a class include=/exclude= do not select (sync probes only). */
    static Recording of(Path file, TraceMode mode, boolean checked, Class<?> subject, Body body) throws Exception {
        Object result;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode))) {
            InstrumentingLoader loader = new InstrumentingLoader(rec, checked, subject.getName());
            Class<?> c = loader.twin(subject);
            Probes.install(rec, loader.fieldOffsets());
            try {
                result = body.run(c);
            } finally {
                Probes.install(null);
            }
            rec.thread().end();
        }
        return new Recording(ParallelTrace.open(file), result);
    }

    /** The result, when the body returned a list. */
    @SuppressWarnings("unchecked")
    List<Object> list() {
        return (List<Object>) result;
    }

    /** The index of the thread called {@code name}. */
    int thread(String name) {
        for (var t : trace.threads()) if (t.name().equals(name)) return t.index();
        throw new AssertionError("no thread " + name + " in " + trace.threads());
    }

    /** The thread object (what fork, begin, end and join name) of the thread called {@code name}. */
    long threadObject(String name) {
        return trace.threads().get(thread(name)).object();
    }

    /** Thread {@code name}'s sync operations in program order. */
    List<Event> syncs(String name) {
        List<Event> out = new ArrayList<>();
        for (Iterator<Event> it = trace.thread(thread(name)).events(); it.hasNext(); ) {
            Event e = it.next();
            if (e.isSync()) out.add(e);
        }
        return out;
    }

    /** Thread {@code name}'s events of {@code type}, in program order. */
    List<Event> events(String name, Event.Type type) {
        List<Event> out = new ArrayList<>();
        for (Iterator<Event> it = trace.thread(thread(name)).events(); it.hasNext(); ) {
            Event e = it.next();
            if (e.type() == type) out.add(e);
        }
        return out;
    }

    /** The kinds of thread {@code name}'s sync operations, in program order. */
    List<SyncKind> kinds(String name) {
        return syncs(name).stream().map(Event::kind).toList();
    }

    /**
     * {@link #kinds} of a thread nobody joins (a pool's worker, a thread that only counts down), without its
     * end: the recorder records that end on the thread's behalf only if the thread had terminated when the
     * recording closed (or when its writer last looked), which the test cannot wait for.
     */
    List<SyncKind> kindsBeforeEnd(String name) {
        List<SyncKind> kinds = kinds(name);
        return !kinds.isEmpty() && kinds.get(kinds.size() - 1) == SyncKind.THREAD_END ? kinds.subList(0, kinds.size() - 1) : kinds;
    }

    /** S_synch. */
    List<Op> order() {
        SyncOrder o = trace.syncOrder();
        List<Op> out = new ArrayList<>();
        for (int i = 0; i < o.size(); i++) {
            CodeEntry site = o.site(i) > 0 ? trace.code().instruction(o.site(i)) : null;
            out.add(new Op(trace.threads().get(o.thread(i)).name(), o.kind(i), o.object(i), o.aux(i),
                    site == null ? "" : site.text()));
        }
        return out;
    }

    /** S_synch restricted to operations on {@code object}. */
    List<Op> on(long object) {
        return order().stream().filter(op -> op.object() == object).toList();
    }

    /**
     * A stack trace as class, method and line, up to the outermost frame of {@code subject} (its
     * callers differ: the instrumented subject is called through this harness). What a program
     * printing the exception would show of its own code and the JDK's below it.
     */
    static List<String> frames(Throwable t, Class<?> subject) {
        List<String> out = new ArrayList<>();
        boolean inSubject = false;
        for (StackTraceElement f : t.getStackTrace()) {
            boolean isSubject = f.getClassName().startsWith(subject.getName());
            if (inSubject && !isSubject) break;
            inSubject |= isSubject;
            out.add(f.getClassName() + "." + f.getMethodName() + ":" + f.getLineNumber());
        }
        return out;
    }

    /** The code-map text of a sync event's site. */
    String site(Event e) {
        CodeEntry c = trace.code().instruction(e.id());
        return c == null ? "" : c.text();
    }
}
