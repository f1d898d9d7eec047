package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
        Files.writeString(dir.resolve("Defines.java"), PROGRAM);
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        run(List.of(bin.resolve("javac").toString(), "--release", "17", "-d", dir.toString(), dir.resolve("Defines.java").toString()));
        Path trace = dir.resolve("defines.wtrace");
        String out = run(List.of(bin.resolve("java").toString(), "-javaagent:" + RaceSuiteTest.AGENT + "=out=" + trace + ",mode=cdr", "-cp",
                dir.toString(), "Defines"));
        assertThat(out).isEqualTo("read 1\n");
        assertThat(RaceTargets.of(trace)).containsExactly("Defines.racy");
    }

    private String run(List<String> cmd) throws Exception {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s finished", cmd.get(0)).isTrue();
        assertThat(p.exitValue()).as("%s: %s", cmd, Files.readString(err, StandardCharsets.UTF_8)).isZero();
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
