package dev.wholetrace.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one child JVM to completion and measures it: wall time from just before the process is
 * started to just after it has been reaped, and its CPU time (all its threads, so also the
 * agent's background compressors) as the growth of this JVM's reaped-children CPU time in
 * /proc/self/stat. One child at a time, so that growth is the child's alone.
 */
public final class ChildJvm {
    /** exit code, stdout and stderr text, wall and CPU seconds (CPU NaN without /proc). */
    public record Run(int exit, String out, String err, double wallSeconds, double cpuSeconds) {
        /** Fails unless the run exited with 0 and the agent, if any, reported nothing. */
        public void expectSuccess(String context) {
            if (exit != 0) throw new IllegalStateException(context + ": exit code " + exit + "\nstderr:\n" + err);
            expectQuietAgent(context);
        }

        /** Fails unless this (traced) run exited and printed as {@code plain} did and the agent reported nothing. */
        public void expectSameAs(Run plain, String context) {
            if (exit != plain.exit) {
                throw new IllegalStateException(context + ": exit code " + exit + ", the plain run's was " + plain.exit + "\nstderr:\n" + err);
            }
            if (!out.equals(plain.out)) {
                throw new IllegalStateException(context + ": stdout differs from the plain run's\n--- plain:\n" + plain.out
                        + "\n--- this run:\n" + out + "\nstderr:\n" + err);
            }
            expectQuietAgent(context);
        }

        private void expectQuietAgent(String context) {
            if (err.contains("wholetrace agent:") || err.contains("VerifyError")) {
                throw new IllegalStateException(context + ": the agent reported a problem\nstderr:\n" + err);
            }
        }
    }

    private ChildJvm() {}

    /** Runs cmd with stdin closed and stdout/stderr to files in dir (no pipe to fill); kills it after timeout. */
    public static Run run(List<String> cmd, Path dir, long timeoutSeconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "child", ".out");
        Path err = Files.createTempFile(dir, "child", ".err");
        try {
            long cpu0 = childrenTicks();
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                throw new IllegalStateException("child did not finish in " + timeoutSeconds + " s: " + String.join(" ", cmd));
            }
            long t1 = System.nanoTime();
            long cpu1 = childrenTicks();
            double cpu = cpu0 < 0 || cpu1 < 0 ? Double.NaN : (cpu1 - cpu0) / CpuMeter.HZ;
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8),
                    (t1 - t0) / 1e9, cpu);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** cutime + cstime of this process (CPU of reaped children) in clock ticks, or -1. */
    private static long childrenTicks() {
        try {
            return CpuMeter.selfTicks()[1];
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
