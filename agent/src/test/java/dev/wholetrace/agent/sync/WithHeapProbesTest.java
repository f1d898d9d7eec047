package dev.wholetrace.agent.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.event.ThreadInfo;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * In ALL mode the heap probes share every method with the sync probes (and park values in the
 * same kind of extra locals): the subjects still verify and run, and record the same sync
 * operations, thread by thread, as in COR.
 */
class WithHeapProbesTest extends RecordingTest {
    static Stream<Arguments> subjects() {
        return Stream.of(
                run(SyncMethodsSubject.class, "handOver", c -> c.getMethod("handOver", int.class, int.class).invoke(null, 1, 3)),
                run(LocksSubject.class, "tryLocks", c -> c.getMethod("tryLocks").invoke(null)),
                run(LocksSubject.class, "readWrite", c -> c.getMethod("readWrite").invoke(null)),
                run(CoordinationSubject.class, "tryAcquires", c -> c.getMethod("tryAcquires").invoke(null)),
                run(CoordinationSubject.class, "latch", c -> c.getMethod("latch", int.class).invoke(null, 2)),
                run(WaitSubject.class, "timedAndFailedWaits", c -> c.getMethod("timedAndFailedWaits").invoke(null)),
                run(WaitSubject.class, "interruptedWait", c -> c.getMethod("interruptedWait").invoke(null)),
                run(ThreadsSubject.class, "timedJoins", c -> c.getMethod("timedJoins").invoke(null)),
                run(ConditionSubject.class, "interruptedAwait", c -> c.getMethod("interruptedAwait").invoke(null)),
                run(MethodRefsSubject.class, "references", c -> c.getMethod("references").invoke(null)),
                run(StampedLockSubject.class, "conversions", c -> c.getMethod("conversions").invoke(null)),
                run(StampedLockSubject.class, "views", c -> c.getMethod("views").invoke(null)),
                run(PhaserSubject.class, "timeoutAndInterrupt", c -> c.getMethod("timeoutAndInterrupt").invoke(null)),
                run(AtomicsSubject.class, "accessors", c -> c.getMethod("accessors").invoke(null)));
    }

    private static Arguments run(Class<?> subject, String name, Recording.Body body) {
        return Arguments.of(subject.getSimpleName() + "." + name, subject, body);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void sameSyncOperationsAsWithoutThem(String name, Class<?> subject, Recording.Body body) throws Exception {
        Map<String, List<SyncKind>> cor = kinds(Recording.of(dir.resolve("cor.wtrace"), TraceMode.COR, subject, body));
        Recording all = Recording.of(dir.resolve("all.wtrace"), TraceMode.ALL, subject, body);
        assertThat(kinds(all)).isEqualTo(cor);
    }

    private static Map<String, List<SyncKind>> kinds(Recording r) {
        Map<String, List<SyncKind>> out = new TreeMap<>();
        for (ThreadInfo t : r.trace.threads()) out.put(t.name(), r.kinds(t.name()));
        return out;
    }
}
