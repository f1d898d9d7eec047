package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A traced program behaves exactly as without the agent, also when its map keys' {@code hashCode} has side effects.
 * The ConcurrentHashMap hooks address a key's entry by its hash; they once called {@code key.hashCode()} themselves,
 * so a key that counts its calls (or logs, or is slow, or throws) saw more calls under the agent than without it. The
 * hooks now take the hash the map computed. The program counts the calls of every operation the hooks cover and
 * prints the counts: the output must be the same with and without the agent.
 */
class MapKeyHashCodeTest {
    private static final String PROGRAM = """
            import java.util.*;
            import java.util.concurrent.*;
            import java.util.concurrent.atomic.AtomicInteger;

            public class CountingKeys {
                static final AtomicInteger CALLS = new AtomicInteger();

                static final class Key {
                    final int id;
                    Key(int id) { this.id = id; }
                    @Override public int hashCode() { CALLS.incrementAndGet(); return id * 31; }
                    @Override public boolean equals(Object o) { return o instanceof Key k && k.id == id; }
                }

                static void count(String what, Runnable r) {
                    int before = CALLS.get();
                    r.run();
                    System.out.println(what + " " + (CALLS.get() - before));
                }

                public static void main(String[] args) throws Exception {
                    ConcurrentHashMap<Key, String> m = new ConcurrentHashMap<>();
                    Thread t = new Thread(() -> { for (int i = 0; i < 50; i++) m.put(new Key(i), "v" + i); });
                    t.start();
                    t.join();
                    Key k = new Key(7), absent = new Key(1000);
                    count("put", () -> m.put(new Key(60), "x"));
                    count("get", () -> m.get(k));
                    count("getOrDefault", () -> m.getOrDefault(absent, "d"));
                    count("containsKey", () -> m.containsKey(k));
                    count("putIfAbsent", () -> m.putIfAbsent(k, "y"));
                    count("replace", () -> m.replace(k, "z"));
                    count("replace3", () -> m.replace(k, "z", "w"));
                    count("remove2", () -> m.remove(new Key(8), "v8"));
                    count("remove", () -> m.remove(new Key(9)));
                    count("computeIfAbsent", () -> m.computeIfAbsent(new Key(61), x -> "c"));
                    count("computeIfPresent", () -> m.computeIfPresent(k, (x, v) -> v + "!"));
                    count("compute", () -> m.compute(new Key(62), (x, v) -> "n"));
                    count("merge", () -> m.merge(k, "+", String::concat));
                    count("forEach", () -> m.forEach((x, v) -> { }));
                    count("keySet", () -> { for (Key x : m.keySet()) { } });
                    count("entrySet", () -> { for (Map.Entry<Key, String> e : m.entrySet()) { } });
                    count("valuesForEach", () -> m.values().forEach(v -> { }));
                    count("containsValue", () -> m.containsValue("v3"));
                    count("bulkForEach", () -> m.forEach(Long.MAX_VALUE, (x, v) -> { }));
                    count("bulkSearch", () -> m.search(Long.MAX_VALUE, (x, v) -> null));
                    count("keySetAdd", () -> m.keySet("dflt").add(new Key(63)));
                    count("putAll", () -> m.putAll(Map.of(new Key(64), "p")));
                    count("replaceAll", () -> m.replaceAll((x, v) -> v));
                    System.out.println("size " + m.size());
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void keysHashCodeRunsAsOftenAsWithoutTheAgentOnJdk17() throws Exception {
        sameOutput(ChildJvm.THIS_JDK);
    }

    @Test
    void keysHashCodeRunsAsOftenAsWithoutTheAgentOnJdk25() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(StructuredScopeRaceTest.JDK25.resolve("java")), "no JDK 25");
        sameOutput(StructuredScopeRaceTest.JDK25);
    }

    private void sameOutput(Path jdk) throws Exception {
        ChildJvm.compile(dir, jdk, "CountingKeys", PROGRAM, "--release", "17");
        String plain = ChildJvm.run(dir, List.of(jdk.resolve("java").toString(), "-cp", dir.toString(), "CountingKeys"));
        String traced = ChildJvm.record(dir, jdk, "CountingKeys");
        assertThat(plain).contains("get 1\n").contains("size ");
        assertThat(traced).isEqualTo(plain);
    }
}
