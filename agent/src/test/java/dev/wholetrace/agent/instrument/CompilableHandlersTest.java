package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * A method with a synchronized block inside a try/finally keeps the shape HotSpot's compilers need
 * once probed: every call while the monitor is held is covered, first of all handlers, by a catch-all
 * that releases the monitor (else the monitors are unbalanced and neither C1 nor C2 compiles the
 * method), and no handler covers a call of its own code (else C1 gives up on it). Both were broken, and
 * such methods ran in the interpreter (overhead-profile.md, "Session 48").
 */
class CompilableHandlersTest {
    @TempDir
    Path dir;

    /** javac's shapes: a synchronized block (its catch-all covers itself) in a try/finally (so does its handler). */
    static final class Counter {
        private final Object monitor = new Object();
        private final ReentrantLock lock = new ReentrantLock();
        int n;

        void add(int k) {
            lock.lock();
            try {
                synchronized (monitor) {
                    n += k;
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /** Nested synchronized blocks; the inner one throws when asked to. */
    static final class Nested {
        private final Object outer = new Object();
        private final Object inner = new Object();
        int n;

        void add(int k) {
            synchronized (outer) {
                synchronized (inner) {
                    if (k == 1) throw new IllegalStateException("k");
                    n += k;
                }
            }
        }
    }

    /** A counted loop (CountedLoops) in a synchronized block, left by its condition and by a division by zero. */
    static final class LockedLoop {
        private final Object monitor = new Object();

        int sum(int[] a, int d) {
            int s = 0;
            synchronized (monitor) {
                for (int i = 0; i < a.length; i++) s += a[i] / d;
            }
            return s;
        }
    }

    /**
     * A counted loop records its run where it is left, in code it adds at the method's end: the
     * run's recording on each exit, and the catch-all that records it before an exception goes on.
     * With the monitor held there, each call of that code must be covered by a catch-all that
     * releases the monitor, directly or by the rethrow of the loop's catch-all (the exits' calls
     * were not covered at all: the monitors unbalanced, the method ran in the interpreter).
     */
    @Test
    void aCountedLoopsRecordingsInsideAMonitorAreCoveredByItsRelease() throws Exception {
        MethodNode sum = instrumented(LockedLoop.class, "sum");
        List<MethodInsnNode> loopProbes = new ArrayList<>();
        for (AbstractInsnNode n : sum.instructions) {
            if (n instanceof MethodInsnNode c && c.name.startsWith("loop")) loopProbes.add(c);
        }
        assertThat(loopProbes).extracting(c -> c.name).contains("loopHead", "loopRun");
        for (MethodInsnNode probe : loopProbes) {
            assertThat(releasedOnThrow(sum, probe, 3)).as(probe.name + " at " + sum.instructions.indexOf(probe) + " released on a throw").isTrue();
        }
    }

    /** Whether a throw at {@code n} reaches a MONITOREXIT through catch-alls, each first to cover the throw (at most {@code hops} of them). */
    private static boolean releasedOnThrow(MethodNode m, AbstractInsnNode n, int hops) {
        TryCatchBlockNode first = firstCovering(m, n);
        if (hops == 0 || first == null || first.type != null) return false;
        if (releases(m.instructions, first)) return true;
        AbstractInsnNode rethrow = first.handler;
        while (rethrow != null && rethrow.getOpcode() != Opcodes.ATHROW) rethrow = rethrow.getNext();
        return rethrow != null && releasedOnThrow(m, rethrow, hops - 1);
    }

    /**
     * The release handler appended for the inner monitor's probes ends in an ATHROW with the outer
     * monitor still held: it must be covered by the outer block's catch-all, else HotSpot finds the
     * monitors unbalanced and compiles the method with neither compiler.
     */
    @Test
    void anInnerMonitorsReleaseHandlerIsCoveredByTheOuterMonitorsCatchAll() throws Exception {
        MethodNode add = instrumented(Nested.class, "add");
        InsnList code = add.instructions;
        List<Integer> monitors = new ArrayList<>();
        for (AbstractInsnNode n : code) {
            if (n.getOpcode() != Opcodes.MONITORENTER) continue;
            AbstractInsnNode store = n; // javac: ALOAD o; DUP; ASTORE m; (the probe's DUP;) MONITORENTER
            while (store.getOpcode() != Opcodes.ASTORE) store = MonitorRegions.previous(store);
            monitors.add(((VarInsnNode) store).var);
        }
        assertThat(monitors).hasSize(2);
        int inner = monitors.get(1);
        int throwsHoldingOuter = 0;
        for (AbstractInsnNode n : code) {
            if (n.getOpcode() != Opcodes.ATHROW) continue;
            AbstractInsnNode exit = MonitorRegions.previous(n);
            if (exit.getOpcode() != Opcodes.MONITOREXIT || ((VarInsnNode) MonitorRegions.previous(exit)).var != inner) continue;
            throwsHoldingOuter++;
            TryCatchBlockNode first = firstCovering(add, n);
            assertThat(first).as("the inner release's rethrow covered").isNotNull();
            assertThat(first.type).as("a catch-all").isNull();
            assertThat(releases(code, first)).as("its handler releases the outer monitor").isTrue();
        }
        assertThat(throwsHoldingOuter).as("the appended release handler of the inner monitor").isPositive();
    }

    @Test
    void nestedMonitorsAreRecordedOnceEachOnTheNormalAndTheExceptionalPath() throws Exception {
        List<SyncKind> kinds = locksOfThreeAdds(Nested.class); // the second throws
        List<SyncKind> expected = new ArrayList<>();
        for (int k = 0; k < 3; k++) expected.addAll(List.of(SyncKind.LOCK, SyncKind.LOCK, SyncKind.UNLOCK, SyncKind.UNLOCK));
        assertThat(kinds).isEqualTo(expected);
    }

    @Test
    void callsWhileTheMonitorIsHeldAreCoveredByItsReleaseAndNoHandlerCoversItsOwnCalls() throws Exception {
        MethodNode add = instrumented(Counter.class, "add");
        InsnList code = add.instructions;
        List<MethodInsnNode> monitorProbes = new ArrayList<>();
        for (AbstractInsnNode n : code) {
            if (n instanceof MethodInsnNode c && c.name.startsWith("monitor")) monitorProbes.add(c);
        }
        assertThat(monitorProbes).hasSize(3); // the enter, the release on the normal and on the exceptional path
        for (MethodInsnNode probe : monitorProbes) {
            TryCatchBlockNode first = firstCovering(add, probe);
            assertThat(first).as(probe.name + " covered").isNotNull();
            assertThat(first.type).as("a catch-all").isNull();
            assertThat(releases(code, first)).as("its handler releases the monitor").isTrue();
        }
        for (TryCatchBlockNode tcb : add.tryCatchBlocks) {
            int handler = code.indexOf(tcb.handler);
            int from = Math.max(handler, code.indexOf(tcb.start));
            for (int i = from; i < code.indexOf(tcb.end); i++) {
                if (handler < code.indexOf(tcb.start) || handler >= code.indexOf(tcb.end)) break;
                assertThat(code.get(i)).as("a call its own handler covers").isNotInstanceOf(MethodInsnNode.class);
            }
        }
    }

    @Test
    void theProbedMethodStillRecordsEveryLockAndUnlock() throws Exception {
        List<SyncKind> kinds = locksOfThreeAdds(Counter.class);
        // per call the monitor's lock and unlock, inside the ReentrantLock's when that call is probed at its site
        List<SyncKind> monitorOnly = new ArrayList<>();
        List<SyncKind> both = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            monitorOnly.addAll(List.of(SyncKind.LOCK, SyncKind.UNLOCK));
            both.addAll(List.of(SyncKind.LOCK, SyncKind.LOCK, SyncKind.UNLOCK, SyncKind.UNLOCK));
        }
        assertThat(kinds).isIn(monitorOnly, both);
    }

    /** The locks and unlocks recorded by add(0), add(1), add(2) on a new {@code c} (instrumented); add's IllegalStateException caught. */
    private List<SyncKind> locksOfThreeAdds(Class<?> c) throws Exception {
        List<SyncKind> kinds = new ArrayList<>();
        ParallelTrace trace = HugeMethodTest.run(dir.resolve(c.getSimpleName() + ".wtrace"), TraceMode.COR, c.getName(), bytes(c), loaded -> {
            var ctor = loaded.getDeclaredConstructor();
            ctor.setAccessible(true);
            Object target = ctor.newInstance();
            var add = loaded.getDeclaredMethod("add", int.class);
            add.setAccessible(true);
            for (int k = 0; k < 3; k++) {
                try {
                    add.invoke(target, k);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    assertThat(e.getCause()).isInstanceOf(IllegalStateException.class);
                }
            }
        });
        trace.thread(0).events().forEachRemaining(e -> {
            if (e.isSync() && (e.kind() == SyncKind.LOCK || e.kind() == SyncKind.UNLOCK)) kinds.add(e.kind());
        });
        return kinds;
    }

    private static TryCatchBlockNode firstCovering(MethodNode m, AbstractInsnNode n) {
        int at = m.instructions.indexOf(n);
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            if (m.instructions.indexOf(tcb.start) <= at && at < m.instructions.indexOf(tcb.end)) return tcb;
        }
        return null;
    }

    /** Whether the handler of {@code tcb} reaches a MONITOREXIT before its ATHROW. */
    private static boolean releases(InsnList code, TryCatchBlockNode tcb) {
        for (AbstractInsnNode n = tcb.handler; n != null && n.getOpcode() != Opcodes.ATHROW; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.MONITOREXIT) return true;
        }
        return false;
    }

    private MethodNode instrumented(Class<?> c, String method) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(dir.resolve("i.wtrace"), RecorderConfig.defaults(TraceMode.COR))) {
            ClassNode cn = new ClassNode();
            new ClassReader(new ClassInstrumenter(rec).instrument(bytes(c))).accept(cn, 0);
            Probes.install(null);
            return cn.methods.stream().filter(m -> m.name.equals(method)).findFirst().orElseThrow();
        }
    }

    private static byte[] bytes(Class<?> c) throws Exception {
        try (InputStream in = c.getClassLoader().getResourceAsStream(c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }
}
