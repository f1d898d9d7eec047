package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What C2 inlines where ({@link OutOfLine}): a compiled method's block probe holds {@link ThreadRecorder#block}'s
 * fast path and a call for the rest, not the buffer hand-over; the compressors' walk
 * ({@code ControlEncoder.consume}) does not hold SEQUITUR. Read from {@code -XX:+PrintInlining} of a forked JVM
 * running {@link InlinedProbes} with one C2 thread and blocking compiles, so that each compile's lines follow its
 * {@code -XX:+PrintCompilation} line. Fails without OutOfLine on JDK 17 ({@code blockInNextBuffer} "inline (hot)" in
 * the probed loop).
 */
class RecorderInliningTest {
    @Test
    void c2KeepsTheHandOverOutOfTheProbesAndSequiturOutOfTheWalk() throws Exception {
        List<String> out = run();
        List<String> probe = c2Compile(out, "InlinedProbes::probedLoop");
        assertThat(probe).as("C2's compile of the probed loop").isNotEmpty();
        assertThat(probe).anyMatch(l -> l.contains("ThreadRecorder::block (") && l.contains("inline"));
        assertThat(probe).noneMatch(l -> l.contains("ThreadRecorder::handOver") && l.contains("inline ("));
        assertThat(probe).noneMatch(l -> l.contains("ThreadRecorder::blockInNextBuffer") && l.contains("inline ("));
        List<String> walk = c2Compile(out, "ControlEncoder::consume");
        assertThat(walk).as("C2's compile of the compressors' walk").isNotEmpty();
        // The call that leads to SEQUITUR is in the walk's tree (inlined or not: JDK 25 finds endPath too big), so the
        // check below looks at it and does not pass for want of it.
        assertThat(walk).anyMatch(l -> l.contains("ControlEncoder::endPath"));
        assertThat(walk).noneMatch(l -> l.contains("SequiturGrammar::") && l.contains("inline ("));
    }

    private static List<String> run() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // C2 alone, compiling late enough that the profiles are mature (the hand-over's call count far above 100, the
        // grammar's receiver type known), as C2 sees them after C1's profiling in a real run.
        // Output to a file, so that the bound below bounds the child (a loop reading its pipe waits for it however long).
        Path log = Files.createTempFile("inlining", ".log");
        try {
            Process p = new ProcessBuilder(java, "-Xbatch", "-XX:-TieredCompilation", "-XX:CICompilerCount=1", "-XX:CompileThreshold=100000",
                    "-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintCompilation", "-XX:+PrintInlining",
                    "-cp", System.getProperty("java.class.path"), InlinedProbes.class.getName())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("the JVM running InlinedProbes did not end within 120 s");
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            assertThat(p.exitValue()).as(String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()))).isZero();
            return lines;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** The inlining lines of every C2 compile of {@code method} (the lines after its compile line that start with '@'). */
    private static List<String> c2Compile(List<String> out, String method) {
        List<String> tree = new ArrayList<>();
        boolean in = false;
        for (String l : out) {
            boolean inlining = l.trim().startsWith("@") || l.trim().startsWith("!") && l.contains("@");
            if (l.contains("made not entrant")) continue; // printed by other threads at any time
            if (!inlining) in = l.contains(method);
            else if (in) tree.add(l);
        }
        return tree;
    }
}
