package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
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

    @TempDir
    Path dir;

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {17, 25})
    void theProgramsSettingsHoldUnderTheAgent(int jdk) throws Exception {
        Path bin = ChildJvm.jdkOrSkip(jdk);
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, "Settings", PROGRAM, "--release", "17");
        String plain = ChildJvm.plain(dir, bin, "Settings");
        assertThat(plain).as("the program's own settings, without the agent").isEqualTo("parallelism 3\n");
        assertThat(ChildJvm.record(dir, bin, "Settings")).as("the same under the agent").isEqualTo(plain);
    }
}
