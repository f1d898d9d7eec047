package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A traced program configures the common pool as it does without the agent: the pool is made from the system
 * properties when ForkJoinPool is initialized, and a program may set them in main before it first uses the pool
 * (CommonPoolReuseNo asks for 3 workers so). The recorder's compressor threads must not initialize ForkJoinPool
 * first: a worker waiting in an ArrayBlockingQueue's take (Condition.await, which calls ForkJoinPool.managedBlock)
 * made the pool before main ran, with the machine's parallelism (1 on 2 cores), on JDK 17 and 25 (session 48's review).
 */
class CommonPoolSettingsTest {
    private static final String PROGRAM = """
            public class Parallelism {
                public static void main(String[] args) {
                    System.setProperty("java.util.concurrent.ForkJoinPool.common.parallelism", "3");
                    System.out.println(java.util.concurrent.ForkJoinPool.getCommonPoolParallelism());
                }
            }
            """;

    @TempDir
    Path dir;

    private String parallelism(Path jdk) throws Exception {
        ChildJvm.compile(dir, ChildJvm.THIS_JDK, "Parallelism", PROGRAM, "--release", "17");
        return ChildJvm.record(dir, jdk, "Parallelism");
    }

    @Test
    void theProgramsCommonPoolParallelismHolds() throws Exception {
        assertThat(parallelism(ChildJvm.THIS_JDK)).isEqualTo("3\n");
    }

    @Test
    void theProgramsCommonPoolParallelismHoldsOnJdk25() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(StructuredScopeRaceTest.JDK25), "no JDK 25 here");
        assertThat(parallelism(StructuredScopeRaceTest.JDK25)).isEqualTo("3\n");
    }
}
