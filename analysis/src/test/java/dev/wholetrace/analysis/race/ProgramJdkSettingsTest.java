package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A traced program configures the JDK as it does without the agent: some JDK classes read system properties once,
 * when they are initialized, and a program may set those properties in {@code main} before it first uses the class
 * (docs/agent.md, "The agent leaves the JDK's settings to the program"). The agent must not initialize such a class
 * first — its own threads before {@code main} ran, or the recorder's while the program runs. The common pool's
 * parallelism is made when ForkJoinPool is initialized, and a compressor thread's {@code ArrayBlockingQueue.take} went
 * through {@code ForkJoinPool.managedBlock}: parallelism 1 on 2 cores instead of 3, on JDK 17 and 25 (session 49).
 */
class ProgramJdkSettingsTest {
    private static final String PROGRAM = """
            import java.util.concurrent.ForkJoinPool;

            public class Settings {
                public static void main(String[] args) {
                    System.setProperty("java.util.concurrent.ForkJoinPool.common.parallelism", "3");
                    System.out.println("parallelism " + ForkJoinPool.getCommonPoolParallelism());
                }
            }
            """;

    /**
     * Sorts with merge sort when the program asks for it in {@code main}: a compareTo that breaks the contract makes
     * merge sort and TimSort compare and order differently. {@code Arrays$LegacyMergeSort} reads the property when it
     * is initialized, and the agent's instrumenter initialized it before {@code main}: reading a JDK class file through
     * a {@code jrt:} URL (a field's declaring class) releases the image reader's buffer, which sorts its cache with a
     * comparator (session 50).
     */
    private static final String SORT_PROGRAM = """
            import java.util.Arrays;

            public class LegacySort {
                static int comparisons;

                record Bad(int v) implements Comparable<Bad> {
                    public int compareTo(Bad o) {
                        comparisons++;
                        return (v * 31 + o.v * 17) % 3 - 1;
                    }
                }

                public static void main(String[] args) {
                    System.setProperty("java.util.Arrays.useLegacyMergeSort", "true");
                    Bad[] a = new Bad[64];
                    for (int i = 0; i < a.length; i++) a[i] = new Bad(i * 37 % 64);
                    String outcome;
                    try {
                        Arrays.sort(a);
                        StringBuilder s = new StringBuilder();
                        for (Bad b : a) s.append(b.v).append(' ');
                        outcome = s.toString().trim();
                    } catch (IllegalArgumentException e) {
                        outcome = e.getMessage();
                    }
                    System.out.println(comparisons + " comparisons: " + outcome);
                }
            }
            """;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {17, 25})
    void theProgramsSettingsHoldUnderTheAgent(int jdk) throws Exception {
        sameUnderTheAgent(jdk, "Settings", PROGRAM, plain -> assertThat(plain).as("the program's own settings, without the agent").isEqualTo("parallelism 3\n"));
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {17, 25})
    void theProgramsSortSettingHoldsUnderTheAgent(int jdk) throws Exception {
        sameUnderTheAgent(jdk, "LegacySort", SORT_PROGRAM, plain -> assertThat(plain).as("merge sort, without the agent").startsWith("193 comparisons: "));
    }

    /** Compiles program {@code name}, runs it on JDK {@code jdk} without the agent (its output checked by {@code plainCheck}) and under it: the same output. */
    private void sameUnderTheAgent(int jdk, String name, String source, Consumer<String> plainCheck) throws Exception {
        Path bin = ChildJvm.jdkOrSkip(jdk);
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, name, source, "--release", "17");
        String plain = ChildJvm.plain(dir, bin, name);
        plainCheck.accept(plain);
        assertThat(ChildJvm.record(dir, bin, name)).as("the same under the agent").isEqualTo(plain);
    }
}
