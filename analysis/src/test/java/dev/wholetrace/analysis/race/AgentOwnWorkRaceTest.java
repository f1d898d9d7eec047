package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's own work on a program thread must not order program threads. Its transformer runs on the thread that
 * defines a class, and a class defined outside ClassLoader.loadClass (MethodHandles.Lookup.defineClass, as bytecode
 * generators and proxies do) runs it with the JDK hooks live: a JDK collection the transformer uses there (its map of
 * which loaders see the probes, a Collections.synchronizedMap whose monitor is hooked) was recorded as the program's
 * lock, and two threads that each defined a class after the other were ordered by it, hiding their race.
 */
class AgentOwnWorkRaceTest {
    private static final String PROGRAM = """
            import java.lang.invoke.MethodHandles;

            class DefinedOne { }

            class DefinedTwo { }

            public class Defines {
                static int racy;

                static byte[] bytes(String name) {
                    try (var in = Defines.class.getResourceAsStream("/" + name + ".class")) {
                        return in.readAllBytes();
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                }

                static void define(byte[] b) {
                    try {
                        MethodHandles.lookup().defineClass(b);
                    } catch (IllegalAccessException e) {
                        throw new RuntimeException(e);
                    }
                }

                public static void main(String[] args) throws Exception {
                    byte[] one = bytes("DefinedOne");
                    byte[] two = bytes("DefinedTwo");
                    Thread writer = new Thread(() -> { racy = 1; define(one); }, "writer");
                    Thread reader = new Thread(() -> {
                        try { Thread.sleep(300); } catch (InterruptedException e) { throw new RuntimeException(e); }
                        define(two);
                        System.out.println("read " + racy);
                    }, "reader");
                    writer.start();
                    reader.start();
                    writer.join();
                    reader.join();
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void threadsThatDefineClassesAreNotOrderedByTheAgentsTransformer() throws Exception {
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, "Defines", PROGRAM, "--release", "17");
        String out = ChildJvm.record(dir, ChildJvm.THIS_JDK, "Defines");
        Path trace = ChildJvm.traceOf(dir, "Defines");
        assertThat(out).isEqualTo("read 1\n");
        assertThat(RaceTargets.of(trace)).containsExactly("Defines.racy");
    }

    private static final String JOINS = """
            public class Joins {
                static int x;

                public static void main(String[] args) throws Exception {
                    for (int i = 0; i < 3; i++) {
                        Thread t = new Thread(() -> { x++; }, "w" + i);
                        t.start();
                        t.join();
                    }
                    System.out.println("x " + x);
                }
            }
            """;

    /**
     * The recorder's own maps of live threads (ConcurrentHashMaps, hooked) on the joiner's thread: a join recorded a
     * spurious acquire of the map's entry for the joined thread (a removal by a Long key, program data to the hooks)
     * between the child's end and the join. A program that only starts and joins threads records only that.
     */
    @Test
    void aJoinRecordsNothingOfTheRecordersOwnMaps() throws Exception {
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, "Joins", JOINS, "--release", "17");
        String out = ChildJvm.record(dir, ChildJvm.THIS_JDK, "Joins");
        Path trace = ChildJvm.traceOf(dir, "Joins");
        assertThat(out).isEqualTo("x 3\n");
        SyncOrder order = ParallelTrace.open(trace).syncOrder();
        List<SyncKind> mainFromFirstFork = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            if (order.thread(i) != 0 || mainFromFirstFork.isEmpty() && order.kind(i) != SyncKind.FORK) continue;
            mainFromFirstFork.add(order.kind(i));
        }
        assertThat(mainFromFirstFork).containsExactly(SyncKind.FORK, SyncKind.JOIN, SyncKind.FORK, SyncKind.JOIN, SyncKind.FORK, SyncKind.JOIN,
                SyncKind.THREAD_END);
    }
}
