package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.InstrumentingLoader;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.LoopCycles;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Counted loops ({@link CountedLoops}) record exactly the blocks the block probes would: every
 * {@link LoopSubject} method, recorded with the loops counted and with every block probed, gives the
 * same block sequence and the same result; and the countable loops are counted (their class calls
 * {@code loopHead}), the loop with a call is not.
 */
class CountedLoopsTest {
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        Probes.install(null);
        CountedLoops.enabled = true;
    }

    /** What one recording of {@code run} returned and the blocks it recorded (code texts with their method and bci). */
    private record Recorded(List<Object> results, List<String> blocks) {}

    private interface Calls {
        List<Object> run(Class<?> c) throws Exception;
    }

    private Recorded record(String name, boolean counted, Calls calls) throws Exception {
        return record(name, counted, LoopSubject.class, calls);
    }

    private Recorded record(String name, boolean counted, Class<?> subject, Calls calls) throws Exception {
        CountedLoops.enabled = counted;
        Path file = dir.resolve(name + (counted ? "-counted" : "-probed") + ".wtrace");
        List<Object> results;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            Class<?> c = new InstrumentingLoader(rec, subject.getName()).twin(subject);
            Probes.install(rec);
            results = calls.run(c); // with the loops counted or not: nested classes are loaded (and instrumented) here
            Probes.install(null);
            CountedLoops.enabled = true;
            rec.thread().end();
        }
        ParallelTrace t = ParallelTrace.open(file);
        List<String> out = new ArrayList<>();
        for (Iterator<Event> it = t.thread(0).events(); it.hasNext(); ) {
            Event e = it.next();
            if (e.type() != Event.Type.BLOCK) continue;
            CodeEntry entry = t.code().block(e.id());
            out.add(entry.method() + "@" + entry.bci() + " " + entry.text());
        }
        return new Recorded(results, out);
    }

    private void sameBlocks(String name, Calls calls) throws Exception {
        sameBlocks(name, LoopSubject.class, calls);
    }

    private void sameBlocks(String name, Class<?> subject, Calls calls) throws Exception {
        Recorded counted = record(name, true, subject, calls);
        Recorded probed = record(name, false, subject, calls);
        assertThat(counted.results()).isEqualTo(probed.results());
        assertThat(counted.blocks()).hasSameSizeAs(probed.blocks());
        assertThat(counted.blocks()).isEqualTo(probed.blocks());
    }

    private static Object call(Class<?> c, String method, Class<?>[] types, Object... args) throws Exception {
        try {
            return c.getMethod(method, types).invoke(null, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            return thrown(e.getCause());
        }
    }

    /** What a test compares of an exception the subject threw: its class, message and stack in the subject (line numbers). */
    private static String thrown(Throwable t) {
        StringBuilder s = new StringBuilder(t.getClass().getSimpleName()).append(": ").append(t.getMessage());
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().equals(LoopSubject.class.getName()) || e.getClassName().equals(LoopShapes.class.getName())) s.append(" at ").append(e);
        }
        return s.toString();
    }

    @Test
    void aSweepRecordsTheBlocksOfEveryIteration() throws Exception {
        double[][] g = new double[9][11];
        for (int i = 0; i < g.length; i++) for (int j = 0; j < g[i].length; j++) g[i][j] = i * 31 + j;
        sameBlocks("sweep", c -> List.of(call(c, "sweep", new Class<?>[] {double[][].class, int.class}, copy(g), 0),
                call(c, "sweep", new Class<?>[] {double[][].class, int.class}, copy(g), 1)));
    }

    @Test
    void aLoopLeftByAJumpOrAnExceptionRecordsTheBlocksUpToWhereItLeft() throws Exception {
        int[] a = {4, 8, 15, 16, 23, 42};
        Class<?>[] types = {int[].class, int.class};
        sameBlocks("exits", c -> List.of(call(c, "indexOf", types, a, 4), call(c, "indexOf", types, a, 23),
                call(c, "indexOf", types, a, 7), // past the end: the exception leaves the method
                call(c, "indexOrMinus", types, a, 16), call(c, "indexOrMinus", types, a, 99)));
    }

    @Test
    void aRunLongerThanTheMostALoopHoldsBackIsRecordedInFull() throws Exception {
        int n = 3 * ThreadRecorder.MAX_RUN + 17;
        sameBlocks("long", c -> List.of(call(c, "triangle", new Class<?>[] {int.class}, n), call(c, "withCall", new Class<?>[] {int.class}, 50)));
    }

    @Test
    void onlyLoopsOfOneCycleWithoutCallsAreCounted() throws Exception {
        byte[] bytes;
        try (TraceRecorder rec = TraceRecorder.open(dir.resolve("bytes.wtrace"), RecorderConfig.defaults(TraceMode.COR));
                InputStream in = LoopSubject.class.getResourceAsStream("LoopSubject.class")) {
            bytes = new ClassInstrumenter(new InstrumentationContext(rec)).instrument(in.readAllBytes());
        }
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        Map<String, Integer> heads = new TreeMap<>();
        for (MethodNode m : cn.methods) {
            int n = 0;
            for (AbstractInsnNode i = m.instructions.getFirst(); i != null; i = i.getNext()) {
                if (i instanceof MethodInsnNode call && call.name.equals("loopHead")) n++;
            }
            heads.put(m.name, n);
        }
        // the sweep's inner loop only (the outer one holds it); not the loop with a call; no constructor loop
        assertThat(heads).containsEntry("sweep", 1).containsEntry("indexOf", 1).containsEntry("indexOrMinus", 1)
                .containsEntry("triangle", 1).containsEntry("withCall", 0);
    }

    @Test
    void aHandlerAroundALoopSeesTheLocalsTheLoopStored() throws Exception {
        sameBlocks("stored", LoopShapes.class, c -> List.of(call(c, "lastBeforeFault", new Class<?>[] {String[].class}, (Object) new String[] {"a", "b", "c"}),
                call(c, "sumsBeforeFault", new Class<?>[] {long[].class, int.class}, new long[] {5, 7, 9}, 2),
                call(c, "sumsBeforeFault", new Class<?>[] {long[].class, int.class}, new long[] {5, 7, 9}, 0),
                call(c, "casts", new Class<?>[] {Object[].class}, (Object) new Object[] {1, 2, 3}),
                call(c, "casts", new Class<?>[] {Object[].class}, (Object) new Object[] {1, 2, "x", 4})));
    }

    @Test
    void exceptionsInTheMiddleOfAnIterationRecordTheBlocksUpToTheFault() throws Exception {
        Class<?>[] fin = {int[].class, int.class, int[].class};
        Class<?>[] lock = {Object.class, int[].class, int.class};
        sameBlocks("faults", LoopShapes.class, c -> List.of(call(c, "finallyAround", fin, new int[] {1, 2, 3, 4}, 1, new int[1]),
                call(c, "finallyAround", fin, new int[] {1, 2, 3, 4}, 0, new int[1]),
                call(c, "finallyAround", fin, new int[] {1, 2, 3}, 1, new int[1]), // a[i + 1] past the end
                call(c, "fillUntilFault", new Class<?>[] {int[].class, int[].class}, new int[5], new int[3]),
                call(c, "locked", lock, new Object(), new int[] {4, 5, 6}, 1),
                call(c, "locked", lock, new Object(), new int[] {4, 5, 6}, 0)));
    }

    /** A class initializer that runs inside a loop (its blocks among the loop's) is recorded where it ran. */
    @Test
    void aClassInitializerRunInTheMiddleOfALoopKeepsItsPlace() throws Exception {
        sameBlocks("init", LoopShapes.class, c -> List.of(call(c, "initializesInTheLoop", new Class<?>[] {int[].class}, new int[] {1, 2, 3, 4})));
    }

    /** So is an interface's, run by a read of its field that javac names as the reading class's own (found by the agent's run of a program). */
    @Test
    void anInterfaceInitializerRunInTheMiddleOfALoopKeepsItsPlace() throws Exception {
        sameBlocks("interface", LoopShapes.class, c -> List.of(call(c, "weighedTotal", new Class<?>[] {int.class}, 6)));
    }

    /**
     * A class a loop's instruction names is resolved through the loop's class's loader at its first run, and a
     * program's own loader runs its (recorded) code right there, in the middle of the iteration: instanceof,
     * checkcast, anewarray and multianewarray of classes not resolved before, in loops of a class of the
     * program's loader. The loader's blocks are recorded where they ran, after the loop's blocks before them.
     */
    @Test
    void aClassLoadedByTheProgramsLoaderInTheMiddleOfALoopKeepsItsPlace() throws Exception {
        sameBlocks("loader", LoaderSubject.class, c -> {
            InstrumentingLoader agent = (InstrumentingLoader) c.getClassLoader();
            Function<String, byte[]> instrumented = name -> {
                try {
                    return agent.instrumented(name);
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
            };
            ClassLoader program = (ClassLoader) agent.loadClass(LoaderSubject.Loader.class.getName())
                    .getConstructor(ClassLoader.class, Function.class).newInstance(agent, instrumented);
            Class<?> scans = program.loadClass(LoaderSubject.Scans.class.getName());
            return List.of(call(scans, "anyRandomAccess", new Class<?>[] {Object[].class}, (Object) new Object[] {"x", new ArrayList<>(), "y"}),
                    call(scans, "lastText", new Class<?>[] {Object[].class}, (Object) new Object[] {"a", new StringBuilder("b"), "c"}),
                    call(scans, "parts", new Class<?>[] {int.class}, 5), call(scans, "grids", new Class<?>[] {int.class}, 4));
        });
    }

    @Test
    void labelledBreaksAndContinuesLeaveTheInnerLoop() throws Exception {
        int[][] g = {{1, 2, 3}, {4, -1, 5}, {}, {6, 7, 8}, {9, 10}};
        Class<?>[] types = {int[][].class, int.class};
        sameBlocks("labels", LoopShapes.class, c -> List.of(call(c, "labelled", types, g, 7), call(c, "labelled", types, g, 99),
                call(c, "twoLoops", new Class<?>[] {int[].class, int.class}, new int[] {3, 1, 4, 1, 5}, 1),
                call(c, "twoLoops", new Class<?>[] {int[].class, int.class}, new int[] {3, 1, 4, 1, 5}, 7)));
    }

    @Test
    void runsAroundTheMostALoopHoldsBackAreRecordedInFull() throws Exception {
        int m = ThreadRecorder.MAX_RUN;
        List<Integer> sizes = List.of(m / 2 - 1, m / 2, m / 2 + 1, m - 1, m, m + 1, 2 * m);
        sameBlocks("edges", LoopShapes.class, c -> {
            List<Object> out = new ArrayList<>();
            for (int n : sizes) {
                out.add(call(c, "triangle", new Class<?>[] {int.class}, n)); // 2n+1 blocks
                out.add(call(c, "doWhile", new Class<?>[] {int.class}, n)); // n blocks
            }
            return out;
        });
    }

    /**
     * The bound on what the end of a recording misses of a thread still inside a counted loop (a daemon thread,
     * or {@code System.exit} from another thread): the runs {@code loopHead} recorded, one every
     * {@link ThreadRecorder#MAX_RUN} blocks, are in the trace; the blocks counted since, fewer than that many,
     * are in a local of the running method, and the trace of that thread ends before them (docs/agent.md,
     * "Counted loops"; docs/durability.md). Publishing the count at every head instead cost Sor 2500 15 % CPU.
     * The loop is driven through the handle as its instrumented code does: a head every two blocks.
     */
    @Test
    void aThreadStillInACountedLoopWhenTheRecordingEndsMissesFewerThanMaxRunBlocks() throws Exception {
        Path file = dir.resolve("open-loop.wtrace");
        int max = ThreadRecorder.MAX_RUN;
        int ran = 3 * max + 1000;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            int cycle = LoopCycles.register(new int[] {1, 2});
            ThreadRecorder handle = rec.thread();
            int count = 0;
            for (int k = 0; k < ran; k++) count = k % 2 == 0 ? handle.loopHead(cycle, count) : count + 1;
            // the recording ends with the loop not left: no loopRun
        }
        long blocks = 0;
        for (Iterator<Event> it = ParallelTrace.open(file).thread(0).events(); it.hasNext(); ) {
            if (it.next().type() == Event.Type.BLOCK) blocks++;
        }
        assertThat(blocks).isEqualTo(3L * max).isGreaterThan(ran - max);
    }

    private static double[][] copy(double[][] g) {
        double[][] c = new double[g.length][];
        for (int i = 0; i < g.length; i++) c[i] = g[i].clone();
        return c;
    }
}
