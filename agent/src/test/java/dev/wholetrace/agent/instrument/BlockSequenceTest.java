package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.InstrumentingLoader;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Instrumented code executes exactly as before and reports exactly its basic blocks: the block
 * sequence of a known loop, and monitor and exception paths, checked against the bytecode javac
 * produces for {@link Subject}.
 */
class BlockSequenceTest {
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        Probes.install(null);
    }

    /** Subject, instrumented, in a loader of its own; events go to {@code rec}. */
    private static Class<?> instrumented(TraceRecorder rec) throws Exception {
        return new InstrumentingLoader(rec, Subject.class.getName()).twin(Subject.class);
    }

    @Test
    void aLoopReportsItsBlocksInExecutionOrder() throws Exception {
        Path file = dir.resolve("sum.wtrace");
        Object result;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            Class<?> c = instrumented(rec);
            Probes.install(rec);
            result = c.getMethod("sum", int.class).invoke(null, 3);
            Probes.install(null);
            rec.thread().end();
        }
        assertThat(result).isEqualTo(Subject.sum(3));
        String entry = "ICONST_0 ISTORE ICONST_0 ISTORE";
        String head = "ILOAD ILOAD IF_ICMPGE";
        String test = "ILOAD ICONST_2 IREM IFNE";
        String then = "ILOAD ILOAD IADD ISTORE GOTO";
        String otherwise = "IINC";
        String next = "IINC GOTO";
        String exit = "ILOAD IRETURN";
        assertThat(blocks(file)).containsExactly(entry,
                head, test, then, next, // i = 0
                head, test, otherwise, next, // i = 1
                head, test, then, next, // i = 2
                head, exit);
    }

    @Test
    void monitorsAndExceptionHandlersAreRecorded() throws Exception {
        Path file = dir.resolve("guarded.wtrace");
        Object lock = new Object();
        Object ok;
        Object failed;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            Class<?> c = instrumented(rec);
            Probes.install(rec);
            Method m = c.getMethod("guarded", Object.class, int.class);
            ok = m.invoke(null, lock, 21);
            failed = m.invoke(null, lock, -5);
            Probes.install(null);
            rec.thread().end();
        }
        assertThat(ok).isEqualTo(42);
        assertThat(failed).isEqualTo(-1);
        ParallelTrace t = ParallelTrace.open(file);
        List<SyncKind> syncs = new ArrayList<>();
        for (Iterator<Event> it = t.thread(0).events(); it.hasNext(); ) {
            Event e = it.next();
            if (e.isSync()) syncs.add(e.kind());
        }
        // Both calls take and release the monitor: the second releases it on the exception path.
        assertThat(syncs).containsExactly(SyncKind.THREAD_BEGIN, SyncKind.LOCK, SyncKind.UNLOCK, SyncKind.LOCK,
                SyncKind.UNLOCK, SyncKind.THREAD_END);
        assertThat(blocks(file)).contains("ASTORE ICONST_M1 IRETURN"); // the handler ran
    }

    @Test
    void aBlockStartingWithNewKeepsItsFramesValid() throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(dir.resolve("new.wtrace"), RecorderConfig.defaults(TraceMode.COR))) {
            Class<?> c = instrumented(rec); // a wrong frame is a ClassFormatError here or at the first call
            Probes.install(rec);
            Method m = c.getMethod("newAfterBranch", boolean.class, boolean.class);
            assertThat(m.invoke(null, false, true).toString()).isEqualTo("x");
            assertThat(m.invoke(null, false, false).toString()).isEqualTo("y");
            assertThat(m.invoke(null, true, false)).isNull();
            Method nested = c.getMethod("newInsideNew", Object.class, boolean.class);
            assertThat(nested.invoke(null, null, true).toString()).isEqualTo("1=in");
            assertThat(nested.invoke(null, null, false).toString()).isEqualTo("1=null");
            assertThat(nested.invoke(null, "s", false)).isEqualTo("s");
        }
    }

    @Test
    void aLoopBackToTheFirstInstructionRepeatsTheFirstBlock() throws Exception {
        Path file = dir.resolve("countdown.wtrace");
        Object result;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            Class<?> c = instrumented(rec);
            Probes.install(rec);
            result = c.getMethod("countDown", int.class).invoke(null, 7);
            Probes.install(null);
            rec.thread().end();
        }
        assertThat(result).isEqualTo(Subject.countDown(7));
        String body = "IINC ILOAD IFGT";
        assertThat(blocks(file)).containsExactly(body, body, body, "ILOAD IRETURN");
    }

    @Test
    void wideLocalsAndConstructorsBeforeSuperKeepTheirFramesValid() throws Exception {
        Path file = dir.resolve("frames.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            InstrumentingLoader loader = new InstrumentingLoader(rec, Subject.class.getName(), Subject.Child.class.getName());
            Class<?> c = loader.twin(Subject.class); // a wrong frame is a ClassFormatError or VerifyError here or at the first call
            Class<?> child = loader.twin(Subject.Child.class);
            Probes.install(rec);
            assertThat(c.getMethod("wide", long.class, double.class, int.class).invoke(null, 5L, 1.5, 5)).isEqualTo(Subject.wide(5L, 1.5, 5));
            assertThat(child.getConstructor(boolean.class).newInstance(true).toString()).isEqualTo("[big]");
            assertThat(child.getConstructor(boolean.class).newInstance(false).toString()).isEqualTo("[]");
            Probes.install(null);
            rec.thread().end();
        }
        assertThat(blocks(file)).contains("ILOAD ICONST_2 IREM IFNE", "INVOKESPECIAL ILOAD IFEQ");
    }

    /** The blocks of thread 0, each as its bytecode text from the code map. */
    private static List<String> blocks(Path file) throws Exception {
        ParallelTrace t = ParallelTrace.open(file);
        List<String> out = new ArrayList<>();
        for (Iterator<Event> it = t.thread(0).events(); it.hasNext(); ) {
            Event e = it.next();
            if (e.type() != Event.Type.BLOCK) continue;
            CodeEntry c = t.code().block(e.id());
            assertThat(c).as("code map entry of block %d", e.id()).isNotNull();
            out.add(c.text());
        }
        return out;
    }
}
