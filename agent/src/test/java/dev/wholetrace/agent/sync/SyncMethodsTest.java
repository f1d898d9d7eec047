package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.LOCK;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.UNLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.instrument.ClassInstrumenter;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Synchronized methods: the lock at entry and the unlock at every exit, normal or exceptional, on
 * the same object a synchronized block on {@code this} or the class names; the program's behaviour
 * (results, exceptions) is unchanged; hand-overs between threads are in the order the program saw.
 */
class SyncMethodsTest extends RecordingTest {
    private static Object call(Class<?> c, Object target, String name, Class<?>[] types, Object... args) throws Exception {
        Method m = c.getMethod(name, types);
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            return e.getCause();
        }
    }

    private static final Class<?>[] NONE = {};

    @Test
    void instanceMethodsLockAndUnlockThisAtEveryExit() throws Exception {
        Recording r = Recording.of(dir.resolve("instance.wtrace"), SyncMethodsSubject.class, c -> {
            Object o = c.getConstructor().newInstance();
            List<Object> results = new ArrayList<>();
            results.add(call(c, o, "increment", NONE));
            results.add(call(c, o, "failIf", new Class<?>[] {boolean.class}, true));
            results.add(call(c, o, "failIf", new Class<?>[] {boolean.class}, false));
            results.add(call(c, o, "caught", new Class<?>[] {int.class}, -3));
            results.add(call(c, o, "countDown", new Class<?>[] {int.class}, 3));
            results.add(call(c, o, "wide", new Class<?>[] {long.class, double.class}, 2L, 1.5));
            results.add(call(c, o, "wide", new Class<?>[] {long.class, double.class}, -1L, 1.5));
            results.add(call(c, o, "wide", new Class<?>[] {long.class, double.class}, 0L, 1.5));
            results.add(call(c, o, "depth", new Class<?>[] {int.class}, 3));
            results.add(call(c, o, "block", NONE));
            return results;
        });
        @SuppressWarnings("unchecked")
        List<Object> results = (List<Object>) r.result;
        assertThat(results.get(0)).isEqualTo(1);
        assertThat((Throwable) results.get(1)).isInstanceOf(IllegalStateException.class).hasMessage("asked to fail");
        Throwable thrown = (Throwable) results.get(1);
        assertThat(thrown.getStackTrace()[0].getMethodName()).as("thrown where the program threw it").isEqualTo("failIf");
        assertThat(results.subList(2, results.size())).containsExactly(null, -1, 0, 3.0, -1.5, 0.0, 3, 2);

        String me = Thread.currentThread().getName();
        List<Event> syncs = r.syncs(me);
        List<SyncKind> expected = new ArrayList<>(List.of(THREAD_BEGIN));
        for (int i = 0; i < 8; i++) expected.addAll(List.of(LOCK, UNLOCK)); // increment … wide
        expected.addAll(List.of(LOCK, LOCK, LOCK, LOCK, UNLOCK, UNLOCK, UNLOCK, UNLOCK)); // depth(3)
        expected.addAll(List.of(LOCK, UNLOCK, THREAD_END)); // block
        assertThat(syncs).extracting(Event::kind).containsExactlyElementsOf(expected);
        long self = syncs.get(1).object();
        assertThat(syncs.subList(1, syncs.size() - 1)).allSatisfy(e -> assertThat(e.object()).isEqualTo(self));
        List<String> sites = syncs.subList(1, 7).stream().map(r::site).toList();
        assertThat(sites).containsExactly("synchronized method entry", "synchronized method exit", // increment
                "synchronized method entry", "synchronized method exit (exception)", // failIf(true)
                "synchronized method entry", "synchronized method exit"); // failIf(false)
        assertThat(r.site(syncs.get(syncs.size() - 3))).isEqualTo("MONITORENTER");
    }

    @Test
    void staticMethodsLockTheClassObject() throws Exception {
        Recording r = Recording.of(dir.resolve("static.wtrace"), SyncMethodsSubject.class, c -> {
            List<Object> results = new ArrayList<>();
            results.add(call(c, null, "add", new Class<?>[] {long.class}, 5L));
            results.add(call(c, null, "staticFail", NONE));
            results.add(call(c, null, "add", new Class<?>[] {long.class}, 2L));
            results.add(call(c, null, "staticBlock", NONE));
            results.add(call(c, c.getConstructor().newInstance(), "increment", NONE));
            return results;
        });
        @SuppressWarnings("unchecked")
        List<Object> results = (List<Object>) r.result;
        assertThat(results.get(0)).isEqualTo(5L);
        assertThat((Throwable) results.get(1)).isInstanceOf(UnsupportedOperationException.class).hasMessage("static");
        assertThat(results.subList(2, 5)).containsExactly(7L, 7L, 1);

        List<Event> syncs = r.syncs(Thread.currentThread().getName());
        assertThat(syncs).extracting(Event::kind).containsExactly(THREAD_BEGIN, LOCK, UNLOCK, LOCK, UNLOCK, LOCK, UNLOCK,
                LOCK, UNLOCK, LOCK, UNLOCK, THREAD_END);
        long classMonitor = syncs.get(1).object();
        // add, staticFail (exceptional exit), add, and synchronized (SyncMethodsSubject.class): one object.
        assertThat(syncs.subList(1, 9)).allSatisfy(e -> assertThat(e.object()).isEqualTo(classMonitor));
        assertThat(r.site(syncs.get(4))).isEqualTo("synchronized method exit (exception)");
        assertThat(r.site(syncs.get(7))).isEqualTo("MONITORENTER");
        assertThat(syncs.get(9).object()).as("an instance is another monitor").isNotEqualTo(classMonitor);
    }

    @Test
    void handOversBetweenThreadsFollowTheProgramsOwnLog() throws Exception {
        Recording r = Recording.of(dir.resolve("handover.wtrace"), SyncMethodsSubject.class,
                c -> c.getMethod("handOver", int.class, int.class).invoke(null, 3, 100));
        @SuppressWarnings("unchecked")
        List<String> log = (List<String>) r.result;
        assertThat(log).hasSize(300);
        List<Recording.Op> locks = r.order().stream()
                .filter(op -> op.kind() == LOCK && op.site().equals("synchronized method entry")).toList();
        long logger = locks.get(0).object();
        List<Recording.Op> onLogger = r.on(logger);
        assertThat(onLogger).hasSize(600);
        List<String> lockOrder = new ArrayList<>();
        for (int i = 0; i < onLogger.size(); i += 2) {
            Recording.Op lock = onLogger.get(i);
            Recording.Op unlock = onLogger.get(i + 1);
            assertThat(lock.kind()).isEqualTo(LOCK);
            assertThat(unlock.kind()).isEqualTo(UNLOCK);
            assertThat(unlock.thread()).isEqualTo(lock.thread());
            lockOrder.add(lock.thread());
        }
        assertThat(lockOrder).isEqualTo(log);
    }

    /**
     * A class file older than Java 6 has no stack map frames; the handler's frame must not make it
     * invalid (ASM drops frames below version 50, and the old verifier infers types itself).
     */
    @Test
    void preJava6ClassFilesStayValid() throws Exception {
        byte[] original = oldClass();
        Path file = dir.resolve("old.wtrace");
        Object twice;
        Object boom;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            byte[] bytes = new ClassInstrumenter(rec).instrument(original);
            Class<?> c = new ClassLoader(SyncMethodsTest.class.getClassLoader()) {
                Class<?> define() {
                    return defineClass("OldSync", bytes, 0, bytes.length);
                }
            }.define();
            Probes.install(rec);
            twice = call(c, null, "twice", new Class<?>[] {int.class}, 21);
            boom = call(c, c.getConstructor().newInstance(), "boom", NONE);
            Probes.install(null);
            rec.thread().end();
        }
        assertThat(twice).isEqualTo(42);
        assertThat(boom).isInstanceOf(IllegalStateException.class);
        Recording r = new Recording(dev.wholetrace.reader.ParallelTrace.open(file), null);
        assertThat(r.kinds(Thread.currentThread().getName()))
                .containsExactly(THREAD_BEGIN, LOCK, UNLOCK, LOCK, UNLOCK, THREAD_END);
    }

    /** class OldSync (version 49) { static synchronized int twice(int x); synchronized void boom() } */
    private static byte[] oldClass() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "OldSync", null, "java/lang/Object", null);
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor twice = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNCHRONIZED, "twice", "(I)I", null, null);
        twice.visitCode();
        Label positive = new Label();
        twice.visitVarInsn(Opcodes.ILOAD, 0);
        twice.visitJumpInsn(Opcodes.IFGT, positive);
        twice.visitInsn(Opcodes.ICONST_0);
        twice.visitInsn(Opcodes.IRETURN);
        twice.visitLabel(positive);
        twice.visitVarInsn(Opcodes.ILOAD, 0);
        twice.visitInsn(Opcodes.ICONST_2);
        twice.visitInsn(Opcodes.IMUL);
        twice.visitInsn(Opcodes.IRETURN);
        twice.visitMaxs(0, 0);
        twice.visitEnd();
        MethodVisitor boom = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_SYNCHRONIZED, "boom", "()V", null, null);
        boom.visitCode();
        boom.visitTypeInsn(Opcodes.NEW, "java/lang/IllegalStateException");
        boom.visitInsn(Opcodes.DUP);
        boom.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "()V", false);
        boom.visitInsn(Opcodes.ATHROW);
        boom.visitMaxs(0, 0);
        boom.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
