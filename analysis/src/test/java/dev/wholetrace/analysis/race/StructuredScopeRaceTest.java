package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * StructuredTaskScope (JDK 25, a preview API, so compiled and run here with {@code --enable-preview};
 * the race suite's programs are built for JDK 17): its subtasks are threads the JDK starts and waits
 * for inside its thread flock, where no call site is instrumented. Without the flock's hooks every
 * subtask's result read after {@code join()} was a false race, and so was a write by one scope's
 * subtask against the next scope's; with platform threads (a thread factory's), most rounds' results
 * still were until session 39's review: such a thread leaves its flock in its exit, while still alive,
 * and the join skipped threads still alive. Many forks before one join (the agent lets the ended
 * threads go as more start), nested scopes, a join that times out (what the cancelled
 * subtask wrote, read after close) and a scope closed without join are ordered too. A subtask that
 * writes what the owner reads before join still races.
 */
class StructuredScopeRaceTest {
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin");

    private static final String PROGRAM = """
            import java.util.concurrent.StructuredTaskScope;
            import java.util.concurrent.StructuredTaskScope.Subtask;

            public class Scopes {
                static final class Box { int[] vals = new int[8]; String label; }
                static int[] shared = new int[4];
                static int early;
                static int slow;
                static int unjoined;

                static Box fill(int k) {
                    Box b = new Box();
                    for (int i = 0; i < 8; i++) b.vals[i] = i * k;
                    b.label = "b" + k;
                    return b;
                }

                public static void main(String[] args) throws Exception {
                    int sum = 0;
                    for (int round = 0; round < 3; round++) {
                        try (var scope = StructuredTaskScope.open()) {
                            Subtask<Box> x = scope.fork(() -> fill(2));
                            Subtask<Box> y = scope.fork(() -> fill(3));
                            scope.fork(() -> { shared[1] = 7; });
                            scope.join();
                            sum += x.get().vals[7] + y.get().vals[7] + x.get().label.length() + shared[1];
                        }
                    }
                    for (int round = 0; round < 40; round++) { // platform threads: each leaves its flock a moment before it dies
                        try (var scope = StructuredTaskScope.open(StructuredTaskScope.Joiner.<Box>awaitAllSuccessfulOrThrow(),
                                cf -> cf.withThreadFactory(Thread.ofPlatform().factory()))) {
                            Subtask<Box> p = scope.fork(() -> fill(5));
                            scope.join();
                            sum += p.get().vals[7];
                        }
                    }
                    try (var scope = StructuredTaskScope.open()) { // many forks before one join: the agent lets ended threads go meanwhile
                        java.util.List<Subtask<Box>> many = new java.util.ArrayList<>();
                        for (int k = 0; k < 150; k++) many.add(scope.fork(() -> fill(1)));
                        scope.join();
                        for (Subtask<Box> b : many) sum += b.get().vals[1];
                    }
                    try (var outer = StructuredTaskScope.open()) { // nested: a subtask owns a scope of its own
                        Subtask<Box> n = outer.fork(() -> {
                            try (var inner = StructuredTaskScope.open()) {
                                Subtask<Box> i = inner.fork(() -> fill(4));
                                inner.join();
                                return i.get();
                            }
                        });
                        outer.join();
                        sum += n.get().vals[7];
                    }
                    try (var scope = StructuredTaskScope.open(StructuredTaskScope.Joiner.awaitAll(),
                            cf -> cf.withTimeout(java.time.Duration.ofMillis(50)))) {
                        scope.fork(() -> { slow = 5; Thread.sleep(10_000); return null; });
                        scope.join();
                        throw new AssertionError("no timeout");
                    } catch (StructuredTaskScope.TimeoutException expected) {
                        // close waited for the cancelled subtask
                    }
                    int seen = slow;
                    try {
                        try (var scope = StructuredTaskScope.open()) {
                            scope.fork(() -> { unjoined = 6; });
                        } // closed without join: it waits for the subtask, then throws
                        throw new AssertionError("no exception");
                    } catch (IllegalStateException expected) {
                        seen += unjoined;
                    }
                    sum += seen * 0;
                    try (var scope = StructuredTaskScope.open()) {
                        scope.fork(() -> { early = 1; });
                        int before = early; // before join: races with the subtask's write
                        scope.join();
                        sum += before * 0;
                    }
                    System.out.println("sum " + sum);
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void subtasksAreOrderedByForkAndJoinAndAReadBeforeJoinStillRaces() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(JDK25.resolve("java")), "no JDK 25 at " + JDK25);
        ChildJvm.compile(dir, JDK25, "Scopes", PROGRAM, "--release", "25", "--enable-preview");
        String out = ChildJvm.record(dir, JDK25, "Scopes", "--enable-preview");
        Path trace = ChildJvm.traceOf(dir, "Scopes");
        assertThat(out).isEqualTo("sum 1710\n");
        assertThat(RaceTargets.of(trace)).containsExactly("Scopes.early");
    }
}
