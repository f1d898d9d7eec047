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
    public record Run(int exit, String out, String err, double wallSeconds, double cpuSeconds) {}

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
