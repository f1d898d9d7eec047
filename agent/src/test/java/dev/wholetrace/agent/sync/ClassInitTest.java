package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.CLASS_INIT_END;
import static dev.wholetrace.model.event.SyncKind.CLASS_INIT_USE;
import static dev.wholetrace.model.event.SyncKind.LOCK;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static dev.wholetrace.model.event.SyncKind.UNLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.instrument.ClassInstrumenter;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Class initialization: the end of {@code <clinit>} is a release on the class object by the
 * initializing thread, and every other thread's first static access to the class afterwards an
 * acquire of it, recorded before that access's own load or store — in every mode. A failing
 * initializer records no end and fails exactly as without the agent.
 */
class ClassInitTest extends RecordingTest {
    private static final String TABLE = ClassInitSubject.Table.class.getName();

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"COR", "CDR", "ALL"})
    void theInitializersEndIsAcquiredOnceByEveryOtherThreadThatUsesTheClass(TraceMode mode) throws Exception {
        Recording r = Recording.of(dir.resolve("race.wtrace"), mode, ClassInitSubject.class,
                c -> c.getMethod("race").invoke(null));
        List<Object> log = r.list();
        long expected = 0;
        for (long i = 0; i < 1000; i++) expected += 2 * i * i;
        assertThat(log.subList(1, 4)).containsExactly(expected, expected, 1000);
        String init = (String) log.get(0);
        assertThat(init).isIn("A", "B");
        String other = init.equals("A") ? "B" : "A";
        String main = Thread.currentThread().getName();

        List<Recording.Op> order = r.order();
        List<Recording.Op> ends = order.stream().filter(op -> op.kind() == CLASS_INIT_END).toList();
        assertThat(ends).hasSize(1);
        Recording.Op end = ends.get(0);
        assertThat(end.thread()).isEqualTo(init);
        assertThat(end.site()).isEqualTo("class init end");
        long table = end.object();
        Recording.Op monitor = order.stream().filter(op -> op.kind() == LOCK && op.thread().equals(main)).findFirst().orElseThrow();
        assertThat(table).as("the class's initialization: not its monitor, which static synchronized methods hold")
                .isEqualTo(dev.wholetrace.model.event.Addresses.of(monitor.object(), dev.wholetrace.model.event.Addresses.MAX_OFFSET));

        // One use by each thread that did not initialize the class (B reads SQUARES twice, main once
        // more after the joins), none by the initializer; all after the end.
        List<Recording.Op> uses = order.stream().filter(op -> op.kind() == CLASS_INIT_USE).toList();
        assertThat(uses).extracting(Recording.Op::thread).containsExactly(other, main);
        assertThat(uses).allSatisfy(use -> {
            assertThat(use.object()).isEqualTo(table);
            assertThat(use.site()).isEqualTo("class init use " + TABLE);
            assertThat(order.indexOf(use)).isGreaterThan(order.indexOf(end));
        });

        if (mode.keepsAccesses()) {
            // In the other thread's events the use comes before its first read of SQUARES; the
            // initializer's reads of SQUARES all follow its end.
            List<String> otherEvents = events(r, other);
            int use = otherEvents.indexOf("clinit-use");
            int firstLoad = otherEvents.indexOf("load GETSTATIC " + TABLE + ".SQUARES");
            assertThat(use).isNotNegative().isLessThan(firstLoad);
            assertThat(otherEvents.stream().filter(e -> e.equals("load GETSTATIC " + TABLE + ".SQUARES"))).hasSize(2);
            List<String> initEvents = events(r, init);
            int initEnd = initEvents.indexOf("clinit-end");
            assertThat(initEvents.indexOf("store PUTSTATIC " + TABLE + ".SQUARES")).isNotNegative().isLessThan(initEnd);
            assertThat(initEvents.indexOf("load GETSTATIC " + TABLE + ".size")).as("read inside the initializer").isLessThan(initEnd);
            assertThat(initEvents.indexOf("load GETSTATIC " + TABLE + ".SQUARES")).isGreaterThan(initEnd);
        }
    }

    /** Thread {@code name}'s sync operations (by kind) and accesses (by site text), in program order. */
    private static List<String> events(Recording r, String name) {
        List<String> out = new ArrayList<>();
        for (Iterator<Event> it = r.trace.thread(r.thread(name)).events(); it.hasNext(); ) {
            Event e = it.next();
            if (e.isSync()) out.add(e.kind().label);
            else if (e.isAccess()) out.add((e.type() == Event.Type.LOAD ? "load " : "store ") + r.trace.code().instruction(e.id()).text());
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"COR", "ALL"})
    void aFailingInitializerRecordsNoEndAndFailsAsWithoutTheAgent(TraceMode mode) throws Exception {
        Recording r = Recording.of(dir.resolve("broken.wtrace"), mode, ClassInitSubject.class,
                c -> c.getMethod("brokenTwice").invoke(null));
        Object untraced = new PlainLoader(ClassInitSubject.class.getName()).loadClass(ClassInitSubject.class.getName())
                .getMethod("brokenTwice").invoke(null);
        List<Object> seen = r.list();
        assertThat(seen).isEqualTo(untraced);
        assertThat((String) seen.get(0)).startsWith("java.lang.ExceptionInInitializerError: null at " + ClassInitSubject.class.getName()
                + ".brokenTwice").contains("<- java.lang.IllegalStateException: boom at " + ClassInitSubject.Broken.class.getName() + ".explode:");
        assertThat((String) seen.get(1)).startsWith("java.lang.NoClassDefFoundError: Could not initialize class "
                + ClassInitSubject.Broken.class.getName());
        assertThat(r.order()).noneMatch(op -> op.kind() == CLASS_INIT_END || op.kind() == CLASS_INIT_USE);
    }

    /**
     * A class file older than Java 5 cannot LDC its class: the end finds it from the caller's frame,
     * and it is the same object as the static synchronized method's monitor (found the same way).
     */
    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"COR"})
    void aPreJava5InitializerEndsOnItsClassObject(TraceMode mode) throws Exception {
        byte[] original = oldClass();
        Path file = dir.resolve("old.wtrace");
        Object length;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode))) {
            byte[] bytes = new ClassInstrumenter(rec).instrument(original);
            Class<?> c = new ClassLoader(ClassInitTest.class.getClassLoader()) {
                Class<?> define() {
                    return defineClass("OldInit", bytes, 0, bytes.length);
                }
            }.define();
            Probes.install(rec);
            length = c.getMethod("length").invoke(null);
            Probes.install(null);
            rec.thread().end();
        }
        assertThat(length).isEqualTo(3);
        Recording r = new Recording(ParallelTrace.open(file), null);
        List<Event> syncs = r.syncs(Thread.currentThread().getName());
        assertThat(syncs).extracting(Event::kind).containsExactly(THREAD_BEGIN, CLASS_INIT_END, LOCK, UNLOCK, THREAD_END);
        assertThat(syncs.get(1).object()).as("the class's initialization, beside its monitor")
                .isEqualTo(dev.wholetrace.model.event.Addresses.of(syncs.get(2).object(), dev.wholetrace.model.event.Addresses.MAX_OFFSET));
    }

    /** class OldInit (version 48) { static int[] DATA = new int[3]; public static synchronized int length() } */
    private static byte[] oldClass() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V1_4, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "OldInit", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_STATIC, "DATA", "[I", null, null).visitEnd();
        MethodVisitor clinit = cw.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        clinit.visitCode();
        clinit.visitInsn(Opcodes.ICONST_3);
        clinit.visitIntInsn(Opcodes.NEWARRAY, Opcodes.T_INT);
        clinit.visitFieldInsn(Opcodes.PUTSTATIC, "OldInit", "DATA", "[I");
        clinit.visitInsn(Opcodes.RETURN);
        clinit.visitMaxs(0, 0);
        clinit.visitEnd();
        MethodVisitor length = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNCHRONIZED, "length", "()I", null, null);
        length.visitCode();
        length.visitFieldInsn(Opcodes.GETSTATIC, "OldInit", "DATA", "[I");
        length.visitInsn(Opcodes.ARRAYLENGTH);
        length.visitInsn(Opcodes.IRETURN);
        length.visitMaxs(0, 0);
        length.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Defines the classes under {@code prefix} from their class files unchanged: the untraced program. */
    private static final class PlainLoader extends ClassLoader {
        private final String prefix;

        PlainLoader(String prefix) {
            super(ClassInitTest.class.getClassLoader());
            this.prefix = prefix;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(prefix)) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    if (in == null) throw new ClassNotFoundException(name);
                    byte[] bytes = in.readAllBytes();
                    return defineClass(name, bytes, 0, bytes.length);
                } catch (IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
        }
    }
}
